// Who the sale goes to: the scanned card's company (by name), or the walk-in customer named in
// Settings; its discount, and what "Owes" means for this sale. While nobody chose who a sale without
// a card goes to, it asks (WalkInPrompt).
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { CustomerView, SessionView } from '../../../contract/contract.ts';
import { useWords } from '../../i18n/kept-words.ts';
import { useFormat } from '../use-format.ts';
import { unpaidInvoices } from '../../words/customer.ts';
import { loadCompanyName, useCompanies } from '../../store/companies.ts';
import { useApp } from '../../store/app.ts';
import { WalkInPrompt } from './WalkInPrompt.tsx';
import { openCardIssue } from '../../store/card-issue.ts';

export function CustomerPanel({ session }: { session: SessionView | null }) {
  const t = useWords('sale');
  const customer = session?.customer ?? null;
  const walkIn = session?.walkIn ?? null;
  // Nobody chose yet who a sale without a card goes to (a real instance's first run): asked here.
  const walkInAsked = useApp((s) => s.settings === null || s.settings.walkInChosen);
  const panel = useRef<HTMLDivElement>(null);
  const more = useMoreBelow(panel, [customer, walkIn]);
  return (
    <div
      ref={panel}
      className="card customer"
      data-testid="customer"
      data-company={customer?.companyId ?? ''}
      data-walk-in={customer === null && walkIn !== null ? walkIn.companyId : ''}
    >
      <div className="customer-head">
        <h2>{t('customer')}</h2>
        <IssueCardButton />
      </div>
      {customer !== null ? (
        <CardCustomer customer={customer} />
      ) : walkIn !== null ? (
        <p data-walk-in-name>
          <strong>{t('walkInCustomer', { name: walkIn.name })}</strong>
          <br />
          <span className="muted">{t('walkInNote')}</span>
        </p>
      ) : walkInAsked ? (
        <p className="muted">{t('noCustomer')}</p>
      ) : (
        <WalkInPrompt />
      )}
      {more && (
        // Screen readers read the whole panel; this is for the eyes, and a tap scrolls it on.
        <button
          type="button"
          className="more-below"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => panel.current?.scrollBy({ top: panel.current.clientHeight / 2 })}
          data-more
        >
          <span>{t('moreBelow')}</span>
        </button>
      )}
    </div>
  );
}

/**
 * Whether the panel, scrolling in a short window (1024x768), has more below what shows: then a
 * line would be cut at its bottom edge with no sign that it goes on.
 */
function useMoreBelow(panel: RefObject<HTMLDivElement | null>, content: readonly unknown[]): boolean {
  const [more, setMore] = useState(false);
  useLayoutEffect(() => {
    const el = panel.current;
    if (el === null) return;
    const check = () => setMore(el.scrollTop + el.clientHeight < el.scrollHeight - 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    el.addEventListener('scroll', check, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', check);
    };
    // A new customer is new rows to watch.
  }, content);
  return more;
}

function CardCustomer({ customer }: { customer: CustomerView }) {
  const t = useWords('sale');
  const format = useFormat();
  const cached = useCompanies((s) => s.names[customer.companyId]);
  useEffect(() => void loadCompanyName(customer.companyId), [customer.companyId]);
  const name = cached ?? customer.cardName ?? t('companyNumber', { id: String(customer.companyId) });
  const owes = customer.owes;
  // Owed in other currencies: said beside the till's sum, never added to it.
  const others = customer.owesElsewhere ?? [];
  const elsewhere =
    others.length === 0
      ? ''
      : new Intl.ListFormat(format.locale, { type: 'conjunction' }).format(
          others.map((e) =>
            e.owed === null
              ? t('owesElsewhereUnknown', { currency: e.currency })
              : format.money(e.owed, e.currency === '' ? null : e.currency),
          ),
        );
  const percent = customer.discount === undefined ? '–' : t('percent', { value: customer.discount });
  const discounted = (customer.discount ?? 0) > 0;
  const card =
    (customer.cardName === name ? undefined : customer.cardName) ??
    customer.barcode ??
    `#${String(customer.cardId ?? '')}`;
  return (
    <dl>
      <dt>{t('company')}</dt>
      <dd data-company-name>
        <span className="customer-name" title={name}>
          {name} <span className="muted">#{customer.companyId}</span>
        </span>
        {/* The card and its discount under the company, not rows of their own: at 1024x768 the
            panel's other row is what the customer owes, and it must stay in sight. The company is
            known by its card's name: then the card is told by its number. The card is one row (the
            whole as its title): a company's own name now comes first, and a card's name often
            repeats it ("Věrnostní karta 1 – Vinotéka Kříž v.o.s."). */}
        <span className="customer-card muted" data-card title={`${t('card')} ${card}`}>
          {t('card')} {card}
        </span>
        <span className={discounted ? 'customer-card ok' : 'customer-card muted'}>
          {t('discount')}{' '}
          <span data-discount>
            {customer.discountAmount === undefined || customer.discountAmount === 0
              ? percent
              : t('discountWithAmount', { percent, amount: format.price(customer.discountAmount) })}
          </span>
        </span>
      </dd>
      <dt>{t('owes')}</dt>
      <dd data-owes className={(owes !== undefined && owes > 0) || elsewhere !== '' ? 'warn' : undefined}>
        {owes === undefined ? t('owesUnknown') : format.price(owes)}
        {elsewhere !== '' && <span data-owes-elsewhere> {t('owesElsewhere', { amounts: elsewhere })}</span>}
        <span className="muted owes-note" data-owes-note>
          {owes === undefined
            ? t('owesUnreadable')
            : owes > 0
              ? `${unpaidInvoices(customer, t, (iso) => format.date(iso))} ${t('notBlocked')}`
              : elsewhere !== ''
                ? t('notBlocked')
                : t('noUnpaid')}
        </span>
      </dd>
      {customer.source === 'offline' && (
        <>
          <dt>{t('source')}</dt>
          <dd className="warn">{t('offlineCache')}</dd>
        </>
      )}
    </dl>
  );
}

/** A new loyalty card for the customer (Ctrl+K): refused before its dialog without the permission. */
function IssueCardButton() {
  const t = useWords('cards');
  return (
    <button
      type="button"
      className="issue-card"
      tabIndex={-1}
      onClick={() => void openCardIssue()}
      aria-keyshortcuts="Control+K"
      data-action="issue-card-open"
    >
      {/* Its key is in the key legend: beside the heading at 1024 there is room for the words only. */}
      {t('action')}
    </button>
  );
}
