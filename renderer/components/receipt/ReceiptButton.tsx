// Orders: a "Receipt" button per order, opening the same receipt in a dialog to reprint it.
import { useTranslation } from 'react-i18next';
import type { OutboxEntryView } from '../../../contract/contract.ts';
import { openReceipt } from '../../store/receipt.ts';

export function ReceiptButton({ id }: { id: OutboxEntryView['id'] }) {
  const { t } = useTranslation('receipt');
  return (
    <button
      type="button"
      className="receipt-button"
      onClick={() => void openReceipt(id)}
      data-action="receipt"
      aria-label={t('receiptOfOrder', { id: String(id) })}
    >
      {t('receipt')}
    </button>
  );
}
