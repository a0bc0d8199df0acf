import { TOKENS, type IToolSchemaRegistry, type RegistrationReport, type ToolRegistrationService } from '@acode/application';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { container, type DependencyContainer, registerAcodeServices } from '../../src/index.js';

/** A registry built by the real composition, with what it logged and reported. */
export interface BootedContainer {
  readonly scope: DependencyContainer;
  readonly registry: IToolSchemaRegistry;
  readonly report: RegistrationReport;
  /** Everything the real winston logger wrote, at debug level and above. */
  readonly log: () => string;
}

/** Options for {@link bootContainer}. */
export interface BootOptions {
  /** Text of `.agent/config.yml`; no file when absent. */
  readonly config?: string;
  /** Lets a test add or override registrations after the real ones, before start-up runs. */
  readonly customize?: (scope: DependencyContainer) => void;
}

/**
 * Builds the app's container on a child of the global one (so tests never share state), runs the
 * start-up registration and hands back the registry. The working directory is a fresh temporary
 * folder, removed by {@link disposeBooted}; the home directory is the same folder, so a user's own
 * `~/.acode/config.yml` never leaks in.
 */
export async function bootContainer(options: BootOptions = {}): Promise<BootedContainer & { readonly dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'acode-requirements-'));
  if (options.config !== undefined) {
    mkdirSync(join(dir, '.agent'));
    writeFileSync(join(dir, '.agent', 'config.yml'), options.config);
  }
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const scope = container.createChildContainer();
  registerAcodeServices(scope, { cwd: dir, homeDir: dir, logLevel: 'debug', logFormat: 'json', logStream: stream });
  options.customize?.(scope);
  const report = await scope.resolve<ToolRegistrationService>(TOKENS.ToolRegistrationService).start();
  // winston writes asynchronously; one turn of the event loop lets the lines arrive.
  await new Promise((resolve) => setImmediate(resolve));
  return { dir, scope, registry: scope.resolve<IToolSchemaRegistry>(TOKENS.ToolSchemaRegistry), report, log: () => text };
}

/** Removes the temporary working directory of a booted container. */
export function disposeBooted(booted: { readonly dir: string } | undefined): void {
  if (booted) rmSync(booted.dir, { recursive: true, force: true });
}
