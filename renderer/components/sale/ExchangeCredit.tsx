// The Sale screen's note of an exchange (issue 37, point 4): the credit from the goods returned and
// what the customer pays (the difference) or gets back in cash. F9 settles it (store/exchange.ts).
import { memo, useEffect } from 'react';
import { useWords } from '../../i18n/kept-words.ts';
import { useApp } from '../../store/app.ts';
import {
  differenceOf,
  dropExchange,
  loadExchange,
  useExchange,
  type ExchangeCredit,
} from '../../store/exchange.ts';
import { useFormat } from '../use-format.ts';
import './sale.css';

/**
 * The note, where the sale at the counter has a credit. Follows the credit and the sale's id only:
 * a scan renders it (through the note shown) only when there is a credit to show against the total.
 */
export const ExchangeCreditNote = memo(function ExchangeCreditNote() {
  const credit = useExchange((s) => s.credit);
  const sessionId = useApp((s) => s.session?.id ?? null);
  // The credit is kept with the sale in the core: read again when the screen comes (a reload) and
  // whenever another sale is at the counter (parked, recalled, settled).
  useEffect(() => {
    void loadExchange();
  }, [sessionId]);
  return credit === null ? null : <CreditShown credit={credit} />;
});

function CreditShown({ credit }: { credit: ExchangeCredit }) {
  const t = useWords('returns');
  const f = useFormat();
  const total = useApp((s) => s.session?.totals.total ?? 0);
  const lines = useApp((s) => s.session?.lines.length ?? 0);
  const difference = differenceOf(credit.credit, total, 'cash');
  return (
    <div className="exchange-credit" data-testid="exchange-credit" data-credit={credit.credit}>
      <p>{t('exchangeCredit', { receipt: credit.receipt, amount: f.price(-credit.credit) })}</p>
      {lines === 0 ? (
        <p className="muted">{t('exchangeScan')}</p>
      ) : difference > 0 ? (
        <p className="exchange-due" data-exchange-due={difference}>
          {t('exchangeToPay', { amount: f.price(difference) })}
        </p>
      ) : (
        <p className="exchange-due" data-exchange-back={-difference}>
          {t('exchangeGiveBack', { amount: f.price(-difference) })}
        </p>
      )}
      <button type="button" className="link" onClick={() => dropExchange()} data-action="drop-exchange">
        {t('exchangeDrop')}
      </button>
    </div>
  );
}
