// An Orders row that reads like a ticket, so that a cashier sees what became of a sale at a glance:
// state, total, lines, customer (walk-in marked), time, and what is going on in words; the service's
// technical detail folded away.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCompanyName, useCompanies } from '../../store/companies.ts';
import type { OutboxEntryView } from '../../../contract/contract.ts';
import { useFormat } from '../use-format.ts';
import { describeOrder, STATE_LABEL } from '../../words/orders.ts';
import './orders.css';

/** The row's face, inside its open/close button. */
export function OrderTicket({ entry }: { entry: OutboxEntryView }) {
  if (entry.kind === 'card' && entry.card !== undefined)
    return <CardTicket entry={entry} card={entry.card} />;
  return <SaleTicket entry={entry} />;
}

/**
 * A card issued at the till (issue 39): its state as an order's, then that it is a new card, its
 * code and the name on it, the company it belongs to, when it was issued.
 */
function CardTicket({ entry, card }: { entry: OutboxEntryView; card: NonNullable<OutboxEntryView['card']> }) {
  const { t } = useTranslation('orders');
  const { t: cardsT } = useTranslation('cards');
  const known = useCompanies((s) => s.names[card.companyId]);
  useEffect(() => void loadCompanyName(card.companyId), [card.companyId]);
  const company = known ?? cardsT('rowCompany', { companyId: String(card.companyId) });
  return (
    <span className="ticket card-ticket">
      <span className={`badge ${entry.state}`} data-state-label>
        {t(STATE_LABEL[entry.state])}
      </span>
      <span className="ticket-card" data-ticket-card={card.barcode}>
        <strong>{cardsT('rowTitle', { barcode: card.barcode })}</strong>{' '}
        <span className="ticket-card-name">{card.name}</span>
      </span>
      <span className="ticket-customer" data-ticket-customer>
        {company}
      </span>
      <TicketStamp entry={entry} />
    </span>
  );
}

function SaleTicket({ entry }: { entry: OutboxEntryView }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const summary = entry.summary;
  const lines = summary?.lineCount ?? entry.order?.items.length ?? 0;
  const customer =
    summary?.customerName ??
    (entry.order?.customerId === undefined
      ? undefined
      : t('company', { id: String(entry.order.customerId) }));
  return (
    <span className="ticket">
      <span className={`badge ${entry.state}`} data-state-label>
        {t(STATE_LABEL[entry.state])}
      </span>
      <span className="ticket-total num" data-ticket-total>
        {summary === undefined ? '–' : format.price(summary.total)}
      </span>
      <span data-ticket-lines>{t('lines', { count: lines })}</span>
      <span className="ticket-customer" data-ticket-customer>
        {customer ?? t('noCustomer')}
        {summary?.walkIn === true && (
          <span className="walk-in" data-walk-in>
            {' '}
            {t('walkIn')}
          </span>
        )}
      </span>
      <TicketStamp entry={entry} />
    </span>
  );
}

/** When the order was made, its number at this till and, once it has one, the instance's. */
function TicketStamp({ entry }: { entry: OutboxEntryView }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  return (
    <>
      <time dateTime={entry.createdAt} data-ticket-time>
        {format.time(entry.createdAt)}
      </time>
      <span className="muted">
        #{String(entry.id)}
        {entry.remoteId !== undefined && ` · ${t('instanceId', { id: String(entry.remoteId) })}`}
      </span>
    </>
  );
}

/**
 * What is going on with the order, in words; the instance's reason for refusing it in the open (its
 * words, introduced as its); the technical detail under a fold.
 */
export function OrderWordsView({ entry, headline }: { entry: OutboxEntryView; headline?: string }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const words = describeOrder(
    entry,
    t,
    (iso) => format.time(iso),
    (amount) => format.price(amount),
  );
  return (
    <div className="order-words">
      <p className="explain" data-headline>
        {headline ?? words.headline}
      </p>
      {words.instanceSays.length > 0 && (
        <p className="instance-says" data-instance-says>
          {t('instanceSays')} <q>{words.instanceSays.join(' ')}</q>
        </p>
      )}
      {words.detail.length + words.record.length > 0 && (
        <details className="tech-detail" data-tech-detail>
          <summary>{t('technicalDetail')}</summary>
          <ul className="messages">
            {words.detail.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
          {words.record.length > 0 && (
            <>
              <p className="muted">{t('appRecord')}</p>
              <ul className="messages" lang="en">
                {words.record.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </>
          )}
          {entry.attempts > 0 && <p className="muted">{t('attempts', { attempts: entry.attempts })}</p>}
        </details>
      )}
    </div>
  );
}
