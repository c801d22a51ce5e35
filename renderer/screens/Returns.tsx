// The Returns screen (F11, or "Return goods" on a sale's row in Orders): find the sale by scanning
// its receipt's QR or typing its number, type how much of each line comes back (never more than is
// left; a weighed line in part), see the refund per tender as the core works it out, and take it back.
// The return's receipt is then shown (and printed: the core queues it on the receipt printer).
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { ReturnSaleView, ReturnView } from '../../contract/contract.ts';
import { ActionButton } from '../components/DialogActions.tsx';
import { useFormat, type Formatters } from '../components/use-format.ts';
import { spoken } from '../i18n/spoken.ts';
import { useApp } from '../store/app.ts';
import {
  exchangeChosen,
  findSale,
  makeReturn,
  nextReturn,
  printReturn,
  followMade,
  setFindText,
  setReturnQuantity,
  toggleNoReceipt,
  useReturns,
} from '../store/returns.ts';
import { useNoReceipt } from '../store/no-receipt.ts';
import { NoReceipt } from './ReturnsNoReceipt.tsx';
import { Form } from '../components/Form.tsx';
import '../components/returns.css';

export function Returns() {
  const { t } = useTranslation('returns');
  const text = useReturns((s) => s.text);
  const sale = useReturns((s) => s.sale);
  const error = useReturns((s) => s.error);
  const busy = useReturns((s) => s.busy);
  const made = useReturns((s) => s.made);
  const noReceipt = useNoReceipt((s) => s.open);

  return (
    <section className="returns" data-testid="returns" aria-label={t('title')}>
      <h1>{t('title')}</h1>
      {noReceipt ? <NoReceipt /> : <ByReceipt text={text} busy={busy} sale={sale} error={error} />}
      <div className="returns-body">
        {!noReceipt && sale !== null && <SaleLines sale={sale} />}
        {made !== null && <MadeReturn made={made} />}
      </div>
    </section>
  );
}

/** Finding the sale by its receipt, and the way to a return without one (F6). */
function ByReceipt({
  text,
  busy,
  sale,
  error,
}: {
  text: string;
  busy: boolean;
  sale: ReturnSaleView | null;
  error: string | null;
}) {
  const { t } = useTranslation('returns');
  return (
    <>
      <Form className="returns-find" onSubmit={() => void findSale(text)}>
        <label>
          <span>{t('findLabel')}</span>
          <input
            value={text}
            onChange={(e) => setFindText(e.target.value)}
            data-field="return-find"
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <button type="submit" disabled={busy}>
          {t('find')}
        </button>
        <button type="button" onClick={() => toggleNoReceipt()} data-action="no-receipt">
          {t('noReceipt')} <kbd>F6</kbd>
        </button>
      </Form>
      {sale === null && error === null && <p className="muted">{t('findHint')}</p>}
      {error !== null && (
        <p className="notice error" role="alert" data-testid="return-error">
          {error}
        </p>
      )}
    </>
  );
}

