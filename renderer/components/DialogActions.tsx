// A dialog's row of buttons: its primary action first (the one Enter or its own key does), an extra
// action when it has one, and the way back last (Esc). Each shows the key that does it beside its
// label (the keys themselves are actions/keymap.ts's). One row, so every dialog reads alike.
import type { Ref } from 'react';

export interface DialogButton {
  readonly label: string;
  readonly onClick: () => void;
  /** The button's data-action, what tests and the keymap's readers know it by. */
  readonly action: string;
  readonly disabled?: boolean;
  /** The key that does it, shown beside the label (e.g. 'Enter', 'F7', 'Esc'). */
  readonly keyName?: string;
}

/**
 * One such button, its key beside its label; also a screen's own step outside a dialog (Returns' F9,
 * the parked list's F10), so every keyed button reads alike.
 */
export function ActionButton({
  button,
  primary = false,
  buttonRef,
}: {
  button: DialogButton;
  primary?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={primary ? 'primary' : undefined}
      disabled={button.disabled}
      onClick={button.onClick}
      data-action={button.action}
    >
      {button.label}
      {button.keyName !== undefined && (
        <>
          {' '}
          <kbd>{button.keyName}</kbd>
        </>
      )}
    </button>
  );
}

export function DialogActions({
  primary,
  primaryRef,
  extra,
  back,
}: {
  primary: DialogButton;
  /** The primary button's element, for a dialog that focuses it on open (dialog.ts). */
  primaryRef?: Ref<HTMLButtonElement>;
  extra?: DialogButton;
  back: DialogButton;
}) {
  return (
    <div className="dialog-actions">
      <ActionButton button={primary} primary buttonRef={primaryRef} />
      {extra !== undefined && <ActionButton button={extra} />}
      <ActionButton button={back} />
    </div>
  );
}
