import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/index.js';
import { AsyncLocalCorrelationContext } from '../../src/correlation/index.js';
import { createLogger } from '../../src/logging/index.js';
import { createToolCallSettingsCatalog, ToolCallParser } from '../../src/tool-calls/index.js';
import { FakeRepairer, newParser, ollamaResponse, openAiCall } from './parser-fixture.js';

const SECRET = 'sk-live-4f9a8b7c6d5e4f3a2b1c0d9e';
const PASSWORD = 'correct-horse-battery';

describe('argument values in the logs (issue item 9, 002 NFR-011)', () => {
  it('writes no secret-looking value at info, warn or error, and only scrubbed ones at debug', async () => {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString('utf8'));
        done();
      },
    });
    const correlation = new AsyncLocalCorrelationContext();
    const logger = createLogger({ level: 'debug', format: 'json', stream, correlation });
    const { registry } = await newParser();
    const parser = new ToolCallParser(registry, new FakeRepairer(), createToolCallSettingsCatalog({ ollama: { logArgumentValues: true } }), logger, correlation, new SystemClock());

    correlation.run(
      () =>
        parser.parseResponse(
          ollamaResponse([
            openAiCall('ok', 'command_execute', `{"command": "curl -H 'Authorization: Bearer ${SECRET}' https://api.example.com",}`),
            openAiCall('bad', 'file_write', `{"path": "${SECRET}", "password": "${PASSWORD}"}`),
            openAiCall('broken', 'file_read', `{"path": "${SECRET}`),
          ]),
          { provider: 'ollama' },
        ),
      'corr-secret',
    );
    await new Promise((resolve) => setImmediate(resolve));

    const lines = chunks.join('').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
    const above = lines.filter((line) => line['level'] !== 'debug');
    const debug = lines.filter((line) => line['level'] === 'debug');
    expect(above.map((line) => line['level'])).toEqual(['info', 'warn', 'warn']);
    expect(above[0]?.['message']).toBe('Parsed 1 tool call(s) (1 repaired, 2 failed)');
    expect(JSON.stringify(above[0])).toContain('"correlation_id":"corr-secret"');
    for (const text of [JSON.stringify(above), JSON.stringify(debug)]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(PASSWORD);
    }
    // The debug lines do carry the arguments, with the secrets replaced.
    const debugText = JSON.stringify(debug);
    expect(debugText).toContain("curl -H 'Authorization: Bearer [REDACTED]' https://api.example.com");
    expect(debugText).toContain('{\\"path\\":\\"[REDACTED]\\",\\"password\\":\\"[REDACTED]\\"}');
    expect(debug.map((line) => line['message'])).toEqual([
      'Repair applied: trailing_comma',
      'Arguments of command_execute (ok)',
      'Arguments text of failed tool call 1',
      'Arguments text of failed tool call 2',
    ]);
  });
});
