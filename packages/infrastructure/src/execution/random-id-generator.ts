import type { IIdGenerator } from '@acode/application';
import { randomBytes } from 'node:crypto';

/** Ids and tokens from the operating system's CSPRNG, URL-safe. */
export class RandomIdGenerator implements IIdGenerator {
  /** `${prefix}_` and 12 random bytes in base64url (96 bits, 16 characters): `exec_3q2-7wEjRb0xXk1d`. */
  nextId(prefix: string): string {
    return `${prefix}_${randomBytes(12).toString('base64url')}`;
  }

  /**
   * `ct_` and 32 random bytes in base64url (256 bits, 43 characters). The prefix keeps a token
   * from starting with `-`, which a command line would read as an option (`--confirm -x...`).
   */
  secretToken(): string {
    return `ct_${randomBytes(32).toString('base64url')}`;
  }
}
