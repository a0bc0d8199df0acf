/**
 * One step of the telemetry database's schema. Versions start at 1 and follow each other without
 * gaps; a step, once released, is never edited (a change is a new step).
 */
export interface TelemetryMigration {
  /** Schema version the database is at after this step. */
  readonly version: number;
  /** Short snake_case name, recorded in `schema_migrations`. */
  readonly name: string;
  /** SQL run in the step's transaction. */
  readonly sql: string;
}
