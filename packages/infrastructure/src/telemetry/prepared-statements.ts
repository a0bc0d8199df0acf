import type Database from 'better-sqlite3';

/**
 * The prepared statements of one connection, one per SQL text, prepared on first use: a store
 * runs the same few statements many times, and preparing is most of a small statement's cost.
 */
export class PreparedStatements {
  readonly #db: Database.Database;
  readonly #statements = new Map<string, Database.Statement>();

  constructor(db: Database.Database) {
    this.#db = db;
  }

  /** The statement for `sql`, prepared now if this is its first use. */
  get(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** Forgets every statement and closes the connection; closing twice does nothing. */
  close(): void {
    this.#statements.clear();
    if (this.#db.open) this.#db.close();
  }
}
