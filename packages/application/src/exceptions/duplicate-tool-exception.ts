import { ERROR_CODES } from '@acode/domain';
import { AcodeException } from './acode-exception.js';

/** The same name and version is registered with a different definition (ACODE-TSR-007). */
export class DuplicateToolException extends AcodeException {
  readonly toolName: string;
  readonly version: string;
  /** True when the name or an alias is a built-in tool's (001 §9), which nothing else may take. */
  readonly builtIn: boolean;

  constructor(toolName: string, version: string, reason = 'with a different definition', options: { readonly builtIn?: boolean } = {}) {
    super(ERROR_CODES.DUPLICATE_TOOL, `Tool '${toolName}' v${version} already registered ${reason}`);
    this.toolName = toolName;
    this.version = version;
    this.builtIn = options.builtIn === true;
  }
}
