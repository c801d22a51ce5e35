// The Sale screen's receipt of the order just placed, until the next scan starts a new sale. It
// follows the order's state (a queued order's receipt says it is not confirmed yet).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/app.ts';
import { printReceipt, refreshPlaced, useReceipt } from '../../store/receipt.ts';
import { Receipt } from './Receipt.tsx';
import { PrintHint } from './ReceiptDialog.tsx';

export function PlacedReceipt() {
  const { t } = useTranslation('receipt');
  const placedId = useApp((s) => s.sale.placed);
  const state = useApp((s) => (placedId === null ? undefined : s.orderNews[String(placedId)]?.state));
  const paper = useApp((s) => s.settings?.receiptPaper ?? '80mm');
  const receipt = useReceipt((s) => s.placed);
  const error = useReceipt((s) => s.error);

  const shown = receipt !== null && placedId !== null && receipt.orderId === placedId ? receipt : null;
  // The order moved on (queued, sending, sent...): the receipt is read again.
  useEffect(() => {
    if (shown !== null && state !== undefined && state !== shown.state) void refreshPlaced();
  }, [shown, state]);

  if (placedId === null) return null;
  if (shown === null)
    return error === null ? null : <p className="notice error">{t('receiptError', { error })}</p>;
  return (
    <div className="placed-receipt" data-testid="placed-receipt">
      <div className="receipt-actions">
        <button type="button" onClick={() => printReceipt()} data-action="print-receipt">
          {t('printReceipt')} <kbd>F7</kbd>
        </button>
        <PrintHint />
      </div>
      <Receipt receipt={shown} paper={paper} />
    </div>
  );
}
