// @ts-check
/**
 * The bench's HTTP client: one `POST` with a JSON body over `node:http`, timed from the moment
 * the request is handed to `http.request` (the same client code for both sides, so its own cost
 * cancels out of the difference).
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { contentEventScanner } from './sse-content.mjs';

/**
 * A keep-alive agent, one per side, so a side's requests reuse its own connections (as an SDK
 * client does).
 *
 * @param {number} maxSockets
 * @returns {Agent}
 */
export function keepAliveAgent(maxSockets) {
  return new Agent({ keepAlive: true, maxSockets });
}

/**
 * An agent that keeps no connection: hanging up on a request closes its socket.
 *
 * @returns {Agent}
 */
export function closingAgent() {
  return new Agent({ keepAlive: false });
}

/**
 * @typedef {object} Exchange
 * @property {number} status
 * @property {number} totalMs Request handed over to the last byte of the body.
 * @property {number | undefined} firstContentMs Request handed over to the chunk completing the first content event (streams only).
 * @property {string} body The whole response body.
 */

/**
 * Sends one request and reads the whole answer.
 *
 * @param {string} url
 * @param {string} body
 * @param {Agent} agent
 * @param {{ stream?: boolean, isContent?: import('./sse-content.mjs').ContentTest }} [options] `stream`: watch for the first
 *   content event of an SSE body, as `isContent` tells it (OpenAI chat's unless told).
 * @returns {Promise<Exchange>}
 */
export function exchange(url, body, agent, options = {}) {
  return new Promise((resolve, reject) => {
    const scan = options.stream ? contentEventScanner(options.isContent) : undefined;
    /** @type {number | undefined} */
    let firstContentMs;
    const started = performance.now();
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.setEncoding('utf8');
      let text = '';
      res.on('data', (/** @type {string} */ chunk) => {
        if (scan !== undefined && firstContentMs === undefined && scan(chunk)) firstContentMs = performance.now() - started;
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, totalMs: performance.now() - started, firstContentMs, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Opens a request and leaves it open: the caller hangs up with `destroy()`. Its agent does not
 * keep connections, so hanging up closes the socket.
 *
 * @param {string} url
 * @param {string} body
 * @param {Agent} agent
 * @returns {{ destroy(): void }}
 */
export function openRequest(url, body, agent) {
  const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
    res.resume();
    res.on('error', () => undefined);
  });
  req.on('error', () => undefined);
  req.end(body);
  return { destroy: () => void req.destroy() };
}
