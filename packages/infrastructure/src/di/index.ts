export { registerAcodeServices, type AcodeServices, type AcodeServicesOptions } from './register-acode-services.js';
export { registerExecutionServices, TOOL_REGISTRY_FILE_NAME, type ExecutionServicesOptions, type OpenedExecutionServices } from './register-execution-services.js';
