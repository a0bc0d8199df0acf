import type { ToolValidationFailure } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { pointerToDisplayPath } from '../src/render/json-path.js';
import { ANSI_STYLE, PLAIN_STYLE, selectStyle } from '../src/render/style.js';
import { renderTable } from '../src/render/table.js';
import { displayName, escapeControlCharacters, truncate } from '../src/render/text.js';
import { renderToolDetails } from '../src/render/tool-details.js';
import { renderValidationFailure, renderValidationSuccess } from '../src/render/validation-result.js';
import { FILE_READ } from './support/fake-runtime.js';

describe('text', () => {
  it('escapes control characters, including C1 and line separators', () => {
    expect(escapeControlCharacters('a\nb\tc\u001b[31md\u0085e\u2028')).toBe('a\\nb\\tc\\u001b[31md\\u0085e\\u2028');
  });

  it('truncates by code point and never splits a surrogate pair', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('😀😀😀', 2)).toBe('😀…');
  });

  it('bounds a hostile name and says how long it was', () => {
    const shown = displayName('a'.repeat(10_000));
    expect(shown).toMatch(/^a{79}… \(10000 characters\)$/);
  });
});

describe('pointerToDisplayPath', () => {
  // JSON output and the model's retry message carry the pointer; text shows the same pointer, escapes kept.
  it.each([
    ['', '(arguments)'],
    ['/path', '/path'],
    ['/options/0/depth', '/options/0/depth'],
    ['/a~1b/c~0d', '/a~1b/c~0d'],
    ['/with space', '/with space'],
  ])('%j → %s', (pointer, path) => {
    expect(pointerToDisplayPath(pointer)).toBe(path);
  });
});

describe('selectStyle', () => {
  it('colours a terminal unless NO_COLOR is set, and never a pipe', () => {
    expect(selectStyle({ isTTY: true }, {})).toBe(ANSI_STYLE);
    expect(selectStyle({ isTTY: true }, { NO_COLOR: '1' })).toBe(PLAIN_STYLE);
    expect(selectStyle({ isTTY: false }, {})).toBe(PLAIN_STYLE);
    expect(selectStyle({}, {})).toBe(PLAIN_STYLE);
  });
});

describe('renderTable', () => {
  const columns = [{ header: 'Name' }, { header: 'Description', flexible: true }];

  it('draws a box with every cell padded to its column', () => {
    expect(renderTable(columns, [['ab', 'x']], 100)).toEqual([
      '┌──────┬─────────────┐',
      '│ Name │ Description │',
      '├──────┼─────────────┤',
      '│ ab   │ x           │',
      '└──────┴─────────────┘',
    ]);
  });

  it('cuts the flexible column so the table fits the width', () => {
    const lines = renderTable(columns, [['ab', 'd'.repeat(200)]], 40);
    for (const line of lines) expect(Array.from(line).length).toBe(40);
    expect(lines[3]).toContain('…');
  });

  it('keeps a minimum description width on very narrow terminals', () => {
    const lines = renderTable(columns, [['ab', 'd'.repeat(200)]], 5);
    expect(lines[3]).toMatch(/│ d{11}… │$/);
  });
});

describe('renderValidationSuccess', () => {
  it('prints the ✓ line and the parsed arguments (scenario 3)', () => {
    const text = renderValidationSuccess(
      { success: true, tool: 'file_read', version: '1.0.0', arguments: { path: '/tmp/test.txt' }, correlationId: 'c' },
      PLAIN_STYLE,
    );
    expect(text).toContain("✓ Validation passed for tool 'file_read'\n");
    expect(text).toContain('Parsed Arguments:\n{\n  "path": "/tmp/test.txt"\n}\n');
    expect(text).not.toContain('Requested as');
  });

  it('says when an alias was used', () => {
    const text = renderValidationSuccess(
      { success: true, tool: 'file_read', version: '1.0.0', requestedName: 'read_file', arguments: {}, correlationId: 'c' },
      PLAIN_STYLE,
    );
    expect(text).toContain('Requested as: read_file');
  });
});

