// Modal dialogs (the payment panel, a receipt): focus goes in when one opens, stays in while it is
// open (Tab and Shift+Tab cycle; the keymap's 'dialog.tab' calls `cycleFocus`), and goes back to
// where it was when it closes.
import { useEffect, type RefObject } from 'react';

const FOCUSABLE =
  'input:not([disabled]), button:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The open dialog's controls, in Tab order. */
function controls(doc: Document): HTMLElement[] {
  const dialog = doc.querySelector<HTMLElement>('[role="dialog"][aria-modal="true"]');
  return dialog === null ? [] : Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/** Tab / Shift+Tab inside the open dialog: the next (previous) control, wrapping round. */
export function cycleFocus(event: KeyboardEvent): void {
  const doc = (event.target instanceof Node ? event.target.ownerDocument : null) ?? document;
  const all = controls(doc);
  if (all.length === 0) return;
  const at = all.indexOf(doc.activeElement as HTMLElement);
  const next = at < 0 ? 0 : (at + (event.shiftKey ? -1 : 1) + all.length) % all.length;
  all[next]?.focus();
}

/** Focuses `first` (or the dialog's first control) when the dialog opens; gives focus back when it closes. */
export function useDialogFocus(first: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (first.current ?? controls(document)[0])?.focus();
    return () => {
      if (before?.isConnected === true) before.focus();
    };
  }, [first]);
}
