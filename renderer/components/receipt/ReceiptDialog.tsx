// A receipt opened from Orders (reprint), in a dialog: F7 prints, Esc closes. Also the print copy
// of whichever receipt is printable, and the one mount for the dialogs over every screen.
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentPanel } from '../payment/PaymentPanel.tsx';
import { LineAdjust } from '../sale/LineAdjust.tsx';
import { PriceEntry } from '../sale/PriceEntry.tsx';
import { DialogActions, type DialogButton } from '../DialogActions.tsx';
import { useDialogFocus } from '../dialog.ts';
import { Modal } from '../Modal.tsx';
import { useApp } from '../../store/app.ts';
import { closeReceipt, printReceipt, useReceipt } from '../../store/receipt.ts';
import { PrintCopy, Receipt } from './Receipt.tsx';

/** Everything that sits over the screens: the payment panel, the receipt dialog, the print copy. */
export function CounterDialogs() {
  return (
    <>
      <PaymentPanel />
      <PriceEntry />
      <LineAdjust />
      <ReceiptDialog />
      <PrintRoot />
    </>
  );
}

export function PrintHint() {
  const { t } = useTranslation('receipt');
  const printer = useApp((s) => s.status?.printer?.printer ?? null);
  const set = useApp((s) => (s.settings?.receiptPrinter ?? null) !== null);
  return (
    <span className="muted small" data-print-hint={set ? 'printer' : 'dialog'}>
      {set ? t('printHintPrinter', { printer: printer ?? '' }) : t('printHint')}
    </span>
  );
}

function ReceiptDialog() {
  const receipt = useReceipt((s) => s.dialog);
  return receipt === null ? null : <Dialog />;
}

function Dialog() {
  const { t } = useTranslation('receipt');
  const receipt = useReceipt((s) => s.dialog);
  const paper = useApp((s) => s.settings?.receiptPaper ?? '80mm');
  if (receipt === null) return null;
  return (
    <ReceiptModal
      name="receipt"
      title={t('dialogTitle', { id: String(receipt.orderId) })}
      paper={<Receipt receipt={receipt} paper={paper} />}
      print={{ onClick: () => printReceipt(), action: 'print-receipt', keyName: 'F7' }}
      close={{ onClick: () => closeReceipt(), action: 'close-receipt', keyName: 'Esc' }}
    />
  );
}

/**
 * A receipt in a dialog, a sale's (above) or a return's (orders/ReturnsList.tsx): the paper scrolling
 * in it, what the last print said, Print (focused on open) and Close, the print hint under them, then
 * whatever else the dialog holds. `name`: its data-testid is `<name>-dialog`, its title's id
 * `<name>-title`.
 */
export function ReceiptModal(props: {
  name: string;
  title: string;
  paper: ReactNode;
  notice?: string | null;
  print: Omit<DialogButton, 'label'>;
  close: Omit<DialogButton, 'label'>;
  children?: ReactNode;
}) {
  const { t } = useTranslation('receipt');
  const print = useRef<HTMLButtonElement>(null);
  useDialogFocus(print);
  return (
    <Modal
      title={props.title}
      titleId={`${props.name}-title`}
      className="receipt-dialog"
      testId={`${props.name}-dialog`}
    >
      <div className="receipt-scroll">{props.paper}</div>
      {(props.notice ?? null) !== null && <p className="notice">{props.notice}</p>}
      <DialogActions
        primary={{ ...props.print, label: t('print') }}
        primaryRef={print}
        back={{ ...props.close, label: t('close') }}
      />
      <PrintHint />
      {props.children}
    </Modal>
  );
}

/** The receipt the print path prints (the dialog's, else the one just placed on Sale). */
function PrintRoot() {
  const dialog = useReceipt((s) => s.dialog);
  const placed = useReceipt((s) => s.placed);
  const placedId = useApp((s) => s.sale.placed);
  const screen = useApp((s) => s.screen);
  const paper = useApp((s) => s.settings?.receiptPaper ?? '80mm');
  const receipt =
    dialog ?? (placed !== null && screen === 'sale' && placed.orderId === placedId ? placed : null);
  return receipt === null ? null : <PrintCopy receipt={receipt} paper={paper} />;
}