describe('renderValidationFailure', () => {
  const base = { success: false, tool: 'file_read', version: '1.0.0', correlationId: 'c' } as const;

  it('prints a required-field error with its path, the suggestion and an example (scenario 4)', () => {
    const failure: ToolValidationFailure = {
      ...base,
      errors: [
        {
          path: '',
          code: 'ACODE-TSR-003',
          keyword: 'required',
          message: "Property 'path' is required but was not provided.",
          suggestion: "Add the 'path' property with a string value.",
        },
      ],
    };
    const text = renderValidationFailure(failure, { style: PLAIN_STYLE, example: { path: '/path/to/file' } });
    expect(text).toContain("✗ Validation failed for tool 'file_read'");
    expect(text).toContain("  [ACODE-TSR-003] Property 'path' is required but was not provided.\n      Path: (arguments)\n");
    expect(text).toContain("Suggestion: Add the 'path' property with a string value.\n");
    expect(text).toContain('Example: {"path":"/path/to/file"}\n');
  });

  it('prints expected and actual types for a type mismatch (scenario 5)', () => {
    const failure: ToolValidationFailure = {
      ...base,
      errors: [{ path: '/path', code: 'ACODE-TSR-004', keyword: 'type', message: "Property 'path': type mismatch.", expected: 'string', actual: 'integer' }],
    };
    const text = renderValidationFailure(failure, { style: PLAIN_STYLE });
    expect(text).toContain('      Expected: string\n      Actual: integer\n      Path: /path\n');
    expect(text).not.toContain('Example:');
  });

  it('prints received and allowed values for an enum (scenario 9)', () => {
    const failure: ToolValidationFailure = {
      ...base,
      errors: [
        {
          path: '/encoding',
          code: 'ACODE-TSR-005',
          keyword: 'enum',
          message: "Property 'encoding': value must be one of the allowed options.",
          expected: 'one of: utf-8, ascii, utf-16, utf-32',
          actual: '"invalid-encoding"',
        },
      ],
    };
    const text = renderValidationFailure(failure, { style: PLAIN_STYLE });
    expect(text).toContain('      Received: "invalid-encoding"\n      Allowed values: utf-8, ascii, utf-16, utf-32\n      Path: /encoding\n');
  });

  it('lists several distinct suggestions once each', () => {
    const error = { path: '', code: 'ACODE-TSR-003', message: 'm' } as const;
    const text = renderValidationFailure(
      { ...base, errors: [{ ...error, suggestion: 'A' }, { ...error, suggestion: 'B' }, { ...error, suggestion: 'A' }] },
      { style: PLAIN_STYLE },
    );
    expect(text).toContain('Suggestions:\n  - A\n  - B\n');
  });

  it('lists available tools and a did-you-mean for an unknown tool, without a path (scenario 8)', () => {
    const failure: ToolValidationFailure = {
      success: false,
      tool: 'nonexistent_tool',
      errors: [{ path: '', code: 'ACODE-TSR-001', message: "Unknown tool: 'nonexistent_tool'" }],
      availableTools: ['command_execute', 'file_read'],
      didYouMean: 'file_read',
      correlationId: 'c',
    };
    const text = renderValidationFailure(failure, { style: PLAIN_STYLE });
    expect(text).toContain("  [ACODE-TSR-001] Unknown tool: 'nonexistent_tool'\n");
    expect(text).toContain('Available tools:\n  - command_execute\n  - file_read\n');
    expect(text).toContain('Did you mean: file_read?\n');
    expect(text).not.toContain('Path:');
  });

  it('neutralises control characters and bounds huge values from the input', () => {
    const failure: ToolValidationFailure = {
      success: false,
      tool: `evil\u001b]0;pwned\u0007${'x'.repeat(10_000)}`,
      errors: [{ path: '', code: 'ACODE-TSR-001', message: `Unknown tool: '${'y'.repeat(10_000)}\u001b[2J'` }],
      correlationId: 'c',
    };
    const text = renderValidationFailure(failure, { style: PLAIN_STYLE });
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('\u0007');
    expect(text.length).toBeLessThan(1_000);
  });
});

describe('renderToolDetails', () => {
  it('shows metadata, each parameter with constraints, default and enum, and the schema (scenario 2)', () => {
    const text = renderToolDetails(FILE_READ, ['1.0.0'], PLAIN_STYLE);
    expect(text).toContain('Tool: file_read\nVersion: 1.0.0\nCategory: file_system\nDescription: Read the contents of a file from the filesystem\n');
    expect(text).toContain('Aliases: read_file');
    expect(text).toContain(
      '  path (string, required)\n    Description: Absolute or relative path to the file to read\n    Constraints: maxLength=4096\n',
    );
    expect(text).toContain('  encoding (string, optional)\n    Description: Character encoding\n    Default: utf-8\n    Enum: utf-8, ascii, utf-16, utf-32\n');
    expect(text).toContain('  start_line (integer, optional)\n    Constraints: minimum=1\n');
    expect(text).toContain('Schema (JSON):\n{\n  "type": "object",');
    expect(text).not.toContain('Available versions');
  });

  it('lists every version when several are registered', () => {
    expect(renderToolDetails(FILE_READ, ['2.0.0', '1.0.0'], PLAIN_STYLE)).toContain('Available versions: 2.0.0, 1.0.0');
  });
});
