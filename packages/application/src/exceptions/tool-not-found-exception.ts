import { ERROR_CODES } from '@acode/domain';
import { AcodeException } from './acode-exception.js';

/** A look-up or validation named a tool (or version) the registry does not hold (ACODE-TSR-001). */
export class ToolNotFoundException extends AcodeException {
  /** The name as requested. */
  readonly toolName: string;
  /** The version or range asked for, if any. */
  readonly version: string | undefined;
  /** Names that do exist. */
  readonly availableTools: readonly string[];
  /** The closest registered name, when one is close. */
  readonly didYouMean: string | undefined;

  constructor(toolName: string, details: { version?: string; availableTools: readonly string[]; didYouMean?: string }) {
    super(
      ERROR_CODES.UNKNOWN_TOOL,
      details.version === undefined
        ? `Unknown tool: '${toolName}'`
        : `Unknown tool: '${toolName}' has no version matching '${details.version}'`,
    );
    this.toolName = toolName;
    this.version = details.version;
    this.availableTools = details.availableTools;
    this.didYouMean = details.didYouMean;
  }
}
