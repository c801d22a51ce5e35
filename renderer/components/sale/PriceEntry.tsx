// The price a manager enters for a product the catalog has no usable price for (F6 after the
// refusal): one field, Enter adds the product at that price, Esc goes back to the sale. Its keys are
// in the one keymap (actions/keymap.ts); its actions in store/price-entry.ts.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { closePriceEntry, confirmPriceEntry, setPriceText, usePriceEntry } from '../../store/price-entry.ts';
import { useDialogFocus } from '../dialog.ts';
import { Modal } from '../Modal.tsx';

export function PriceEntry() {
  const open = usePriceEntry((s) => s.item !== null);
  return open ? <Dialog /> : null;
}

function Dialog() {
  const { t } = useTranslation('sale');
  const { item, text, error } = usePriceEntry();
  const field = useRef<HTMLInputElement>(null);
  useDialogFocus(field);
  if (item === null) return null;
  return (
    <Modal
      title={t('priceEntryTitle', { name: item.name })}
      titleId="price-entry-title"
      className="price-entry"
      testId="price-entry"
    >
      <p>{t('priceEntryHelp')}</p>
      <label className="field">
        <span>{t('priceEntryField')}</span>
        <input
          ref={field}
          value={text}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : 'price-entry-error'}
          onChange={(e) => setPriceText(e.target.value)}
          data-field="entered-price"
        />
      </label>
      {error !== null && (
        <p className="notice error" id="price-entry-error" role="alert" data-price-error>
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button
          type="button"
          className="primary"
          onClick={() => void confirmPriceEntry()}
          data-action="add-priced"
        >
          {t('priceEntryAdd')} <kbd>Enter</kbd>
        </button>
        <button type="button" onClick={closePriceEntry} data-action="cancel-price">
          {t('priceEntryBack')} <kbd>Esc</kbd>
        </button>
      </div>
    </Modal>
  );
}
