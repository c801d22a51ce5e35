// A dialog over the sale that asks for one amount: the line's discount or price (Ctrl+D), a price for
// an unpriced product (F6), the float (F9 with no shift open). One field focused on open, the error
// under it, Enter does the primary action and Esc goes back (the keys are in actions/keymap.ts; each
// dialog's own store holds its text and error). One frame, so the three look and behave alike.
import { useRef, type ReactNode } from 'react';
import { DialogActions, type DialogButton } from './DialogActions.tsx';
import { useDialogFocus } from './dialog.ts';
import { Modal } from './Modal.tsx';
import './amount-dialog.css';

export type AmountDialogButton = Omit<DialogButton, 'keyName'>;

export function AmountDialog({
  id,
  title,
  children,
  label,
  field,
  text,
  onText,
  error,
  errorMark,
  confirm,
  extra,
  back,
}: {
  /** The dialog's data-testid, and the prefix of its title's and error's element ids. */
  id: string;
  title: ReactNode;
  /** What is asked, above the field. */
  children: ReactNode;
  label: string;
  /** The field's data-field. */
  field: string;
  text: string;
  onText: (text: string) => void;
  error: string | null;
  /** The error paragraph's data-* marker (e.g. 'data-price-error'). */
  errorMark: `data-${string}`;
  confirm: AmountDialogButton;
  /** A second action beside the primary one (e.g. remove the line's adjustment). */
  extra?: AmountDialogButton;
  back: AmountDialogButton;
}) {
  const input = useRef<HTMLInputElement>(null);
  useDialogFocus(input);
  const errorId = `${id}-error`;
  return (
    <Modal title={title} titleId={`${id}-title`} className="amount-dialog" testId={id}>
      {children}
      <label className="field">
        <span>{label}</span>
        <input
          ref={input}
          value={text}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : errorId}
          onChange={(e) => onText(e.target.value)}
          data-field={field}
        />
      </label>
      {error !== null && (
        <p className="notice error" id={errorId} role="alert" {...{ [errorMark]: '' }}>
          {error}
        </p>
      )}
      <DialogActions
        primary={{ ...confirm, keyName: 'Enter' }}
        extra={extra}
        back={{ ...back, disabled: undefined, keyName: 'Esc' }}
      />
    </Modal>
  );
}
