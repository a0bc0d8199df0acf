import type { LicenseTier } from '@acode/domain';

/** The license the project runs under (001 §3.2); from `license.tier` in the configuration. */
export interface ILicenseContext {
  readonly tier: LicenseTier;
}
