import type { UnavailableService } from '../runtime.js';
import { displayMessage } from './text.js';

/** `[ACODE-TBD-010] message`: the registry or store a command needs cannot be used. */
export function formatUnavailableService(error: UnavailableService): string {
  return `[${error.code}] ${displayMessage(error.message)}\n`;
}
