import { SECRET_KEY_PATTERN } from '../tool-calls/scrub-secrets.js';

/**
 * The environment a handler process starts with: the host's, less every variable whose name looks
 * like a secret (`OPENAI_API_KEY`, `GITHUB_TOKEN`, `DB_PASSWORD`...: the names the log scrubber
 * redacts). Process isolation (001's `standard`) is meant for tool code the host does not fully
 * trust; the model server's key or a CI token has no business there, and a handler, or a command it
 * runs, that needs a credential should be given one explicitly. Names are read, never values.
 */
export function handlerEnvironment(environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(environment)) {
    if (value !== undefined && !SECRET_KEY_PATTERN.test(name)) kept[name] = value;
  }
  return kept;
}
