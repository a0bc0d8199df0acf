import type { JsonObject, RepairName, ToolDefinition } from '@acode/domain';
import { decodeStringifiedValues } from './decode-stringified-values.js';
import { omitStrictNulls } from './omit-strict-nulls.js';
import { unwrapCallEnvelope } from './unwrap-call-envelope.js';

/** What the recovery steps need besides the arguments and the tool. */
export interface ArgumentsRecoveryOptions {
  /** The canonical name a tool name or alias resolves to, any case; `undefined` when none. */
  readonly resolveTool: (name: string) => string | undefined;
  /** The tool was sent to the model in OpenAI strict form: its optional properties' `null`s mean "absent". */
  readonly sentStrict: boolean;
  /** Largest arguments, in UTF-8 bytes (bounds a decoded stringified value). */
  readonly maxSizeBytes: number;
  /** Deepest nesting of arguments. */
  readonly maxDepth: number;
}

/** The arguments after recovery, and the names of the steps that changed them. */
export interface RecoveredArguments {
  readonly value: JsonObject;
  readonly repairs: readonly RepairName[];
}

/**
 * The parser's recovery steps on decoded arguments, before validation (issue 11 items 4 and 7):
 * a call envelope is unwrapped (`envelope_unwrapped`), then strings holding the array or object a
 * property wants are decoded (`stringified_json_value`), then, for a tool sent in strict form, the
 * `null`s of optional properties are dropped (`strict_null_omitted`). Each step changes only
 * arguments the schema would refuse as they are, and only where there is one reading; nothing is
 * coerced (decision 7). The input is never changed.
 */
export function recoverArguments(value: JsonObject, tool: Pick<ToolDefinition, 'name' | 'parameters'>, options: ArgumentsRecoveryOptions): RecoveredArguments {
  const repairs: RepairName[] = [];
  let current = value;
  const unwrapped = unwrapCallEnvelope(current, tool, options.resolveTool);
  if (unwrapped !== undefined) {
    current = unwrapped;
    repairs.push('envelope_unwrapped');
  }
  const decoded = decodeStringifiedValues(current, tool.parameters, options);
  if (decoded !== undefined) {
    current = decoded;
    repairs.push('stringified_json_value');
  }
  const omitted = options.sentStrict ? omitStrictNulls(current, tool.parameters, options.maxDepth) : undefined;
  if (omitted !== undefined) {
    current = omitted;
    repairs.push('strict_null_omitted');
  }
  return { value: current, repairs };
}
