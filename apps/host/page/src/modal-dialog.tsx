import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';

/**
 * A modal `<dialog>` opened with `showModal()`: the browser traps focus, makes the rest of the
 * page inert and closes it on Escape, which calls `onClose` (closing it by `open` does not). Focus
 * returns to where it was.
 */
export function ModalDialog(props: { open: boolean; onClose: () => void; labelledBy: string; class?: string; children: ComponentChildren }) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  /** Closed because `open` became false: not the user's doing, so `onClose` is not called. */
  const closedByProps = useRef(false);
  // Before paint: the dialog is modal (and its first field focused) as soon as its content shows.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (props.open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!props.open && dialog.open) {
      closedByProps.current = true;
      dialog.close();
    }
  }, [props.open]);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const onClose = () => {
      // The close event comes a task later: by then the owner may have opened it again for something else.
      if (closedByProps.current) closedByProps.current = false;
      else props.onClose();
      const target = opener.current;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    };
    dialog.addEventListener('close', onClose);
    return () => dialog.removeEventListener('close', onClose);
  }, [props.onClose]);
  return (
    <dialog ref={ref} aria-labelledby={props.labelledBy} class={props.class}>
      {props.open ? props.children : null}
    </dialog>
  );
}
