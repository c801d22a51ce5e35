// Settings: the receipt printer's paper, 80 mm or 58 mm (the receipt's layout and the printed page's width).
import { useState } from 'react';
import { useApp } from '../store.ts';
import { setPaper, type Paper } from '../store/receipt.ts';

const PAPERS: readonly { id: Paper; label: string }[] = [
  { id: '80mm', label: '80 mm' },
  { id: '58mm', label: '58 mm' },
];

export function ReceiptSettings() {
  const paper = useApp((s) => s.settings?.receiptPaper ?? '80mm');
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="card" data-section="receipt">
      <h2>Receipts</h2>
      <fieldset className="paper-choice">
        <legend>Receipt paper</legend>
        {PAPERS.map((p) => (
          <label key={p.id}>
            <input
              type="radio"
              name="receipt-paper"
              value={p.id}
              checked={paper === p.id}
              onChange={() => void setPaper(p.id).then(setError)}
              data-paper-option={p.id}
            />{' '}
            {p.label}
          </label>
        ))}
      </fieldset>
      <p className="muted">
        Receipts print through the system print dialog (Electron&apos;s printing in the app, the
        browser&apos;s in the web shell); choose &quot;Save as PDF&quot; there for a PDF.
      </p>
      {error !== null && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
