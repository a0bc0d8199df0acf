import { DEFAULT_RETRY_PROMPT_TEMPLATE, ERROR_CODES, type JsonSchemaObject, type ToolCallError } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import {
  argumentsFromContent,
  backoffDelayMs,
  fillRetryPrompt,
  MAX_BACKOFF_DELAY_MS,
  MAX_RETRY_ERROR_MESSAGE_LENGTH,
  retryPromptValues,
  shareUsage,
  sleepWithSignal,
} from '../../src/retry/index.js';
import { newHandler } from './retry-fixture.js';

const PATH_SCHEMA: JsonSchemaObject = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false };

describe('retry prompt', () => {
  it("fills 002's template for an invalid JSON error", () => {
    const error: ToolCallError = { index: 0, code: ERROR_CODES.TOOL_CALL_REPAIR_FAILED, message: 'Invalid JSON in arguments, and repair failed', position: 7, rawArguments: '{"path" "a"}', retryable: true };
    const prompt = fillRetryPrompt(DEFAULT_RETRY_PROMPT_TEMPLATE, retryPromptValues(error, 'read_file', PATH_SCHEMA));
    expect(prompt).toBe(
      [
        'The tool call arguments you provided contain invalid JSON.',
        '',
        'Error: Invalid JSON at position 7',
        'Details: [ACODE-TLP-003] Invalid JSON in arguments, and repair failed',
        '',
        'Your previous output:',
        '```json',
        '{"path" "a"}',
        '```',
        '',
        "Expected format for 'read_file' tool:",
        '```json',
        '{\n  "path": "/path/to/file"\n}',
        '```',
        '',
        "Please provide corrected JSON arguments for the 'read_file' tool.",
        'Do not include any explanation, only the corrected JSON object.',
      ].join('\n'),
    );
  });

  it('lists every validation error line, with path, code and expected, and says n/a for a missing position', () => {
    const error: ToolCallError = {
      index: 0,
      code: ERROR_CODES.TOOL_CALL_SCHEMA_INVALID,
      message: "Arguments of 'file_read' do not match its schema",
      validationErrors: [
        { path: '/path', code: ERROR_CODES.TYPE_MISMATCH, message: 'Expected string, got integer', expected: 'string' },
        { path: '', code: ERROR_CODES.REQUIRED_MISSING, message: "Required property 'path' is missing" },
      ],
      retryable: true,
    };
    const values = retryPromptValues(error, 'file_read', PATH_SCHEMA);
    expect(values.error_type).toBe('Schema validation failed');
    expect(values.error_position).toBe('n/a');
    expect(values.error_message).toBe(
      [
        "[ACODE-TLP-004] Arguments of 'file_read' do not match its schema",
        '- [ACODE-TSR-004] /path: Expected string, got integer (expected: string)',
        "- [ACODE-TSR-003] (arguments): Required property 'path' is missing",
      ].join('\n'),
    );
  });

  it('bounds the error list and the malformed text, however long the model made them', () => {
    const long = 'x'.repeat(100_000);
    const error: ToolCallError = {
      index: 0,
      code: ERROR_CODES.TOOL_CALL_SCHEMA_INVALID,
      message: 'bad',
      validationErrors: Array.from({ length: 50 }, () => ({ path: `/${long}`, code: ERROR_CODES.TYPE_MISMATCH, message: long })),
      rawArguments: long,
      retryable: true,
    };
    const values = retryPromptValues(error, 'file_read', PATH_SCHEMA);
    expect(values.error_message.length).toBeLessThanOrEqual(MAX_RETRY_ERROR_MESSAGE_LENGTH);
    expect(values.malformed_json.length).toBeLessThanOrEqual(2_000);
    expect(values.malformed_json.endsWith('…')).toBe(true);
  });

  it('uses the error table title for codes without a retry wording, and leaves unknown placeholders alone', () => {
    const error: ToolCallError = { index: 0, code: ERROR_CODES.TOOL_CALL_STREAM_ERROR, message: 'cut', retryable: true };
    expect(retryPromptValues(error, 't', PATH_SCHEMA).error_type).toBe('Incomplete tool call');
    expect(fillRetryPrompt('{unknown} {tool_name} {{tool_name}}', retryPromptValues(error, 't', PATH_SCHEMA))).toBe('{unknown} t {t}');
  });

  it('the schema example of every core tool validates against the tool', async () => {
    const { registry } = await newHandler();
    const tools = registry.getAllTools();
    expect(tools.length).toBeGreaterThanOrEqual(7);
    for (const tool of tools) {
      const error: ToolCallError = { index: 0, code: ERROR_CODES.TOOL_CALL_INVALID_JSON, message: 'x', retryable: true };
      const example = retryPromptValues(error, tool.name, tool.parameters).schema_example;
      expect(registry.tryValidateArguments(tool.name, example), tool.name).toMatchObject({ success: true });
    }
  });
});

