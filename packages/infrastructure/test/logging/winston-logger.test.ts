import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AsyncLocalCorrelationContext } from '../../src/correlation/index.js';
import { createLogger, parseLogLevel, type LoggerOptions } from '../../src/logging/index.js';

/** 10:30:00 local time, so the pretty format's clock reads as in 000 scenario 1 in any time zone. */
const AT_10_30 = new Date(2024, 0, 15, 10, 30, 0);

/** A logger writing into memory; `lines()` waits for winston's pipeline and returns what was written. */
function capture(options: LoggerOptions = {}) {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createLogger({ level: 'debug', now: () => AT_10_30, stream, ...options });
  return {
    logger,
    async text(): Promise<string> {
      await new Promise((resolve) => setImmediate(resolve));
      return chunks.join('');
    },
    async json(): Promise<Array<Record<string, any>>> {
      const text = await this.text();
      return text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line));
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createLogger: pretty format', () => {
  it("writes 000 scenario 1's line exactly", async () => {
    const out = capture({ format: 'pretty', level: 'info' });
    out.logger.info("Registering tool 'file_read' v1.0.0 (hash: a1b2c3d4e5f6)", { tool_name: 'file_read', schema_hash: 'a1b2c3d4e5f6' });
    expect(await out.text()).toBe("[10:30:00 INF] Registering tool 'file_read' v1.0.0 (hash: a1b2c3d4e5f6)\n");
  });

  it('tags each level with three letters', async () => {
    const out = capture({ format: 'pretty' });
    out.logger.debug('d');
    out.logger.info('i');
    out.logger.warn('w');
    out.logger.error('e');
    expect(await out.text()).toBe('[10:30:00 DBG] d\n[10:30:00 INF] i\n[10:30:00 WRN] w\n[10:30:00 ERR] e\n');
  });

  it('pads the clock with zeros', async () => {
    const out = capture({ now: () => new Date(2024, 0, 15, 7, 5, 9) });
    out.logger.info('early');
    expect(await out.text()).toBe('[07:05:09 INF] early\n');
  });

  it('indents continuation lines, so a message cannot forge a line of its own', async () => {
    const out = capture();
    out.logger.error("Failed to register tool 'x\n[10:30:00 INF] all good'\r\n  Error: bad");
    expect(await out.text()).toBe("[10:30:00 ERR] Failed to register tool 'x\n  [10:30:00 INF] all good'\n    Error: bad\n");
  });

  it('escapes terminal control sequences and lone carriage returns', async () => {
    const out = capture();
    out.logger.warn('tool \u001b[2Jgone\rover');
    expect(await out.text()).toBe('[10:30:00 WRN] tool \\x1b[2Jgone\\x0dover\n');
  });
});

describe('createLogger: json format', () => {
  it('writes one object per line with timestamp, level, message and fields', async () => {
    const out = capture({ format: 'json' });
    out.logger.info('Tool registered', { tool_name: 'file_read', version: '1.0.0', schema_size_bytes: 612 });
    out.logger.warn('second\nline');
    expect(await out.json()).toEqual([
      { timestamp: AT_10_30.toISOString(), level: 'info', message: 'Tool registered', fields: { tool_name: 'file_read', version: '1.0.0', schema_size_bytes: 612 } },
      { timestamp: AT_10_30.toISOString(), level: 'warn', message: 'second\nline', fields: {} },
    ]);
  });

  it('keeps fields named like the envelope keys inside fields', async () => {
    const out = capture({ format: 'json' });
    out.logger.info('real', { message: 'forged', level: 'error' });
    expect(await out.json()).toEqual([expect.objectContaining({ message: 'real', level: 'info', fields: { message: 'forged', level: 'error' } })]);
  });
});

describe('createLogger: levels', () => {
  it.each([
    ['debug', ['debug', 'info', 'warn', 'error']],
    ['info', ['info', 'warn', 'error']],
    ['warn', ['warn', 'error']],
    ['warning', ['warn', 'error']],
    ['error', ['error']],
    ['silent', []],
  ] as const)('at %s writes %j', async (level, written) => {
    const out = capture({ format: 'json', level });
    out.logger.debug('debug');
    out.logger.info('info');
    out.logger.warn('warn');
    out.logger.error('error');
    expect((await out.json()).map((line) => line.level)).toEqual(written);
  });

  it('reads level names as users write them', () => {
    expect(parseLogLevel('Debug')).toBe('debug');
    expect(parseLogLevel(' WARNING ')).toBe('warning');
    expect(parseLogLevel('silent')).toBe('silent');
    expect(parseLogLevel('verbose')).toBeUndefined();
    expect(parseLogLevel('')).toBeUndefined();
  });

  it('writes to standard error by default, never standard output', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const stdout = vi.spyOn(process.stdout, 'write');
    createLogger({ level: 'info', now: () => AT_10_30 }).info('to stderr');
    await new Promise((resolve) => setImmediate(resolve));
    expect(stderr).toHaveBeenCalledWith('[10:30:00 INF] to stderr\n');
    expect(stdout).not.toHaveBeenCalled();
  });
});

