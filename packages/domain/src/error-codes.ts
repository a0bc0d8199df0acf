/**
 * Every error code of the project, in one table (decision 14). The documents' numbers are kept
 * (ACODE-TSR-001..008); new codes follow `ACODE-<AREA>-<NNN>`.
 */
export const ERROR_CODES = Object.freeze({
  /** A call names a tool the registry does not hold. */
  UNKNOWN_TOOL: 'ACODE-TSR-001',
  /** The arguments are not parseable JSON, or not a JSON object. */
  INVALID_JSON: 'ACODE-TSR-002',
  /** A required property is absent (one error per property). */
  REQUIRED_MISSING: 'ACODE-TSR-003',
  /** A value has the wrong JSON type. */
  TYPE_MISMATCH: 'ACODE-TSR-004',
  /** Any other schema constraint failed, unknown properties included. */
  CONSTRAINT_VIOLATION: 'ACODE-TSR-005',
  /** A tool's schema is not a valid, acceptable JSON Schema. */
  SCHEMA_INVALID: 'ACODE-TSR-006',
  /** A name and version is registered already with a different definition. */
  DUPLICATE_TOOL: 'ACODE-TSR-007',
  /** A schema could not be compiled. */
  SCHEMA_COMPILATION_FAILED: 'ACODE-TSR-008',
  /** The arguments exceed the size or nesting limit; refused before or while parsing. */
  ARGUMENTS_TOO_LARGE: 'ACODE-TSR-009',
  /** An integer in the arguments text is outside ±(2^53 - 1) where the schema does not say `number`. */
  UNSAFE_INTEGER: 'ACODE-TSR-010',
  /** A requested version range is not a valid range (`>==1`), as opposed to one no version matches. */
  INVALID_VERSION_RANGE: 'ACODE-TSR-011',
  /** A tool call names no function (002 FR-014). */
  TOOL_CALL_NAME_MISSING: 'ACODE-TLP-001',
  /** A tool call's arguments are not valid JSON and repair is off or did not apply. */
  TOOL_CALL_INVALID_JSON: 'ACODE-TLP-002',
  /** JSON repair was attempted and could not produce valid JSON. */
  TOOL_CALL_REPAIR_FAILED: 'ACODE-TLP-003',
  /** A tool call's arguments failed schema validation; carries the registry's TSR errors. */
  TOOL_CALL_SCHEMA_INVALID: 'ACODE-TLP-004',
  /** A tool call names a tool the registry does not hold; never retried. */
  TOOL_CALL_UNKNOWN_TOOL: 'ACODE-TLP-005',
  /** Every retry with the model failed. */
  TOOL_CALL_RETRIES_EXHAUSTED: 'ACODE-TLP-006',
  /** JSON repair ran past its time budget. */
  TOOL_CALL_REPAIR_TIMEOUT: 'ACODE-TLP-007',
  /** A streamed tool call could not be assembled (incomplete at stream end, malformed chunk). */
  TOOL_CALL_STREAM_ERROR: 'ACODE-TLP-008',
  /** A tool call's arguments exceed the size or nesting limit; refused before parsing. */
  TOOL_CALL_TOO_LARGE: 'ACODE-TLP-009',
  /**
   * The model's output was cut off (finish reason `length`, or a stream that ended inside a call):
   * the call is refused whatever a repair could close, and the model is asked to send it again.
   */
  TOOL_CALL_OUTPUT_TRUNCATED: 'ACODE-TLP-010',
  /** The model server cannot be reached (connection refused, DNS, reset). */
  MODEL_UNREACHABLE: 'ACODE-MDL-001',
  /** The model server did not answer within the timeout. */
  MODEL_TIMEOUT: 'ACODE-MDL-002',
  /** The model server answered with an HTTP error status. */
  MODEL_HTTP_ERROR: 'ACODE-MDL-003',
  /** The model is not installed or not served. */
  MODEL_NOT_FOUND: 'ACODE-MDL-004',
  /** The model server's answer could not be read (not the documented shape, stream cut). */
  MODEL_BAD_RESPONSE: 'ACODE-MDL-005',
  /** The model does not support tool calling. */
  MODEL_NO_TOOL_SUPPORT: 'ACODE-MDL-006',
  /** The request was cancelled by the caller. */
  MODEL_CANCELLED: 'ACODE-MDL-007',
  /** Retries of a model + tool pair are suspended after repeated exhaustion (circuit open). */
  RETRY_CIRCUIT_OPEN: 'ACODE-MDL-008',
  /** The telemetry database cannot be opened or migrated. */
  TELEMETRY_UNAVAILABLE: 'ACODE-TEL-001',
  /** A definition field other than the schema breaks a rule (name, description, version, ...). */
  DEFINITION_INVALID: 'ACODE-DEF-001',
  /** A schema `pattern` is not anchored with `^...$`, so it matches a part of the value (a warning, decision 7). */
  SCHEMA_PATTERN_UNANCHORED: 'ACODE-DEF-002',
  /** A configuration file cannot be read or parsed. */
  CONFIG_UNREADABLE: 'ACODE-CFG-001',
  /** A configuration value is of the wrong type or out of range. */
  CONFIG_INVALID: 'ACODE-CFG-002',
  /** A configuration key is unknown (a warning, never fatal). */
  CONFIG_UNKNOWN_KEY: 'ACODE-CFG-003',
  /** A command line could not be understood. */
  CLI_USAGE: 'ACODE-CLI-001',
  /** An HTTP request could not be served as sent (body too large, wrong media type, bad route). */
  HOST_BAD_REQUEST: 'ACODE-HST-001',
  /** The host cannot listen on the address and port it was given (in use, not permitted). */
  HOST_LISTEN_FAILED: 'ACODE-HST-002',
  /** The host failed while serving a request; the details are in its log, under the correlation id. */
  HOST_INTERNAL_ERROR: 'ACODE-HST-003',
  /** An execution session named in a host request does not exist (never opened, expired or evicted). */
  HOST_SESSION_NOT_FOUND: 'ACODE-HST-004',
  /** A route of the host needs its bearer token (every route but `/healthz` and the page's files, once a token is configured), and the request has none or a wrong one: HTTP 401. */
  HOST_AUTH_REQUIRED: 'ACODE-HST-005',
  /** A request from another site (its `Origin` or `Sec-Fetch-Site` says so) whose origin `gateway.allowed_origins` does not list: HTTP 403. */
  HOST_CROSS_SITE_REFUSED: 'ACODE-HST-006',
  /** Too many clients follow `GET /v1/events` at once: HTTP 503. */
  HOST_EVENT_STREAMS_FULL: 'ACODE-HST-007',
  /** A request's `Host` header names neither this host's own address nor a name of `gateway.allowed_hosts` (DNS rebinding): HTTP 421. */
  HOST_NAME_REFUSED: 'ACODE-HST-008',
  /** A request body a web page could send without asking (`text/plain`, a form, multipart, or no media type): HTTP 415. */
  HOST_MEDIA_TYPE_REFUSED: 'ACODE-HST-009',
  /** A tool folder lacks a file it needs (schema.json, doc_summary.md, doc.md, a handler). */
  TOOL_FOLDER_FILE_MISSING: 'ACODE-TBD-001',
  /** A tool folder file cannot be read or parsed (not JSON, not UTF-8, too large). */
  TOOL_FOLDER_FILE_UNREADABLE: 'ACODE-TBD-002',
  /** A `schema.json` field is missing, of the wrong type, or not allowed. */
  TOOL_FOLDER_FIELD_INVALID: 'ACODE-TBD-003',
  /** A `toolId` does not match its folder name. */
  TOOL_FOLDER_NAME_MISMATCH: 'ACODE-TBD-004',
  /** A tool's `parameters` is refused by the registry's schema compiler or definition rules. */
  TOOL_FOLDER_SCHEMA_INVALID: 'ACODE-TBD-005',
  /** A `doc_summary.md` is longer than 250 characters (or empty). */
  TOOL_FOLDER_SUMMARY_TOO_LONG: 'ACODE-TBD-006',
  /** A `doc.md` lacks one of the seven required sections. */
  TOOL_FOLDER_DOC_SECTION_MISSING: 'ACODE-TBD-007',
  /** A handler does not load or does not export an `execute` function. */
  TOOL_FOLDER_HANDLER_INVALID: 'ACODE-TBD-008',
  /** Two tool folders claim the same tool name or alias. */
  TOOL_FOLDER_DUPLICATE: 'ACODE-TBD-009',
  /** `tool_registry.json` is missing, unreadable, tampered with, or older than its handlers. */
  TOOL_REGISTRY_ARTIFACT_INVALID: 'ACODE-TBD-010',
  /** The store of confirmation tokens and idempotent results cannot be opened or written. */
  EXECUTION_STORE_UNAVAILABLE: 'ACODE-TEX-001',
  /** An agent loop (`chat --execute`) reached its round limit while the model kept calling tools. */
  AGENT_ROUNDS_EXHAUSTED: 'ACODE-TEX-002',
  /** The store of tool definitions (`tool_definitions` in `.agent/acode.db`) cannot be opened, read or written. */
  DEFINITION_STORE_UNAVAILABLE: 'ACODE-TDS-001',
  /** A stored definition of that name (any case) and version exists already. */
  DEFINITION_STORE_DUPLICATE: 'ACODE-TDS-002',
  /** A built-in definition cannot be created over, modified or deleted (001 §9). */
  DEFINITION_STORE_BUILT_IN: 'ACODE-TDS-003',
  /** No stored definition has that id. */
  DEFINITION_STORE_NOT_FOUND: 'ACODE-TDS-004',
  /** A gateway request is not readable as its route's wire (OpenAI chat completions or Ollama `/api/chat`): HTTP 400. */
  GATEWAY_REQUEST_INVALID: 'ACODE-GTW-001',
  /** A gateway request's tools cannot be used at all (a tool without a name, more than 128 tools): HTTP 400. Other problems are ACODE-GTW-008 warnings. */
  GATEWAY_TOOL_INVALID: 'ACODE-GTW-002',
  /** A gateway request lacks the bearer token `gateway.auth_token_env` names, or carries a wrong one: HTTP 401. */
  GATEWAY_AUTH_REQUIRED: 'ACODE-GTW-003',
  /** The gateway serves `gateway.max_concurrent_upstream` requests and as many wait: HTTP 503 with `retry-after`. */
  GATEWAY_BUSY: 'ACODE-GTW-004',
  /** A gateway request outlived `gateway.request_timeout_ms`, or its body did not arrive in time: HTTP 504 (408 for the body), or an error event once streaming. */
  GATEWAY_DEADLINE: 'ACODE-GTW-005',
  /** An answer needed more memory than `gateway.max_buffered_bytes` (per request) or `gateway.max_total_buffered_bytes` (host-wide) allow: cut, HTTP 502 or an error event. */
  GATEWAY_BUFFER_LIMIT: 'ACODE-GTW-006',
  /** A tool call of the upstream's answer was refused (cut, too large or invalid after its retries) and is not handed over as a call. */
  GATEWAY_CALL_REFUSED: 'ACODE-GTW-007',
  /** A tool declared in a gateway request breaks a rule registered tools keep (a loose schema): taken anyway, checked as far as its schema allows, and reported in `x-acode-warnings`. A warning, never a refusal. */
  GATEWAY_TOOL_LOOSE: 'ACODE-GTW-008',
  /** A create would pass the license tier's custom definition limit (Core allows none): names the tier and its limit. */
  LICENSE_CUSTOM_LIMIT: 'ACODE-LIC-001',
  /** A custom definition's schema uses a keyword beyond the license tier's validation level: names keyword, tier and path. */
  LICENSE_SCHEMA_KEYWORD: 'ACODE-LIC-002',
} as const);

