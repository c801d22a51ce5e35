// The payment panel's Enter, in Node over a core the test scripts (platform/fake-bridge.ts): the
// order is placed with the tender taken, once, only when the cash covers the total; the panel closes
// and the receipt of that order shows. Esc and F9 on an empty sale place nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import { PosError, type CloseView, type OutboxEntryView, type ReceiptView } from '../../contract/contract.ts';
import { formatMoney } from '../format/format.ts';
import { i18n } from '../i18n/index.ts';
import { aLine, aSession, FakeBridge } from '../platform/fake-bridge.ts';
import { createPosApi } from '../platform/pos.ts';
import { useApp } from './app.ts';
import { closePayment, confirmPayment, openPayment, setGiven, setMethod, usePayment } from './payment.ts';
import { setPos } from './pos.ts';
import { useReceipt } from './receipt.ts';

const ORDER_ID = 41;
const placedAt = '2025-03-01T10:00:00.000Z';
const order: OutboxEntryView = { id: ORDER_ID, state: 'queued', attempts: 0, createdAt: placedAt };
const receipt: ReceiptView = {
  orderId: ORDER_ID,
  reference: 'POS-41',
  state: 'queued',
  placedAt,
  lines: [],
  totals: { byVatRate: [], discount: 0, total: 250 },
  pricedFrom: 'sale',
};
/** A sale of 25 pieces at 10.00: 250.00 to pay. */
const basket = aSession([aLine(1, 25)]);

let core: FakeBridge;

beforeEach(() => {
  core = new FakeBridge()
    .answer('session.close', (): CloseView => ({ order, session: aSession([]) }))
    .answer('receipt.get', () => receipt)
    .answer('outbox.list', () => [order])
    .answer('status.get', () => ({
      online: true,
      instance: 'erp.example.com',
      demo: false,
      queued: 1,
      needsAttention: 0,
      lastSyncedAt: null,
      insecure: false,
      credentialsRefused: false,
    }));
  setPos(createPosApi(core));
  useApp.setState(useApp.getInitialState(), true);
  usePayment.setState(usePayment.getInitialState(), true);
  useReceipt.setState(useReceipt.getInitialState(), true);
  useApp.setState({ session: basket });
});

const panel = () => usePayment.getState();
const money = (n: number) => formatMoney(n, null);

describe('the payment panel', () => {
  it('cash: Enter places the order with the amount given; the panel closes and its receipt shows', async () => {
    openPayment();
    setGiven('500');
    await confirmPayment();
    expect(core.inputs('session.close')).toEqual([{ tender: { method: 'cash', given: 500 } }]);
    expect(panel().open).toBe(false);
    expect(useApp.getState().session?.lines).toEqual([]);
    expect(useApp.getState().sale.placed).toBe(ORDER_ID);
    await expect.poll(() => useReceipt.getState().placed?.orderId).toBe(ORDER_ID);
  });

  it('cash with no amount typed: the exact total', async () => {
    openPayment();
    await confirmPayment();
    expect(core.inputs('session.close')).toEqual([{ tender: { method: 'cash', given: 250 } }]);
  });

  it('card: the total is charged, whatever amount was typed for cash', async () => {
    openPayment();
    setGiven('500');
    setMethod('card');
    await confirmPayment();
    expect(core.inputs('session.close')).toEqual([{ tender: { method: 'card' } }]);
  });

  it('cash short of the total: nothing is placed, the panel stays open and says what is missing', async () => {
    openPayment();
    setGiven('200');
    await confirmPayment();
    expect(core.inputs('session.close')).toEqual([]);
    expect(panel().open).toBe(true);
    expect(panel().error).toBe(
      i18n.t('sale:notEnoughCash', { given: money(200), total: money(250), short: money(50) }),
    );
  });

  it('an amount that is no number: nothing is placed, the panel says what was typed', async () => {
    openPayment();
    setGiven('1.2.3');
    await confirmPayment();
    expect(core.inputs('session.close')).toEqual([]);
    expect(panel().error).toBe(i18n.t('sale:givenNotAmount', { given: '1.2.3' }));
  });

  it('Enter pressed again while the order is being placed places it once', async () => {
    let answer: (value: CloseView) => void = () => undefined;
    core.answer('session.close', () => new Promise<CloseView>((resolve) => (answer = resolve)));
    openPayment();
    const first = confirmPayment();
    const second = confirmPayment();
    await expect.poll(() => core.inputs('session.close').length).toBe(1);
    answer({ order, session: aSession([]) });
    await Promise.all([first, second]);
    expect(core.inputs('session.close')).toHaveLength(1);
  });

  it('the core refuses: the panel closes on the sale as it was, and the Sale screen says why', async () => {
    core.answer('session.close', () => {
      throw new PosError({ code: 'rejected', message: 'The sale has a line without a price.' });
    });
    openPayment();
    await confirmPayment();
    expect(panel().open).toBe(false);
    expect(useApp.getState().session).toEqual(basket);
    expect(useApp.getState().sale.outcome).toEqual({
      tone: 'error',
      text: 'The sale has a line without a price.',
    });
    expect(core.inputs('receipt.get')).toEqual([]);
  });

  it('Esc goes back to the sale, and F9 on an empty sale opens nothing: nothing is placed', async () => {
    openPayment();
    closePayment();
    expect(panel().open).toBe(false);
    useApp.setState({ session: aSession([]) });
    openPayment();
    expect(panel().open).toBe(false);
    await confirmPayment();
    expect(core.inputs('session.close')).toEqual([]);
  });
});
