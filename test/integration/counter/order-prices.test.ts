// The instance's books and the receipt agree: a sale with a card discount, placed through the core
// against the real sim over HTTP, sends each item's unit price as charged and what came off it; the
// order the sim stores comes to the receipt's total, line by line. An order without prices (an order
// file, an order queued by an older version) is still taken, priced by the instance.
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxEntryView, ReceiptView, SessionView } from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';
import { runCli } from '../../../main/cli/run.ts';
import { withCheckDigit } from '../../../main/barcode/index.ts';
import type { AdminOrder } from '../../../sim/admin.ts';
import { type RunningSim } from '../../../sim/server.ts';
import { demoEnv, sharedTempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

const WAREHOUSE = 1;
/** A card of company 1 taking 5 % off every line and 10.00 off the sale. */
const CARD = withCheckDigit('2990000000510');
let sim: RunningSim;
let till: SyncedCore;
const dataDir = sharedTempDir('order-prices');

beforeAll(async () => {
  till = await startSyncedCore({
    dataDir,
    warehouseId: WAREHOUSE,
    walkIn: 'none',
    seed: (instance) => {
      instance.admin.addCompanyCard({
        companyId: 1,
        barcode: CARD,
        name: 'Věrnostní karta',
        discount: 5,
        discountAmount: 10,
      });
    },
  });
  ({ sim } = till);
}, 90_000);

afterAll(() => till.close());

function call(channel: string, input: unknown): Promise<unknown> {
  return till.call(channel, input);
}

interface Cached {
  readonly id: number;
  readonly barcode: string;
  readonly productId: number;
  readonly price: number;
  readonly vatRate: number;
}

/** Plain counted products of the warehouse as the synced cache holds them, one per VAT rate first. */
function cachedProducts(): Cached[] {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    return db
      .prepare(
        `SELECT id, barcode, productId, price, vatRate FROM stock_item WHERE warehouseId = ?
           AND barcode LIKE '859%' AND unitOfMeasure = 'ks' AND price > 0
           AND coalesce(prohibitionOfSale, 0) = 0 AND coalesce(prohibitionOfDiscounts, 0) = 0
           AND coalesce(isInactive, 0) = 0 AND coalesce(isInactiveInWarehouse, 0) = 0
           AND coalesce(quantityAvailable, quantityInStock) >= 5
         ORDER BY vatRate, id`,
      )
      .all(WAREHOUSE) as Cached[];
  } finally {
    db.close();
  }
}

const cents = (n: number): number => Math.round(n * 100);

/** What an instance's line comes to: price x quantity (half up to cents) less what came off it. */
function bookedMinor(item: AdminOrder['items'][number]): number {
  return cents((item.price ?? Number.NaN) * item.quantity) - cents(item.discountAmount ?? 0);
}

async function sentOrder(entry: OutboxEntryView): Promise<AdminOrder> {
  let found: AdminOrder | undefined;
  await vi.waitFor(
    () => {
      found = sim.admin.listOrders().find((o) => o.clientReference === entry.clientReference);
      expect(found).toBeDefined();
    },
    { timeout: 15_000, interval: 50 },
  );
  if (found === undefined) throw new Error('unreachable');
  return found;
}

