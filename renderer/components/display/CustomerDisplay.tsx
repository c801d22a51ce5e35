// The display facing the customer: big, plain, in the store's language. While a sale is on the
// counter, its lines before discounts (newest at the bottom, always in sight), what came off them, and the total to pay; once paid, the cash
// rounding (if any), the cash handed over, the change due and a thank-you; else a welcome. It follows
// the till through the core's display.changed events, so it is a frame behind the till at most.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLanguage } from '../../i18n/index.ts';
import { followDisplay, useDisplay } from '../../store/display.ts';
import { useFormat } from '../use-format.ts';
import './display.css';

export function CustomerDisplay() {
  const { t } = useTranslation();
  const view = useDisplay((s) => s.view);
  // The display is given no settings: its view says the language and the currency.
  const format = useFormat(view === null ? undefined : { currency: view.currency });
  const language = view?.language ?? 'system';
  const lines = useRef<HTMLOListElement>(null);
  useEffect(() => followDisplay(), []);
  useEffect(() => void applyLanguage(language), [language]);
  // The newest line is the one the customer looks for.
  useEffect(() => {
    lines.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [view]);
  const state = view?.state ?? 'idle';
  return (
    <main
      className="customer-display"
      data-testid="customer-display"
      data-display-state={state}
      aria-label={t('displayLabel')}
    >
      {state === 'idle' ? (
        <p className="cd-welcome">{t('displayWelcome')}</p>
      ) : (
        <>
          <ol className="cd-lines" ref={lines}>
            {view?.lines.map((line, i) => (
              <li key={i} data-display-line>
                <span className="cd-name">{line.name}</span>
                <span className="cd-qty">
                  {format.qty(line.quantity)}
                  {line.unitOfMeasure === undefined ? '' : ` ${line.unitOfMeasure}`}
                  {line.unitPrice === undefined ? '' : ` × ${format.unitPrice(line.unitPrice)}`}
                </span>
                <span className="cd-amount">{format.price(line.lineTotal)}</span>
              </li>
            ))}
          </ol>
          {view?.discount !== undefined && (
            <p className="cd-row cd-discount">
              <span>{t('displayDiscount')}</span>
              <span data-display-discount>{format.signedPrice(-view.discount)}</span>
            </p>
          )}
          <div className="cd-total">
            <span>{state === 'paid' ? t('displayPaid') : t('displayTotal')}</span>
            <span data-display-total>{format.price(view?.total ?? 0)}</span>
          </div>
          {state === 'paid' && (
            <div className="cd-paid">
              {view?.rounding !== undefined && (
                <p className="cd-row">
                  <span>{t('displayRounding')}</span>
                  <span data-display-rounding>{format.signedPrice(view.rounding)}</span>
                </p>
              )}
              {view?.given !== undefined && (
                <p className="cd-row">
                  <span>{t('displayGiven')}</span>
                  <span data-display-given>{format.price(view.given)}</span>
                </p>
              )}
              {view?.change !== undefined && (
                <p className="cd-row cd-change">
                  <span>{t('displayChange')}</span>
                  <span data-display-change>{format.price(view.change)}</span>
                </p>
              )}
              <p className="cd-thanks">{t('displayThanks')}</p>
            </div>
          )}
        </>
      )}
    </main>
  );
}
