// The payment panel F9 opens over the sale: amount given (the field has focus; digits typed go
// there, "," or "." for decimals), quick buttons for round notes, change due live, cash (F2) or card
// (F3). Enter places the order, Esc goes back to the sale untouched. Its keys are in the one keymap
// (actions/keymap.ts); its actions in store/payment.ts.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../use-format.ts';
import { useApp } from '../../store/app.ts';
import {
  closePayment,
  confirmPayment,
  paymentSummary,
  quickAmounts,
  setGiven,
  setMethod,
  usePayment,
} from '../../store/payment.ts';
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
  const total = useApp((s) => s.session?.totals.total ?? 0);
  const field = useRef<HTMLInputElement>(null);
  const card = useRef<HTMLButtonElement>(null);
  useDialogFocus(field);
  const sum = paymentSummary(payment, total);
  const cash = payment.method === 'cash';
  // Switching to card takes the amount field away: focus stays in the panel, on the card button.
  useEffect(() => {
    if (!cash) card.current?.focus();
    else if (document.activeElement === document.body) field.current?.focus();
  }, [cash]);

  return (
    <Modal
      title={t('payment')}
      titleId="payment-title"
      className="payment-panel"
      testId="payment-panel"
      data={{ 'data-method': payment.method }}
    >
      <p className="payment-total">
        {t('total')}{' '}
        <strong data-payment-total data-amount={total}>
          {format.price(total)}
        </strong>
      </p>
      <div className="payment-methods" role="group" aria-label={t('paidBy')}>
        <button
          type="button"
          className={cash ? 'method active' : 'method'}
          aria-pressed={cash}
          onClick={() => setMethod('cash')}
          data-method-button="cash"
        >
          {t('cash')} <kbd>F2</kbd>
        </button>
        <button
          ref={card}
          type="button"
          className={cash ? 'method' : 'method active'}
          aria-pressed={!cash}
          onClick={() => setMethod('card')}
          data-method-button="card"
        >
          {t('payByCard')} <kbd>F3</kbd>
        </button>
      </div>
      {cash ? (
        <>
          <label className="payment-given">
            {t('amountGiven')}
            <input
              ref={field}
              value={payment.given}
              onChange={(e) => setGiven(e.target.value)}
              placeholder={t('givenPlaceholder', { amount: format.price(total) })}
              inputMode="decimal"
              autoComplete="off"
              aria-describedby="payment-change"
              data-field="given"
            />
          </label>
          <div className="quick-notes" role="group" aria-label={t('roundNotes')}>
            {quickAmounts(total, format.currency).map((n) => (
              <button key={n} type="button" onClick={() => setGiven(String(n))} data-quick={n}>
                {format.price(n)}
              </button>
            ))}
          </div>
          <p
            id="payment-change"
            className={sum.valid ? 'payment-change' : 'payment-change short'}
            aria-live="polite"
            data-change={sum.valid ? sum.change.toFixed(2) : ''}
          >
            {sum.valid
              ? t('changeDue', { amount: format.price(sum.change) })
              : Number.isNaN(sum.given)
                ? t('notAnAmount')
                : t('shortBy', { amount: format.price(sum.short) })}
          </p>
        </>
      ) : (
        <p className="payment-change" data-change="0.00">
          {t('cardCharges', { amount: format.price(total) })}
        </p>
      )}
      {payment.error !== null && (
        <p className="notice error" role="alert" data-payment-error>
          {payment.error}
        </p>
      )}
      <div className="dialog-actions">
        <button
          type="button"
          className="primary"
          disabled={payment.busy}
          onClick={() => void confirmPayment()}
          data-action="confirm-payment"
        >
          {t('placeOrder')} <kbd>Enter</kbd>
        </button>
        <button type="button" onClick={() => closePayment()} data-action="cancel-payment">
          {t('backToSale')} <kbd>Esc</kbd>
        </button>
      </div>
      <p className="muted small">{cash ? t('hintCash') : t('hintCard')}</p>
    </Modal>
  );
}
