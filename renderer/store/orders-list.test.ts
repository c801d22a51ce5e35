// Where an order an event carries goes in the Orders list as loaded so far, and what the core is asked.
import { orderId } from '../../contract/ids.ts';
import { describe, expect, it } from 'vitest';
import type { OutboxEntryView } from '../../contract/contract.ts';
import { ALL_ORDERS, filterOf, matches, OrdersMirror, withChanged, type OrdersList } from './orders-list.ts';

const entry = (id: number, state: OutboxEntryView['state'] = 'sent'): OutboxEntryView => ({
  id: orderId(id),
  state,
  attempts: 1,
  createdAt: '2025-03-01T10:00:00.000Z',
  clientReference: `ref-${id}-abc`,
});
const list = (ids: number[], next: number | null): OrdersList => ({
  entries: ids.map((id) => entry(id)),
  next: next === null ? null : orderId(next),
  counts: null,
});
const ids = (l: OrdersList) => l.entries.map((e) => e.id);

describe('an order an event carries', () => {
  it('replaces its row where it is', () => {
    const moved = withChanged(list([5, 4, 3], 3), [entry(4, 'cancelled')], ALL_ORDERS);
    expect(moved.entries.map((e) => [e.id, e.state])).toEqual([
      [5, 'sent'],
      [4, 'cancelled'],
      [3, 'sent'],
    ]);
  });

  it('joins in id order when it falls among the rows shown, or when every row is shown', () => {
    expect(ids(withChanged(list([5, 3], 3), [entry(6), entry(4)], ALL_ORDERS))).toEqual([6, 5, 4, 3]);
    expect(ids(withChanged(list([5, 3], null), [entry(1)], ALL_ORDERS))).toEqual([5, 3, 1]);
  });

  it('waits for its page when it is older than the rows shown and more are to come', () => {
    expect(ids(withChanged(list([5, 3], 3), [entry(2)], ALL_ORDERS))).toEqual([5, 3]);
  });

  it('leaves the list when it no longer matches the filter, and a non-matching one never joins', () => {
    const waiting = { ...ALL_ORDERS, filter: 'waiting' as const };
    const shown = { entries: [entry(5, 'queued'), entry(4, 'sending')], next: null, counts: null };
    expect(ids(withChanged(shown, [entry(4, 'sent'), entry(6, 'sent')], waiting))).toEqual([5]);
  });
});

describe('the query', () => {
  it("asks the core for the filter's states, the text trimmed, and the day as local midnight to midnight", () => {
    const asked = filterOf({ filter: 'attention', text: '  4521 ', day: '2025-03-01' });
    expect(asked).toEqual({
      states: ['needs-fix', 'blocked', 'in-doubt'],
      text: '4521',
      from: new Date(2025, 2, 1).toISOString(),
      to: new Date(2025, 2, 2).toISOString(),
    });
    expect(filterOf(ALL_ORDERS)).toEqual({});
  });

  it('matches an order by part of its reference, any case, and by its day', () => {
    const placed = { ...entry(7), createdAt: new Date(2025, 2, 1, 23, 30).toISOString() };
    expect(matches(placed, { ...ALL_ORDERS, text: 'ABC' })).toBe(true);
    expect(matches(placed, { ...ALL_ORDERS, text: 'xyz' })).toBe(false);
    expect(matches(placed, { ...ALL_ORDERS, day: '2025-03-01' })).toBe(true);
    expect(matches(placed, { ...ALL_ORDERS, day: '2025-03-02' })).toBe(false);
  });
});

describe('OrdersMirror', () => {
  const page = (entries: OutboxEntryView[], next?: number) => ({
    entries,
    ...(next === undefined ? {} : { next: orderId(next) }),
    counts: {
      queued: 0,
      sending: 0,
      sent: entries.length,
      'needs-fix': 0,
      blocked: 0,
      'in-doubt': 0,
      discarded: 0,
      cancelled: 0,
    },
  });

  it('keeps the rows while another filter is asked, drops the old filter’s late page, and pages on from the new one', async () => {
    const shown: OrdersList[] = [];
    const mirror = new OrdersMirror((l) => shown.push(l));
    await mirror.page(() => Promise.resolve(page([entry(9), entry(8)], 8)));
    let late: (p: ReturnType<typeof page>) => void = () => undefined;
    const stale = mirror.page(() => new Promise((resolve) => (late = resolve)), true);
    mirror.setQuery({ ...ALL_ORDERS, text: 'ref-7' });
    expect(shown.at(-1)).toMatchObject({ entries: [entry(9), entry(8)], next: null });
    late(page([entry(7), entry(6)]));
    await stale;
    expect(ids(shown.at(-1) as OrdersList)).toEqual([9, 8]);
    let asked: unknown;
    await mirror.page((input) => {
      asked = input;
      return Promise.resolve(page([entry(7)]));
    });
    expect(asked).toEqual({ filter: { text: 'ref-7' }, limit: 50 });
    expect(ids(shown.at(-1) as OrdersList)).toEqual([7]);
  });
});
