// The receipt's state line in the cashier's language: an order's state said inside the sentence,
import { orderId } from '../../contract/ids.ts';
// a state the catalogue does not know shown as it came.
import { describe, expect, it } from 'vitest';
import type { ReceiptView } from '../../contract/contract.ts';
import { i18n } from '../i18n/index.ts';
import { bookedAgreement, orderState, stateLine } from './receipt.ts';

/** Amounts as the English screens write Czech crowns. */
const price = (amount: number): string => `CZK ${amount.toFixed(2)}`;

const receipt = (state: string, remoteId?: number, bookedTotal?: number): ReceiptView => ({
  orderId: orderId(7),
  reference: 'ref-7',
  state,
  ...(remoteId === undefined ? {} : { remoteId }),
  ...(bookedTotal === undefined ? {} : { bookedTotal }),
  placedAt: '2026-11-24T10:00:00.000Z',
  printCount: 0,
  lines: [],
  totals: { byVatRate: [], discount: 0, total: 385.9 },
  pricedFrom: 'sale',
});

describe('the receipt state line', () => {
  it('keeps the English text', () => {
    const t = i18n.getFixedT('en', 'receipt');
    expect(stateLine(receipt('sent', 41, 385.9), t, price)).toEqual({
      confirmed: true,
      printed: false,
      text: 'Sent: order 41 is on the instance.',
    });
    expect(stateLine(receipt('queued'), t, price).text).toBe(
      'NOT CONFIRMED YET: the order is queued and goes out by itself. Keep this reference.',
    );
    // A void order's receipt says so on paper too; the others are the cashier's to see on screen.
    expect(stateLine(receipt('cancelled'), t, price)).toMatchObject({
      printed: true,
      text: 'Order cancelled: this receipt is void.',
    });
    expect(stateLine(receipt('queued'), t, price).printed).toBe(false);
  });

  it('says the state in Czech and Slovak, and an unknown state as it came', () => {
    expect(stateLine(receipt('queued'), i18n.getFixedT('cs', 'receipt'), price).text).toContain(
      'objednávka je ve frontě',
    );
    expect(orderState(i18n.getFixedT('sk', 'receipt'), 'in-doubt')).toBe('možno odoslaná');
    expect(orderState(i18n.getFixedT('cs', 'receipt'), 'archived')).toBe('archived');
  });
});

describe("a sent order's receipt and what the instance booked", () => {
  const t = i18n.getFixedT('en', 'receipt');

  it('says when the instance booked another total than the receipt, naming both', () => {
    const r = receipt('sent', 41, 397.01);
    expect(bookedAgreement(r)).toBe('differs');
    expect(stateLine(r, t, price).text).toBe(
      'Sent as order 41, but the instance booked CZK 397.01, not the CZK 385.90 of this receipt. Check the order there.',
    );
    // Screen only: the buyer's paper is the receipt they paid.
    expect(stateLine(r, t, price).printed).toBe(false);
  });

  it('says when its answer did not say what it booked, or not even its number', () => {
    expect(bookedAgreement(receipt('sent', 41))).toBe('unsaid');
    expect(stateLine(receipt('sent', 41), t, price).text).toBe(
      'Sent: order 41 is on the instance. Its answer did not say what it booked.',
    );
    expect(stateLine(receipt('sent'), t, price).text).toBe(
      'Sent: the instance stored the order without saying its number. Find it there by this reference.',
    );
  });

  it('says the same in Czech and Slovak', () => {
    const r = receipt('sent', 41, 397.01);
    expect(stateLine(r, i18n.getFixedT('cs', 'receipt'), price).text).toContain(
      'instance zaúčtovala CZK 397.01',
    );
    expect(stateLine(r, i18n.getFixedT('sk', 'receipt'), price).text).toContain(
      'inštancia zaúčtovala CZK 397.01',
    );
  });
});

describe('a receipt of an order that will not go by itself', () => {
  // needs-fix, blocked and in-doubt orders wait for a person: the receipt says what to do, never
  // that the order goes out by itself.
  const waiting = ['needs-fix', 'blocked', 'in-doubt'] as const;
  for (const language of ['en', 'cs', 'sk'] as const) {
    it(`says what the person must do, in ${language}`, () => {
      const t = i18n.getFixedT(language, 'receipt');
      const byItself = t('notConfirmed', { state: '@' }).split('@')[1] ?? '';
      expect(byItself.length).toBeGreaterThan(5);
      const said = waiting.map((state) => stateLine(receipt(state), t, price).text);
      for (const text of said) {
        expect(text).not.toContain(byItself.trim().split('.')[0]);
        expect(text).toContain('F3');
      }
      // Each state its own instruction.
      expect(new Set(said).size).toBe(waiting.length);
    });
  }

  it('tells a needs-fix order to be corrected and a blocked one to need permission', () => {
    const t = i18n.getFixedT('en', 'receipt');
    expect(stateLine(receipt('needs-fix'), t, price).text).toBe(
      'NOT SENT: the instance refused the order as it is. Correct it in Orders (F3) and send it again. Keep this reference.',
    );
    expect(stateLine(receipt('blocked'), t, price).text).toBe(
      'NOT SENT: the instance does not let this till place the order. Ask the administrator, then send it again from Orders (F3). Keep this reference.',
    );
    expect(stateLine(receipt('in-doubt'), t, price).text).toBe(
      'NOT CONFIRMED: no clear answer came back, the order may be on the instance. Look it up there by this reference before sending it again (Orders, F3).',
    );
  });
});
