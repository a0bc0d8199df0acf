import type { TelemetryMigration } from '../telemetry-migration.js';

/**
 * The `tool_definitions` table (issue 16, 001 §6): stored tool definitions, in the same
 * `.agent/acode.db` as telemetry. SQLite's adaptation of 001's columns: UUIDs, categories, tiers
 * and instants are text; booleans are 0/1. `definition_json` holds the whole definition as
 * canonical JSON and is what a read returns, so fields 001 lacks (aliases, kind, ...) survive; the
 * other columns copy from it for queries and indexes, and the CHECKs keep name and version equal
 * to the definition's.
 *
 * Versions sit side by side (decision 4), so the key is name + version, the name compared without
 * case (decision 1). The version is compared as `version_key`, the version without its build
 * metadata: semver precedence ignores build metadata, so `1.0.0+a` and `1.0.0+b` are one version
 * to the registry and must be one here too.
 */
export const toolDefinitionsMigration: TelemetryMigration = {
  version: 4,
  name: 'tool_definitions',
  sql: `
    CREATE TABLE tool_definitions (
      id                        TEXT    PRIMARY KEY CHECK (length(id) = 36),
      name                      TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 64 AND name = json_extract(definition_json, '$.name')),
      description               TEXT    NOT NULL,
      category                  TEXT    NOT NULL CHECK (category IN ('general', 'file_system', 'network', 'database', 'code', 'code_execution',
                                          'version_control', 'external_api', 'knowledge', 'communication', 'system', 'custom')),
      parameters_json           TEXT    NOT NULL CHECK (json_valid(parameters_json) AND json_type(parameters_json) = 'object'),
      output_schema_json        TEXT    CHECK (output_schema_json IS NULL OR (json_valid(output_schema_json) AND json_type(output_schema_json) = 'object')),
      constraints_json          TEXT    CHECK (constraints_json IS NULL OR (json_valid(constraints_json) AND json_type(constraints_json) = 'object')),
      required_permissions_json TEXT    CHECK (required_permissions_json IS NULL OR (json_valid(required_permissions_json) AND json_type(required_permissions_json) = 'array')),
      requires_confirmation     INTEGER NOT NULL DEFAULT 0 CHECK (requires_confirmation IN (0, 1)),
      version                   TEXT    NOT NULL CHECK (length(version) BETWEEN 1 AND 256 AND version = json_extract(definition_json, '$.version')),
      version_key               TEXT    NOT NULL CHECK (length(version_key) BETWEEN 1 AND 256),
      metadata_json             TEXT    CHECK (metadata_json IS NULL OR (json_valid(metadata_json) AND json_type(metadata_json) = 'object')),
      definition_json           TEXT    NOT NULL CHECK (json_valid(definition_json) AND json_type(definition_json) = 'object'),
      is_built_in               INTEGER NOT NULL DEFAULT 0 CHECK (is_built_in IN (0, 1)),
      license_tier              TEXT    NOT NULL CHECK (license_tier IN ('core', 'writer_pro', 'teams', 'enterprise')),
      created_by                TEXT    CHECK (created_by IS NULL OR length(created_by) BETWEEN 1 AND 256),
      created_at                TEXT    NOT NULL,
      updated_at                TEXT    NOT NULL,
      UNIQUE (name COLLATE NOCASE, version_key)
    ) STRICT;
    CREATE INDEX tool_definitions_name ON tool_definitions (name COLLATE NOCASE);
    CREATE INDEX tool_definitions_category ON tool_definitions (category);
    CREATE INDEX tool_definitions_license_tier ON tool_definitions (license_tier);
  `,
};
