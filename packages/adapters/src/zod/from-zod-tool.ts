import type { ToolDefinition } from '@acode/domain';
import { fromStandardSchemaTool, type StandardSchemaToolOptions } from './from-standard-schema-tool.js';

/**
 * A {@link ToolDefinition} from a tool described with zod v4: `inputSchema` (a `z.object`, or
 * better `z.strictObject`, which matches our closed objects) and optionally `outputSchema`.
 * zod 4.2 and later write their JSON Schema through Standard JSON Schema, so this adapter loads no
 * zod of its own; for zod 4.0 and 4.1 pass `toJsonSchema: (s) => z.toJSONSchema(s, { io: 'input' })`.
 *
 * What carries over: types, `.optional()` (not required), `.default()` (not required, and applied
 * by our registry), `.nullable()`, enums and literals, string checks (`min`, `max`, `regex`,
 * `email`...), number checks (`int`, `min`, `max`), arrays and tuples, nested objects, records,
 * unions, `.describe()` text. Property names must be snake_case, as every tool of ours.
 * What does not: `.refine()`, `.transform()` and `.check()` logic (parse the validated arguments
 * with the schema to run them); `z.date()`, `z.bigint()`, `z.map()`, `z.set()` and other types
 * with no JSON Schema form are refused with ACODE-TSR-006, zod's message quoted.
 *
 * @example
 * const getWeather = fromZodTool({
 *   name: 'get_weather',
 *   description: 'Current weather for a city.',
 *   inputSchema: z.strictObject({ city: z.string().min(1), unit: z.enum(['c', 'f']).default('c') }),
 * });
 * const registry = createToolRegistry({ tools: [getWeather] });
 */
export function fromZodTool(options: StandardSchemaToolOptions): ToolDefinition {
  return fromStandardSchemaTool(options);
}
