// What the customer panel says about a customer's unpaid invoices, in the cashier's language (the
// sale namespace). Pure: the panel passes its `t` and date formatter; the test passes en, cs or sk.
import type { TFunction } from 'i18next';
import type { CustomerView } from '../../contract/contract.ts';

/** "3 unpaid invoices on the account, the oldest due Oct 1, 2026 (overdue)." - as much as the cache says. */
export function unpaidInvoices(
  customer: Pick<CustomerView, 'owesCount' | 'owesDue'>,
  t: TFunction<'sale'>,
  date: (iso: string) => string,
  today = new Date().toISOString().slice(0, 10),
): string {
  const count = customer.owesCount;
  const what = count === undefined ? t('unpaidSome') : t('unpaidCount', { count });
  const oldest = customer.owesDue?.[0];
  if (oldest === undefined) return t('unpaidPlain', { what });
  const day = oldest.slice(0, 10);
  return t(day < today ? 'unpaidOldestOverdue' : 'unpaidOldest', { what, date: date(day) });
}
