import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HostResponse } from '../http/host-response.js';
import type { HostRoute } from './route.js';

/**
 * The Tool Manager page (issue 16 item 5): one HTML file, one script and one style sheet from the
 * package's `ui/` folder (beside `src/` and `dist/`, so the same path serves both), read once
 * and kept in memory. No CDN, no build step: it works offline. The page only talks to this host
 * (`/v1/definitions`, `/v1/events`), which the Content-Security-Policy enforces.
 */
const UI_FOLDER = fileURLToPath(new URL('../../ui/', import.meta.url));

/** Same-origin only, no inline script or style, no framing, no plugins. */
export const TOOL_MANAGER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': TOOL_MANAGER_CSP,
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
});

const assets = new Map<string, string>();

function asset(file: string, contentType: string): HostResponse {
  let text = assets.get(file);
  if (text === undefined) {
    text = readFileSync(UI_FOLDER + file, 'utf8');
    assets.set(file, text);
  }
  return { status: 200, body: text, contentType, headers: SECURITY_HEADERS };
}

const page = (template: string): HostRoute => ({ template, method: 'GET', handle: () => asset('index.html', 'text/html; charset=utf-8') });

/** `GET /`: the Tool Manager page. */
export const toolManagerRootRoute: HostRoute = page('/');

/** `GET /ui`: the same page. */
export const toolManagerPageRoute: HostRoute = page('/ui');

/** `GET /ui/app.js`: the page's script (plain JavaScript, no framework). */
export const toolManagerScriptRoute: HostRoute = {
  template: '/ui/app.js',
  method: 'GET',
  handle: () => asset('app.js', 'text/javascript; charset=utf-8'),
};

/** `GET /ui/app.css`: the page's style sheet. */
export const toolManagerStyleRoute: HostRoute = {
  template: '/ui/app.css',
  method: 'GET',
  handle: () => asset('app.css', 'text/css; charset=utf-8'),
};

/** Every route of the page. */
export const TOOL_MANAGER_ROUTES: readonly HostRoute[] = Object.freeze([toolManagerRootRoute, toolManagerPageRoute, toolManagerScriptRoute, toolManagerStyleRoute]);
