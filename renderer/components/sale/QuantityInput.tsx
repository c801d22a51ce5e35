// A line's quantity, typed: "2", "1,5" or "1.5". Enter or leaving the field stores it; what the core
// refuses (a decimal for a counted unit, zero, a code typed here) is said next to the field, and the
// field shows the stored quantity again, so the field and the total never disagree.
import { useState } from 'react';
import type { SessionLineView } from '../../../contract/contract.ts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../use-format.ts';
import { useApp } from '../../store/app.ts';
import { setQuantity } from '../../store/sale.ts';

export function QuantityInput({ line }: { line: SessionLineView }) {
  const { t } = useTranslation('sale');
  const shown = useFormat().qty(line.quantity);
  const [value, setValue] = useState(shown);
  // The stored quantity changed (a scan of the same code): the field takes it in this render, not in a
  // second render and commit that an effect started after this one (a scan's line paints later).
  const [was, setWas] = useState(shown);
  if (was !== shown) {
    setWas(shown);
    setValue(shown);
  }
  const error = useApp((s) => (s.sale.quantityError?.lineId === line.id ? s.sale.quantityError.text : null));
  const commit = async () => {
    if (value.trim() === shown) return;
    if (!(await setQuantity(line, value))) setValue(shown);
  };
  const errorId = `qty-error-${String(line.id)}`;
  return (
    <>
      <input
        className={error === null ? 'qty' : 'qty invalid'}
        value={value}
        inputMode="decimal"
        autoComplete="off"
        tabIndex={-1}
        aria-label={t('quantityOf', { name: line.name })}
        aria-invalid={error !== null}
        aria-describedby={error === null ? undefined : errorId}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            e.currentTarget.blur();
          } else if (e.key === 'Escape') {
            setValue(shown);
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
      {error !== null && (
        <span className="qty-error" id={errorId} data-quantity-error>
          {error}
        </span>
      )}
    </>
  );
}
