// An Orders row that reads like a ticket (issue 17 item 9): state, total, lines, customer (walk-in
// marked), time, and what is going on in words; the service's technical detail folded away.
import type { OutboxEntryView } from '../../../preload/contract.ts';
import { formatMoney } from '../../format.ts';
import { describeOrder, formatTime, STATE_LABEL } from '../../order-words.ts';
import './orders.css';

/** The row's face, inside its open/close button. */
export function OrderTicket({ entry }: { entry: OutboxEntryView }) {
  const summary = entry.summary;
  const lines = summary?.lineCount ?? entry.order?.items.length ?? 0;
  const customer =
    summary?.customerName ??
    (entry.order?.customerId === undefined ? undefined : `Company ${String(entry.order.customerId)}`);
  return (
    <span className="ticket">
      <span className={`badge ${entry.state}`} data-state-label>
        {STATE_LABEL[entry.state]}
      </span>
      <span className="ticket-total num" data-ticket-total>
        {summary === undefined ? '–' : formatMoney(summary.total)}
      </span>
      <span data-ticket-lines>
        {lines} {lines === 1 ? 'line' : 'lines'}
      </span>
      <span className="ticket-customer" data-ticket-customer>
        {customer ?? 'No customer'}
        {summary?.walkIn === true && (
          <span className="walk-in" data-walk-in>
            {' '}
            (walk-in)
          </span>
        )}
      </span>
      <time dateTime={entry.createdAt} data-ticket-time>
        {formatTime(entry.createdAt)}
      </time>
      <span className="muted">
        #{String(entry.id)}
        {entry.remoteId !== undefined && ` · instance id ${String(entry.remoteId)}`}
      </span>
    </span>
  );
}

/** What is going on with the order, in words, and the technical detail under a fold. */
export function OrderWordsView({ entry }: { entry: OutboxEntryView }) {
  const words = describeOrder(entry);
  return (
    <div className="order-words">
      <p className="explain" data-headline>
        {words.headline}
      </p>
      {words.detail.length > 0 && (
        <details className="tech-detail" data-tech-detail>
          <summary>Technical detail</summary>
          <ul className="messages">
            {words.detail.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
          {entry.attempts > 0 && <p className="muted">Attempts: {entry.attempts}</p>}
        </details>
      )}
    </div>
  );
}
