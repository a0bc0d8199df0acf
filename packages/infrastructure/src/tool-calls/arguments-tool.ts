import type { JsonSchemaObject } from '@acode/domain';

/**
 * The tool whose arguments a text is read for, for the readings of text that is not JSON
 * (`readPlainTextArguments`, `readXmlParameterArguments`): the names the call may give it and its
 * parameters schema.
 */
export interface ArgumentsTool {
  /** The name as called and as registered: a `<function=NAME>` wrapper must name one of them. */
  readonly names: readonly string[];
  /** The registered parameters schema. */
  readonly parameters: JsonSchemaObject;
}
