// The Orders list's filter by state (all / needs attention / waiting / sent / closed) and its search
// by reference (the order's client reference or the instance's order id). Kept while the app runs.
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import type { OutboxEntryView } from '../../../contract/contract.ts';
import { useFormat } from '../use-format.ts';
import { FILTER_LABEL, FILTERS, inFilter, matchesReference, type OrderFilter } from '../../words/orders.ts';

interface OrdersView {
  readonly filter: OrderFilter;
  readonly text: string;
}

const useOrdersView = create<OrdersView>()(() => ({ filter: 'all', text: '' }));

/** The orders the filter and the search let through. */
export function useVisibleOrders(outbox: readonly OutboxEntryView[]): readonly OutboxEntryView[] {
  const { filter, text } = useOrdersView();
  return outbox.filter((e) => inFilter(e.state, filter) && matchesReference(e, text));
}

export function OrdersFilter({ outbox }: { outbox: readonly OutboxEntryView[] }) {
  const { filter, text } = useOrdersView();
  const { t } = useTranslation('orders');
  const format = useFormat();
  return (
    <div className="orders-filter" data-section="orders-filter">
      <div className="filter-buttons" role="group" aria-label={t('showOrders')}>
        {(Object.keys(FILTERS) as OrderFilter[]).map((f) => (
          <button
            key={f}
            type="button"
            className={f === filter ? 'filter active' : 'filter'}
            aria-pressed={f === filter}
            onClick={() => useOrdersView.setState({ filter: f })}
            data-filter={f}
          >
            {t(FILTER_LABEL[f])}{' '}
            <span className="count">{format.number(outbox.filter((e) => inFilter(e.state, f)).length)}</span>
          </button>
        ))}
      </div>
      <label className="field find-reference">
        <span>{t('findByReference')}</span>
        <input
          type="search"
          value={text}
          onChange={(e) => useOrdersView.setState({ text: e.target.value })}
          placeholder={t('referenceOrOrderId')}
          autoComplete="off"
          data-field="findReference"
        />
      </label>
    </div>
  );
}
