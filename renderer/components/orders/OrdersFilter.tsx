// The Orders list's filter by state (all / needs attention / waiting / sent / closed), its search by
// reference (the order's client reference or the instance's order id) and its day. The core filters
// (outbox.page); the counts are the whole history's, per state, as the core keeps them.
import { useTranslation } from 'react-i18next';
import type { OutboxCounts } from '../../../contract/contract.ts';
import { useApp } from '../../store/app.ts';
import { setOrdersQuery } from '../../store/orders.ts';
import { useFormat } from '../use-format.ts';
import { FILTER_LABEL, FILTERS, inFilter, type OrderFilter } from '../../words/orders.ts';
import { TextField } from '../TextField.tsx';

/** Orders a filter shows in the whole history; undefined before the core said. */
function countOf(counts: OutboxCounts | null, filter: OrderFilter): number | undefined {
  if (counts === null) return undefined;
  return Object.entries(counts).reduce(
    (n, [state, count]) => (inFilter(state as keyof OutboxCounts, filter) ? n + count : n),
    0,
  );
}

export function OrdersFilter() {
  const query = useApp((s) => s.ordersQuery);
  const counts = useApp((s) => s.outboxCounts);
  const { t } = useTranslation('orders');
  const format = useFormat();
  return (
    <div className="orders-filter" data-section="orders-filter">
      <div className="filter-buttons" role="group" aria-label={t('showOrders')}>
        {(Object.keys(FILTERS) as OrderFilter[]).map((f) => {
          const count = countOf(counts, f);
          return (
            <button
              key={f}
              type="button"
              className={f === query.filter ? 'filter active' : 'filter'}
              aria-pressed={f === query.filter}
              onClick={() => void setOrdersQuery({ filter: f })}
              data-filter={f}
            >
              {t(FILTER_LABEL[f])}{' '}
              <span className="count">{count === undefined ? '' : format.number(count)}</span>
            </button>
          );
        })}
      </div>
      <div className="orders-find">
        <TextField
          label={t('findByReference')}
          value={query.text}
          set={(text) => void setOrdersQuery({ text })}
          name="findReference"
          className="find-reference"
          type="search"
          placeholder={t('referenceOrOrderId')}
        />
        <TextField
          label={t('placedOn')}
          value={query.day}
          set={(day) => void setOrdersQuery({ day })}
          name="findDay"
          className="find-day"
          type="date"
        />
      </div>
    </div>
  );
}
