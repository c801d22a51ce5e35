// How the sale was paid, as the receipt prints it: each part (card, cash) and the change. A split
// payment names what each part paid, so that they visibly add up to the total; cash rounded to what
// can be paid says the rounding on a line of its own, then what the cash paid.
import { useTranslation } from 'react-i18next';
import type { Tender } from '../../../contract/contract.ts';
import { useFormat } from '../use-format.ts';

/** cash, card, or split (both): what the receipt says it was paid by. */
export function tenderKind(tender: Tender): 'cash' | 'card' | 'split' {
  return tender.parts.length > 1 ? 'split' : (tender.parts[0]?.method ?? 'cash');
}

export function TenderRows({ tender }: { tender: Tender }) {
  const { t } = useTranslation('receipt');
  const format = useFormat();
  const split = tender.parts.length > 1;
  return (
    <div className="r-tender" data-receipt-tender={tenderKind(tender)}>
      {tender.parts.map((part) =>
        part.method === 'card' ? (
          <p className="r-row" key="card">
            <span>{t('paidByCard')}</span>
            <span data-receipt-card>{format.price(part.amount)}</span>
          </p>
        ) : (
          <div key="cash">
            {tender.rounding !== undefined && (
              <p className="r-row" data-receipt-rounding={tender.rounding.toFixed(2)}>
                <span>{t('cashRounding')}</span>
                <span>{format.signedPrice(tender.rounding)}</span>
              </p>
            )}
            {(split || tender.rounding !== undefined) && (
              <p className="r-row">
                <span>{t('paidInCash')}</span>
                <span data-receipt-cash>{format.price(part.amount)}</span>
              </p>
            )}
            <p className="r-row">
              <span>{t('cashGiven')}</span>
              <span data-receipt-given>{format.price(part.given)}</span>
            </p>
            <p className="r-row">
              <span>{t('change')}</span>
              <span data-receipt-change>{format.price(tender.change)}</span>
            </p>
          </div>
        ),
      )}
    </div>
  );
}
