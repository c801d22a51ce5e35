// The receipt's state line in the cashier's language: an order's state said inside the sentence,
// a state the catalogue does not know shown as it came.
import { describe, expect, it } from 'vitest';
import type { ReceiptView } from '../../contract/contract.ts';
import { i18n } from '../i18n/index.ts';
import { orderState, stateLine } from './receipt.ts';

const receipt = (state: string, remoteId?: number): ReceiptView => ({
  orderId: 7,
  reference: 'ref-7',
  state,
  ...(remoteId === undefined ? {} : { remoteId }),
  placedAt: '2026-11-24T10:00:00.000Z',
  lines: [],
  totals: { byVatRate: [], discount: 0, total: 0 },
  pricedFrom: 'sale',
});

describe('the receipt state line', () => {
  it('keeps the English text', () => {
    const t = i18n.getFixedT('en', 'receipt');
    expect(stateLine(receipt('sent', 41), t)).toEqual({
      confirmed: true,
      text: 'Order 41 confirmed by the instance.',
    });
    expect(stateLine(receipt('needs-fix'), t).text).toBe(
      'NOT CONFIRMED YET: the order is needs-fix and goes out by itself. Keep this reference.',
    );
    expect(stateLine(receipt('cancelled'), t).text).toBe('Order cancelled: this receipt is void.');
  });

  it('says the state in Czech and Slovak, and an unknown state as it came', () => {
    expect(stateLine(receipt('queued'), i18n.getFixedT('cs', 'receipt')).text).toContain(
      'objednávka je ve frontě',
    );
    expect(orderState(i18n.getFixedT('sk', 'receipt'), 'in-doubt')).toBe('možno odoslaná');
    expect(orderState(i18n.getFixedT('cs', 'receipt'), 'archived')).toBe('archived');
  });
});
