/** Largest configuration file read: a config is small, so anything larger is refused unread. */
export const MAX_CONFIG_FILE_BYTES = 1024 * 1024;

/**
 * Most alias expansions one file may use. Anchors are handy for repeating a schema; an
 * exponential "billion laughs" nest of aliases is refused before it is expanded.
 */
export const MAX_CONFIG_ALIAS_COUNT = 50;

/**
 * Deepest nesting of mappings and lists accepted. Generous (custom tool schemas nest), but it
 * also refuses self-referencing aliases, which YAML allows and JSON cannot represent.
 */
export const MAX_CONFIG_DEPTH = 200;

/** Longest key or value echoed back in a message, so hostile input cannot flood a terminal. */
export const MAX_ECHOED_TEXT_LENGTH = 80;

/** Project configuration file, relative to a directory walked up from the working directory. */
export const PROJECT_CONFIG_PATH = '.agent/config.yml';

/** User configuration file, relative to the home directory. */
export const USER_CONFIG_PATH = '.acode/config.yml';
