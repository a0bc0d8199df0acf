// Runs in a worker thread: builds its own registry from the built package and validates the
// inputs it is given, posting the results back. Each thread owns its registry (no shared state).
import { parentPort, workerData } from 'node:worker_threads';
import { container, registerAcodeServices } from '../../dist/index.js';

const scope = container.createChildContainer();
registerAcodeServices(scope, { cwd: workerData.cwd, homeDir: workerData.cwd, logLevel: 'silent' });
await scope.resolve(Symbol.for('acode.ToolRegistrationService')).start();
const registry = scope.resolve(Symbol.for('acode.IToolSchemaRegistry'));
const results = workerData.inputs.map(([tool, args]) => {
  const { correlationId, ...rest } = registry.tryValidateArguments(tool, args);
  return rest;
});
parentPort.postMessage(results);
