export { registerAcodeServices, type AcodeServices, type AcodeServicesOptions } from './register-acode-services.js';
