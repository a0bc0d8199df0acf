import type { JsonObject } from '@acode/domain';
import { toGeminiSchema } from './gemini-schema.js';
import type { ProviderToolSource } from './provider-tool-source.js';

/** A function declaration as Gemini takes it (003's `generateSDKSchema`). */
export interface GeminiFunctionDeclaration {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonObject;
}

/** The Gemini form: `{name, description, parameters}` with {@link toGeminiSchema}'s parameters. */
export function toGeminiTool(source: ProviderToolSource): GeminiFunctionDeclaration {
  return { name: source.name, description: source.description, parameters: toGeminiSchema(source.parameters) };
}
