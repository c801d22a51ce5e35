// The change due of the sale just placed, large on the Sale screen until the next scan: what the
// cashier hands back must not be only inside the receipt, below the fold. A card payment says it
// was paid by card; a split one names both parts.
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/app.ts';
import { usePaid } from '../../store/payment.ts';
import { tenderKind } from '../receipt/TenderRows.tsx';
import { useFormat } from '../use-format.ts';
import './payment.css';

export function ChangeDue() {
  const { t } = useTranslation('sale');
  const format = useFormat();
  const paid = usePaid((s) => s.paid);
  const placed = useApp((s) => s.sale.placed);
  if (paid === null || paid.orderId !== placed) return null;
  const { tender } = paid;
  const cash = tender.parts.find((p) => p.method === 'cash');
  const card = tender.parts.find((p) => p.method === 'card');
  return (
    <div
      className="card change-due"
      data-testid="change-due"
      data-change={tender.change.toFixed(2)}
      data-tender={tenderKind(tender)}
    >
      {cash === undefined ? (
        <>
          <p className="change-due-label">{t('paidByCardDone')}</p>
          <p className="change-due-amount card-paid">{format.price(card?.amount ?? 0)}</p>
        </>
      ) : (
        <>
          <p className="change-due-label">{t('changeDueLabel')}</p>
          <p className="change-due-amount" data-change-due>
            {format.price(tender.change)}
          </p>
          <p className="change-due-parts">
            {card === undefined
              ? t('changeDueGiven', { given: format.price(cash.given) })
              : t('changeDueSplit', {
                  card: format.price(card.amount),
                  cash: format.price(cash.amount),
                  given: format.price(cash.given),
                })}
          </p>
        </>
      )}
      <p className="muted change-due-next">{t('changeDueNext')}</p>
    </div>
  );
}
