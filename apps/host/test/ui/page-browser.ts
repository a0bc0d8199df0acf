import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ensureChromium } from './ensure-chromium.js';

// What the page's browser tests share: Debian's chromium driven by playwright-core (installed by
// the set-up where apt can), axe-core injected through the DevTools protocol (the page's CSP
// rightly refuses an inline script), and keyboard navigation. Where no browser can be had the
// tests are skipped with the reason printed, never silently.

const require = createRequire(import.meta.url);
/** `ACODE_CHROMIUM` names another browser binary (it alone is then tried). */
const BROWSER_PATHS = process.env['ACODE_CHROMIUM'] ? [process.env['ACODE_CHROMIUM']] : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

type Playwright = typeof import('playwright-core');
export type Browser = import('playwright-core').Browser;
export type Page = import('playwright-core').Page;

export interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly nodes: string[];
}

function findBrowser(): { executablePath: string; playwright: Playwright; axeSource: string } | { reason: string } {
  const setUp = process.env['ACODE_CHROMIUM'] ? { installed: false } : ensureChromium(BROWSER_PATHS);
  const executablePath = BROWSER_PATHS.find((path) => existsSync(path));
  if (executablePath === undefined) {
    return { reason: `no chromium at ${BROWSER_PATHS.join(', ')}${setUp.note === undefined ? '' : `: ${setUp.note}`} (install it with: apt-get install -y chromium)` };
  }
  try {
    const playwright = require('playwright-core') as Playwright;
    const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
    return { executablePath, playwright, axeSource };
  } catch (error) {
    return { reason: `playwright-core or axe-core is not installed (${error instanceof Error ? error.message : String(error)})` };
  }
}

/** The browser, launched once per test file; `reason` says why there is none. */
export async function launchBrowser(): Promise<{ browser?: Browser; axeSource?: string; reason?: string }> {
  const found = findBrowser();
  if ('reason' in found) return { reason: found.reason };
  try {
    const browser = await found.playwright.chromium.launch({ executablePath: found.executablePath, args: ['--no-sandbox'], headless: true });
    return { browser, axeSource: found.axeSource };
  } catch (error) {
    return { reason: `${found.executablePath} does not start (${error instanceof Error ? error.message.split('\n')[0] : String(error)})` };
  }
}

/** Runs axe-core (WCAG 2.1 A/AA and best practices) on the page as it is now; returns the violations. */
export async function axeViolations(page: Page, axeSource: string): Promise<Violation[]> {
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.evaluate(axeSource);
  return (await page.evaluate(`axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    }).then((result) => result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => JSON.stringify(node.target)),
    })))`)) as Violation[];
}

/** Presses Tab until the focused element matches `selector`: navigation by keyboard, as a user would. */
export async function tabTo(page: Page, selector: string, maxPresses = 150): Promise<void> {
  for (let press = 0; press < maxPresses; press++) {
    if (await page.evaluate((sel) => (globalThis as unknown as { document: { activeElement: { matches(s: string): boolean } | null } }).document.activeElement?.matches(sel) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** The focused element's id. */
export async function focusedId(page: Page): Promise<string> {
  return (await page.evaluate('document.activeElement ? document.activeElement.id : ""')) as string;
}

/** Whether the page scrolls sideways (wider content than its viewport). */
export async function overflowsSideways(page: Page): Promise<boolean> {
  return (await page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth')) as boolean;
}
