// The payment panel F9 opens over the sale: cash (F2: amount given, quick buttons for round notes),
// card (F3: the store's terminal charges the total) or card + cash (F4: the card's part, then the
// cash given for the rest); the change due live. Cash is counted in what can be paid: where Settings
// round it (CZK whole crowns), the rounding and the cash to pay are a line of their own; a card is
// charged the exact total. The fields place with Enter; a focused button does
// what it says (a round note chooses that note, and focus goes back to the amount so that the next
// Enter places). Esc goes back to the sale untouched. Its keys are in the one keymap
// (actions/keymap.ts); its actions in store/payment.ts.
import { useExchange } from '../../store/exchange.ts';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../use-format.ts';
import { useApp } from '../../store/app.ts';
import {
  cashStepOf,
  closePayment,
  confirmPayment,
  paymentSummary,
  quickAmounts,
  setCard,
  setGiven,
  setMethod,
  usePayment,
  type Method,
} from '../../store/payment.ts';
import type { PaymentSummary } from '../../store/tender.ts';
import { DialogActions } from '../DialogActions.tsx';
import { useDialogFocus } from '../dialog.ts';
import { Modal } from '../Modal.tsx';
import './payment.css';

export function PaymentPanel() {
  const open = usePayment((s) => s.open);
  return open ? <Panel /> : null;
}

function Panel() {
  const { t } = useTranslation('sale');
  const format = useFormat();
  const payment = usePayment();
  // An exchange's credit comes off: the customer pays the difference (store/exchange.ts).
  const credit = useExchange((s) => s.credit?.credit ?? 0);
  const total = useApp((s) => s.session?.totals.total ?? 0) - credit;
  const step = useApp((s) => cashStepOf(s.settings));
  const given = useRef<HTMLInputElement>(null);
  const cardPart = useRef<HTMLInputElement>(null);
  const place = useRef<HTMLButtonElement>(null);
  useDialogFocus(given);
  const sum = paymentSummary(payment, total, step);
  const method = payment.method;
  // Switching method moves focus to what that method asks for: the card's part, or the amount
  // given; card asks for nothing, so focus goes to Place order, which Enter then presses.
  useEffect(() => {
    if (method === 'card') place.current?.focus();
    else if (method === 'split') cardPart.current?.focus();
    else given.current?.focus();
  }, [method]);

  return (
    <Modal
      title={t('payment')}
      titleId="payment-title"
      className="payment-panel"
      testId="payment-panel"
      // INTERFACES.md's stable hook for the payment region; payment-panel is the dialog inside it.
      regionTestId="payment"
      data={{ 'data-method': method }}
    >
      <p className="payment-total">
        {t('total')}{' '}
        <strong data-payment-total data-amount={total}>
          {format.price(total)}
        </strong>
      </p>
      <div className="payment-methods" role="group" aria-label={t('paidBy')}>
        <MethodButton method="cash" current={method} label={t('cash')} keyName="F2" />
        <MethodButton method="card" current={method} label={t('payByCard')} keyName="F3" />
        <MethodButton method="split" current={method} label={t('paySplit')} keyName="F4" />
      </div>
      {method === 'split' && (
        <label className="payment-given">
          {t('cardPart')}
          <input
            ref={cardPart}
            value={payment.card}
            onChange={(e) => setCard(e.target.value)}
            placeholder={t('cardPartPlaceholder')}
            inputMode="decimal"
            autoComplete="off"
            aria-describedby="payment-change"
            data-field="card"
          />
        </label>
      )}
      {method !== 'card' && sum.rounding !== 0 && (
        <p
          className="payment-rounding"
          data-payment-rounding={sum.rounding.toFixed(2)}
          data-cash-due={sum.due.toFixed(2)}
        >
          <span>{t('cashRounding', { amount: format.signedPrice(sum.rounding) })}</span>
          <strong>{t('cashDue', { amount: format.price(sum.due) })}</strong>
        </p>
      )}
      {method === 'card' ? (
        <p className="payment-change" data-change="0.00">
          {t('cardCharges', { amount: format.price(total) })}
        </p>
      ) : (
        <>
          <label className="payment-given">
            {t('amountGiven')}
            <input
              ref={given}
              value={payment.given}
              onChange={(e) => setGiven(e.target.value)}
              placeholder={
                method === 'split' && sum.rest === undefined
                  ? t('givenPlaceholderSplit')
                  : t('givenPlaceholder', { amount: format.price(sum.due) })
              }
              inputMode="decimal"
              autoComplete="off"
              aria-describedby="payment-change"
              data-field="given"
            />
          </label>
          {(method === 'cash' || sum.rest !== undefined) && (
            <div className="quick-notes" role="group" aria-label={t('roundNotes')}>
              {quickAmounts(sum.due, format.currency).map((n) => (
                <button
                  key={n}
                  type="button"
                  onClick={() => {
                    setGiven(String(n));
                    // Chosen: the next Enter places with this note.
                    given.current?.focus();
                  }}
                  data-quick={n}
                >
                  {format.price(n)}
                </button>
              ))}
            </div>
          )}
          {sum.card !== undefined && sum.rest !== undefined && (
            <p
              className="payment-split"
              data-split-card={sum.card.toFixed(2)}
              data-split-rest={sum.rest.toFixed(2)}
            >
              {t('splitParts', { card: format.price(sum.card), rest: format.price(sum.rest) })}
            </p>
          )}
          <p
            id="payment-change"
            className={sum.valid ? 'payment-change' : 'payment-change short'}
            aria-live="polite"
            data-change={sum.valid ? sum.change.toFixed(2) : ''}
          >
            {changeLine(sum, t, (n) => format.price(n))}
          </p>
        </>
      )}
      {payment.error !== null && (
        <p className="notice error" role="alert" data-payment-error>
          {payment.error}
        </p>
      )}
      <DialogActions
        primary={{
          label: t('placeOrder'),
          keyName: 'Enter',
          disabled: payment.busy,
          onClick: () => void confirmPayment(),
          action: 'confirm-payment',
        }}
        primaryRef={place}
        back={{
          label: t('backToSale'),
          keyName: 'Esc',
          onClick: () => closePayment(),
          action: 'cancel-payment',
        }}
      />
      <p className="muted small">
        {method === 'cash' ? t('hintCash') : method === 'split' ? t('hintSplit') : t('hintCard')}
      </p>
    </Modal>
  );
}

function MethodButton(props: { method: Method; current: Method; label: string; keyName: string }) {
  const active = props.method === props.current;
  return (
    <button
      type="button"
      className={active ? 'method active' : 'method'}
      aria-pressed={active}
      onClick={() => setMethod(props.method)}
      data-method-button={props.method}
    >
      {props.label} <kbd>{props.keyName}</kbd>
    </button>
  );
}

/** Change due, short by, not an amount, or (split) what is still to type. */
function changeLine(sum: PaymentSummary, t: TFunction<'sale'>, price: (n: number) => string): string {
  if (sum.valid) return t('changeDue', { amount: price(sum.change) });
  switch (sum.problem?.kind) {
    case 'not-amount':
      return t('notAnAmount');
    case 'short':
      return t('shortBy', { amount: price(sum.short) });
    default:
      return t('cardPartNeeded');
  }
}
