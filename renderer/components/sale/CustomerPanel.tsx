// Who the sale goes to: the scanned card's company (by name), or the walk-in customer named in
// Settings; its discount, and what "Owes" means for this sale.
import { useEffect } from 'react';
import type { CustomerView, SessionView } from '../../../preload/contract.ts';
import { formatMoney } from '../../format.ts';
import { loadCompanyName, useCompanies } from '../../store/companies.ts';

export function CustomerPanel({ session }: { session: SessionView | null }) {
  const customer = session?.customer ?? null;
  const walkIn = session?.walkIn ?? null;
  return (
    <div
      className="card customer"
      data-testid="customer"
      data-company={customer?.companyId ?? ''}
      data-walk-in={customer === null && walkIn !== null ? walkIn.companyId : ''}
    >
      <h2>Customer</h2>
      {customer !== null ? (
        <CardCustomer customer={customer} />
      ) : walkIn !== null ? (
        <p data-walk-in-name>
          <strong>Walk-in customer ({walkIn.name})</strong>
          <br />
          <span className="muted">
            No card scanned: the sale goes to this customer. A card scanned replaces it.
          </span>
        </p>
      ) : (
        <p className="muted">
          No customer card scanned. Scan a card before F9, or name a walk-in customer in Settings (F4).
        </p>
      )}
    </div>
  );
}

function CardCustomer({ customer }: { customer: CustomerView }) {
  const cached = useCompanies((s) => s.names[customer.companyId]);
  useEffect(() => void loadCompanyName(customer.companyId), [customer.companyId]);
  const name = cached ?? customer.cardName ?? `Company ${String(customer.companyId)}`;
  const owes = customer.owes;
  return (
    <dl>
      <dt>Company</dt>
      <dd data-company-name>
        {name} <span className="muted">#{customer.companyId}</span>
      </dd>
      <dt>Card</dt>
      <dd>
        {/* The company is known by its card's name: then the card is told by its number. */}
        {(customer.cardName === name ? undefined : customer.cardName) ??
          customer.barcode ??
          `#${String(customer.cardId ?? '')}`}
      </dd>
      <dt>Discount</dt>
      <dd data-discount>
        {customer.discount === undefined ? '–' : `${String(customer.discount)} %`}
        {customer.discountAmount === undefined || customer.discountAmount === 0
          ? ''
          : ` · ${formatMoney(customer.discountAmount)} off`}
      </dd>
      <dt>Owes</dt>
      <dd data-owes className={owes !== undefined && owes > 0 ? 'warn' : undefined}>
        {owes === undefined ? 'unknown' : formatMoney(owes)}
        <span className="muted owes-note" data-owes-note>
          {owes === undefined
            ? 'Unpaid invoices could not be read for this customer.'
            : owes > 0
              ? `${unpaidInvoices(customer)} For information: Counter does not block this sale for them.`
              : 'No unpaid invoices.'}
        </span>
      </dd>
      {customer.source === 'offline' && (
        <>
          <dt>Source</dt>
          <dd className="warn">offline cache</dd>
        </>
      )}
    </dl>
  );
}

/** "3 unpaid invoices, the oldest due 2026-10-01 (overdue)." - as much as the cache says. */
function unpaidInvoices(customer: CustomerView): string {
  const count = customer.owesCount;
  const what =
    count === undefined
      ? 'Unpaid invoices on the account'
      : `${String(count)} unpaid invoice${count === 1 ? '' : 's'} on the account`;
  const oldest = customer.owesDue?.[0];
  if (oldest === undefined) return `${what}.`;
  const day = oldest.slice(0, 10);
  const overdue = day < new Date().toISOString().slice(0, 10);
  return `${what}, the oldest due ${day}${overdue ? ' (overdue)' : ''}.`;
}
