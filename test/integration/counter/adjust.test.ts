// A line's own discount or price override, through the core (the contract's calls, as the screens
// make them) against the real sim over HTTP and a real SQLite data folder: recorded with the line
// (who, when, the original price), exact in cents in the totals, the receipt's discount and the
// order's note; refused, saying why, where it cannot be; behind the manager PIN once one is set.
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntryView, ReceiptView, ScanView, SessionView } from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';
import { sharedTempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

const WAREHOUSE = 1;
const PIN = '4826';
let till: SyncedCore;
const dataDir = sharedTempDir('line-adjust');
const goods = {
  syrup: { productName: 'Sirup malinový', price: 89.9, vatRate: 21 },
  water: { productName: 'Voda neperlivá', price: 19.9, vatRate: 12 },
  noDiscount: { productName: 'Dárkový poukaz', price: 500, vatRate: 21, prohibitionOfDiscounts: true },
} as const;
const codes = {} as Record<keyof typeof goods, string>;

beforeAll(async () => {
  till = await startSyncedCore({
    dataDir,
    warehouseId: WAREHOUSE,
    seed: (instance) => {
      for (const [name, fields] of Object.entries(goods) as [
        keyof typeof goods,
        (typeof goods)[keyof typeof goods],
      ][])
        codes[name] = instance.admin.addStockItem({
          unitOfMeasure: 'ks',
          warehouseId: WAREHOUSE,
          quantityInStock: 100,
          quantityAvailable: 100,
          ...fields,
        })['barcode'] as string;
    },
  });
}, 90_000);

afterAll(() => till.close());

afterEach(async () => {
  await call('session.cancel', {});
});

function call(channel: string, input: unknown): Promise<unknown> {
  return till.call(channel, input);
}

function refusal(channel: string, input: unknown) {
  return till.refusal(channel, input);
}

async function lineOf(name: keyof typeof goods, quantity = 1) {
  const scanned = (await call('session.scan', { code: codes[name], via: 'scanner', quantity })) as ScanView;
  const line = scanned.session.lines.find((l) => l.name === goods[name].productName);
  if (line === undefined) throw new Error(`no line of ${name}`);
  return line;
}

const adjust = (lineId: number | string, adjustment: unknown) =>
  call('session.adjustLine', { lineId, adjustment }) as Promise<SessionView>;

describe("a line's own discount or price override", () => {
  it('is recorded with the line, exact in the totals, and on the receipt and in the order as a discount', async () => {
    const before = Date.now();
    const syrup = await lineOf('syrup', 3);
    const water = await lineOf('water', 7);
    await adjust(syrup.id, { kind: 'percent', value: 12.5 });
    const after = await adjust(water.id, { kind: 'price', value: 17.33 });
    const [s, w] = after.lines;
    // 3 x 89.90 = 269.70, 12.5 % off: 33.7125 -> 33.71. 7 x 19.90 = 139.30 charged at 7 x 17.33 = 121.31.
    expect(s).toMatchObject({
      unitPrice: 89.9,
      lineTotal: 269.7,
      adjustment: { kind: 'percent', value: 12.5, by: 'till', amount: 33.71 },
    });
    expect(w).toMatchObject({
      unitPrice: 19.9,
      lineTotal: 139.3,
      adjustment: { kind: 'price', value: 17.33, by: 'till', amount: 17.99 },
    });
    expect(Date.parse(s?.adjustment?.at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(after.totals).toMatchObject({ discount: 51.7, total: 357.3 });
    // More of the syrup scanned now comes at its own price, on a line of its own.
    const more = (await call('session.scan', { code: codes.syrup, via: 'scanner' })) as ScanView;
    expect(more.session.lines.map((l) => [l.quantity, l.adjustment?.kind])).toEqual([
      [3, 'percent'],
      [7, 'price'],
      [1, undefined],
    ]);
    expect(more.session.totals.total).toBe(447.2);

    const closed = (await call('session.close', { tender: { method: 'card' } })) as {
      order: OutboxEntryView;
    };
    expect(closed.order.order?.note).toContain(
      'discount at the till: Sirup malinový 12.5 % off (was 89.90, till), Voda neperlivá at 17.33 (was 19.90, till)',
    );
    const receipt = (await call('receipt.get', { id: closed.order.id })) as ReceiptView;
    expect(receipt.lines.map((l) => [l.lineTotal, l.discount])).toEqual([
      [269.7, 33.71],
      [139.3, 17.99],
      [89.9, 0],
    ]);
    expect(receipt.totals).toMatchObject({ discount: 51.7, total: 447.2 });
  });

  it('is taken off again with null, and survives the data folder reopened', async () => {
    const syrup = await lineOf('syrup');
    await adjust(syrup.id, { kind: 'percent', value: 10 });
    const db = openDatabase(join(dataDir, 'counter.sqlite'));
    try {
      const stored = db
        .prepare('SELECT adjustment FROM shopping_session_line WHERE id = ?')
        .pluck()
        .get(syrup.id);
      expect(JSON.parse(String(stored))).toMatchObject({ kind: 'percent', value: 10, by: 'till' });
    } finally {
      db.close();
    }
    const cleared = await adjust(syrup.id, null);
    expect(cleared.lines[0]?.adjustment).toBeUndefined();
    expect(cleared.totals.total).toBe(89.9);
  });

  it('is refused, saying why: out of range, at or above the price, on an item that takes no discounts', async () => {
    const syrup = await lineOf('syrup');
    const gift = await lineOf('noDiscount');
    const cases: [number | string, unknown, string][] = [
      [syrup.id, { kind: 'percent', value: 100 }, 'adjustPercentRange'],
      [syrup.id, { kind: 'percent', value: 2.555 }, 'adjustPercentRange'],
      [syrup.id, { kind: 'price', value: 89.9 }, 'adjustPriceRange'],
      [syrup.id, { kind: 'price', value: 12.345 }, 'adjustPriceRange'],
      [gift.id, { kind: 'percent', value: 5 }, 'adjustNoDiscount'],
    ];
    for (const [lineId, adjustment, key] of cases)
      expect(await refusal('session.adjustLine', { lineId, adjustment })).toMatchObject({
        code: 'rejected',
        said: [{ key }],
      });
    const now = (await call('session.current', {})) as SessionView;
    expect(now.lines.every((l) => l.adjustment === undefined)).toBe(true);
  });

  it('needs the manager PIN once one is set, and then says a manager set it', async () => {
    await call('settings.set', { managerPin: PIN });
    await call('manager.lock', {});
    try {
      const syrup = await lineOf('syrup');
      expect(
        await refusal('session.adjustLine', { lineId: syrup.id, adjustment: { kind: 'percent', value: 5 } }),
      ).toMatchObject({ code: 'locked', said: [{ key: 'lockedDiscount' }] });
      expect((await call('manager.unlock', { pin: PIN })) as { open: boolean }).toMatchObject({ open: true });
      const set = await adjust(syrup.id, { kind: 'percent', value: 5 });
      expect(set.lines[0]?.adjustment).toMatchObject({ by: 'manager', amount: 4.5 });
    } finally {
      await call('manager.unlock', { pin: PIN });
      await call('settings.set', { clearManagerPin: true });
    }
  });
});
