/**
 * `@acode/composition`: the dependency-injection wiring the Acode apps (the CLI and the host)
 * share. `registerAcodeServices(container, options)` fills a tsyringe container with the
 * registry, parser, repairer, retry handler, telemetry and tool execution services of
 * `@acode/infrastructure`; every registration is a value or a factory, so the infrastructure
 * classes carry no decorators and the library needs neither tsyringe nor `reflect-metadata`.
 *
 * Importing this module loads the `reflect-metadata` polyfill first (tsyringe refuses to load
 * without it), so an app imports nothing else to use the container. It also brings the Node
 * adapters' dependencies: `winston` (the logger) and `better-sqlite3` (telemetry and the
 * execution store).
 *
 * @example
 * // `container` and `registerAcodeServices` come from this package.
 * const scope = container.createChildContainer();
 * const { config, dispose } = registerAcodeServices(scope, { cwd: process.cwd() });
 *
 * @packageDocumentation
 */
import 'reflect-metadata';

export { container, instanceCachingFactory, instancePerContainerCachingFactory, type DependencyContainer } from 'tsyringe';
export { registerAcodeServices, type AcodeServices, type AcodeServicesOptions } from './register-acode-services.js';
export {
  executionPolicyOf,
  registerExecutionServices,
  TOOL_REGISTRY_FILE_NAME,
  type ExecutionServicesOptions,
  type OpenedExecutionServices,
} from './register-execution-services.js';
