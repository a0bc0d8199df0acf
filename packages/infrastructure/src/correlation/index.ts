/**
 * `@acode/infrastructure/correlation`: the `AsyncLocalStorage` correlation context. No optional peer needed.
 *
 * @packageDocumentation
 */
export { AsyncLocalCorrelationContext } from './async-local-correlation-context.js';
