// A receipt opened from Orders (reprint), in a dialog: F7 prints, Esc closes. Also the print copy
// of whichever receipt is printable, and the one mount for the dialogs over every screen.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentPanel } from '../payment/PaymentPanel.tsx';
import { LineAdjust } from '../sale/LineAdjust.tsx';
import { PriceEntry } from '../sale/PriceEntry.tsx';
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
  const print = useRef<HTMLButtonElement>(null);
  useDialogFocus(print);
  if (receipt === null) return null;
  return (
    <Modal
      title={t('dialogTitle', { id: String(receipt.orderId) })}
      titleId="receipt-title"
      className="receipt-dialog"
      testId="receipt-dialog"
    >
      <div className="receipt-scroll">
        <Receipt receipt={receipt} paper={paper} />
      </div>
      <div className="dialog-actions">
        <button
          ref={print}
          type="button"
          className="primary"
          onClick={() => printReceipt()}
          data-action="print-receipt"
        >
          {t('print')} <kbd>F7</kbd>
        </button>
        <button type="button" onClick={() => closeReceipt()} data-action="close-receipt">
          {t('close')} <kbd>Esc</kbd>
        </button>
      </div>
      <PrintHint />
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
