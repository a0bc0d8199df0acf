import { DEFAULT_TOOL_CATEGORY, type ToolDefinition } from '@acode/domain';
import { renderTable } from './table.js';
import { escapeControlCharacters, singleLine } from './text.js';

/**
 * Renders tools as 000 scenario 2's table (name, version, category, description) fitted to
 * `width`: descriptions are cut first.
 */
export function renderToolTable(tools: readonly ToolDefinition[], width: number): string[] {
  const cell = (text: string): string => escapeControlCharacters(singleLine(text));
  return renderTable(
    [{ header: 'Tool Name' }, { header: 'Version' }, { header: 'Category' }, { header: 'Description', flexible: true }],
    tools.map((tool) => [cell(tool.name), cell(tool.version), cell(tool.category ?? DEFAULT_TOOL_CATEGORY), cell(tool.description)]),
    width,
  );
}