describe('createLogger: argument values stay out of logs above debug', () => {
  const hostile = {
    tool_name: 'file_read',
    arguments: '{"path":"/home/me/.ssh/id_rsa"}',
    Args: { path: 'secret' },
    value: 'secret',
    error: { path: '/path', actual: 'secret', expected: 'string' },
    errors: [{ code: 'ACODE-TSR-004', ACTUAL: 'secret' }],
  };

  it.each(['info', 'warn', 'error'] as const)('drops arguments, args, value and actual at %s, at any depth and in any case', async (level) => {
    const out = capture({ format: 'json' });
    out.logger[level]('Validation failed', hostile);
    const [line] = await out.json();
    expect(line!.fields).toEqual({
      tool_name: 'file_read',
      error: { path: '/path', expected: 'string' },
      errors: [{ code: 'ACODE-TSR-004' }],
    });
    expect(JSON.stringify(line)).not.toContain('secret');
  });

  it('keeps them at debug for troubleshooting', async () => {
    const out = capture({ format: 'json' });
    out.logger.debug('Validation failed', hostile);
    const [line] = await out.json();
    expect(line!.fields).toEqual(hostile);
  });
});

describe('createLogger: correlation ids', () => {
  it('adds the active correlation id to every line, and none outside an operation', async () => {
    const correlation = new AsyncLocalCorrelationContext();
    const out = capture({ format: 'json', correlation });
    out.logger.info('outside');
    await correlation.run(async () => {
      out.logger.info('inside');
      await new Promise((resolve) => setTimeout(resolve, 1));
      out.logger.error('after await', { tool_name: 't' });
    }, 'abc-123-def');
    expect((await out.json()).map((line) => line.fields)).toEqual([{}, { correlation_id: 'abc-123-def' }, { tool_name: 't', correlation_id: 'abc-123-def' }]);
  });

  it('keeps a correlation id the caller gave explicitly', async () => {
    const correlation = new AsyncLocalCorrelationContext();
    const out = capture({ format: 'json', correlation });
    correlation.run(() => out.logger.info('x', { correlation_id: 'explicit' }), 'ambient');
    expect((await out.json())[0]!.fields).toEqual({ correlation_id: 'explicit' });
  });
});

describe('createLogger: hostile fields', () => {
  it('writes cycles, bigints, errors, functions and deep nesting safely, with no stack trace', async () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic['self'] = cyclic;
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 10_000; i++) deep = deep['next'] = {} as Record<string, unknown>;
    const failure = Object.assign(new TypeError('bad thing'), { code: 'ACODE-TSR-008' });

    const out = capture({ format: 'json' });
    out.logger.error('hostile', { cyclic, big: 10n ** 30n, failure, fn: () => 1, deep: root, nan: Number.NaN, long: 'y'.repeat(10_000) });
    const [line] = await out.json();

    expect(line!.fields['cyclic']).toEqual({ name: 'loop', self: '[Circular]' });
    expect(line!.fields['big']).toBe('1000000000000000000000000000000');
    expect(line!.fields['failure']).toEqual({ message: 'bad thing', code: 'ACODE-TSR-008' });
    expect(line!.fields).not.toHaveProperty('fn');
    expect(line!.fields['nan']).toBe('NaN');
    expect(JSON.stringify(line!.fields['deep'])).toContain('[Truncated]');
    expect((line!.fields['long'] as string).length).toBeLessThan(2100);
    const text = await out.text();
    expect(text).not.toContain('TypeError');
    expect(text).not.toMatch(/\n\s+at /);
  });

  it('survives an object that throws when its keys are read', async () => {
    const trap = new Proxy({}, {
      ownKeys() {
        throw new Error('trap');
      },
    });
    const out = capture({ format: 'json' });
    out.logger.info('proxy', { trap, ok: true });
    expect((await out.json())[0]!.fields).toEqual({ trap: { unreadable: true }, ok: true });
  });

  it('cuts long arrays', async () => {
    const out = capture({ format: 'json' });
    out.logger.info('many', { items: Array.from({ length: 1000 }, (_, i) => i) });
    const items = (await out.json())[0]!.fields['items'] as unknown[];
    expect(items).toHaveLength(101);
    expect(items[100]).toBe('… 900 more');
  });
});
