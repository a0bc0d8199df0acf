import {
  AcodeException,
  TOKENS,
  type IToolCatalog,
  type IToolExecutor,
  type ICorrelationContext,
  type ILogger,
  type IMetrics,
  type ITelemetryStore,
  type IToolSchemaRegistry,
  type RegistrationReport,
  type ToolRegistrationService,
  type ToolRegistryOptions,
} from '@acode/application';
import { registerAcodeServices, container as rootContainer } from '@acode/composition';
import type { AddressInfo } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { configFileToEdit, loadConfig, USER_CONFIG_PATH, type GatewaySettings } from '@acode/infrastructure/config';
import { createHostExecution, type ExecutionUnavailable } from './execution/host-execution.js';
import { requireGatewayAuthBeyondLoopback } from './gateway/gateway-guard.js';
import { gatewayFromConfig } from './gateway/host-gateway.js';
import { createConfigReloader, type ReloadOutcome, type ReloadTrigger } from './settings/config-reloader.js';
import { logStartupLines } from './settings/startup-lines.js';
import { switchableGateway } from './settings/switchable-gateway.js';
import { describeUpstream } from './settings/upstream-description.js';
import { watchConfigFiles } from './settings/watch-config-files.js';
import { lazyTelemetryStore } from './gateway/lazy-telemetry-store.js';
import { createGatewayLive } from './live/gateway-live.js';
import { batchedTelemetryStore, resolveTelemetryPath } from '@acode/infrastructure/telemetry';
import { composeDefinitions } from './definitions/compose-definitions.js';
import { hostAccessFromConfig } from './http/access-policy.js';
import { createHostServer, type HostServer, type HostTimeouts } from './host-server.js';
import type { HostOptions } from './host-options.js';

/** Everything the host needs to start, beyond its command-line options. */
export interface StartHostOptions extends HostOptions {
  /** Where `.agent/config.yml` is searched from. */
  readonly cwd: string;
  /** Home directory for `~/.acode/config.yml`; the user's by default. */
  readonly homeDir?: string;
  /** Where log lines go; standard error by default. */
  readonly logStream?: NodeJS.WritableStream;
  readonly timeouts?: Partial<HostTimeouts>;
  /** Reload the configuration when its files change (true by default); `reloadConfig` works either way. */
  readonly watchConfig?: boolean;
}

/** A started host. */
export interface RunningHost {
  /** The bound address; the port is the real one when 0 was asked for. */
  readonly address: AddressInfo;
  /** `http://127.0.0.1:7420`, as logged. */
  readonly url: string;
  /** What startup registration did. */
  readonly report: RegistrationReport;
  readonly server: HostServer;
  /**
   * Reads the configuration files again and applies what changed that a running host can apply
   * (the gateway's upstream, model map, retries, limits); logs one line naming what was applied
   * and what needs a restart. The host calls it itself when the files change, and on `SIGHUP`.
   * Once `stop` was called it reads nothing and returns `{ kind: 'stopped' }`.
   */
  reloadConfig(trigger: ReloadTrigger): ReloadOutcome;
  /** Drains and stops the server, logging why. */
  stop(reason: string): Promise<void>;
}

/**
 * Starts the host: composes the services into a child container, runs the startup
 * registration (000 scenario 1's log lines), then listens. Listening only after registration
 * means a client never sees a half-filled registry. Once listening it logs the project, the
 * upstream, the gateway's routes and the page's address, and watches the configuration files:
 * a change is applied by `reloadConfig` (see `settings/`).
 *
 * Throws `ConfigurationException` (ACODE-CFG-00x) for a bad configuration (a non-loopback
 * address without `gateway.auth_token_env` included) and an
 * `AcodeException` with ACODE-HST-002 when the address cannot be bound.
 */
