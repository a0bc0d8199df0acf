/**
 * The license tiers of 001 §3.2, as configured in `license.tier`. Each tier bounds the custom
 * definitions a project may hold and the JSON Schema keywords their schemas may use.
 */
export const LICENSE_TIERS = Object.freeze(['core', 'writer_pro', 'teams', 'enterprise'] as const);

/** One of {@link LICENSE_TIERS}. */
export type LicenseTier = (typeof LICENSE_TIERS)[number];

/** How much of JSON Schema a tier's definitions may use (001 §3.2: Basic, Advanced, Full + Custom). */
export type SchemaValidationLevel = 'basic' | 'advanced' | 'full';

/** The levels from the narrowest to the widest; each allows every keyword of the ones before it. */
export const SCHEMA_VALIDATION_LEVELS: readonly SchemaValidationLevel[] = Object.freeze(['basic', 'advanced', 'full'] as const);

/** True for one of {@link LICENSE_TIERS} (exact spelling: `writer_pro`, not `WriterPro`). */
export function isLicenseTier(value: unknown): value is LicenseTier {
  return typeof value === 'string' && (LICENSE_TIERS as readonly string[]).includes(value);
}
