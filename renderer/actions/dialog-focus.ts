// Focus inside the open modal dialog (the payment panel, a receipt, a guard dialog): Tab and
// Shift+Tab cycle through its controls (the keymap's 'dialog.tab' calls `cycleFocus`). Plain DOM, no
// React: the keymap acts on it, and components/dialog.ts focuses the first control when one opens.

const FOCUSABLE =
  'input:not([disabled]), button:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The open dialog's controls, in Tab order. */
export function controls(doc: Document): HTMLElement[] {
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
