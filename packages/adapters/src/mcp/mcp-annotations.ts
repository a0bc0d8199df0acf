import { isPlainObject, type ToolDefinition } from '@acode/domain';
import type { McpToolAnnotations } from './mcp-tool.js';

/** The fields of ours that MCP's annotations speak about. */
export type AnnotatedFields = Required<Pick<ToolDefinition, 'sideEffects' | 'idempotent' | 'requiresConfirmation'>>;

/**
 * Our fields from MCP's annotations, with MCP's defaults for the hints left out (a tool that says
 * nothing may modify its environment, destructively, and is not idempotent):
 *
 * | MCP                                   | ours                                                      |
 * | ------------------------------------- | --------------------------------------------------------- |
 * | `readOnlyHint: true`                  | `sideEffects: 'read_only'`, `idempotent: true`, `requiresConfirmation: false` |
 * | `readOnlyHint` false or absent        | `sideEffects: 'writes'`                                   |
 * | … and `idempotentHint: true`          | `idempotent: true` (else `false`)                         |
 * | … and `destructiveHint` true or absent| `requiresConfirmation: true`                              |
 * | … and `destructiveHint: false`        | `requiresConfirmation: false`                             |
 * | `openWorldHint`, `title`              | no field of ours: kept in `metadata.mcp.annotations`      |
 *
 * A hint that is not a boolean is read as absent. MCP calls annotations hints from a server that
 * may not be trusted; pass `requiresConfirmation` to `fromMcpTool` to decide for yourself.
 */
export function fromMcpAnnotations(annotations: McpToolAnnotations | undefined): AnnotatedFields {
  const hints = isPlainObject(annotations) ? annotations : {};
  if (hints['readOnlyHint'] === true) return { sideEffects: 'read_only', idempotent: true, requiresConfirmation: false };
  return { sideEffects: 'writes', idempotent: hints['idempotentHint'] === true, requiresConfirmation: hints['destructiveHint'] !== false };
}

/**
 * MCP's annotations from our fields, the reverse of {@link fromMcpAnnotations}; `kept` (the
 * annotations `fromMcpTool` kept in `metadata.mcp`) supplies `openWorldHint` and `title`, which
 * have no field of ours, and our fields win over what it says for the others:
 *
 * - `sideEffects: 'none'` or `'read_only'` → `readOnlyHint: true` (the other hints are then
 *   meaningless in MCP and left out);
 * - `sideEffects: 'writes'` → `readOnlyHint: false`, `destructiveHint` = `requiresConfirmation`
 *   (a tool that must be confirmed is the destructive kind), `idempotentHint` = `idempotent`;
 * - `sideEffects` absent → no `readOnlyHint`; `destructiveHint` and `idempotentHint` as above
 *   when their fields are set.
 *
 * `undefined` when there is nothing to say.
 */
export function toMcpAnnotations(definition: ToolDefinition, kept?: Readonly<Record<string, boolean | string>>): McpToolAnnotations | undefined {
  const out: McpToolAnnotations = {};
  if (typeof kept?.['title'] === 'string') out.title = kept['title'];
  if (typeof kept?.['openWorldHint'] === 'boolean') out.openWorldHint = kept['openWorldHint'];
  const readOnly = definition.sideEffects === 'none' || definition.sideEffects === 'read_only';
  if (readOnly) {
    out.readOnlyHint = true;
  } else {
    if (definition.sideEffects === 'writes') out.readOnlyHint = false;
    if (definition.requiresConfirmation !== undefined) out.destructiveHint = definition.requiresConfirmation;
    if (definition.idempotent !== undefined) out.idempotentHint = definition.idempotent;
  }
  return Object.keys(out).length === 0 ? undefined : out;
}
