import { describe, expect, it } from 'vitest';
import { describeOrder, formatTime, inFilter, matchesReference } from './order-words.ts';

const NOW = new Date(2026, 10, 24, 15, 0).getTime();
const today = (h: number, m: number) => new Date(2026, 10, 24, h, m).toISOString();

describe('describeOrder', () => {
  it('a queued order the service could not be reached for: in words, the technical line folded', () => {
    const words = describeOrder({
      state: 'queued',
      messages: ['POST /api/documents/orders/internet could not reach the service (ECONNREFUSED)'],
    });
    expect(words.headline).toBe(
      'Waiting to be sent: the service cannot be reached. It goes out by itself when the connection is back.',
    );
    expect(words.detail).toEqual([
      'POST /api/documents/orders/internet could not reach the service (ECONNREFUSED)',
    ]);
  });

  it('says when a queued order is tried next, and a refused sign-in', () => {
    expect(describeOrder({ state: 'queued', nextAttemptAt: today(14, 32) }, NOW).headline).toBe(
      'Waiting to be sent. It goes out by itself when the service answers. Next try at 14:32.',
    );
    expect(
      describeOrder({ state: 'queued', messages: ['invalid_client'], code: 'invalid_client' }).headline,
    ).toMatch(/refuses this terminal's sign-in/);
  });

  it('needs-fix counts the fields; blocked names no permission in the headline but in the detail', () => {
    expect(
      describeOrder({ state: 'needs-fix', fieldErrors: { customerId: ['x'], note: ['y'] } }).headline,
    ).toBe('Not sent: the service refused 2 fields. Correct them below and send it again.');
    const blocked = describeOrder({ state: 'blocked', permission: 'orders.create', messages: ['Forbidden'] });
    expect(blocked.headline).toMatch(/not allowed to place orders/);
    expect(blocked.headline).not.toContain('orders.create');
    expect(blocked.detail).toEqual(['Forbidden', 'Missing permission: orders.create']);
  });

  it('every state has a headline', () => {
    for (const state of ['sending', 'sent', 'in-doubt', 'discarded', 'cancelled'] as const)
      expect(describeOrder({ state }).headline.length).toBeGreaterThan(5);
  });
});

describe('formatTime', () => {
  it('is the time today and the date with the time another day', () => {
    expect(formatTime(today(9, 5), NOW)).toBe('09:05');
    expect(formatTime(new Date(2026, 10, 20, 14, 32).toISOString(), NOW)).toMatch(/^(20 Nov|Nov 20) 14:32$/);
  });
});

describe('filters and reference search', () => {
  it('needs attention takes needs-fix, blocked and in-doubt', () => {
    expect(
      ['needs-fix', 'blocked', 'in-doubt', 'queued'].map((s) => inFilter(s as never, 'attention')),
    ).toEqual([true, true, true, false]);
    expect(inFilter('cancelled', 'closed')).toBe(true);
    expect(inFilter('sent', 'all')).toBe(true);
  });

  it('finds by client reference or remote id, not by the local number', () => {
    const entry = { id: 7, clientReference: 'counter-AB12-0007', remoteId: 4521 };
    expect(matchesReference(entry, 'ab12')).toBe(true);
    expect(matchesReference(entry, '4521')).toBe(true);
    expect(matchesReference(entry, '9999')).toBe(false);
    expect(matchesReference(entry, '  ')).toBe(true);
  });
});
