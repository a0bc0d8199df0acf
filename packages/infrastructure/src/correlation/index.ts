export { AsyncLocalCorrelationContext } from './async-local-correlation-context.js';
