// A line's quantity, typed: "2", "1,5" or "1.5". Enter or leaving the field stores it; what the core
// refuses (a decimal for a counted unit, zero, a code typed here) is said next to the field, and the
// field shows the stored quantity again, so the field and the total never disagree once it is left.
// Untouched, the field is the stored quantity (a scan raising the line shows in the same render).
// Being typed, it is the person's text: a scan of the same code meanwhile never wipes it (keys are
// never lost); the new stored quantity is said beside it, Enter stores what was typed, Esc keeps it.
import { useRef, useState } from 'react';
import type { SessionLineView } from '../../../contract/contract.ts';
import { useWords } from '../../i18n/kept-words.ts';
import { useFormat } from '../use-format.ts';
import { useApp } from '../../store/app.ts';
import { setQuantity } from '../../store/sale.ts';
import { compareDecimal, decimal, typedDecimal } from '../../../common/money.ts';

/** What a person typed in the field, the stored quantity it was typed over, and whether it is on its way. */
interface Edit {
  readonly text: string;
  readonly over: string;
  readonly sending?: true;
}

export function QuantityInput({ line }: { line: SessionLineView }) {
  const t = useWords('sale');
  const shown = useFormat().qty(line.quantity);
  const [edit, setEdit] = useState<Edit | null>(null);
  const error = useApp((s) => (s.sale.quantityError?.lineId === line.id ? s.sale.quantityError.text : null));
  // Esc leaves the field without storing: its blur (in the same keydown) must not commit the text.
  const escaped = useRef(false);
  const commit = async () => {
    if (escaped.current || edit === null) {
      escaped.current = false;
      return;
    }
    const typed = edit;
    // The same number as stored, however written ("1.5" over "1,5", "1,50"): nothing to send.
    const number = typedDecimal(typed.text);
    const stored = decimal(line.quantity);
    if (number !== undefined && stored !== undefined && compareDecimal(number, stored) === 0)
      return setEdit(null);
    setEdit({ ...typed, sending: true });
    await setQuantity(line, typed.text);
    // Stored or refused, the field shows the stored quantity now (unless typed again meanwhile).
    setEdit((now) => (now?.text === typed.text ? null : now));
  };
  const changedMeanwhile = edit !== null && edit.sending !== true && edit.over !== shown;
  const errorId = `qty-error-${String(line.id)}`;
  const meanwhileId = `qty-meanwhile-${String(line.id)}`;
  const described = [...(changedMeanwhile ? [meanwhileId] : []), ...(error === null ? [] : [errorId])];
  return (
    <>
      <input
        className={error === null ? 'qty' : 'qty invalid'}
        value={edit?.text ?? shown}
        inputMode="decimal"
        autoComplete="off"
        tabIndex={-1}
        aria-label={t('quantityOf', { name: line.name })}
        aria-invalid={error !== null}
        aria-describedby={described.length === 0 ? undefined : described.join(' ')}
        onChange={(e) => setEdit({ text: e.target.value, over: edit?.over ?? shown })}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            e.currentTarget.blur();
          } else if (e.key === 'Escape') {
            escaped.current = true;
            setEdit(null);
            e.currentTarget.blur();
          }
        }}
        data-field="quantity"
      />
      {/* The unit under the field, as the VAT rate sits under the price: "1,234" of what. */}
      {line.unitOfMeasure !== undefined && line.unitOfMeasure !== '' && (
        <div className="muted qty-unit" data-line-unit>
          {line.unitOfMeasure}
        </div>
      )}
      {changedMeanwhile && (
        <span className="qty-note" id={meanwhileId} data-quantity-meanwhile>
          {t('quantityChangedMeanwhile', { quantity: shown })}
        </span>
      )}
      {error !== null && (
        <span className="qty-error" id={errorId} data-quantity-error>
          {error}
        </span>
      )}
    </>
  );
}
