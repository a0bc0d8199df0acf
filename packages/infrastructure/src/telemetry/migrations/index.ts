import type { TelemetryMigration } from '../telemetry-migration.js';
import { toolCallsMigration } from './0001-tool-calls.js';
import { toolExecutionsMigration } from './0002-tool-executions.js';
import { toolCallUpstreamMigration } from './0003-tool-call-upstream.js';
import { toolDefinitionsMigration } from './0004-tool-definitions.js';
import { toolCallLiveMigration } from './0005-tool-call-live.js';

/** Every step of the telemetry schema, in version order; the last one is the version this code writes. */
export const TELEMETRY_MIGRATIONS: readonly TelemetryMigration[] = Object.freeze([toolCallsMigration, toolExecutionsMigration, toolCallUpstreamMigration, toolDefinitionsMigration, toolCallLiveMigration]);
