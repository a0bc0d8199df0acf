// Given to a child process as `--import <this file>`: registers the `.ts` handler hooks before
// the child's entry module loads.
import { registerTypeScriptHooks } from './register-typescript-hooks.js';

registerTypeScriptHooks();
