import { inspect } from 'node:util';

const REDACTED = '[redacted]';

/**
 * A credential read from the environment. The text sits in a private field, so it does not
 * appear when the holder is logged, serialised (`JSON.stringify`, winston) or inspected; only
 * {@link SecretValue.reveal} gives it out, at the one place a request header is written.
 */
export class SecretValue {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  /** The secret itself: for a request header, never for a message or a log. */
  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}
