/** An answer sent whole: its status, its JSON body, and its headers (the transport adds the content type). */
export interface GatewayReply {
  readonly status: number;
  /** A JSON value. */
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A JSON reply. */
export function jsonReply(status: number, body: unknown, headers?: Readonly<Record<string, string>>): GatewayReply {
  return { status, body, ...(headers ? { headers } : {}) };
}
