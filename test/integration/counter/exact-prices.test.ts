// Prices of three and four decimals and weighed quantities, sold through the core against the real
// sim over HTTP and printed on a fake network printer (issue 36): the Sale screen's view, the
// receipt (its view and the ESC/POS the printer got), the order the instance booked and the Z report
// (its view and its print) agree, each line multiplied before it is rounded: 0.125 x 1000 = 125.00,
// never 1000 x 0.13 = 130.00; priceWoVat 0.0826 at 21 % x 1000 = 99.95, never 100.00.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxEntryView, ReceiptView, ScanView, SessionView } from '../../../contract/contract.ts';
import type { ShiftReportView } from '../../../contract/shift.ts';
import { withCheckDigit } from '../../../main/barcode/index.ts';
import type { AdminOrder } from '../../../sim/admin.ts';
import { decodeEscPos } from '../../support/escpos-decoder.ts';
import { FakePrinter } from '../../support/fake-printer.ts';
import { sharedTempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

let till: SyncedCore;
let printer: FakePrinter;
const dataDir = sharedTempDir('exact-prices');
/** A cheese sold by weight under a variable-measure GTIN-14, at a price of three decimals a kg. */
const CHEESE = withCheckDigit('98599990000360');
const ids: Record<'screws' | 'cumin' | 'power', number> = { screws: 0, cumin: 0, power: 0 };

beforeAll(async () => {
  printer = await FakePrinter.start();
  till = await startSyncedCore({
    dataDir,
    env: { POS_RECEIPT_PRINTER: printer.address },
    seed: (sim) => {
      const add = (fields: Record<string, unknown>): number =>
        sim.admin.addStockItem({ quantityInStock: 100_000, quantityAvailable: 100_000, ...fields })[
          'id'
        ] as number;
      ids.screws = add({ productName: 'Vrut 4x30', unitOfMeasure: 'ks', price: 0.125, vatRate: 21 });
      // No gross price: the till works it out from the price without VAT, exactly.
      ids.cumin = add({
        productName: 'Kmín mletý',
        unitOfMeasure: 'g',
        price: null,
        priceWoVat: 0.0826,
        vatRate: 21,
      });
      ids.power = add({ productName: 'Elektřina', unitOfMeasure: 'kWh', price: 0.3333, vatRate: 21 });
      add({ barcode: CHEESE, productName: 'Eidam vážený', unitOfMeasure: 'kg', price: 19.995, vatRate: 12 });
    },
  });
  await till.call('settings.set', { language: 'cs', priceCurrency: 'CZK' });
}, 120_000);

afterAll(async () => {
  await till.close();
  await printer.close();
});

const call = (channel: string, input: unknown): Promise<unknown> => till.call(channel, input);

/** What each line must come to, in the sale's order: the exact product rounded once, half up. */
const EXPECTED = [
  { name: 'Vrut 4x30', quantity: 1000, unitPrice: 0.125, lineTotal: 125 },
  { name: 'Kmín mletý', quantity: 1000, unitPrice: 0.099946, lineTotal: 99.95 },
  { name: 'Elektřina', quantity: 1000, unitPrice: 0.3333, lineTotal: 333.3 },
  // 19.995 x 1.235 = 24.693825
  { name: 'Eidam vážený', quantity: 1.235, unitPrice: 19.995, lineTotal: 24.69 },
];
const TOTAL = 582.94;

async function placedOrder(reference: string): Promise<AdminOrder> {
  let found: AdminOrder | undefined;
  await vi.waitFor(
    () => {
      found = till.sim.admin.listOrders().find((o) => o.clientReference === reference);
      expect(found).toBeDefined();
    },
    { timeout: 15_000, interval: 50 },
  );
  if (found === undefined) throw new Error('unreachable');
  return found;
}

/** The text of every printed job whose lines contain `marker`. */
function printedWith(marker: string): string[] {
  return printer
    .printed()
    .map((job) => decodeEscPos(job).lines.join('\n'))
    .filter((text) => text.includes(marker));
}

describe('prices of three and four decimals', () => {
  it('agree on the screen, the receipt, its print, the order booked and the Z report: 0.125 x 1000 = 125.00', async () => {
    await call('session.addStockItem', { stockItemId: ids.screws, quantity: 1000 });
    await call('session.addStockItem', { stockItemId: ids.cumin, quantity: 1000 });
    await call('session.addStockItem', { stockItemId: ids.power, quantity: 1000 });
    const weighed = (await call('session.scan', {
      code: `(01)${CHEESE}(3103)001235`,
      via: 'scanner',
    })) as ScanView;
    const session: SessionView = weighed.session;

    // The screen.
    expect(
      session.lines.map(({ name, quantity, unitPrice, lineTotal }) => ({
        name,
        quantity,
        unitPrice,
        lineTotal,
      })),
    ).toEqual(EXPECTED);
    expect(session.totals.total).toBe(TOTAL);

    const closed = (await call('session.close', { tender: { method: 'card' } })) as {
      order: OutboxEntryView;
    };
    const reference = closed.order.clientReference ?? '';

    // The order the instance booked carries each unit price exactly, and books the till's total.
    const order = await placedOrder(reference);
    expect(order.items.map((i) => ({ quantity: i.quantity, price: i.price, total: i.total }))).toEqual(
      EXPECTED.map((e) => ({ quantity: e.quantity, price: e.unitPrice, total: e.lineTotal })),
    );
    expect(order.total).toBe(TOTAL);
    const entry = await till.settled(closed.order.id);
    expect(entry.state).toBe('sent');
    expect(entry.bookedTotal).toBe(TOTAL);

    // The receipt, on screen.
    const receipt = (await call('receipt.get', { id: closed.order.id })) as ReceiptView;
    expect(
      receipt.lines.map(({ name, quantity, unitPrice, lineTotal }) => ({
        name,
        quantity,
        unitPrice,
        lineTotal,
      })),
    ).toEqual(EXPECTED);
    expect(receipt.totals.total).toBe(TOTAL);

    // The receipt, as the printer got it: each unit price with all its decimals, each line's total.
    await printer.until(() => printedWith('Vrut 4x30').length === 1);
    const [printed = ''] = printedWith('Vrut 4x30');
    expect(printed).toMatch(/1 000 ks × 0,125 Kč .* 125,00 Kč/);
    expect(printed).toMatch(/1 000 g × 0,099946 Kč .* 99,95 Kč/);
    expect(printed).toMatch(/1 000 kWh × 0,3333 Kč .* 333,30 Kč/);
    expect(printed).toMatch(/1,235 kg × 19,995 Kč .* 24,69 Kč/);
    expect(printed).toMatch(/CELKEM +582,94 Kč/);
    expect(printed).not.toMatch(/130,00|100,00 Kč|0,13 Kč/);

    // The Z report: the sale at the same total, on screen and on paper.
    const z = (await call('shift.close', { counted: 0 })) as ShiftReportView;
    expect(z.sales).toEqual({ count: 1, gross: TOTAL });
    expect(z.saleOrders.map((s) => s.total)).toEqual([TOTAL]);
    expect(z.byVatRate).toEqual([
      // 24.69 at 12 %: VAT 2.645... -> 2.65
      { vatRate: 12, base: 22.04, vat: 2.65, gross: 24.69 },
      // 558.25 at 21 %: VAT 96.886... -> 96.89
      { vatRate: 21, base: 461.36, vat: 96.89, gross: 558.25 },
    ]);
    await call('printer.printReport', { report: 'z' });
    await printer.until(() => printedWith('UZÁVĚRKA').length === 1);
    const [report = ''] = printedWith('UZÁVĚRKA');
    expect(report).toContain('582,94');
    expect(report).not.toContain('588,');
  });
});
