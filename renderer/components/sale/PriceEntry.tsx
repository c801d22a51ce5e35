// The price a manager enters for a product the catalog has no usable price for (F6 after the
// refusal): one field, Enter adds the product at that price, Esc goes back to the sale. Its keys are
// in the one keymap (actions/keymap.ts); its actions in store/price-entry.ts.
import { useTranslation } from 'react-i18next';
import { closePriceEntry, confirmPriceEntry, setPriceText, usePriceEntry } from '../../store/price-entry.ts';
import { AmountDialog } from '../AmountDialog.tsx';

export function PriceEntry() {
  const open = usePriceEntry((s) => s.item !== null);
  return open ? <Dialog /> : null;
}

function Dialog() {
  const { t } = useTranslation('sale');
  const { item, text, error } = usePriceEntry();
  if (item === null) return null;
  return (
    <AmountDialog
      id="price-entry"
      title={t('priceEntryTitle', { name: item.name })}
      label={t('priceEntryField')}
      field="entered-price"
      text={text}
      onText={setPriceText}
      error={error}
      errorMark="data-price-error"
      confirm={{ label: t('priceEntryAdd'), onClick: () => void confirmPriceEntry(), action: 'add-priced' }}
      back={{ label: t('priceEntryBack'), onClick: closePriceEntry, action: 'cancel-price' }}
    >
      <p>{t('priceEntryHelp')}</p>
    </AmountDialog>
  );
}
