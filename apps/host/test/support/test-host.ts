import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import {
  TOKENS,
  type ICorrelationContext,
  type ILogger,
  type IMetrics,
  type ITelemetryStore,
  type IToolSchemaRegistry,
  type ToolRegistrationService,
  type ToolRegistryOptions,
} from '@acode/application';
import type { RegistryLimits, ToolDefinition } from '@acode/domain';
import { container, registerAcodeServices } from '@acode/composition';
import { gatewayFromConfig } from '../../src/gateway/host-gateway.js';
import { lazyTelemetryStore } from '../../src/gateway/lazy-telemetry-store.js';
import { createGatewayLive } from '../../src/live/gateway-live.js';
import { composeDefinitions } from '../../src/definitions/compose-definitions.js';
import { batchedTelemetryStore } from '@acode/infrastructure/telemetry';
import { createHostServer, type HostServer, type HostTimeouts } from '../../src/host-server.js';
import { hostAccessFromConfig } from '../../src/http/access-policy.js';

/** Two versions of one tool, with an alias, a default and an enum: enough to exercise every route. */
export const WEATHER_V1: ToolDefinition = {
  name: 'weather_lookup',
  description: 'Looks up the weather for a city.',
  version: '1.0.0',
  category: 'network',
  aliases: ['get_weather'],
  parameters: {
    type: 'object',
    properties: {
      city: { type: 'string', minLength: 1, maxLength: 100, description: 'City name' },
      units: { type: 'string', enum: ['metric', 'imperial'], default: 'metric' },
    },
    required: ['city'],
    additionalProperties: false,
  },
};

export const WEATHER_V2: ToolDefinition = {
  ...WEATHER_V1,
  version: '2.0.0',
  parameters: {
    type: 'object',
    properties: {
      city: { type: 'string', minLength: 1, maxLength: 100, description: 'City name' },
      units: { type: 'string', enum: ['metric', 'imperial'], default: 'metric' },
      days: { type: 'integer', minimum: 1, maximum: 7, default: 1 },
    },
    required: ['city'],
    additionalProperties: false,
  },
};

/** A tool whose arguments must never be echoed. */
export const SECRET_STORE: ToolDefinition = {
  name: 'secret_store',
  description: 'Stores a secret.',
  version: '1.0.0',
  category: 'system',
  metadata: { sensitive: true },
  parameters: {
    type: 'object',
    properties: { secret: { type: 'string', maxLength: 8 } },
    required: ['secret'],
    additionalProperties: false,
  },
};

export interface TestHost {
  readonly baseUrl: string;
  readonly port: number;
  readonly registry: IToolSchemaRegistry;
  readonly server: HostServer;
  readonly limits: RegistryLimits;
  /** The project directory; its `.agent/acode.db` holds the gateway's telemetry once a call is recorded. */
  readonly dir: string;
  /** Everything logged so far. */
  logs(): string;
  close(): Promise<void>;
}

/**
 * A real host on 127.0.0.1, port 0: the real container from `registerAcodeServices` (with an
 * empty home and project directory so no user configuration leaks in), startup registration,
 * plus the test tools above.
 */
export async function startTestHost(
  options: {
    timeouts?: Partial<HostTimeouts>;
    config?: string;
    /** Serve the gateway's routes, configured by `config`'s `gateway:` section. */
    gateway?: boolean;
    /** Environment the gateway reads `api_key_env` from; empty by default. */
    env?: Readonly<Record<string, string | undefined>>;
    /** Longest silence of a `GET /v1/events` stream (ms); 15 s by default. */
    eventKeepAliveMs?: number;
    /** A project directory to start in (a restart): kept on close. A new temporary one by default, removed on close. */
    dir?: string;
  } = {},
): Promise<TestHost> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'acode-host-test-'));
  if (options.config !== undefined) {
    mkdirSync(join(dir, '.agent'));
    writeFileSync(join(dir, '.agent', 'config.yml'), options.config);
  }
  const logStream = new PassThrough();
  let logText = '';
  logStream.on('data', (chunk: Buffer) => (logText += chunk.toString('utf8')));

  const child = container.createChildContainer();
  const { config } = registerAcodeServices(child, { cwd: dir, homeDir: dir, logLevel: 'debug', logFormat: 'json', logStream });
  // As the host composes it (the composition registers the stored definitions at startup).
  const definitions = composeDefinitions({
    databaseFile: join(dir, '.agent', 'acode.db'),
    config,
    logger: child.resolve<ILogger>(TOKENS.Logger),
    metrics: child.resolve<IMetrics>(TOKENS.Metrics),
    ...(options.eventKeepAliveMs === undefined ? {} : { keepAliveMs: options.eventKeepAliveMs }),
  });
  await child.resolve<ToolRegistrationService>(TOKENS.ToolRegistrationService).start();
  const registry = child.resolve<IToolSchemaRegistry>(TOKENS.ToolSchemaRegistry);
  for (const definition of [WEATHER_V1, WEATHER_V2, SECRET_STORE]) registry.registerTool(definition);
  const limits = child.resolve<ToolRegistryOptions>(TOKENS.ToolRegistryOptions).limits;
  // As the host composes it: the project's database, opened by the first gateway call recorded.
  // The live view's side of it: the rows recorded also go to its event streams.
  const live = createGatewayLive(
    lazyTelemetryStore(() => batchedTelemetryStore(child.resolve<ITelemetryStore>(TOKENS.TelemetryStore), { logger: child.resolve<ILogger>(TOKENS.Logger), flushMs: 50 }), child.resolve<ILogger>(TOKENS.Logger)),
    options.eventKeepAliveMs === undefined ? {} : { keepAliveMs: options.eventKeepAliveMs },
  );
  const telemetry = live.store;

  const server = createHostServer({
    registry,
    logger: child.resolve<ILogger>(TOKENS.Logger),
    correlation: child.resolve<ICorrelationContext>(TOKENS.CorrelationContext),
    metrics: child.resolve<IMetrics>(TOKENS.Metrics),
    limits,
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    definitions: definitions.complete(registry),
    // As the host composes it: the token of `gateway.auth_token_env` and the allowed lists, for every route.
    access: hostAccessFromConfig(config.gateway, options.env ?? {}),
    live,
    ...(options.gateway === true ? { gateway: gatewayFromConfig(config, options.env ?? {}, child.resolve<ILogger>(TOKENS.Logger), child.resolve<IMetrics>(TOKENS.Metrics), telemetry) } : {}),
  });
  const address = await server.listen(0, '127.0.0.1');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    port: address.port,
    registry,
    server,
    limits,
    dir,
    logs: () => logText,
    async close() {
      live.close();
      await server.close();
      telemetry.close();
      definitions.store.close();
      if (options.dir === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}