export async function startHost(options: StartHostOptions): Promise<RunningHost> {
  const container = rootContainer.createChildContainer();
  const { config } = registerAcodeServices(container, {
    cwd: options.cwd,
    logLevel: options.logLevel,
    logFormat: options.logFormat,
    ...(options.configPath === undefined ? {} : { configPath: options.configPath }),
    ...(options.homeDir === undefined ? {} : { homeDir: options.homeDir }),
    ...(options.logStream === undefined ? {} : { logStream: options.logStream }),
  });
  const logger = container.resolve<ILogger>(TOKENS.Logger);
  for (const warning of config.warnings) {
    logger.warn(`[${warning.code}] ${warning.file}: ${warning.key}: ${warning.message}`, { event: 'ConfigWarning', code: warning.code });
  }

  // Checked before registration: a bad `gateway.upstream`, a missing token, or a non-loopback
  // address without `gateway.auth_token_env`, stops the host with its ACODE-CFG error.
  requireGatewayAuthBeyondLoopback(options.address, config.gateway);
  // The project's `.agent/acode.db`, opened by the first gateway call recorded (not at startup).
  // Rows are written in batches, off the gateway's request path (one fsync per batch, not per call).
  // The live view hears of each call as it is recorded (the same rows, also pushed to its event streams).
  const live = createGatewayLive(lazyTelemetryStore(() => batchedTelemetryStore(container.resolve<ITelemetryStore>(TOKENS.TelemetryStore), { logger }), logger));
  const telemetry = live.store;
  const metrics = container.resolve<IMetrics>(TOKENS.Metrics);
  const initialGateway = gatewayFromConfig(config, process.env, logger, metrics, telemetry);
  // The server keeps this one gateway; a reload swaps the one behind it (see settings/).
  const gateway = switchableGateway(initialGateway);
  let gatewayParts = initialGateway.parts;
  const homeDir = options.homeDir ?? homedir();
  const projectFile = configFileToEdit(options.cwd, options.configPath);
  const reloader = createConfigReloader({
    initial: config,
    load: () => loadConfig({ cwd: options.cwd, homeDir, ...(options.configPath === undefined ? {} : { configPath: options.configPath }) }),
    apply(next, applied) {
      // Built whole before the swap: a bad upstream leaves the running gateway as it was.
      const rebuilt = gatewayFromConfig(next, process.env, logger, metrics, telemetry, gatewayParts);
      gateway.swap(rebuilt);
      gatewayParts = rebuilt.parts;
      const upstream = next.gateway.upstream;
      const upstreamChanged = applied.some((key) => key.startsWith('gateway.upstream') || ('provider' in upstream && key.startsWith(`model.providers.${upstream.provider}.`)));
      return upstreamChanged ? `upstream now ${describeUpstream(rebuilt.upstreamSettings, 'provider' in upstream ? upstream.provider : undefined)}` : undefined;
    },
    // The gateway uses one provider's settings, its upstream's: another's change rebuilds nothing.
    unused: (key, next) => otherProvidersKey(key, next.gateway.upstream),
    logger,
  });
  // Stored definitions (issue 16): the composition registers them at startup; these are the live routes' parts.
  const definitions = composeDefinitions({
    databaseFile: resolveTelemetryPath({ cwd: options.cwd }),
    config,
    logger,
    metrics,
  });
  // One token and one access rule for every route: the gateway's, the definitions', the execution routes'.
  const access = hostAccessFromConfig(config.gateway, process.env);
  const report = await container.resolve<ToolRegistrationService>(TOKENS.ToolRegistrationService).start();
  const registry = container.resolve<IToolSchemaRegistry>(TOKENS.ToolSchemaRegistry);
  const server = createHostServer({
    registry,
    definitions: definitions.complete(registry),
    logger,
    correlation: container.resolve<ICorrelationContext>(TOKENS.CorrelationContext),
    metrics: container.resolve<IMetrics>(TOKENS.Metrics),
    limits: container.resolve<ToolRegistryOptions>(TOKENS.ToolRegistryOptions).limits,
    ...(options.timeouts === undefined ? {} : { timeouts: options.timeouts }),
    gateway,
    access,
    live,
    execution: createHostExecution({
      catalog: () => container.resolve<IToolCatalog>(TOKENS.ToolCatalog),
      executor: () => container.resolve<IToolExecutor>(TOKENS.ToolExecutor),
      unavailable: executionUnavailable,
    }),
  });
  const address = await server.listen(options.port, options.address);
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  logger.info(`Acode host listening on ${url}`, { event: 'HostListening', address: address.address, port: address.port });
  logStartupLines(logger, { config, projectFile, explicitFile: options.configPath !== undefined, upstream: initialGateway.upstreamSettings, url, address: address.address });
  // Watched only once listening. A change saved between the first reading and this watch would
  // go unseen, so the files are read once more now (a debug line when nothing changed).
  let stopped = false;
  const watch = options.watchConfig === false ? undefined : watchConfigFiles([join(homeDir, USER_CONFIG_PATH), projectFile], () => reloader.reload('file changed'));
  if (watch !== undefined) reloader.reload('file changed');

  return {
    address,
    url,
    report,
    server,
    // A stopped host has nothing to apply settings to.
    reloadConfig: (trigger) => (stopped ? { kind: 'stopped' } : reloader.reload(trigger)),
    async stop(reason) {
      stopped = true;
      watch?.close();
      logger.info(`Acode host stopping (${reason}); draining ${server.inFlight} in-flight request(s)`, {
        event: 'HostStopping',
        in_flight: server.inFlight,
      });
      // Open event streams end first: they would hold the drain until its timeout.
      live.close();
      await server.close();
      telemetry.close();
      definitions.store.close();
      logger.info('Acode host stopped', { event: 'HostStopped' });
    },
  };
}

/** Whether `key` is a setting of a provider other than the gateway's upstream (`model.providers.<other>.…`). */
function otherProvidersKey(key: string, upstream: GatewaySettings['upstream']): boolean {
  const [section, providers, provider] = key.split('.');
  if (section !== 'model' || providers !== 'providers' || provider === undefined) return false;
  return !('provider' in upstream) || upstream.provider !== provider;
}

/** The container throws ACODE-TBD-010 (no registry) or ACODE-TEX-001 (no store): a 503 with that code. Anything else is a bug. */
function executionUnavailable(error: unknown): ExecutionUnavailable {
  if (error instanceof AcodeException) return { code: error.code, message: error.message };
  throw error;
}