describe('the order carries the prices charged and the discount applied', () => {
  it("books a card-discounted sale at the till's prices: the instance's lines come to the receipt's total", async () => {
    const all = cachedProducts();
    const rates = [...new Set(all.map((p) => p.vatRate))];
    // Two VAT rates at least, so the amount off is shared between rates and then lines.
    const picked = [
      ...rates.slice(0, 2).map((rate) => all.find((p) => p.vatRate === rate)),
      all.find((p) => p.vatRate === rates[0] && p !== all[0]),
    ].filter((p): p is Cached => p !== undefined);
    expect(picked.length).toBe(3);
    const [first] = picked;
    if (first === undefined) throw new Error('unreachable');
    // The instance's price moves after the till synced: the till charges what it showed.
    sim.admin.mutateStockItem(first.id, { price: first.price + 11.11 });

    for (const p of picked) await call('session.scan', { code: p.barcode, via: 'scanner' });
    const twice = (await call('session.scan', { code: first.barcode, via: 'scanner' })) as {
      session: SessionView;
    };
    expect(twice.session.lines[0]?.quantity).toBe(2);
    await call('session.scan', { code: CARD, via: 'scanner' });
    const closed = (await call('session.close', { tender: { method: 'card' } })) as {
      order: OutboxEntryView;
    };
    const receipt = (await call('receipt.get', { id: closed.order.id })) as ReceiptView;
    expect(receipt.totals.discount).toBeGreaterThan(10);
    const order = await sentOrder(closed.order);

    // Line by line: the price the receipt shows, the quantity, and what came off it.
    expect(order.items.map((i) => [i.productId, i.quantity, i.price])).toEqual(
      picked.map((p, i) => [p.productId, i === 0 ? 2 : 1, receipt.lines[i]?.unitPrice]),
    );
    expect(order.items[0]?.price).toBe(first.price);
    const lineCents = order.items.map(bookedMinor);
    expect(order.items.map((i) => i.total)).toEqual(lineCents.map((c) => c / 100));
    // The whole: the instance's total is the receipt's, and so is all that came off.
    expect(order.total).toBe(receipt.totals.total);
    expect(lineCents.reduce((a, b) => a + b, 0)).toBe(cents(receipt.totals.total));
    expect(order.items.reduce((s, i) => s + cents(i.discountAmount ?? 0), 0)).toBe(
      cents(receipt.totals.discount),
    );
    // What the instance answered it booked is read back: the receipt says its books agree.
    await vi.waitFor(
      async () =>
        expect(((await call('outbox.get', { id: closed.order.id })) as OutboxEntryView).state).toBe('sent'),
      { timeout: 15_000, interval: 50 },
    );
    const sent = (await call('receipt.get', { id: closed.order.id })) as ReceiptView;
    expect(sent).toMatchObject({ remoteId: order.id, bookedTotal: receipt.totals.total });
    // Per VAT rate too: the receipt's VAT table is the instance's lines grouped by rate.
    for (const row of receipt.totals.byVatRate) {
      const lines = order.items.filter((i) => i.vatRate === row.vatRate);
      expect(
        lines.reduce((s, i) => s + bookedMinor(i), 0),
        `${row.vatRate} %`,
      ).toBe(cents(row.gross));
    }
  });

  it('takes an order file without prices (as INTERFACES.md has it), priced by the instance', async () => {
    const [p] = cachedProducts();
    if (p === undefined) throw new Error('no product');
    const out = await order({
      customerId: 1,
      warehouseId: WAREHOUSE,
      items: [{ productId: p.productId, quantity: 3 }],
    });
    expect(out.code).toBe(0);
    expect(out.entry).toMatchObject({ state: 'sent' });
    const stored = sim.admin.listOrders().at(-1);
    const listed = sim.admin.stockItems().find((s) => s['id'] === p.id)?.['price'];
    expect(stored?.items[0]).toMatchObject({ productId: p.productId, quantity: 3, price: listed });
    expect(stored?.items[0]?.discountAmount).toBeUndefined();
    expect(stored?.total).toBe(cents(Number(listed) * 3) / 100);
  });

  it('takes an order file with prices, and refuses a discount larger than its line, naming the field', async () => {
    const [p] = cachedProducts();
    if (p === undefined) throw new Error('no product');
    const priced = await order({
      customerId: 1,
      warehouseId: WAREHOUSE,
      items: [{ productId: p.productId, quantity: 2, price: 10.5, discountAmount: 1.05 }],
    });
    expect(priced.entry).toMatchObject({ state: 'sent' });
    expect(sim.admin.listOrders().at(-1)).toMatchObject({
      items: [{ productId: p.productId, quantity: 2, price: 10.5, discountAmount: 1.05, total: 19.95 }],
      total: 19.95,
    });
    const before = sim.admin.listOrders().length;
    const tooMuch = await order({
      customerId: 1,
      warehouseId: WAREHOUSE,
      items: [{ productId: p.productId, quantity: 1, price: 10.5, discountAmount: 10.51 }],
    });
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.entry).toMatchObject({ state: 'needs-fix' });
    expect(Object.keys(tooMuch.entry['fieldErrors'] as object)).toEqual(['items[0].discountAmount']);
    expect(sim.admin.listOrders()).toHaveLength(before);
  });
});

/** `pos order -` with `file` on stdin, in its own data folder: exit code and the outbox entry. */
async function order(file: unknown): Promise<{ code: number; entry: Record<string, unknown> }> {
  let stdout = '';
  const code = await runCli(['order', '-', '--json'], {
    stdout: (t) => (stdout += t),
    stderr: () => undefined,
    env: demoEnv(sim.url, join(dataDir, 'cli')),
    stdin: () => Readable.from([JSON.stringify(file)]),
  });
  return { code, entry: JSON.parse(stdout) as Record<string, unknown> };
}
