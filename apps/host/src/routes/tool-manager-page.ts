import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@acode/domain';
import { hostError } from '../http/host-error.js';
import type { HostResponse } from '../http/host-response.js';
import type { HostRoute } from './route.js';

/**
 * The host's page (the live view and the Tool Manager): one HTML file, one script and one style
 * sheet from the package's `ui/` folder (beside `src/` and `dist/`, so the same path serves both),
 * read once and kept in memory. `ui/` is what the build bundles from `page/` (Preact, uPlot):
 * nothing comes from a CDN, so it works offline. The page only talks to this host, which the
 * Content-Security-Policy enforces.
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

function asset(file: string, contentType: string, correlationId: string): HostResponse {
  let text = assets.get(file);
  if (text === undefined) {
    try {
      text = readFileSync(UI_FOLDER + file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // A clone that was not built yet: say what to do rather than fail with a bare 500.
      return hostError(503, "The host's page has not been built: run 'npx -y pnpm@10.34.9 run build' in the repository, then restart the host", correlationId, {
        code: ERROR_CODES.HOST_INTERNAL_ERROR,
      });
    }
    assets.set(file, text);
  }
  return { status: 200, body: text, contentType, headers: SECURITY_HEADERS };
}

const page = (template: string): HostRoute => ({ template, method: 'GET', handle: (request) => asset('index.html', 'text/html; charset=utf-8', request.correlationId) });

/** `GET /`: the page. */
export const toolManagerRootRoute: HostRoute = page('/');

/** `GET /ui`: the same page. */
export const toolManagerPageRoute: HostRoute = page('/ui');

/** `GET /ui/app.js`: the page's script, one bundled ES module. */
export const toolManagerScriptRoute: HostRoute = {
  template: '/ui/app.js',
  method: 'GET',
  handle: (request) => asset('app.js', 'text/javascript; charset=utf-8', request.correlationId),
};

/** `GET /ui/app.css`: the page's style sheet. */
export const toolManagerStyleRoute: HostRoute = {
  template: '/ui/app.css',
  method: 'GET',
  handle: (request) => asset('app.css', 'text/css; charset=utf-8', request.correlationId),
};

/** Every route of the page. */
export const TOOL_MANAGER_ROUTES: readonly HostRoute[] = Object.freeze([toolManagerRootRoute, toolManagerPageRoute, toolManagerScriptRoute, toolManagerStyleRoute]);
