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
  tools lint        Check the tool folders (schema.json, docs, handler)
  tools build       Check the tool folders and write tool_registry.json
  tools prompt      Print the "Available Tools" prompt section of a mode
  tools doc         Print a tool's full documentation
  tools exec        Run a tool through the executor and print its response envelope
  tools schema      Print a tool's declaration in a model provider's format
  tools definitions List the definitions of a running host (id, name, version, source, locked)
  tools create      Create a custom tool definition on a running host (YAML or JSON)
  tools update      Replace a stored tool definition on a running host
  tools delete      Delete a stored tool definition on a running host
  debug parse-tool-call
                    Parse, repair and validate the tool calls of a model response
  debug tool-call   Show the recorded history of one operation's tool calls
  providers smoke-test
                    Check a model server for tool calling
  providers stats   Tool-call statistics of a provider
  test retry-scenario
                    Drive the retry handler against a scripted model server
  chat              One turn with a model server and tools
  config show       Show the settings in effect (defaults filled in)
  config set        Set one key in .agent/config.yml, keeping its comments

${GLOBAL_OPTIONS}
  -V, --version       Print the version of acode

Run 'acode tools <command> --help' or 'acode debug parse-tool-call --help' for a command's options.`;

/** `acode tools --help`. */
export const TOOLS_HELP = `Usage: acode tools <list|show|validate|lint|build|prompt|doc|exec|schema|definitions|create|update|delete> [options]

  list                          List registered tools
  show NAME                     Show one tool's definition and parameters
  validate NAME [ARGS_JSON]     Validate arguments (read from stdin when ARGS_JSON is absent)
  lint                          Check the tool folders; nothing is written
  build                         Check the tool folders and write tool_registry.json
  prompt                        Print the "Available Tools" section of the system prompt
  doc NAME                      Print a tool's full documentation (doc.md)
  exec NAME [ARGS_JSON]         Run a tool and print its response envelope
  schema NAME --format F        Print a tool's declaration in a provider's format
  definitions                   List a running host's definitions (id, name, version, source, locked)
  create FILE                   Create a custom definition on a running host (YAML or JSON, - for stdin)
  update NAME[@VERSION] FILE    Replace a stored definition on a running host (NAME or its id)
  delete NAME[@VERSION]         Delete a stored definition on a running host (NAME or its id)

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
export const DEBUG_HELP = `Usage: acode debug <parse-tool-call|tool-call> [options]

  parse-tool-call FILE|-           Parse, repair and validate the tool calls of a model response
  tool-call --correlation-id ID    Show the recorded history of one operation's tool calls

${GLOBAL_OPTIONS}`;

/** `acode debug parse-tool-call --help`. */
export const DEBUG_PARSE_TOOL_CALL_HELP = `Usage: acode debug parse-tool-call FILE|- [--tools FILE] [--strict] [--no-repair] [--verbose] [--json] [--provider NAME]

Parse the tool calls of a model response the way acode does before running them: extract,
repair malformed JSON, validate against the tool's schema. FILE holds an Ollama /api/chat
response, an OpenAI-compatible chat completion, a bare assistant message, an Ollama NDJSON
stream or an OpenAI-compatible SSE stream; the kind is detected. '-' reads standard input.

The calls are checked against this project's registered tools, or with --tools against the
tools the request declared, as the gateway checks them: a JSON file holding an OpenAI tool list
([{"type": "function", "function": {"name", "description", "parameters"}}]), a whole request
body with its "tools", or an Anthropic tool list ([{"name", "description", "input_schema"}]).

Options:
  -i, --input FILE    The response or stream to parse, instead of FILE ('-' for standard input; at most 32 MiB)
  --tools FILE        The request's tools to check the calls against (JSON, at most 4 MiB)
  --strict            Count calls that needed repair as failures (exit 1)
  --no-repair         Do not repair malformed JSON (enable_auto_repair: false)
  -v, --verbose       Show the original and repaired arguments, the error position and timings
  --json              Print the parse result as JSON
  --provider NAME     Use model.providers.NAME.tool_call settings (default settings otherwise)

