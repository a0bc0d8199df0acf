/** The wire formats the scripted model server speaks. */
export type ModelServerFormat = 'ollama' | 'openai';

/** A request the scripted model server received, kept for tests to inspect. */
export interface RecordedRequest {
  readonly method: string;
  /** URL path without the query. */
  readonly path: string;
  /** Header values by lower-case name; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON body, parsed; `undefined` when there was none or it was not JSON. */
  readonly body: unknown;
  /** The format of the route hit; `undefined` for an unknown route. */
  readonly format?: ModelServerFormat;
  /** True once the client closed the connection before the server finished its answer (an aborted request). */
  readonly clientHungUp: boolean;
}
