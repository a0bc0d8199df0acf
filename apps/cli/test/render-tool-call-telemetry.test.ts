import type { ToolCallStats } from '@acode/application';
import type { ToolCallTelemetryRecord } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { sinceLabel } from '../src/since-window.js';
import { ANSI_STYLE, PLAIN_STYLE } from '../src/render/style.js';
import { renderToolCallHistory } from '../src/render/tool-call-history.js';
import { milliseconds, renderToolCallStats } from '../src/render/tool-call-stats.js';

/** 002's example figures for `providers stats ollama --tool-calls`. */
const SPEC_STATS: ToolCallStats = {
  total: 1247,
  success: 1198,
  repaired: 38,
  retried: 11,
  failed: 0,
  repairBreakdown: { single_quotes: 4, trailing_comma: 24, unquoted_keys: 2, missing_closing_brace: 8 },
  averageParseMs: 0.42,
  averageRepairMs: 2.31,
  averageRetryMs: 1847,
  retries: 14,
  models: [{ model: 'llama3.2', calls: 1247 }],
};

describe('renderToolCallStats', () => {
  it("lays out 002's example", () => {
    expect(renderToolCallStats(SPEC_STATS, { provider: 'ollama', windowLabel: 'Last 24 Hours' }, PLAIN_STYLE)).toBe(
      [
        'Tool Call Statistics (Last 24 Hours):',
        '  Provider:            ollama',
        '  Total Tool Calls:      1,247',
        '  Parsed Successfully:   1,198 (96.1%)',
        '  Auto-Repaired:            38 (3.0%)',
        '  Retried Successfully:     11 (0.9%)',
        '  Failed:                    0 (0.0%)',
        '',
        'Repair Breakdown:',
        '  Trailing comma:           24',
        '  Missing closing brace:     8',
        '  Single quotes:             4',
        '  Unquoted keys:             2',
        '',
        'Average Parse Time:    0.42ms',
        'Average Repair Time:   2.31ms',
        'Average Retry Time:    1,847ms (includes model round-trip)',
        '',
      ].join('\n'),
    );
  });

  it("keeps 002's layout for a provider: no upstreams, models or retry requests", () => {
    const text = renderToolCallStats(SPEC_STATS, { provider: 'ollama', windowLabel: 'Last 24 Hours' }, PLAIN_STYLE);
    expect(text).not.toContain('Upstreams and Models:');
    expect(text).not.toContain('Retry Requests:');
  });

  it('adds retry requests and the calls per upstream and model for the gateway, escaping names from the database', () => {
    const stats: ToolCallStats = {
      ...SPEC_STATS,
      models: [
        { upstream: 'vllm', model: 'qwen3:8b', calls: 1200 },
        { upstream: 'http://127.0.0.1:11434', model: 'llama3.2\u001b[2J', calls: 47 },
      ],
    };
    const text = renderToolCallStats(stats, { provider: 'gateway', windowLabel: 'Last 24 Hours', gateway: true }, PLAIN_STYLE);
    const lines = text.split('\n');
    expect(lines).toContain('  Provider:            gateway');
    expect(lines.find((line) => line.startsWith('  Retry Requests:'))).toMatch(/^ {2}Retry Requests: +14$/);
    const heading = lines.indexOf('Upstreams and Models:');
    expect(heading).toBeGreaterThan(0);
    expect(lines[heading + 1]).toMatch(/^ +1,200 {2}qwen3:8b via vllm$/);
    expect(lines[heading + 2]).toMatch(/^ +47 {2}llama3\.2\\u001b\[2J via http:\/\/127\.0\.0\.1:11434$/);
    // The counts line up, however long the names.
    expect(lines[heading + 1]!.indexOf('  q')).toBe(lines[heading + 2]!.indexOf('  l'));
    expect(text).not.toContain('\u001b');
    expect(text.indexOf('Upstreams and Models:')).toBeLessThan(text.indexOf('Repair Breakdown:'));
  });

  it('says there is nothing instead of dividing by zero', () => {
    const empty: ToolCallStats = { total: 0, success: 0, repaired: 0, retried: 0, failed: 0, repairBreakdown: {}, averageParseMs: 0, averageRepairMs: 0, averageRetryMs: 0, retries: 0, models: [] };
    const text = renderToolCallStats(empty, { provider: 'ollama', windowLabel: 'Last Hour' }, PLAIN_STYLE);
    expect(text).toContain('No tool calls recorded in this window.');
    expect(text).not.toContain('NaN');
  });

  it('shows averages over no calls as "-" and escapes hostile repair names from the database', () => {
    const stats: ToolCallStats = { ...SPEC_STATS, total: 2, success: 2, repaired: 0, retried: 0, repairBreakdown: { 'evil\u001b[2J': 1 }, averageRetryMs: 0 };
    const text = renderToolCallStats(stats, { provider: 'p', windowLabel: 'Last Day' }, PLAIN_STYLE);
    expect(text).toContain('Average Repair Time:   -\n');
    expect(text).toContain('Average Retry Time:    -\n');
    expect(text).toContain('Evil\\u001b[2J:');
    expect(text).not.toContain('\u001b');
  });

  it('colours failures only with a colour style', () => {
    const stats = { ...SPEC_STATS, failed: 3 };
    expect(renderToolCallStats(stats, { provider: 'ollama', windowLabel: 'x' }, ANSI_STYLE)).toContain('\u001b[31m  Failed:');
  });

  it('formats times by size', () => {
    expect(milliseconds(0.421)).toBe('0.42ms');
    expect(milliseconds(12_345.6)).toBe('12,346ms');
    expect(milliseconds(Number.NaN)).toBe('-');
  });
});

describe('sinceLabel', () => {
  it('names durations as the heading does, and dates as an instant', () => {
    expect(sinceLabel('24h', '2025-01-14T14:00:00.000Z')).toBe('Last 24 Hours');
    expect(sinceLabel('1d', 'x')).toBe('Last Day');
    expect(sinceLabel('90s', 'x')).toBe('Last 90 Seconds');
    expect(sinceLabel('2025-01-15', '2025-01-15T00:00:00.000Z')).toBe('Since 2025-01-15T00:00:00.000Z');
  });
});

const RECORD: ToolCallTelemetryRecord = {
  timestamp: '2025-01-15T14:23:47.123Z',
  correlationId: 'abc-123-def',
  provider: 'ollama',
  model: 'llama3.2:latest',
  tool: 'write_file',
  callId: 'call_7f8g9h0i',
  parseResult: 'repaired',
  repairs: ['trailing_comma'],
  retryCount: 0,
  errorCodes: [],
  errorPosition: 41,
  parseMs: 0.5,
  repairMs: 0.5,
  retryMs: 0,
  tokens: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
  originalArguments: '{"path": "src/main.cs", "content": "...",}',
  finalArguments: '{"path":"src/main.cs","content":"..."}',
};

describe('renderToolCallHistory', () => {
  it('names the upstream of a gateway call beside its model', () => {
    const text = renderToolCallHistory('g-1', [{ ...RECORD, provider: 'gateway', upstream: 'vllm', model: 'qwen3:8b' }], PLAIN_STYLE);
    expect(text.split('\n')).toContain('Provider:    gateway (model qwen3:8b via vllm)');
  });

  it("lays out 002's example with the caret under the error position", () => {
    const text = renderToolCallHistory('abc-123-def', [RECORD], PLAIN_STYLE);
    const lines = text.split('\n');
    expect(lines.slice(0, 6)).toEqual([
      'Tool Call Debug: abc-123-def',
      '━'.repeat(39),
      'Timestamp:   2025-01-15T14:23:47.123Z',
      'Provider:    ollama (model llama3.2:latest)',
      'Tool Name:   write_file',
      'Call ID:     call_7f8g9h0i',
    ]);
    expect(text).toContain('Parse Result: REPAIRED\nRepair Applied: trailing_comma\nRetry Count: 0\n');
    const original = lines.indexOf('Original JSON:');
    const excerpt = lines[original + 1] ?? '';
    const caret = lines[original + 2] ?? '';
    expect(excerpt).toContain('"path": "src/main.cs", "content": "...",}');
    // Position 41 is the `}` after the trailing comma: the caret sits under it, and the label ends there.
    expect(caret.trimEnd()).toMatch(/^ +\^$/);
    expect(excerpt[caret.length - 1]).toBe('}');
    expect(excerpt[caret.length - 2]).toBe(',');
    expect(lines[original + 3]?.trimStart()).toBe('Error position 41');
    expect(lines[original + 3]?.length).toBe(caret.length);
    expect(text).toContain('Repaired JSON:\n  {"path":"src/main.cs","content":"..."}');
    expect(text).toContain('Validation: PASSED');
    expect(text).toContain('Tokens:     15 (prompt 10, completion 5)');
  });

  it('says when the arguments were not recorded', () => {
    const { originalArguments: _original, finalArguments: _final, ...bare } = RECORD;
    const text = renderToolCallHistory('abc', [{ ...bare, parseResult: 'retried', retryCount: 2, errorCodes: ['ACODE-TLP-003', 'ACODE-TLP-003'] }], PLAIN_STYLE);
    expect(text).toContain('Original JSON: not recorded (log_argument_values is off)\nError Position: 41');
    expect(text).toContain('Parse Result: SUCCESS (after retry)');
    expect(text).toContain('Validation: PASSED');
    expect(text).toContain('Retry Count: 2');
    expect(text).toContain('Errors: ACODE-TLP-003, ACODE-TLP-003');
  });

  it('puts the caret under the first character at position 0', () => {
    const lines = renderToolCallHistory('abc', [{ ...RECORD, originalArguments: 'not json', errorPosition: 0 }], PLAIN_STYLE).split('\n');
    const original = lines.indexOf('Original JSON:');
    expect(lines.slice(original + 1, original + 4)).toEqual(['  not json', '  ^', '  Error position 0']);
  });

  it('windows a huge argument around the caret and escapes control characters', () => {
    const huge = `{"a": "${'x'.repeat(100_000)}\u001b[2J",}`;
    const text = renderToolCallHistory('abc', [{ ...RECORD, originalArguments: huge, errorPosition: huge.length - 1, finalArguments: undefined as never }], PLAIN_STYLE);
    expect(text.length).toBeLessThan(2_000);
    expect(text).not.toContain('\u001b');
    expect(text).toContain('\\u001b[2J');
  });

  it('numbers several calls of one operation and marks failures', () => {
    const unparsed: ToolCallTelemetryRecord = { ...RECORD, callId: 'call_2', parseResult: 'failed', errorCodes: ['ACODE-TLP-003'], errorMessage: 'Invalid JSON at position 0' };
    const invalid: ToolCallTelemetryRecord = { ...RECORD, callId: 'call_3', parseResult: 'failed', errorCodes: ['ACODE-TLP-004'], errorMessage: 'path: expected string' };
    const text = renderToolCallHistory('abc', [RECORD, unparsed, invalid], PLAIN_STYLE);
    expect(text).toContain('Call 1 of 3');
    expect(text).toContain('Call 3 of 3');
    expect(text).toContain('Last Error: Invalid JSON at position 0');
    expect(text).toContain('Validation: NOT REACHED (the arguments never parsed)');
    expect(text).toContain('Last Error: path: expected string\n');
    expect(text.match(/Validation: FAILED/g)).toHaveLength(1);
  });

  it('ignores a position that does not fall inside the recorded text', () => {
    const text = renderToolCallHistory('abc', [{ ...RECORD, errorPosition: 10_000 }], PLAIN_STYLE);
    expect(text).toContain('Error Position: 10000 (in a later attempt)');
    expect(text).not.toContain('^');
  });
});
