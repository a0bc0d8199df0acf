// @ts-check
/**
 * Number formatting for the report. Every formatter answers `—` for a missing or non-finite
 * figure instead of printing `NaN` or `undefined`.
 */

const MISSING = '—';

/**
 * @param {unknown} value
 * @returns {value is number}
 */
function isFigure(value) {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Whole operations per second with thousands separators: `1,234,567`.
 *
 * @param {unknown} value
 * @returns {string}
 */
export function formatRate(value) {
  return isFigure(value) ? Math.round(value).toLocaleString('en-US') : MISSING;
}

/**
 * Microseconds with about three significant digits: `0.412`, `3.27`, `41.9`, `1,204`.
 *
 * @param {unknown} value
 * @returns {string}
 */
export function formatMicros(value) {
  if (!isFigure(value)) return MISSING;
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return Math.round(value).toLocaleString('en-US');
  if (magnitude >= 10) return value.toFixed(1);
  if (magnitude >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

/**
 * A cost ratio: `0.85×`, `3.20×`, `41.3×`, `1,538×`.
 *
 * @param {unknown} value
 * @returns {string}
 */
export function formatRatio(value) {
  if (!isFigure(value)) return MISSING;
  if (value >= 100) return `${Math.round(value).toLocaleString('en-US')}×`;
  return `${value >= 10 ? value.toFixed(1) : value.toFixed(2)}×`;
}

/**
 * Bytes as KiB with one decimal: `3.4 KiB`; below 1 KiB in bytes.
 *
 * @param {unknown} value
 * @returns {string}
 */
export function formatBytes(value) {
  if (!isFigure(value)) return MISSING;
  if (Math.abs(value) < 1024) return `${Math.round(value)} B`;
  if (Math.abs(value) < 1024 ** 2) return `${(value / 1024).toFixed(1)} KiB`;
  if (Math.abs(value) < 1024 ** 3) return `${(value / 1024 ** 2).toFixed(1)} MiB`;
  return `${(value / 1024 ** 3).toFixed(1)} GiB`;
}

/**
 * A figure in a budget's unit, switching microseconds to milliseconds from 1,000 µs on.
 *
 * @param {unknown} value
 * @param {'µs' | 'bytes'} unit
 * @returns {string}
 */
export function formatInUnit(value, unit) {
  if (!isFigure(value)) return MISSING;
  if (unit === 'bytes') return formatBytes(value);
  return Math.abs(value) >= 1000 ? `${formatMicros(value / 1000)} ms` : `${formatMicros(value)} µs`;
}

/**
 * A budget's limit as the documents write it: `10 ms`, `100 µs`, `50 KiB`.
 *
 * @param {number} limit
 * @param {'µs' | 'bytes'} unit
 * @returns {string}
 */
export function formatLimit(limit, unit) {
  if (!isFigure(limit)) return MISSING;
  if (unit === 'bytes') return limit >= 1024 ? `${limit / 1024} KiB` : `${limit} B`;
  return limit >= 1000 ? `${limit / 1000} ms` : `${limit} µs`;
}
