import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** A sentence for the page's visible status line: `ok` after a success, `error` after a failure. */
export interface Notice {
  readonly text: string;
  readonly kind: 'ok' | 'error' | 'info';
}

/** Shows `notice` in the page's status line (visible and announced), replacing the last one. */
export type Notify = (notice: Notice) => void;

export const NoticeContext = createContext<Notify>(() => undefined);

/** The status line's `notify`, for any view. */
export function useNotify(): Notify {
  return useContext(NoticeContext);
}

/** The status line itself: a polite live region that is also visible, dismissable. */
export function NoticeLine(props: { notice: Notice | undefined; onDismiss: () => void }) {
  const notice = props.notice;
  return (
    <div class="notice-line" role="status" aria-live="polite">
      {notice === undefined ? null : (
        <p class={`notice ${notice.kind}`} id="notice">
          <span>{notice.text}</span>
          <button type="button" class="link" onClick={props.onDismiss} aria-label="Dismiss message">
            ×
          </button>
        </p>
      )}
    </div>
  );
}