/** One of the codes in {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The title of every code, as listed in the README's error table. */
export const ERROR_CODE_TITLES: Readonly<Record<ErrorCode, string>> = Object.freeze({
  'ACODE-TSR-001': 'Unknown tool name',
  'ACODE-TSR-002': 'Invalid JSON arguments',
  'ACODE-TSR-003': 'Required field missing',
  'ACODE-TSR-004': 'Type mismatch',
  'ACODE-TSR-005': 'Constraint violation',
  'ACODE-TSR-006': 'Schema invalid',
  'ACODE-TSR-007': 'Duplicate tool name',
  'ACODE-TSR-008': 'Schema compilation failed',
  'ACODE-TSR-009': 'Arguments too large or too deeply nested',
  'ACODE-TSR-010': 'Integer outside the safe range',
  'ACODE-TSR-011': 'Invalid version range',
  'ACODE-TLP-001': 'Function name is required',
  'ACODE-TLP-002': 'Invalid JSON in arguments',
  'ACODE-TLP-003': 'JSON repair failed',
  'ACODE-TLP-004': 'Schema validation failed',
  'ACODE-TLP-005': 'Unknown tool name',
  'ACODE-TLP-006': 'Max retries exhausted',
  'ACODE-TLP-007': 'Repair timeout',
  'ACODE-TLP-008': 'Streaming accumulation error',
  'ACODE-TLP-009': 'Arguments exceed size limit',
  'ACODE-TLP-010': 'Output truncated',
  'ACODE-MDL-001': 'Model server unreachable',
  'ACODE-MDL-002': 'Model server timeout',
  'ACODE-MDL-003': 'Model server HTTP error',
  'ACODE-MDL-004': 'Model not found',
  'ACODE-MDL-005': 'Model server response unreadable',
  'ACODE-MDL-006': 'Model without tool support',
  'ACODE-MDL-007': 'Model request cancelled',
  'ACODE-MDL-008': 'Retry circuit open',
  'ACODE-TEL-001': 'Telemetry store unavailable',
  'ACODE-DEF-001': 'Tool definition invalid',
  'ACODE-DEF-002': 'Unanchored pattern',
  'ACODE-CFG-001': 'Configuration file unreadable',
  'ACODE-CFG-002': 'Configuration value invalid',
  'ACODE-CFG-003': 'Configuration key unknown',
  'ACODE-CLI-001': 'Command-line usage error',
  'ACODE-HST-001': 'HTTP request not acceptable',
  'ACODE-HST-002': 'Host cannot listen',
  'ACODE-HST-003': 'Internal host error',
  'ACODE-HST-004': 'Execution session not found',
  'ACODE-HST-005': 'Host authentication required',
  'ACODE-HST-006': 'Cross-site request refused',
  'ACODE-HST-007': 'Too many event streams',
  'ACODE-HST-008': 'Host name not allowed',
  'ACODE-HST-009': 'Request media type refused',
  'ACODE-TBD-001': 'Tool folder file missing',
  'ACODE-TBD-002': 'Tool folder file unreadable',
  'ACODE-TBD-003': 'Tool schema field invalid',
  'ACODE-TBD-004': 'Tool id does not match its folder',
  'ACODE-TBD-005': 'Tool parameters schema invalid',
  'ACODE-TBD-006': 'Tool summary too long',
  'ACODE-TBD-007': 'Tool doc section missing',
  'ACODE-TBD-008': 'Tool handler invalid',
  'ACODE-TBD-009': 'Duplicate tool folder',
  'ACODE-TBD-010': 'Tool registry artifact invalid',
  'ACODE-TEX-001': 'Tool execution store unavailable',
  'ACODE-TEX-002': 'Agent loop round limit reached',
  'ACODE-TDS-001': 'Tool definition store unavailable',
  'ACODE-TDS-002': 'Stored tool definition exists',
  'ACODE-TDS-003': 'Built-in tool definition protected',
  'ACODE-TDS-004': 'Stored tool definition not found',
  'ACODE-GTW-001': 'Gateway request unreadable',
  'ACODE-GTW-002': 'Gateway tool unusable',
  'ACODE-GTW-003': 'Gateway authentication required',
  'ACODE-GTW-004': 'Gateway busy',
  'ACODE-GTW-005': 'Gateway deadline passed',
  'ACODE-GTW-006': 'Gateway buffer limit reached',
  'ACODE-GTW-007': 'Gateway tool call refused',
  'ACODE-GTW-008': 'Gateway tool taken loosely',
  'ACODE-LIC-001': 'Custom definition limit of the license tier',
  'ACODE-LIC-002': 'Schema keyword beyond the license tier',
});
