// The payment panel, in Node over a core the test scripts (platform/fake-bridge.ts): F9 refuses a
import { lineId, orderId } from '../../contract/ids.ts';
// sale the till knows would be refused before the panel opens; Enter places the order with the
// tender taken (cash, card, or card + cash), once, only when the amounts pay the total; the panel
// closes, the change due stays until the next scan, and the receipt of that order shows. Esc and F9
// on an empty sale place nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  PosError,
  type CloseView,
  type OutboxEntryView,
  type ReceiptView,
  type SettingsView,
  type StatusView,
  type ScanView,
  type TenderInput,
} from '../../contract/contract.ts';
import { deliverScan, scanQueue } from '../scanner/index.ts';
import { formatMoney } from '../format/format.ts';
import { i18n } from '../i18n/index.ts';
import { aLine, aSession, aStatus, FakeBridge } from '../platform/fake-bridge.ts';
import { createPosApi } from '../platform/pos.ts';
import { useApp } from './app.ts';
import {
  closePayment,
  confirmPayment,
  openPayment,
  paidShown,
  setCard,
  setGiven,
  setMethod,
  usePaid,
  usePayment,
} from './payment.ts';
import { scan } from './sale.ts';
import { setPos } from './pos.ts';
import { useReceipt } from './receipt.ts';

const ORDER_ID = 41;
const placedAt = '2025-03-01T10:00:00.000Z';
const order: OutboxEntryView = { id: orderId(ORDER_ID), state: 'queued', attempts: 0, createdAt: placedAt };
const receipt: ReceiptView = {
  orderId: orderId(ORDER_ID),
  reference: 'POS-41',
  state: 'queued',
  placedAt,
  printCount: 0,
  lines: [],
  totals: { byVatRate: [], discount: 0, total: 250 },
  pricedFrom: 'sale',
};
/** A sale of 25 pieces at 10.00 to the walk-in customer: 250.00 to pay. */
const basket = { ...aSession([aLine(1, 25)]), walkIn: { companyId: 7, name: 'Hotovostní prodej' } };
const status: StatusView = aStatus({ online: true, queued: 1 });

/** The core's close: the tender as it settles it (cash 250 of a 250.00 sale by default). */
function closing(tender: CloseView['tender']) {
  return (): CloseView => ({ order, session: aSession([]), ...(tender === undefined ? {} : { tender }) });
}

let core: FakeBridge;

beforeEach(() => {
  core = new FakeBridge()
    .answer('session.close', closing({ parts: [{ method: 'cash', amount: 250, given: 250 }], change: 0 }))
    .answer('receipt.get', () => receipt)
    .answer('status.get', () => status);
  setPos(createPosApi(core));
  useApp.setState(useApp.getInitialState(), true);
  usePayment.setState(usePayment.getInitialState(), true);
  useReceipt.setState(useReceipt.getInitialState(), true);
  usePaid.setState(usePaid.getInitialState(), true);
  useApp.setState({ session: basket, status });
});

const panel = () => usePayment.getState();
const money = (n: number) => formatMoney(n, null);

describe('the payment panel', () => {
  it('cash: Enter places the order with the amount given; the panel closes and its receipt shows', async () => {
    await openPayment();
    setGiven('500');
    await confirmPayment();
    expect(core.inputs('session.close')).toEqual([{ tender: { method: 'cash', given: 500 } }]);
    expect(panel().open).toBe(false);
    expect(useApp.getState().session?.lines).toEqual([]);
    expect(useApp.getState().sale.placed).toBe(ORDER_ID);
    await expect.poll(() => useReceipt.getState().placed?.orderId).toBe(ORDER_ID);
    // The order placed is shown as the answer carried it: the list is not read for it.
    expect(useApp.getState().orderNews[String(ORDER_ID)]).toEqual(order);
    expect([...core.inputs('outbox.list'), ...core.inputs('outbox.page')]).toEqual([]);
  });

  it('cash with no amount typed: the exact total', async () => {
    await openPayment();
    await confirmPayment();
    expect(core.inputs('session.close')).toEqual([{ tender: { method: 'cash', given: 250 } }]);
  });

  it('card: the total is charged, whatever amount was typed for cash', async () => {
    await openPayment();
    setGiven('500');
    setMethod('card');
    await confirmPayment();
    expect(core.inputs('session.close')).toEqual([{ tender: { method: 'card' } }]);
  });

  it('cash short of the total: nothing is placed, the panel stays open and says what is missing', async () => {
    await openPayment();
    setGiven('200');
    await confirmPayment();
    expect(core.inputs('session.close')).toEqual([]);
    expect(panel().open).toBe(true);
    expect(panel().error).toBe(
      i18n.t('sale:notEnoughCash', { given: money(200), total: money(250), short: money(50) }),
    );
  });

  it('an amount that is no number: nothing is placed, the panel says what was typed', async () => {
    await openPayment();
    setGiven('1.2.3');
    await confirmPayment();
    expect(core.inputs('session.close')).toEqual([]);
    expect(panel().error).toBe(i18n.t('sale:givenNotAmount', { given: '1.2.3' }));
  });

  it('Enter pressed again while the order is being placed places it once', async () => {
    let answer: (value: CloseView) => void = () => undefined;
    core.answer('session.close', () => new Promise<CloseView>((resolve) => (answer = resolve)));
    await openPayment();
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
    await openPayment();
    await confirmPayment();
    expect(panel().open).toBe(false);
    expect(useApp.getState().session).toEqual(basket);
    expect(useApp.getState().sale.outcome).toEqual({
      tone: 'error',
      text: 'The sale has a line without a price.',
    });
    expect(core.inputs('receipt.get')).toEqual([]);
  });

  it('F9 pressed while the first scan is still on its way pays the sale with that scan on it', async () => {
    // The empty sale at the counter; the core answers the scan when the test says.
    useApp.setState({ session: { ...basket, lines: [] } });
    let answer: (value: ScanView) => void = () => undefined;
    core.answer('session.scan', () => new Promise<ScanView>((resolve) => (answer = resolve)));
    const unsink = scanQueue.setSink((s) => scan(s.code, 'scanner'));
    try {
      deliverScan('8594001234567', 'keys');
      const f9 = openPayment();
      await expect.poll(() => core.inputs('session.scan').length).toBe(1);
      answer({ outcome: { kind: 'product', lineId: lineId(1), name: 'Product 1' }, session: basket });
      await f9;
      expect(panel().open).toBe(true);
    } finally {
      unsink();
    }
  });

  it('Esc goes back to the sale, and F9 on an empty sale opens nothing: nothing is placed', async () => {
    await openPayment();
    closePayment();
    expect(panel().open).toBe(false);
    useApp.setState({ session: aSession([]) });
    await openPayment();
    expect(panel().open).toBe(false);
    await confirmPayment();
    expect(core.inputs('session.close')).toEqual([]);
  });

  it('card + cash (F4): the card part and the cash given for the rest go to the core as typed', async () => {
    await openPayment();
    setMethod('split');
    setCard('100');
    setGiven('200');
    await confirmPayment();
    const split: TenderInput = { method: 'split', card: 100, given: 200 };
    expect(core.inputs('session.close')).toEqual([{ tender: split }]);
  });

  it('card + cash short of the rest, or a card part of the whole total: nothing is placed, the panel says why', async () => {
    await openPayment();
    setMethod('split');
    setCard('100');
    setGiven('120');
    await confirmPayment();
    expect(panel().error).toBe(
      i18n.t('sale:notEnoughCashRest', { given: money(120), rest: money(150), short: money(30) }),
    );
    setCard('250');
    await confirmPayment();
    expect(panel().error).toBe(i18n.t('sale:cardPartRange', { total: money(250) }));
    expect(core.inputs('session.close')).toEqual([]);
    expect(panel().open).toBe(true);
  });
});

