// A modal dialog's frame: the backdrop and the dialog itself (role="dialog", aria-modal, titled by its
// heading). Focus in, kept inside and given back: dialog.ts (useDialogFocus, the keymap's Tab).
import type { ReactNode } from 'react';

export function Modal({
  title,
  titleId,
  className,
  testId,
  regionTestId,
  data,
  children,
}: {
  title: ReactNode;
  titleId: string;
  className: string;
  testId: string;
  /** A data-testid for the whole of it, backdrop included (a region INTERFACES.md names). */
  regionTestId?: string;
  /** data-* attributes for the dialog element (e.g. { 'data-method': 'cash' }). */
  data?: Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  return (
    <div className="dialog-backdrop" data-testid={regionTestId}>
      <div
        className={`dialog ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        {...data}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
