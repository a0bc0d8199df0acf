import { describe, expect, it } from 'vitest';
import { formatBytes, formatInUnit, formatLimit, formatMicros, formatRate, formatRatio } from '../lib/format-figures.mjs';

const NOT_FIGURES = [undefined, null, Number.NaN, Number.POSITIVE_INFINITY, '12', {}, 10n];

describe('format-figures', () => {
  it('writes rates as whole numbers with thousands separators', () => {
    expect(formatRate(1_234_567.4)).toBe('1,234,567');
    expect(formatRate(0.6)).toBe('1');
  });

  it('keeps about three significant digits of microseconds', () => {
    expect(formatMicros(0.41234)).toBe('0.412');
    expect(formatMicros(3.2749)).toBe('3.27');
    expect(formatMicros(41.94)).toBe('41.9');
    expect(formatMicros(1204.4)).toBe('1,204');
  });

  it('writes ratios with a multiplication sign', () => {
    expect(formatRatio(0.854)).toBe('0.85×');
    expect(formatRatio(3.2)).toBe('3.20×');
    expect(formatRatio(41.26)).toBe('41.3×');
    expect(formatRatio(1537.8)).toBe('1,538×');
  });

  it('writes bytes in the largest binary unit below the value', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(3 * 1024 ** 2)).toBe('3.0 MiB');
    expect(formatBytes(24 * 1024 ** 3)).toBe('24.0 GiB');
  });

  it('switches microseconds to milliseconds from 1,000 µs on', () => {
    expect(formatInUnit(999, 'µs')).toBe('999 µs');
    expect(formatInUnit(2500, 'µs')).toBe('2.50 ms');
    expect(formatInUnit(51_200, 'bytes')).toBe('50.0 KiB');
  });

  it('writes limits as the documents do', () => {
    expect(formatLimit(10_000, 'µs')).toBe('10 ms');
    expect(formatLimit(1_000, 'µs')).toBe('1 ms');
    expect(formatLimit(100, 'µs')).toBe('100 µs');
    expect(formatLimit(50 * 1024, 'bytes')).toBe('50 KiB');
  });

  it.each(NOT_FIGURES)('prints a dash, never NaN or undefined, for %s', (value) => {
    for (const format of [formatRate, formatMicros, formatRatio, formatBytes]) expect(format(value)).toBe('—');
    expect(formatInUnit(value, 'µs')).toBe('—');
    expect(formatLimit(/** @type {any} */ (value), 'bytes')).toBe('—');
  });
});
