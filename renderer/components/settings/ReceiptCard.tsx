// Settings: the receipt printer's paper, 80 mm or 58 mm (the receipt's layout and the printed page's width).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/app.ts';
import { setPaper, type Paper } from '../../store/receipt.ts';

const PAPERS: readonly { id: Paper; mm: number }[] = [
  { id: '80mm', mm: 80 },
  { id: '58mm', mm: 58 },
];

export function ReceiptCard() {
  const { t } = useTranslation('settings');
  const paper = useApp((s) => s.settings?.receiptPaper ?? '80mm');
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="card" data-section="receipt">
      <h2>{t('receiptsTitle')}</h2>
      <fieldset className="paper-choice">
        <legend>{t('receiptPaper')}</legend>
        {PAPERS.map((p) => (
          <label key={p.id} className="check">
            <input
              type="radio"
              name="receipt-paper"
              value={p.id}
              checked={paper === p.id}
              onChange={() => void setPaper(p.id).then(setError)}
              data-paper-option={p.id}
            />{' '}
            {t('paperWidth', { mm: p.mm })}
          </label>
        ))}
      </fieldset>
      <p className="muted">{t('receiptPrintHelp')}</p>
      {error !== null && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
