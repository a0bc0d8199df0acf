import type { ILicenseContext } from '@acode/application';
import { LICENSE_TIERS, type LicenseTier } from '@acode/domain';
import type { ConfigWarning } from './acode-config.js';
import { checkSetting } from './check-setting.js';
import { sectionMapping, unknownKey } from './config-problems.js';
import type { ConfigDocument, ConfigPath } from './read-config-file.js';
import type { SettingRule } from './setting-rule.js';

/** The `license:` section (001 §3.2): the tier whose limits custom definitions follow. */
export interface LicenseSettings {
  /** `license.tier`; `enterprise` (no limits) when no file sets it. */
  readonly tier: LicenseTier;
}

/**
 * The tier when no file names one: `enterprise`, no limits. The project is open and self-hosted,
 * with no license server; a tier is a policy an operator opts into. A default of `core` would
 * refuse every custom definition, leaving the Tool Manager and `tools create` useless out of the
 * box.
 */
export const DEFAULT_LICENSE_TIER: LicenseTier = 'enterprise';

/** The keys of `license:`, as setting rules (the spellings of {@link LICENSE_TIERS}, exactly). */
export const LICENSE_SETTINGS = Object.freeze({
  tier: { type: 'enum', values: LICENSE_TIERS, default: DEFAULT_LICENSE_TIER },
} satisfies Record<string, SettingRule>);

/** Every default of `license:`. */
export const DEFAULT_LICENSE_SETTINGS: LicenseSettings = Object.freeze({ tier: DEFAULT_LICENSE_TIER });

/** Checks one file's `license:` section; only the keys it sets. ACODE-CFG-002 for a wrong tier, CFG-003 warnings for unknown keys. */
export function readLicenseSection(document: ConfigDocument, body: unknown, warnings: ConfigWarning[]): Partial<LicenseSettings> {
  const license: { tier?: LicenseTier } = {};
  for (const [key, value] of Object.entries(sectionMapping(document, ['license'], body))) {
    const path: ConfigPath = ['license', key];
    if (key === 'tier') license.tier = checkSetting(document, path, LICENSE_SETTINGS.tier, value, warnings) as LicenseTier;
    else warnings.push(unknownKey(document, path));
  }
  return license;
}

/** `license:` in effect, in the file's spelling. */
export function licenseConfigSection(license: LicenseSettings): { tier: LicenseTier } {
  return { tier: license.tier };
}

/**
 * The project's {@link ILicenseContext} from its loaded configuration: a plain, frozen value
 * (the tier does not change while the process runs; a changed file takes effect on restart).
 */
export function licenseContextOf(config: { readonly license: LicenseSettings }): ILicenseContext {
  return Object.freeze({ tier: config.license.tier });
}
