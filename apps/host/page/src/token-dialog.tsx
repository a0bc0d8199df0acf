import { useState } from 'preact/hooks';
import { ModalDialog } from './modal-dialog.js';

/**
 * Asks for the host's bearer token (the value of the variable `gateway.auth_token_env` names).
 * `wrong` says the last one was refused. The token is kept in this tab's session storage only.
 */
export function TokenDialog(props: { open: boolean; wrong: boolean; onSubmit: (token: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState('');
  return (
    <ModalDialog open={props.open} onClose={props.onCancel} labelledBy="token-heading" class="token-dialog">
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim() === '') return;
          props.onSubmit(value.trim());
          setValue('');
        }}
      >
        <h2 id="token-heading">This host needs its token</h2>
        <p id="token-help">
          Enter the bearer token the host was started with (the value of the environment variable named by <code>gateway.auth_token_env</code>). It is kept in this
          browser tab only and forgotten when the tab closes.
        </p>
        {props.wrong ? (
          <p class="message" id="token-wrong" role="alert">
            The host refused that token. Check it and try again.
          </p>
        ) : null}
        <div class="field">
          <label for="token-input">Token</label>
          <input
            id="token-input"
            type="password"
            autocomplete="off"
            required
            value={value}
            aria-describedby={props.wrong ? 'token-help token-wrong' : 'token-help'}
            aria-invalid={props.wrong ? 'true' : undefined}
            onInput={(event) => setValue(event.currentTarget.value)}
          />
        </div>
        <div class="buttons">
          <button type="submit" class="primary">
            Use token
          </button>
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