function SaleLines({ sale }: { sale: ReturnSaleView }) {
  const { t } = useTranslation('returns');
  const f = useFormat();
  const quantities = useReturns((s) => s.quantities);
  return (
    <div className="return-sale" data-testid="return-sale" data-receipt={sale.receipt ?? sale.reference}>
      <p className="return-sale-head">
        <strong>{t('receipt', { receipt: sale.receipt ?? sale.reference })}</strong>{' '}
        <span className="muted">{t('soldAt', { at: f.dateTime(sale.soldAt) })}</span>
        {/* Another till of the store sold it (issue 38): its receipt number is that till's. */}
        {sale.till !== undefined && (
          <span className="muted" data-sale-till={sale.till}>
            {' '}
            {t('soldAtTill', { till: sale.till })}
          </span>
        )}
        <br />
        <span className="muted">
          {t('paidWith', { cash: f.price(sale.paid.cash), card: f.price(sale.paid.card) })}
        </span>
        {sale.returns.length > 0 && (
          <>
            <br />
            <span className="muted" data-returned-before>
              {t('returnedBefore', { numbers: sale.returns.map((r) => r.number).join(', ') })}
            </span>
          </>
        )}
      </p>
      <table className="return-lines">
        <thead>
          <tr>
            <th>{t('colItem')}</th>
            <th className="num">{t('colSold')}</th>
            <th className="num">{t('colReturned')}</th>
            <th className="num">{t('colPaid')}</th>
            <th className="num">{t('colBack')}</th>
          </tr>
        </thead>
        <tbody>
          {sale.lines.map((l) => (
            <tr key={l.lineNo} data-line={l.lineNo} data-left={l.left}>
              <td>
                {l.name}
                {l.code === undefined ? null : <span className="muted"> · {l.code}</span>}
              </td>
              <td className="num">
                {f.qty(l.quantity)}
                {l.unit === undefined ? '' : ` ${l.unit}`}
              </td>
              <td className="num">{l.returned > 0 ? f.qty(l.returned) : ''}</td>
              <td className="num">{f.price(l.paid)}</td>
              <td className="num back">
                {l.left > 0 ? (
                  <>
                    <input
                      inputMode="decimal"
                      autoComplete="off"
                      value={quantities[l.lineNo] ?? ''}
                      onChange={(e) => setReturnQuantity(l.lineNo, e.target.value)}
                      aria-label={`${t('colBack')}: ${l.name}`}
                      data-line-qty={l.lineNo}
                      placeholder="0"
                    />
                    <button
                      type="button"
                      className="link"
                      onClick={() => setReturnQuantity(l.lineNo, f.qty(l.left))}
                      data-action="return-all"
                    >
                      {t('all')} ({f.qty(l.left)})
                    </button>
                  </>
                ) : (
                  <span className="muted">{t('nothingLeft')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Refund />
    </div>
  );
}

function Refund() {
  const { t } = useTranslation('returns');
  const f = useFormat();
  const plan = useReturns((s) => s.plan);
  const busy = useReturns((s) => s.busy);
  if (plan === null) return <p className="muted">{t('chooseLines')}</p>;
  return (
    <div className="return-refund" data-testid="return-refund">
      <dl>
        <dt>{t('refundTotal')}</dt>
        <dd data-refund="total">{f.price(plan.total)}</dd>
        {plan.card > 0 && (
          <>
            <dt>{t('refundCard')}</dt>
            <dd data-refund="card">{f.price(plan.card)}</dd>
          </>
        )}
        {(plan.cash > 0 || plan.card === 0) && (
          <>
            <dt>{t('refundCash')}</dt>
            <dd data-refund="cash">{f.price(plan.cash)}</dd>
          </>
        )}
        {plan.cashRounding !== 0 && (
          <>
            <dt>{t('refundRounding')}</dt>
            <dd data-refund="rounding">{f.signedPrice(plan.cashRounding)}</dd>
          </>
        )}
      </dl>
      {plan.approval.length > 0 && (
        <p className="notice warn" data-testid="return-needs-manager">
          {spoken(plan.approval, '')}
        </p>
      )}
      <ActionButton
        primary
        button={{
          label: t('make'),
          onClick: () => void makeReturn(),
          action: 'make-return',
          disabled: busy,
          keyName: 'F9',
        }}
      />{' '}
      <button type="button" disabled={busy} onClick={() => void exchangeChosen()} data-action="exchange">
        {t('exchange')} <kbd>F8</kbd>
      </button>
    </div>
  );
}

function MadeReturn({ made }: { made: ReturnView }) {
  const { t } = useTranslation('returns');
  // Its document's state follows the core's news (sent, in doubt, to fix, for the back office).
  useEffect(() => followMade(), [made.id]);
  const f = useFormat();
  const printer = useApp((s) => (s.settings?.receiptPrinter ?? null) !== null);
  const paper = useApp((s) => s.settings?.receiptPaper ?? '80mm');
  return (
    <div className="return-made" data-testid="return-made" data-number={made.number} data-state={made.state}>
      <ReturnPaper made={made} f={f} />
      <div className="actions">
        <button type="button" onClick={() => void printReturn(printer)} data-action="print-return">
          {t('print')} <kbd>F7</kbd>
        </button>
        <button type="button" onClick={() => nextReturn()} data-action="next-return">
          {t('next')}
        </button>
      </div>
      {createPortal(
        <div className="print-root" data-print-paper={paper}>
          <ReturnPaper made={made} f={f} />
        </div>,
        document.body,
      )}
    </div>
  );
}

/** The return's receipt as the customer gets it: the title, lines taken back, the refund per tender. */
function ReturnPaper({ made, f }: { made: ReturnView; f: Formatters }) {
  const { t } = useTranslation('returns');
  const state = {
    queued: t('stateQueued'),
    sending: t('stateSending'),
    sent: t('stateSent'),
    'back-office': t('stateBackOffice'),
    booked: t('stateBooked'),
    'in-doubt': t('stateInDoubt'),
    'needs-fix': t('stateNeedsFix'),
    blocked: t('stateBlocked'),
    cancelled: t('stateCancelled'),
  }[made.state as string];
  return (
    <div className="receipt return-paper">
      <p className="receipt-title">
        <strong>
          {made.withoutReceipt === true
            ? t('madeNoReceipt', { number: made.number })
            : t('made', { number: made.number, receipt: made.receipt })}
        </strong>
        <br />
        <span className="muted">{f.dateTime(made.createdAt)}</span>
      </p>
      <table>
        <tbody>
          {made.lines.map((l) => (
            <tr key={l.lineNo}>
              <td>{l.name}</td>
              <td className="num">
                {f.qty(-l.quantity)}
                {l.unitOfMeasure === undefined ? '' : ` ${l.unitOfMeasure}`}
              </td>
              <td className="num">{f.price(-l.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="return-total">
        {t('total')} <strong data-made-total>{f.price(-made.total)}</strong>
      </p>
      <dl>
        {made.refund.card !== undefined && (
          <>
            <dt>{t('refundCard')}</dt>
            <dd data-made-refund="card">{f.price(made.refund.card)}</dd>
          </>
        )}
        {made.refund.cash !== undefined && (
          <>
            <dt>{t('refundCash')}</dt>
            <dd data-made-refund="cash">{f.price(made.refund.cash)}</dd>
          </>
        )}
      </dl>
      <p className="muted" data-made-state>
        {t('madeState', { state: state ?? t('stateOther', { state: made.state }) })}
      </p>
    </div>
  );
}