describe('the change due after placing', () => {
  it('stays as the core settled it until the next scan', async () => {
    core.answer(
      'session.close',
      closing({ parts: [{ method: 'cash', amount: 250, given: 500 }], change: 250 }),
    );
    core.answer('session.scan', () => ({
      outcome: { kind: 'product', lineId: lineId(2), name: 'Product 2' },
      session: aSession([aLine(2)]),
    }));
    await openPayment();
    setGiven('500');
    await confirmPayment();
    expect(paidShown()).toEqual({
      orderId: ORDER_ID,
      tender: { parts: [{ method: 'cash', amount: 250, given: 500 }], change: 250 },
    });
    // The receipt coming in does not take it away; the next scan (the next customer) does.
    await expect.poll(() => useReceipt.getState().placed?.orderId).toBe(ORDER_ID);
    expect(paidShown()?.tender.change).toBe(250);
    await scan('8591234567890', 'scanner');
    expect(paidShown()).toBeNull();
  });
});

describe('F9 refuses before payment what the till knows would be refused', () => {
  it('a sale with no customer: neither a card nor a walk-in customer; the panel stays shut and says what to do', async () => {
    useApp.setState({ session: aSession([aLine(1, 25)]), settings: null });
    await openPayment();
    expect(panel().open).toBe(false);
    expect(useApp.getState().sale.outcome).toEqual({ tone: 'error', text: i18n.t('sale:refusedNoCustomer') });
    // A card for every sale was chosen on purpose: the words say to scan it.
    useApp.setState({ settings: { walkInChosen: true } as SettingsView });
    await openPayment();
    expect(panel().open).toBe(false);
    expect(useApp.getState().sale.outcome?.text).toBe(i18n.t('sale:refusedCardNeeded'));
    expect(core.inputs('session.close')).toEqual([]);
  });

  it("a line without an amount, or no warehouse: the core's own refusals at Enter, said before payment", async () => {
    const problem = { message: 'No amount.' };
    useApp.setState({ session: { ...basket, lines: [{ ...aLine(1), problem }] } });
    await openPayment();
    expect(panel().open).toBe(false);
    expect(useApp.getState().sale.outcome?.text).toBe(i18n.t('core:unpricedLine', { name: 'Product 1' }));
    useApp.setState({ session: { ...basket, warehouseId: null } });
    await openPayment();
    expect(panel().open).toBe(false);
    expect(useApp.getState().sale.outcome?.text).toBe(i18n.t('core:noWarehouse'));
  });

  it('a till with cashiers and nobody signed in: said before the panel', async () => {
    useApp.setState({ status: { ...status, signInNeeded: true } });
    await openPayment();
    expect(panel().open).toBe(false);
    expect(useApp.getState().sale.outcome).toEqual({ tone: 'error', text: i18n.t('core:signedOut') });
  });

  it('a till the instance does not let create orders, with a walk-in customer or a card', async () => {
    useApp.setState({ status: { ...status, orderPermission: 'lacking' } });
    await openPayment();
    expect(panel().open).toBe(false);
    expect(useApp.getState().sale.outcome).toEqual({
      tone: 'error',
      text: i18n.t('sale:refusedNoOrderPermission', { permission: 'Permissions.Orders.Create' }),
    });
    // Not known either way (no probe answered yet): the panel opens, the outbox finds out.
    useApp.setState({ status: { ...status, orderPermission: 'unknown' } });
    await openPayment();
    expect(panel().open).toBe(true);
  });
});
