import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ILogger } from '@acode/application';
import type { AcodeConfig } from '@acode/infrastructure/config';
import type { ProviderSettings } from '@acode/infrastructure/model-clients';
import { describeUpstream } from './upstream-description.js';

/** The routes whose tool calls the gateway checks and repairs, each with the client dialect it speaks. */
export const GATEWAY_CHAT_ROUTES = Object.freeze([
  { path: '/v1/chat/completions', dialect: 'OpenAI Chat Completions' },
  { path: '/api/chat', dialect: 'Ollama' },
  { path: '/v1/messages', dialect: 'Anthropic Messages' },
  { path: '/v1/responses', dialect: 'OpenAI Responses' },
] as const);

/** What the start-up lines describe. */
export interface StartupFacts {
  readonly config: AcodeConfig;
  /** The file the host reads and watches for the project (`config set` writes there too), whether it exists or not. */
  readonly projectFile: string;
  /** Given with `--config`, rather than found from the working directory. */
  readonly explicitFile: boolean;
  readonly upstream: ProviderSettings;
  /** `http://127.0.0.1:7420`, as the listening line says it. */
  readonly url: string;
  /** The bound address: for `0.0.0.0` or `::` the page is shown on loopback, which a browser can open. */
  readonly address: string;
}

/**
 * Logs, after the listening line, what a new user needs to know first: which project's
 * configuration the host reads (and whether the file exists), where the gateway forwards,
 * the gateway's routes, and the page's address.
 */
export function logStartupLines(logger: ILogger, facts: StartupFacts): void {
  const { projectFile } = facts;
  const exists = existsSync(projectFile);
  const directory = dirname(dirname(projectFile));
  const project = facts.explicitFile
    ? `Configuration file ${projectFile}${exists ? '' : ' (not found)'}`
    : exists
      ? `Project directory ${directory}: reads ${projectFile}`
      : `Project directory ${directory}: no .agent/config.yml there, defaults apply ('acode config set KEY VALUE' creates one)`;
  logger.info(project, { event: 'HostProject', project_dir: directory, config_file: projectFile, config_exists: exists });

  const upstream = facts.config.gateway.upstream;
  logger.info(`Gateway upstream: ${describeUpstream(facts.upstream, 'provider' in upstream ? upstream.provider : undefined)} (set gateway.upstream to change it)`, {
    event: 'HostUpstream',
    upstream_type: facts.upstream.type,
  });

  const routes = GATEWAY_CHAT_ROUTES.map((route) => `${route.path} (${route.dialect})`).join(', ');
  logger.info(`Gateway routes at ${facts.url}: POST ${routes}`, { event: 'HostGatewayRoutes', routes: GATEWAY_CHAT_ROUTES.map((route) => route.path) });

  const page = `${pageOrigin(facts.url, facts.address)}/`;
  logger.info(`Host page: ${page}`, { event: 'HostPage', url: page });
}

/** The origin a browser on this machine opens: an unspecified bind address is reached on loopback. */
function pageOrigin(url: string, address: string): string {
  if (address === '0.0.0.0') return url.replace('//0.0.0.0:', '//127.0.0.1:');
  if (address === '::') return url.replace('//[::]:', '//[::1]:');
  return url;
}
