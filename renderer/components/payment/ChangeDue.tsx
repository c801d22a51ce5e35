// The change due of the sale just placed, large on the Sale screen until the next scan: what the
// cashier hands back must not be only inside the receipt, below the fold. A card payment says it
// was paid by card; a split one names both parts.
import { useWords } from '../../i18n/kept-words.ts';
import { useApp } from '../../store/app.ts';
import { usePaid } from '../../store/payment.ts';
import { tenderKind } from '../receipt/TenderRows.tsx';
import { useFitWidth } from '../fit.ts';
import { useFormat } from '../use-format.ts';
import './payment.css';

export function ChangeDue() {
  const t = useWords('sale');
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
          <Amount className="change-due-amount card-paid" text={format.price(card?.amount ?? 0)} />
        </>
      ) : (
        <>
          <p className="change-due-label">{t('changeDueLabel')}</p>
          <Amount className="change-due-amount" text={format.price(tender.change)} changeDue />
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

/** The amount on one line, its font shrinking to fit the panel (a seven-digit change at 1024 px). */
function Amount({ text, className, changeDue }: { text: string; className: string; changeDue?: boolean }) {
  const ref = useFitWidth<HTMLParagraphElement>(text);
  return (
    <p className={className} ref={ref} data-change-due={changeDue === true ? '' : undefined}>
      {text}
    </p>
  );
}