describe('argumentsFromContent', () => {
  it.each([
    ['{"a":1}', '{"a":1}'],
    ['  {"a":1}\n', '{"a":1}'],
    ['```json\n{"a":1}\n```', '{"a":1}'],
    ['```\n{"a":1}```', '{"a":1}'],
    ['Here you go: {"a":1}', undefined],
    ['', undefined],
    ['[1,2]', undefined],
    ['Here is the fix:\n```json\n{"a":1}\n```\nHope that helps.', '{"a":1}'],
    ['Two blocks:\n```sh\nls\n```\nthen\n```\n{"a":1}\n```', '{"a":1}'],
    ['```json\n{"a":1}', undefined],
    ['{"name": "t", "arguments": {"a": 1}}', '{"a":1}'],
    ['```json\n{"name": "t", "parameters": {"a": 1}, "id": "x"}\n```', '{"a":1}'],
    ['{"name": "t", "arguments": "{\\"a\\": 1}"}', '{"a": 1}'],
    ['{"name": "other", "arguments": {"a": 1}}', undefined],
    // Not an envelope: another key, or arguments that are not an object; left to the parser as they are.
    ['{"name": "t", "arguments": {"a": 1}, "path": "x"}', '{"name": "t", "arguments": {"a": 1}, "path": "x"}'],
    ['{"name": "t", "arguments": [1]}', '{"name": "t", "arguments": [1]}'],
    ['{"name": "t", "arguments": {"a": 1},}', '{"name": "t", "arguments": {"a": 1},}'],
  ])('%j → %j', (content, expected) => {
    expect(argumentsFromContent(content, (name) => name === 't')).toBe(expected);
  });

  it('leaves a whole-call shape as it is when no tool check is given (a tool with a `name` parameter)', () => {
    expect(argumentsFromContent('{"name": "t", "arguments": {"a": 1}}')).toBe('{"name": "t", "arguments": {"a": 1}}');
  });
});

describe('retry prompt first line', () => {
  it.each([
    [ERROR_CODES.TOOL_CALL_INVALID_JSON, 'The tool call arguments you provided contain invalid JSON.'],
    [ERROR_CODES.TOOL_CALL_SCHEMA_INVALID, "The tool call arguments you provided do not match the tool's schema."],
    [
      ERROR_CODES.TOOL_CALL_OUTPUT_TRUNCATED,
      'Your output was cut off before the tool call was complete, so the call was not run. Send the call again, shorter: keep the arguments brief, or split large content over several calls.',
    ],
    [ERROR_CODES.TOOL_CALL_UNKNOWN_TOOL, 'The tool you called does not exist.'],
    [ERROR_CODES.TOOL_CALL_TOO_LARGE, 'The tool call you made could not be used: Arguments exceed size limit.'],
  ])('%s: %s', (code, summary) => {
    const error: ToolCallError = { index: 0, code, message: 'x', retryable: true };
    const prompt = fillRetryPrompt(DEFAULT_RETRY_PROMPT_TEMPLATE, retryPromptValues(error, 'file_read', PATH_SCHEMA));
    expect(prompt.split('\n')[0]).toBe(summary);
  });

  it('fills a user template written before {failure_summary} existed, and one that uses it', () => {
    const error: ToolCallError = { index: 0, code: ERROR_CODES.TOOL_CALL_OUTPUT_TRUNCATED, message: 'cut', retryable: true };
    const values = retryPromptValues(error, 'file_read', PATH_SCHEMA);
    expect(fillRetryPrompt('Fix {tool_name}: {error_type}', values)).toBe('Fix file_read: Output truncated');
    expect(fillRetryPrompt('{failure_summary} ({error_message})', values)).toBe(`${values.failure_summary} ([ACODE-TLP-010] cut)`);
  });
});

describe('backoff', () => {
  it('doubles from the base delay and is capped', () => {
    expect([1, 2, 3, 4].map((retry) => backoffDelayMs(100, retry))).toEqual([100, 200, 400, 800]);
    expect(backoffDelayMs(0, 5)).toBe(0);
    expect(backoffDelayMs(60_000, 10)).toBe(MAX_BACKOFF_DELAY_MS);
    expect(backoffDelayMs(1, 5_000)).toBe(MAX_BACKOFF_DELAY_MS);
  });

  it('sleepWithSignal resolves after the wait and rejects at once with the abort reason', async () => {
    await expect(sleepWithSignal(1)).resolves.toBeUndefined();
    const controller = new AbortController();
    const waiting = sleepWithSignal(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    await expect(sleepWithSignal(60_000, controller.signal)).rejects.toThrow('stop');
  });
});

describe('shareUsage', () => {
  it('splits whole tokens, the remainder to the first share, and the shares add up', () => {
    const shares = shareUsage({ promptTokens: 10, completionTokens: 5, totalTokens: 15 }, 3);
    expect(shares).toEqual([
      { promptTokens: 4, completionTokens: 3, totalTokens: 5 },
      { promptTokens: 3, completionTokens: 1, totalTokens: 5 },
      { promptTokens: 3, completionTokens: 1, totalTokens: 5 },
    ]);
    expect(shareUsage({ promptTokens: 1, completionTokens: 1, totalTokens: 2 }, 0)).toEqual([]);
  });
});
