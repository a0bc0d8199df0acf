/** Help texts, one per command. Kept as data so `--help` and usage hints agree. */

const GLOBAL_OPTIONS = `Global options:
  --config PATH       Read this configuration file instead of searching for .agent/config.yml
  --log-level LEVEL   debug, info, warn, error or silent (default: silent)
  -h, --help          Show help`;

/** `acode --help`. */
export const PROGRAM_HELP = `Usage: acode <command> [options]

Commands:
  tools list        List registered tools
  tools show        Show one tool's definition and parameters
  tools validate    Validate tool-call arguments against a tool's schema
  debug parse-tool-call
                    Parse, repair and validate the tool calls of a model response

${GLOBAL_OPTIONS}
  -V, --version       Print the version of acode

Run 'acode tools <command> --help' or 'acode debug parse-tool-call --help' for a command's options.`;

/** `acode tools --help`. */
export const TOOLS_HELP = `Usage: acode tools <list|show|validate> [options]

  list                          List registered tools
  show NAME                     Show one tool's definition and parameters
  validate NAME [ARGS_JSON]     Validate arguments (read from stdin when ARGS_JSON is absent)

${GLOBAL_OPTIONS}`;

/** `acode tools list --help`. */
export const TOOLS_LIST_HELP = `Usage: acode tools list [--category CATEGORY] [--json]

List the registered tools (highest version of each) with a total.

Options:
  --category CATEGORY   Only tools of this category
  --json                Print a JSON array of tool definitions

${GLOBAL_OPTIONS}`;

/** `acode tools show --help`. */
export const TOOLS_SHOW_HELP = `Usage: acode tools show NAME [--version VERSION] [--json]

Show a tool's definition: metadata, parameters and JSON Schema. NAME may be an alias and is
matched case-insensitively.

Options:
  --version VERSION   A version (1.2.0) or range (^1, 1.x) of the tool; highest when absent
  --json              Print the definition as JSON

${GLOBAL_OPTIONS}`;

/** `acode tools validate --help`. */
export const TOOLS_VALIDATE_HELP = `Usage: acode tools validate NAME [ARGS_JSON] [--version VERSION] [--json]

Validate tool-call arguments against the tool's schema, strictly: no type coercion, no
unknown properties. ARGS_JSON is read from standard input when absent or '-'.

Options:
  --version VERSION   A version (1.2.0) or range (^1, 1.x) of the tool; highest when absent
  --json              Print the result (or the model-facing error envelope) as JSON

Exit status: 0 valid, 1 invalid or unknown tool, 2 usage or configuration error.

${GLOBAL_OPTIONS}`;

/** `acode debug --help`. */
export const DEBUG_HELP = `Usage: acode debug <parse-tool-call> [options]

  parse-tool-call --input FILE|-   Parse, repair and validate the tool calls of a model response

${GLOBAL_OPTIONS}`;

/** `acode debug parse-tool-call --help`. */
export const DEBUG_PARSE_TOOL_CALL_HELP = `Usage: acode debug parse-tool-call --input FILE|- [--strict] [--no-repair] [--verbose] [--json] [--provider NAME]

Parse the tool calls of a model response the way acode does before running them: extract,
repair malformed JSON, validate against the tool's schema. FILE holds an Ollama /api/chat
response, an OpenAI-compatible chat completion, a bare assistant message, an Ollama NDJSON
stream or an OpenAI-compatible SSE stream; the kind is detected. '-' reads standard input.

Options:
  -i, --input FILE    The response or stream to parse ('-' for standard input; at most 32 MiB)
  --strict            Count calls that needed repair as failures (exit 1)
  --no-repair         Do not repair malformed JSON (enable_auto_repair: false)
  -v, --verbose       Show the original and repaired arguments, the error position and timings
  --json              Print the parse result as JSON
  --provider NAME     Use model.providers.NAME.tool_call settings (default settings otherwise)

Exit status: 0 every call valid, 1 a call failed (or was repaired, with --strict),
2 usage or configuration error (missing or unreadable input, empty or oversized input).

${GLOBAL_OPTIONS}`;