Exit status: 0 every call valid, 1 a call failed (or was repaired, with --strict),
2 usage or configuration error (missing or unreadable input, empty or oversized input, a
tools file that cannot be used).

${GLOBAL_OPTIONS}`;

/** `acode providers --help`. */
export const PROVIDERS_HELP = `Usage: acode providers <smoke-test|stats> PROVIDER [options]

  smoke-test PROVIDER                 Check a model server: reachable, model present, a tool call round trip
  stats PROVIDER --tool-calls         Tool-call statistics from the telemetry store
  stats gateway                       The host gateway's calls: outcomes, upstreams and models, retries, repairs

${GLOBAL_OPTIONS}`;

/** `acode providers smoke-test --help`. */
export const PROVIDERS_SMOKE_TEST_HELP = `Usage: acode providers smoke-test PROVIDER [--base-url URL] [--model M] [--timeout-ms N]

Check that a model server works for tool calling, in three steps: the server answers (its
model list), the model is on it, and one request with the file_read tool comes back as a
valid file_read call after parse, repair, validation and retry. PROVIDER is a name under
model.providers (its settings are the defaults) or a server type: ollama, openai-compatible.

Options:
  --base-url URL      Server address (default: the provider's base_url, else the type's default)
  --model M           Model to test (default: the provider's model)
  --timeout-ms N      Time limit of each request in ms, 1000..600000 (default: the provider's timeout_ms)

Exit status: 0 every check passed, 1 the model answered without a valid tool call,
2 usage or configuration error, 3 server unreachable, timed out or answering with errors,
4 model missing or without tool support.

${GLOBAL_OPTIONS}`;

/** `acode providers stats --help`. */
export const PROVIDERS_STATS_HELP = `Usage: acode providers stats PROVIDER --tool-calls [--since WINDOW] [--json] [--db PATH]

Tool-call statistics of a provider from the telemetry store: how many calls parsed, were
repaired, needed a retry or failed, which repairs ran, and the average times.

PROVIDER gateway shows the calls that went through the host's gateway (acode-host), whatever
server answered them, with the upstreams and models, and the model requests made again;
--tool-calls is optional for it.

Options:
  --tool-calls        Tool-call statistics (the only kind so far)
  --since WINDOW      Look back this far (90s, 30m, 24h, 7d, 2w) or from a date (2025-01-15) (default: 24h)
  --json              Print the statistics as JSON
  --db PATH           Telemetry database (default: .agent/acode.db under the working directory)

Exit status: 0 shown (also when there is nothing to show), 2 usage error or unreadable database.

${GLOBAL_OPTIONS}`;

/** `acode debug tool-call --help`. */
export const DEBUG_TOOL_CALL_HELP = `Usage: acode debug tool-call --correlation-id ID [--json] [--db PATH]

Show what happened to the tool calls of one operation: parse result, repairs, retries, errors,
and the arguments with a caret under the error position (arguments are recorded only when
log_argument_values is true).

Options:
  --correlation-id ID   The operation's correlation id (printed by chat and test retry-scenario)
  --json                Print the telemetry rows as JSON
  --db PATH             Telemetry database (default: .agent/acode.db under the working directory)

Exit status: 0 shown, 1 no tool call recorded under ID, 2 usage error or unreadable database.

${GLOBAL_OPTIONS}`;

/** `acode test --help`. */
export const TEST_HELP = `Usage: acode test <retry-scenario> [options]

  retry-scenario --initial-failures N | --always-fail   Drive the retry handler against a scripted model server

${GLOBAL_OPTIONS}`;

/** `acode test retry-scenario --help`. */
export const TEST_RETRY_SCENARIO_HELP = `Usage: acode test retry-scenario (--initial-failures N | --always-fail) [--max-retries K] [--format ollama|openai] [--db PATH]

Start a scripted model server on 127.0.0.1 that answers a read_file request with malformed
arguments N times (or every time) and then with a valid call, and run the real parser and
retry handler against it: a call repaired by retrying, or one that never becomes valid. Every attempt is logged and the call is
recorded in the telemetry store, so 'providers stats' and 'debug tool-call' show it.

Options:
  --initial-failures N   Malformed answers before the valid one, 0..10
  --always-fail          Answer malformed every time, until retries run out
  --max-retries K        Attempts including the first, 1..10 (default: the ollama provider's max_retries)
  --format FORMAT        Wire format of the scripted server: ollama (default) or openai
  --db PATH              Telemetry database (default: .agent/acode.db under the working directory)

Exit status: 0 the call succeeded, 1 retries were exhausted, 2 usage error.

${GLOBAL_OPTIONS}`;

/** `acode chat --help`. */
export const CHAT_HELP = `Usage: acode chat --message TEXT --tools NAME[,NAME...] [--provider P] [--model M] [--stream] [--db PATH]
                  [--execute [--mode text|voice] [--max-rounds N]]

Send one message to a configured model server (model.providers.P) with the named tools and
print the assistant's text and its tool calls, parsed, repaired, validated and retried as the
provider's tool_call settings say. The calls are recorded in the telemetry store; without
--execute nothing is executed.

With --execute, the valid calls run through the executor (the tools of tool_registry.json, with
their policies) and their results go back to the model, round after round, until it answers
without calling a tool. Refusals and confirmation requests are results the model is shown.

Options:
  -m, --message TEXT    The user's message
  --tools NAMES         Tools the model may call, comma-separated (names or aliases)
  --provider P          Provider under model.providers (default: ollama)
  --model M             Model to use instead of the provider's model
  --stream              Stream the answer (NDJSON or SSE) and print the text as it arrives
  --db PATH             Telemetry database (default: .agent/acode.db under the working directory)
  --execute             Run the calls and send the results back until the model answers
  --mode MODE           With --execute: text (default) or voice
  --max-rounds N        With --execute: model rounds before giving up, 1 to 20 (default: 5)

Exit status: 0 every tool call valid (with --execute: the model answered), 1 a tool call failed
after retries, a tool is unknown or the rounds ran out (ACODE-TEX-002), 2 usage or configuration
error, 3 server unreachable, timed out or answering with errors, 4 model missing or without tool
support.

${GLOBAL_OPTIONS}`;

/** `acode config --help`. */
export const CONFIG_HELP = `Usage: acode config <show|set> [options]

  show [KEY]          Show the settings in effect, or those under KEY
  set KEY VALUE       Set KEY to VALUE in .agent/config.yml

${GLOBAL_OPTIONS}`;

/** `acode config show --help`. */
export const CONFIG_SHOW_HELP = `Usage: acode config show [KEY] [--json]

Show the settings in effect: what the configuration files set, with the defaults beneath.
KEY is a dotted key: a section (tool_registry, model.providers.ollama.tool_call, gateway) or
one setting (model.providers.ollama.tool_call.max_retries, gateway.on_invalid). All settings
when absent.

Options:
  --json              Print the value as JSON

Exit status: 0 shown, 2 unknown key or unusable configuration.

${GLOBAL_OPTIONS}`;

/** `acode config set --help`. */
export const CONFIG_SET_HELP = `Usage: acode config set KEY VALUE

Set one setting in the project's .agent/config.yml (the nearest one above the working
directory, created here when there is none; --config PATH edits that file instead). Comments,
key order and formatting of the rest of the file are kept; missing sections are created.
VALUE is read as YAML: 5 is a number, true a boolean, "5" a string, [a, b] a list.
Unknown keys and values out of range are refused and the file is left untouched.

Examples:
  acode config set model.providers.ollama.tool_call.max_retries 5
  acode config set tool_registry.disabled_tools '[git_commit, git_diff]'
  acode config set model.providers.vllm.base_url http://127.0.0.1:8000/v1
  acode config set gateway.on_invalid error

Exit status: 0 set, 2 refused (unknown key, invalid value, unreadable file) or usage error.

${GLOBAL_OPTIONS}`;

/** What `tools build` and `tools lint` say about where they look. */
const TOOL_FOLDERS_LOCATION = `The project root is the directory holding the .agent/ of the nearest .agent/config.yml
above the working directory, else the working directory. Each folder of the tools directory
is one tool: schema.json, doc_summary.md, doc.md and handler.ts (or handler.js). Folders
whose name starts with '.' or '_' are not tools.`;

/** `acode tools lint --help`. */
export const TOOLS_LINT_HELP = `Usage: acode tools lint [--tools-dir DIR] [--json]

Check every tool folder the way 'tools build' does and report every problem at once, with
its folder, file and field. Nothing is written.

${TOOL_FOLDERS_LOCATION}

Options:
  --tools-dir DIR     Tools directory (default: <project root>/tools)
  --json              Print the tools and problems as JSON

Exit status: 0 no errors (warnings are printed), 1 a folder has an error, 2 usage or configuration error.

${GLOBAL_OPTIONS}`;

/** `acode tools build --help`. */
export const TOOLS_BUILD_HELP = `Usage: acode tools build [--tools-dir DIR] [--out FILE] [--json]

Check every tool folder and write tool_registry.json: the definitions, both tiers of docs and
the handlers' hashes, with a version that is a content hash of them (the same folders give
the same version on any machine) and the git commit. Any error fails the build, every one
is listed, and nothing is written.

${TOOL_FOLDERS_LOCATION}

Options:
  --tools-dir DIR     Tools directory (default: <project root>/tools)
  --out FILE          The artifact to write (default: <project root>/tool_registry.json)
  --json              Print the result (or the problems) as JSON

Exit status: 0 written, 1 a folder has an error (nothing written), 2 usage or configuration error.

${GLOBAL_OPTIONS}`;

/** What the commands that read the built registry say about it. */
const REGISTRY_OPTION = `  --registry FILE     The built registry (default: <project root>/tool_registry.json,
                      made by 'pnpm run build:tools')`;

/** `acode tools prompt --help`. */
export const TOOLS_PROMPT_HELP = `Usage: acode tools prompt [--mode text|voice] [--registry FILE]

Print the "Available Tools" section of the system prompt: the one-line summary of every tool
offered in the mode (doc_summary.md), sorted by name, under the registry version.

Options:
  --mode MODE         text (default) or voice; tools not allowed in the mode are left out
${REGISTRY_OPTION}

Exit status: 0 printed, 2 usage error or missing or invalid registry.

${GLOBAL_OPTIONS}`;

/** `acode tools doc --help`. */
export const TOOLS_DOC_HELP = `Usage: acode tools doc NAME [--registry FILE]

Print a tool's full documentation (its doc.md): summary, preconditions, postconditions,
invariants, failure modes, examples and common mistakes. NAME may be an alias, in any case.

Options:
${REGISTRY_OPTION}

Exit status: 0 printed, 1 unknown tool, 2 usage error or missing or invalid registry.

${GLOBAL_OPTIONS}`;

/** `acode tools schema --help`. */
export const TOOLS_SCHEMA_HELP = `Usage: acode tools schema NAME --format openai|openai-strict|ollama|gemini|anthropic [--registry FILE]

Print a tool's declaration as a model provider expects it, as JSON. openai-strict makes every
property required and optional ones nullable; gemini uses its uppercase types.

Options:
  --format FORMAT     openai, openai-strict, ollama, gemini or anthropic
${REGISTRY_OPTION}

Exit status: 0 printed, 1 unknown tool, 2 usage error.

${GLOBAL_OPTIONS}`;

/** `acode tools exec --help`. */
export const TOOLS_EXEC_HELP = `Usage: acode tools exec NAME [ARGS_JSON] [--mode text|voice] [--confirm TOKEN] [--execution-id ID] [--session ID] [--json]

Run a tool of the built registry through the executor: validate the arguments, apply the
policies (mode, budgets, clamps, confirmation, isolation), run the handler and print the
response envelope. ARGS_JSON is read from standard input when absent or '-'. File tools are
confined to the project root.

A tool that needs confirmation answers CONFIRMATION_REQUIRED with a token; run the printed
command line (the same arguments with --confirm TOKEN) to go ahead. A token works once, for
these arguments only, until it expires.

Options:
  --mode MODE         text (default) or voice
  --confirm TOKEN     A confirmation token printed by an earlier run
  --execution-id ID   Idempotency key: running the same ID again replays the stored result
  --session ID        Session the token and results belong to (default: cli)
  --json              Print the envelope as JSON
${REGISTRY_OPTION}
  --db PATH           Where tokens and results are kept (default: .agent/acode.db of the project)

Exit status: 0 ok, 1 the tool failed or was refused, 2 usage error, missing or invalid
registry, or unusable database.

${GLOBAL_OPTIONS}`;

/** What the commands that talk to a running host say about it. */
const HOST_OPTIONS = `  --host URL          The running host (default: $ACODE_HOST_URL, else http://127.0.0.1:7420)
  --json              Print the host's answer as JSON

The host's bearer token, when it has one (gateway.auth_token_env), is read from the
environment variable ACODE_HOST_TOKEN, never from an option: a token on the command line
would be in the process list and the shell history. It is never printed.`;

/** Why these commands need the host, and what to do when it is not running. */
const HOST_NOTE = `The change goes to the running host, the one writer of the definitions: it is checked,
written to the host project's .agent/acode.db and applied to the running registry at once, so
models see it without a restart. Start the host first: node apps/host/dist/main.js (acode-host).`;

/** What the change commands exit with. */
const HOST_EXIT_STATUS = `Exit status: 0 done, 1 refused by the host (every error is printed with its code and field
path) or no such stored definition, 2 usage error, unreadable definition file or a name with
several stored versions and no @VERSION, 5 host unreachable or not answering as an acode host.`;

/** What `tools create` and `tools update` read. */
const DEFINITION_FILE_NOTE = `FILE holds one tool definition (name, description, version, category, parameters, ...):
JSON for .json, YAML for .yml and .yaml, else detected from the content; - reads standard
input. At most 256 KiB.`;

/** `acode tools definitions --help`. */
export const TOOLS_DEFINITIONS_HELP = `Usage: acode tools definitions [--host URL] [--json]

List every definition a running host serves: the stored custom ones (with the id that
'tools update' and 'tools delete' take), then the locked ones (built-ins, configuration,
tool folders).

Options:
${HOST_OPTIONS}

Exit status: 0 listed, 1 refused by the host, 2 usage error, 5 host unreachable.

${GLOBAL_OPTIONS}`;

/** `acode tools create --help`. */
export const TOOLS_CREATE_HELP = `Usage: acode tools create FILE [--host URL] [--actor NAME] [--json]

Create a custom tool definition.

${DEFINITION_FILE_NOTE}

${HOST_NOTE}

Options:
  --actor NAME        Who makes the change, recorded as created_by (X-Acode-Actor)
${HOST_OPTIONS}

${HOST_EXIT_STATUS}

${GLOBAL_OPTIONS}`;

/** `acode tools update --help`. */
export const TOOLS_UPDATE_HELP = `Usage: acode tools update ID|NAME[@VERSION] FILE [--host URL] [--actor NAME] [--json]

Replace a stored definition with the one in FILE, and print the fields that changed. Name it by
its tool name (any case), with @VERSION when several versions are stored, or by its id as
'acode tools definitions' lists it. Built-in tools, and tools from the configuration or a tool
folder, are not stored definitions and cannot be updated here.

${DEFINITION_FILE_NOTE}

${HOST_NOTE}

Options:
  --actor NAME        Who makes the change (X-Acode-Actor)
${HOST_OPTIONS}

${HOST_EXIT_STATUS}

${GLOBAL_OPTIONS}`;

/** `acode tools delete --help`. */
export const TOOLS_DELETE_HELP = `Usage: acode tools delete ID|NAME[@VERSION] [--host URL] [--actor NAME] [--json]

Delete a stored definition: models cannot call it from then on. Name it by its tool name (any
case), with @VERSION when several versions are stored, or by its id as 'acode tools
definitions' lists it. Built-in tools, and tools from the configuration or a tool folder, are
never deleted here.

${HOST_NOTE}

Options:
  --actor NAME        Who makes the change (X-Acode-Actor)
${HOST_OPTIONS}

${HOST_EXIT_STATUS}

${GLOBAL_OPTIONS}`;
