// What the Sale screen says of the order just placed: only a queued order is said to go out by itself;
import { remoteOrderId } from '../../contract/ids.ts';
// one the instance refused, or did not clearly answer, says what the person does.
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { TILL_PRICES_NOT_TAKEN } from '../../contract/contract.ts';
import { placedText } from './placed.ts';

describe('the placed order notice', () => {
  for (const language of ['en', 'cs', 'sk'] as const) {
    it(`needs-fix, blocked and in-doubt say what to do, never "by itself", in ${language}`, () => {
      const t = i18n.getFixedT(language, 'sale');
      const tr = i18n.getFixedT(language, 'receipt');
      const queued = placedText('queued', undefined, t, tr).text;
      // The queued notice's promise, e.g. "goes out by itself" / "odejde sama".
      const promise = language === 'en' ? 'by itself' : language === 'cs' ? 'odejde sama' : 'odíde sama';
      expect(queued).toContain(promise);
      const waiting = (['needs-fix', 'blocked', 'in-doubt'] as const).map((s) =>
        placedText(s, undefined, t, tr),
      );
      for (const w of waiting) {
        expect(w.text).not.toContain(promise);
        expect(w.text).toContain('F3');
        expect(w.tone).toBe('error');
      }
      expect(new Set(waiting.map((w) => w.text)).size).toBe(3);
    });
  }

  it('names the fix and the permission in English', () => {
    const t = i18n.getFixedT('en', 'sale');
    const tr = i18n.getFixedT('en', 'receipt');
    expect(placedText('needs-fix', undefined, t, tr).text).toBe(
      'Order not sent: the instance refused it as it is. Correct it in Orders (F3) and send it again.',
    );
    expect(placedText('blocked', undefined, t, tr).text).toBe(
      'Order not sent: the instance does not let this till place it. Ask the administrator, then send it again from Orders (F3).',
    );
    expect(placedText('sent', remoteOrderId(12), t, tr)).toEqual({
      tone: 'ok',
      text: 'Order placed and sent (instance order 12).',
    });
    // What the instance booked: the same total says nothing more, another one is said at once.
    const price = (amount: number) => `CZK ${amount.toFixed(2)}`;
    expect(placedText('sent', remoteOrderId(12), t, tr, { booked: 182.9, total: 182.9, price }).text).toBe(
      'Order placed and sent (instance order 12).',
    );
    expect(placedText('sent', remoteOrderId(12), t, tr, { booked: 194.01, total: 182.9, price })).toEqual({
      tone: 'warn',
      text: 'Order sent (instance order 12), but the instance booked CZK 194.01, not CZK 182.90: check it in Orders (F3).',
    });
    expect(placedText('sent', undefined, t, tr).text).toBe(
      'Order placed and sent; the instance gave no order number (find it there by the reference).',
    );
  });

  it('warns of another booked total even where the instance gave no number', () => {
    const t = i18n.getFixedT('en', 'sale');
    const tr = i18n.getFixedT('en', 'receipt');
    const price = (amount: number) => `CZK ${amount.toFixed(2)}`;
    expect(placedText('sent', undefined, t, tr, { booked: 194.01, total: 182.9, price })).toEqual({
      tone: 'warn',
      text: 'Order sent, but the instance booked CZK 194.01, not CZK 182.90: check it in Orders (F3).',
    });
  });

  for (const language of ['en', 'cs', 'sk'] as const) {
    it(`warns where the instance took no till prices and said nothing of what it booked, in ${language}`, () => {
      const t = i18n.getFixedT(language, 'sale');
      const tr = i18n.getFixedT(language, 'receipt');
      const price = (amount: number) => amount.toFixed(2);
      const check = { booked: undefined, total: 182.9, price, code: TILL_PRICES_NOT_TAKEN };
      const notice = placedText('sent', remoteOrderId(12), t, tr, check);
      expect(notice.tone).toBe('warn');
      expect(notice.text).toContain('F3');
      expect(notice.text).not.toBe(placedText('sent', remoteOrderId(12), t, tr).text);
    });
  }
});
