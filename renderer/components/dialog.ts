// Modal dialogs (the payment panel, a receipt): focus goes in when one opens, stays in while it is
// open (Tab and Shift+Tab cycle: actions/dialog-focus.ts), and goes back to where it was when it closes.
import { useEffect, type RefObject } from 'react';
import { controls } from '../actions/dialog-focus.ts';

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
