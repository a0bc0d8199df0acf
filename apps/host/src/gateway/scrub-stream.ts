import { Transform } from 'node:stream';
import { StreamingSecretRedactor, type SecretForms } from '@acode/infrastructure/model-clients';

/**
 * A byte stream with every form of the secrets redacted as it flows: each piece goes on at once
 * but for a tail that may begin a form (never longer than the longest form), which waits for the
 * next piece or the end. Bytes are read as Latin-1, one character each, so a body that is not
 * UTF-8, or a UTF-8 character cut between two pieces, comes out byte for byte where it holds no
 * secret.
 */
export function scrubStream(forms: SecretForms | undefined): Transform {
  const redactor = new StreamingSecretRedactor(forms);
  const bytes = (text: string): Buffer | undefined => (text === '' ? undefined : Buffer.from(text, 'latin1'));
  return new Transform({
    transform(piece: Buffer, _encoding, done) {
      done(null, bytes(redactor.push(piece.toString('latin1'))));
    },
    flush(done) {
      done(null, bytes(redactor.end()));
    },
  });
}
