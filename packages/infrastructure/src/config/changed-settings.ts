import { isDeepStrictEqual } from 'node:util';
import type { AcodeConfig } from './acode-config.js';
import { PROVIDER_CONNECTION_KEYS } from './config-key.js';
import { gatewayConfigSection } from './gateway-config-value.js';
import { licenseConfigSection } from './license-settings.js';
import { PROVIDER_NAME_PATTERN, TOOL_CALL_SETTINGS } from './tool-call-settings.js';

/** Keys compared as a whole: a list of definitions, or a map whose entries are not settings of their own. */
const COMPARED_WHOLE: ReadonlySet<string> = new Set(['gateway.models', 'tool_registry.custom_tools', 'tool_registry.disabled_tools']);

/**
 * The dotted keys (`gateway.upstream.base_url`, `model.providers.vllm.tool_call.max_retries`)
 * whose value differs between two loaded configurations, in a stable order. Only known keys are
 * compared and only their names are returned, never a value: a log line naming them cannot leak
 * a secret. Comments, formatting, key order and unknown keys make no difference.
 */
export function changedSettings(before: AcodeConfig, after: AcodeConfig): string[] {
  const changed: string[] = [];
  collect(settingsView(before), settingsView(after), '', changed);
  return changed;
}

function collect(before: unknown, after: unknown, path: string, changed: string[]): void {
  if (isMapping(before) && isMapping(after) && !COMPARED_WHOLE.has(path)) {
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
      collect(before[key], after[key], path === '' ? key : `${path}.${key}`, changed);
    }
    return;
  }
  if (!isDeepStrictEqual(before ?? null, after ?? null)) changed.push(path);
}

/** The configuration as the file spells it, known keys only; a key set to its default equals it unset. */
function settingsView(config: AcodeConfig): Record<string, unknown> {
  return {
    gateway: gatewayConfigSection(config.gateway),
    model: { providers: providersView(config) },
    tool_registry: {
      ...config.registrySettings,
      disabled_tools: config.registry.disabledTools,
      custom_tools: config.customTools.map(({ definition }) => definition),
    },
    execution: {
      protected_paths: config.execution.protectedPaths,
      handler_env: config.execution.handlerEnv,
      granted_permissions: config.execution.grantedPermissions ?? null,
      retrieval_budget_per_turn: config.execution.retrievalBudgetPerTurn ?? null,
    },
    license: licenseConfigSection(config.license),
  };
}

/** Each provider's connection keys as written and its `tool_call` settings; names that are not provider names are left out. */
function providersView(config: AcodeConfig): Record<string, unknown> {
  const model = config.model;
  const written = isMapping(model) && isMapping(model['providers']) ? model['providers'] : {};
  const names = [...new Set([...Object.keys(written), ...Object.keys(config.toolCall)])].filter((name) => PROVIDER_NAME_PATTERN.test(name));
  const providers: Record<string, unknown> = {};
  for (const name of names) {
    const section = Object.hasOwn(written, name) && isMapping(written[name]) ? written[name] : {};
    const toolCall = Object.hasOwn(config.toolCall, name) ? config.toolCall[name] : undefined;
    const view: Record<string, unknown> = {};
    for (const key of PROVIDER_CONNECTION_KEYS) view[key] = section[key] ?? null;
    view['tool_call'] = Object.fromEntries(Object.entries(TOOL_CALL_SETTINGS).map(([key, rule]) => [key, toolCall?.[rule.field] ?? null]));
    Object.defineProperty(providers, name, { value: view, enumerable: true });
  }
  return providers;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
