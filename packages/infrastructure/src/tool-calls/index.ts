/**
 * `@acode/infrastructure/parse`: the tool-call parser (`ToolCallParser`), the text-call extractors, the
 * response readers and argument decoding. No optional peer needed.
 *
 * @packageDocumentation
 */
export { assignCallIds, CALL_ID_PREFIX, generateCallId, MAX_CALL_ID_LENGTH } from './call-ids.js';
export { extractContentToolCalls, MAX_RAW_ARGUMENTS_LENGTH, type ContentExtraction, type ExtractedItem } from './content/extract-content-tool-calls.js';
export { NO_TOOLS_CONTEXT, type ContentCall, type ContentExtractor, type ContentSpan, type ExtractionContext } from './content/content-span.js';
export { splitReasoning, type ReasoningSplit } from './content/split-reasoning.js';
export { activeFormats, TEXT_CALL_EXTRACTORS } from './content/text-call-formats.js';
export { leadingNameState, TextCallTriggers, type TriggerScan } from './content/text-call-triggers.js';
export { typeParameterValues } from './content/type-parameter-values.js';
export { extractFencedJson } from './content/fenced-json.js';
export { extractPythonTags } from './content/python-tag.js';
export { extractToolCallTags } from './content/tool-call-tag.js';
export { extractToolCallsMarkers } from './content/tool-calls-marker.js';
export { extractBareJson } from './content/bare-json.js';
export { extractFunctionTags } from './content/function-tag.js';
export { extractGlm } from './content/glm.js';
export { extractMiniMax } from './content/minimax.js';
export { extractPythonic } from './content/pythonic.js';
export { parsePythonCalls, type PythonCall, type PythonCallsParse } from './content/python-call-syntax.js';
export { extractQwen3Xml } from './content/qwen3-xml.js';
export { extractCommandR } from './content/command-r.js';
export { extractDeepSeek } from './content/deepseek.js';
export { extractFunctionary } from './content/functionary.js';
export { extractFunctools } from './content/functools.js';
export { extractGranite } from './content/granite.js';
export { extractHarmony } from './content/harmony.js';
export { extractInternLm } from './content/internlm.js';
export { extractJamba } from './content/jamba.js';
export { extractKimi } from './content/kimi.js';
export { extractXlam } from './content/xlam.js';
export { extractApertus } from './content/apertus.js';
export { extractFunctionGemma } from './content/functiongemma.js';
export { extractLfm2 } from './content/lfm2.js';
export { extractNemotron } from './content/nemotron.js';
export { decodeArguments, type ArgumentsDecoding } from './decode-arguments.js';
export { decodeDoubleEncoded } from './decode-double-encoded.js';
export { decodeJsonText, type JsonTextDecodeFailure, type JsonTextDecodeOptions, type JsonTextDecoding } from './decode-json-text.js';
export { decodeStringifiedValues, type StringifiedValueLimits } from './decode-stringified-values.js';
export { readResponse, RESPONSE_FORMAT_READERS, type ResponseFormatReader } from './formats/read-response.js';
export { MAX_TOOL_CALLS_PER_RESPONSE, type ResponseCalls, type ResponseFormat, type ResponseReading, type UnreadableResponse } from './formats/response-reading.js';
export { logParseResult, type ParseLogEntry, type ParseOutcome } from './log-parse-result.js';
export { hasStrictForm, omitStrictNulls } from './omit-strict-nulls.js';
export { readRawToolCalls, type RawToolCallReading } from './read-raw-tool-calls.js';
export { recoverArguments, type ArgumentsRecoveryOptions, type RecoveredArguments } from './recover-arguments.js';
export { MAX_SCRUBBED_DEPTH, MAX_SCRUBBED_NODES, MAX_SCRUBBED_STRING_LENGTH, REDACTED, scrubArgumentsText, scrubSecrets, scrubText, SECRET_KEY_PATTERN } from './scrub-secrets.js';
export { splitConcatenatedArguments, type ArgumentsPiece, type ConcatenatedArguments } from './split-concatenated-arguments.js';
export { splitConcatenatedCall, splitRawToolCall, type ConcatenatedCallSplit, type SplitCallPiece, type SplitRawCall } from './split-concatenated-call.js';
export { MAX_LISTED_TOOL_NAMES, ToolCallParser } from './tool-call-parser.js';
export { createToolCallSettingsCatalog } from './tool-call-settings-catalog.js';
export { unwrapCallEnvelope } from './unwrap-call-envelope.js';
