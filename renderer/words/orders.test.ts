import { describe, expect, it } from 'vitest';
import { orderId, remoteOrderId } from '../../contract/ids.ts';
import { formatTime } from '../format/format.ts';
import { i18n } from '../i18n/index.ts';
import { TILL_PRICES_NOT_TAKEN } from '../../contract/contract.ts';
import { describeOrder, FILTER_LABEL, inFilter, matchesReference, STATE_LABEL } from './orders.ts';

const NOW = new Date(2026, 10, 24, 15, 0).getTime();
const today = (h: number, m: number) => new Date(2026, 10, 24, h, m).toISOString();
const en = i18n.getFixedT('en', 'orders');
const cs = i18n.getFixedT('cs', 'orders');
const enTime = (iso: string) => formatTime(iso, NOW, 'en-GB');
const csTime = (iso: string) => formatTime(iso, NOW, 'cs-CZ');

describe('describeOrder', () => {
  it('a sent order the instance booked at another total than the sale says both', () => {
    const summary = { total: 182.9, lineCount: 1, walkIn: true };
    const price = (amount: number) => `CZK ${amount.toFixed(2)}`;
    expect(describeOrder({ state: 'sent', bookedTotal: 182.9, summary }, en, enTime, price).headline).toBe(
      'Sent: the service accepted it.',
    );
    expect(describeOrder({ state: 'sent', summary }, en, enTime, price).headline).toBe(
      'Sent: the service accepted it.',
    );
    expect(describeOrder({ state: 'sent', bookedTotal: 194.01, summary }, en, enTime, price).headline).toBe(
      'Sent, but the instance booked CZK 194.01 where the sale came to CZK 182.90. Check the order there.',
    );
    expect(
      describeOrder({ state: 'sent', bookedTotal: 194.01, summary }, cs, csTime, price).headline,
    ).toContain('instance zaúčtovala CZK 194.01, kdežto prodej činil CZK 182.90');
  });

  it('a sent order whose till prices the instance did not take, nor said what it booked, says so', () => {
    const summary = { total: 182.9, lineCount: 2, walkIn: true };
    const sent = { state: 'sent', summary, code: TILL_PRICES_NOT_TAKEN } as const;
    const price = (amount: number) => amount.toFixed(2);
    expect(describeOrder(sent, en, enTime, price).headline).toBe(
      'Sent, but the instance takes no till prices or discounts: what it booked is unknown. Check the order there.',
    );
    const sk = i18n.getFixedT('sk', 'orders');
    for (const t of [cs, sk])
      expect(describeOrder(sent, t, csTime, price).headline).not.toBe(
        describeOrder({ state: 'sent' }, t).headline,
      );
  });

  it('a queued order the service could not be reached for: in words, the technical line folded', () => {
    const words = describeOrder(
      {
        state: 'queued',
        messages: ['POST /api/documents/orders/internet could not reach the service (ECONNREFUSED)'],
      },
      en,
    );
    expect(words.headline).toBe(
      'Waiting to be sent: the service cannot be reached. It goes out by itself when the connection is back.',
    );
    expect(words.detail).toEqual([]);
    expect(words.record).toEqual([
      'POST /api/documents/orders/internet could not reach the service (ECONNREFUSED)',
    ]);
  });

  it('says when a queued order is tried next, and a refused sign-in', () => {
    expect(describeOrder({ state: 'queued', nextAttemptAt: today(14, 32) }, en, enTime).headline).toBe(
      'Waiting to be sent. It goes out by itself when the service answers. Next try at 14:32.',
    );
    expect(
      describeOrder({ state: 'queued', messages: ['invalid_client'], code: 'invalid_client' }, en).headline,
    ).toMatch(/refuses this terminal's sign-in/);
  });

  it('needs-fix counts the fields; blocked names no permission in the headline but in the detail', () => {
    expect(
      describeOrder({ state: 'needs-fix', fieldErrors: { customerId: ['x'], note: ['y'] } }, en).headline,
    ).toBe('Not sent: the service refused 2 fields. Correct them below and send it again.');
    expect(describeOrder({ state: 'needs-fix', fieldErrors: { note: ['y'] } }, en).headline).toBe(
      'Not sent: the service refused one field. Correct it below and send it again.',
    );
    const blocked = describeOrder(
      { state: 'blocked', permission: 'orders.create', messages: ['Forbidden'] },
      en,
    );
    expect(blocked.headline).toMatch(/not allowed to place orders/);
    expect(blocked.headline).not.toContain('orders.create');
    // The instance's words in the open, as it wrote them; the permission's name in the detail.
    expect(blocked.instanceSays).toEqual(['Forbidden']);
    expect(blocked.detail).toEqual(['Missing permission: orders.create']);
  });

  it("shows a needs-fix order's reason in the open, not folded, without repeating a field's own error", () => {
    const words = describeOrder(
      {
        state: 'needs-fix',
        code: 'ValidationFailed',
        fieldErrors: { customerId: ['The customer is not known.'] },
        messages: ['The customer is not known.', 'Order was not created.'],
      },
      en,
    );
    expect(words.instanceSays).toEqual(['Order was not created.']);
    expect(words.detail).toEqual(['Code: ValidationFailed']);
    expect(words.record).toEqual([]);
    // Counter's own technical lines (a queued order's) stay folded: they are not the instance's words.
    expect(
      describeOrder({ state: 'queued', messages: ['POST /x could not reach the service (ECONNREFUSED)'] }, en)
        .instanceSays,
    ).toEqual([]);
  });

  it('every state has a headline', () => {
    for (const state of ['sending', 'sent', 'in-doubt', 'discarded', 'cancelled'] as const)
      expect(describeOrder({ state }, en).headline.length).toBeGreaterThan(5);
  });

  it('speaks Czech with a Czech t: plural fields, the next try in Czech time, the detail as it came', () => {
    expect(
      describeOrder({ state: 'needs-fix', fieldErrors: { a: ['x'], b: ['y'], c: ['z'] } }, cs).headline,
    ).toBe('Neodesláno: služba odmítla 3 pole. Opravte je níže a odešlete objednávku znovu.');
    expect(
      describeOrder(
        {
          state: 'needs-fix',
          fieldErrors: Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((k) => [k, ['x']])),
        },
        cs,
      ).headline,
    ).toBe('Neodesláno: služba odmítla 5 polí. Opravte je níže a odešlete objednávku znovu.');
    expect(
      describeOrder(
        { state: 'queued', nextAttemptAt: new Date(2026, 10, 20, 9, 5).toISOString() },
        cs,
        csTime,
      ).headline,
    ).toBe('Čeká na odeslání. Odejde sama, jakmile služba odpoví. Další pokus v 20. 11. 09:05.');
    const blocked = describeOrder(
      { state: 'blocked', permission: 'orders.create', messages: ['Forbidden'] },
      cs,
    );
    expect(blocked.headline).toMatch(/^Neodesláno: tato pokladna nesmí zakládat objednávky/);
    expect(blocked.detail).toEqual(['Chybějící oprávnění: orders.create']);
  });

  it('names every state and filter in each language', () => {
    expect(en(STATE_LABEL['needs-fix'])).toBe('Needs a fix');
    expect(cs(STATE_LABEL['needs-fix'])).toBe('K opravě');
    expect(en(FILTER_LABEL.attention)).toBe('Needs attention');
    expect(cs(FILTER_LABEL.attention)).toBe('Vyžaduje pozornost');
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
    const entry = { id: orderId(7), clientReference: 'counter-AB12-0007', remoteId: remoteOrderId(4521) };
    expect(matchesReference(entry, 'ab12')).toBe(true);
    expect(matchesReference(entry, '4521')).toBe(true);
    expect(matchesReference(entry, '9999')).toBe(false);
    expect(matchesReference(entry, '  ')).toBe(true);
  });

  it('finds by the number printed on the receipt, in any case', () => {
    const entry = { id: orderId(7), clientReference: 'counter-AB12-0007', receiptNumber: 'P1-000012' };
    expect(matchesReference(entry, 'p1-000012')).toBe(true);
    expect(matchesReference(entry, 'P1-000013')).toBe(false);
  });
});
