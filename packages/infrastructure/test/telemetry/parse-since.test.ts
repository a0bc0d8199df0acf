import { ERROR_CODES } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { parseIsoInstant, parseSince } from '../../src/telemetry/index.js';

const NOW = new Date('2025-01-15T12:00:00.000Z');

describe('parseSince', () => {
  it.each([
    ['24h', '2025-01-14T12:00:00.000Z'],
    ['7d', '2025-01-08T12:00:00.000Z'],
    ['30m', '2025-01-15T11:30:00.000Z'],
    ['90s', '2025-01-15T11:58:30.000Z'],
    ['2w', '2025-01-01T12:00:00.000Z'],
    [' 1h ', '2025-01-15T11:00:00.000Z'],
  ])('reads the duration %j back from now', (text, expected) => {
    expect(parseSince(text, NOW)).toEqual({ ok: true, since: expected });
  });

  it.each([
    ['2025-01-10', '2025-01-10T00:00:00.000Z'],
    ['2025-01-10T08:30', '2025-01-10T08:30:00.000Z'],
    ['2025-01-10T08:30:15Z', '2025-01-10T08:30:15.000Z'],
    ['2025-01-10T08:30:15.5Z', '2025-01-10T08:30:15.500Z'],
    ['2025-01-10T08:30:15.123456789Z', '2025-01-10T08:30:15.123Z'],
    ['2025-01-10T08:30:00+02:00', '2025-01-10T06:30:00.000Z'],
    ['2025-01-10T00:30:00-01:30', '2025-01-10T02:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
  ])('reads the date %j as UTC unless it has an offset', (text, expected) => {
    expect(parseSince(text, NOW)).toEqual({ ok: true, since: expected });
  });

  it.each([
    '',
    '   ',
    '24',
    'h',
    '0h',
    '-1d',
    '1.5h',
    '24 h',
    // Further back than a date can be written.
    '999999w',
    '200000w',
    '24H',
    '1y',
    '1234567h',
    'yesterday',
    '2025-02-30',
    '2025-02-29',
    '2025-13-01',
    '2025-01-15T24:00:00Z',
    '2025-01-15T10:60Z',
    '2025-01-15T10:00:00+24:00',
    '2025-1-5',
    'Jan 5 2025',
    '1736942400000',
    '24h; DROP TABLE tool_calls',
  ])('refuses %j with ACODE-CLI-001 naming the accepted forms', (text) => {
    const result = parseSince(text, NOW);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(ERROR_CODES.CLI_USAGE);
    expect(result.error.message).toBe(
      `--since ${JSON.stringify(text)} is not a duration or a date: use a whole number with s, m, h, d or w (24h, 7d, 30m) or an ISO 8601 date (2025-01-15, 2025-01-15T14:00:00Z).`,
    );
  });

  it('refuses a 1 MB value with a bounded message', () => {
    const huge = `${'9'.repeat(1_000_000)}h`;
    const result = parseSince(huge, NOW);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message.length).toBeLessThan(300);
  });
});

describe('parseIsoInstant', () => {
  it('returns undefined for text that is not a strict ISO instant', () => {
    expect(parseIsoInstant('2025-01-15T14:23:47.123Z')).toBe('2025-01-15T14:23:47.123Z');
    expect(parseIsoInstant('2025-01-15 14:23:47Z')).toBe('2025-01-15T14:23:47.000Z');
    expect(parseIsoInstant('2025-01-15T14:23:47.123Zjunk')).toBeUndefined();
    expect(parseIsoInstant(`2025-01-15T14:23:47.${'1'.repeat(100)}Z`)).toBeUndefined();
  });
});
