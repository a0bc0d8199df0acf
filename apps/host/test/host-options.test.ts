import { describe, expect, it } from 'vitest';
import { parseHostOptions } from '../src/host-options.js';

describe('parseHostOptions', () => {
  it('defaults to loopback port 7420 at info level', () => {
    expect(parseHostOptions([], {})).toEqual({
      ok: true,
      help: false,
      options: { port: 7420, address: '127.0.0.1', logLevel: 'info', logFormat: 'pretty' },
    });
  });

  it('reads every flag in both spellings', () => {
    const result = parseHostOptions(
      ['--port', '0', '--host=::1', '--config', 'x.yml', '--log-level=debug', '--log-format', 'json'],
      {},
    );
    expect(result).toEqual({
      ok: true,
      help: false,
      options: { port: 0, address: '::1', configPath: 'x.yml', logLevel: 'debug', logFormat: 'json' },
    });
  });

  it('takes port and address from the environment, flags winning', () => {
    const env = { ACODE_HOST_PORT: '9000', ACODE_HOST_ADDRESS: '0.0.0.0' };
    expect(parseHostOptions([], env)).toMatchObject({ ok: true, options: { port: 9000, address: '0.0.0.0' } });
    expect(parseHostOptions(['--port', '9001'], env)).toMatchObject({ ok: true, options: { port: 9001, address: '0.0.0.0' } });
  });

  it('asks for help', () => {
    expect(parseHostOptions(['--port', '1', '-h'], {})).toEqual({ ok: true, help: true });
  });

  it.each([
    [['--port', '65536'], /--port must be an integer from 0 to 65535, got '65536'/],
    [['--port', '-1'], /--port needs a value|--port must be an integer/],
    [['--port', '80.5'], /--port must be an integer/],
    [['--port', '1e3'], /--port must be an integer/],
    [['--port'], /Option '--port' needs a value/],
    [['--port', '--host', '::1'], /Option '--port' needs a value/],
    [['--port=', '1'], /Option '--port' needs a value/],
    [['--verbose'], /Unknown option '--verbose'/],
    [['serve'], /Unexpected argument 'serve'/],
    [['--port', '1', '--port', '2'], /given more than once/],
    [['--host', 'example.com'], /Address 'example.com' is not an IP address or 'localhost'/],
    [['--log-level', 'trace'], /--log-level must be one of debug, info, warn, error, silent, got 'trace'/],
    [['--log-format', 'xml'], /--log-format must be one of pretty, json/],
  ])('refuses %j with a precise message', (argv, message) => {
    const result = parseHostOptions(argv, {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('refuses a bad port from the environment and names the variable', () => {
    const result = parseHostOptions([], { ACODE_HOST_PORT: 'http' });
    expect(result).toEqual({ ok: false, message: "ACODE_HOST_PORT must be an integer from 0 to 65535, got 'http'" });
  });

  it('cuts a hostile value in the message', () => {
    const result = parseHostOptions(['--port', '9'.repeat(10_000)], {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message.length).toBeLessThan(120);
  });
});
