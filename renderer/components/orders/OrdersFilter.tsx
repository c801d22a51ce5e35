// The Orders list's filter by state (all / needs attention / waiting / sent / closed), its search by
// reference (the order's client reference or the instance's order id) and its day. The core filters
// (outbox.page); the counts are the whole history's, per state, as the core keeps them.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxCounts } from '../../../contract/contract.ts';
import { useApp } from '../../store/app.ts';
import { setOrdersQuery } from '../../store/orders.ts';
import { useFormat } from '../use-format.ts';
import { FILTER_LABEL, FILTERS, inFilter, type OrderFilter } from '../../words/orders.ts';
import { TextField } from '../TextField.tsx';
import { datePattern, formatDate, parseDate } from '../../format/format.ts';

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
        <DayField />
      </div>
    </div>
  );
}

/**
 * The day, typed in the screens' language as they write a date ("30. 11. 2026" in Czech), never the
 * browser's date box (it speaks the browser's language). What is typed stays as typed; the list is
 * filtered by it once it is a date, or by no day once it is cleared. A text that is no date says so
 * when the cashier leaves the box or presses Enter, and the list stays as it was.
 */
function DayField() {
  const day = useApp((s) => s.ordersQuery.day);
  const { t } = useTranslation('orders');
  const { locale } = useFormat();
  // formatDate shows '' (no day) as it is.
  const [typed, setTyped] = useState(() => formatDate(day, locale));
  const [checked, setChecked] = useState(false);
  // Another day set elsewhere, or another language: the box shows it as the screens write it. The
  // day this box applied is what it shows already: what is typed stays as typed.
  useEffect(() => {
    setTyped((now) => (parseDate(now, locale) === day ? now : formatDate(day, locale)));
  }, [day, locale]);
  const pattern = datePattern(
    {
      day: t('dayLetterDay'),
      month: t('dayLetterMonth'),
      monthName: t('dayLetterMonthName'),
      year: t('dayLetterYear'),
    },
    locale,
  );
  // Said only once the cashier left the box or pressed Enter: half a date being typed is no error.
  const invalid = checked && parseDate(typed, locale) === null;
  return (
    <TextField
      label={t('placedOn')}
      value={typed}
      set={(text) => {
        setTyped(text);
        setChecked(false);
        const wanted = parseDate(text, locale);
        if (wanted === null || wanted === day) return;
        void setOrdersQuery({ day: wanted });
      }}
      name="findDay"
      className={invalid ? 'find-day invalid' : 'find-day'}
      placeholder={pattern}
      aria-invalid={invalid}
      onBlur={() => setChecked(true)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') setChecked(true);
      }}
    >
      {invalid ? (
        <span className="field-error" role="alert" data-day-error>
          {t('dayNotDate', { text: typed.trim(), pattern })}
        </span>
      ) : null}
    </TextField>
  );
}
