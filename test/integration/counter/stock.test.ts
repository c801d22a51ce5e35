// Quantities with judgement, through the core (the contract's calls, as the screens make them)
// against the real sim over HTTP and a real SQLite data folder: an item marked inactive (for the
// product or in this warehouse), one out of stock, and more of it than the warehouse has available
// are not added without a word. By default the call is refused as 'unconfirmed' with the reasons and
// the same call with `confirmed` adds it; with Settings' stock rule at 'block' it is refused outright.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ScanView, SessionView } from '../../../contract/contract.ts';
import { sharedTempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

const WAREHOUSE = 1;
let till: SyncedCore;
const dataDir = sharedTempDir('stock-rule');

/** The items of this test, by what is special about them: their barcodes once added. */
const items = {
  // 5 in stock, 3 of them blocked for other orders: 2 available.
  low: { productName: 'Sirup bezový', quantityInStock: 5, quantityAvailable: 2, quantityBlocked: 3 },
  out: { productName: 'Čaj zelený', quantityInStock: 0, quantityAvailable: 0 },
  inactive: { productName: 'Káva stará', isInactive: true, quantityInStock: 80, quantityAvailable: 80 },
  inactiveHere: {
    productName: 'Med lesní',
    isInactiveInWarehouse: true,
    quantityInStock: 80,
    quantityAvailable: 80,
  },
  // An instance that sends only quantityInStock.
  inStockOnly: { productName: 'Rýže', quantityInStock: 3, quantityAvailable: null },
  // An instance that sends no stock figure at all: nothing to judge by.
  unknown: { productName: 'Sůl', quantityInStock: null, quantityAvailable: null },
  zeroPriceOut: { productName: 'Vzorek', price: 0, quantityInStock: 0, quantityAvailable: 0 },
} as const;
type ItemName = keyof typeof items;
const codes = {} as Record<ItemName, { barcode: string; stockItemId: number }>;

beforeAll(async () => {
  till = await startSyncedCore({
    dataDir,
    warehouseId: WAREHOUSE,
    // Stock judgement comes before payment: no shift needed.
    openShift: false,
    seed: (instance) => {
      for (const [name, fields] of Object.entries(items) as [ItemName, (typeof items)[ItemName]][]) {
        const added = instance.admin.addStockItem({
          unitOfMeasure: 'ks',
          vatRate: 21,
          price: 30,
          warehouseId: WAREHOUSE,
          ...fields,
        });
        codes[name] = { barcode: added['barcode'] as string, stockItemId: added['id'] as number };
      }
    },
  });
}, 90_000);

afterAll(() => till.close());

afterEach(async () => {
  await call('session.cancel', {});
  await call('settings.set', { stockRule: 'warn' });
});

function call(channel: string, input: unknown): Promise<unknown> {
  return till.call(channel, input);
}

function refusal(channel: string, input: unknown) {
  return till.refusal(channel, input);
}

function scan(name: ItemName, more: Record<string, unknown> = {}): Promise<ScanView> {
  return call('session.scan', { code: codes[name].barcode, via: 'scanner', ...more }) as Promise<ScanView>;
}

const lines = async () => ((await call('session.current', {})) as SessionView).lines;

describe('the stock rule: ask first (the default)', () => {
  it('asks before more than the warehouse has available (quantityAvailable, not in stock); confirmed, it is added', async () => {
    const asked = await refusal('session.scan', { code: codes.low.barcode, via: 'scanner', quantity: 3 });
    expect(asked).toMatchObject({
      code: 'unconfirmed',
      said: [{ key: 'stockAbove', values: { name: 'Sirup bezový', wanted: 3, available: 2, unit: 'ks' } }],
    });
    expect(asked.message).toContain('only 2 ks');
    expect(await lines()).toEqual([]);
    const added = await scan('low', { quantity: 3, confirmed: true });
    expect(added.outcome).toMatchObject({ kind: 'product', name: 'Sirup bezový' });
    expect(added.session.lines).toMatchObject([{ quantity: 3 }]);
    // One more piece is asked about again: the sale would then hold 4.
    expect(await refusal('session.scan', { code: codes.low.barcode, via: 'scanner' })).toMatchObject({
      code: 'unconfirmed',
      said: [{ key: 'stockAbove', values: { wanted: 4, available: 2 } }],
    });
    expect(await lines()).toMatchObject([{ quantity: 3 }]);
  });

  it('asks before a quantity typed above the stock, never before a smaller one; 9999 needs the confirmation', async () => {
    const [line] = (await scan('low')).session.lines;
    if (line === undefined) throw new Error('no line');
    expect(await refusal('session.setQuantity', { lineId: line.id, quantity: 9999 })).toMatchObject({
      code: 'unconfirmed',
      said: [{ key: 'stockAbove', values: { wanted: 9999, available: 2 } }],
    });
    expect(await lines()).toMatchObject([{ quantity: 1 }]);
    await call('session.setQuantity', { lineId: line.id, quantity: 2 });
    const raised = (await call('session.setQuantity', {
      lineId: line.id,
      quantity: 9999,
      confirmed: true,
    })) as SessionView;
    expect(raised.lines).toMatchObject([{ quantity: 9999 }]);
    // Taking some back never asks, though it is still more than the stock.
    const lowered = (await call('session.setQuantity', { lineId: line.id, quantity: 50 })) as SessionView;
    expect(lowered.lines).toMatchObject([{ quantity: 50 }]);
  });

  it('asks before an item out of stock, inactive, or inactive in this warehouse, and adds it once confirmed', async () => {
    const cases: [ItemName, string, string][] = [
      ['out', 'stockOut', 'Čaj zelený'],
      ['inactive', 'stockInactive', 'Káva stará'],
      ['inactiveHere', 'stockInactiveHere', 'Med lesní'],
    ];
    for (const [item, key, name] of cases) {
      expect(await refusal('session.scan', { code: codes[item].barcode, via: 'scanner' })).toMatchObject({
        code: 'unconfirmed',
        said: [{ key, values: { name } }],
      });
    }
    expect(await lines()).toEqual([]);
    for (const [item] of cases) await scan(item, { confirmed: true });
    expect((await lines()).map((l) => l.name)).toEqual(cases.map(([, , name]) => name));
  });

  it('picked by name too; reads quantityInStock where the instance sends no quantityAvailable, and judges nothing without either', async () => {
    const picked = await refusal('session.addStockItem', { stockItemId: codes.out.stockItemId });
    expect(picked).toMatchObject({ code: 'unconfirmed', said: [{ key: 'stockOut' }] });
    expect(
      await refusal('session.addStockItem', { stockItemId: codes.inStockOnly.stockItemId, quantity: 4 }),
    ).toMatchObject({ code: 'unconfirmed', said: [{ key: 'stockAbove', values: { available: 3 } }] });
    await call('session.addStockItem', { stockItemId: codes.inStockOnly.stockItemId, quantity: 3 });
    await scan('unknown', { quantity: 500 });
    expect((await lines()).map((l) => [l.name, l.quantity])).toEqual([
      ['Rýže', 3],
      ['Sůl', 500],
    ]);
  });

  it('a price-0 item goes to the open-price flow, and the stock question comes with the price entered', async () => {
    const scanned = await scan('zeroPriceOut');
    expect(scanned.outcome).toMatchObject({ kind: 'rejected', said: [{ key: 'priceZero' }] });
    const input = { stockItemId: codes.zeroPriceOut.stockItemId, price: 12.5 };
    expect(await refusal('session.addPriced', input)).toMatchObject({
      code: 'unconfirmed',
      said: [{ key: 'stockOut', values: { name: 'Vzorek' } }],
    });
    const added = (await call('session.addPriced', { ...input, confirmed: true })) as ScanView;
    expect(added.session.lines).toMatchObject([{ name: 'Vzorek', unitPrice: 12.5, priceEntered: true }]);
  });
});

describe('the stock rule: refuse (Settings)', () => {
  it('refuses such items and quantities with the reason, confirmed or not; nothing changes', async () => {
    const settings = (await call('settings.set', { stockRule: 'block' })) as { stockRule: string };
    expect(settings.stockRule).toBe('block');
    for (const confirmed of [false, true]) {
      const refused = await scan('out', { confirmed });
      expect(refused.outcome).toMatchObject({
        kind: 'rejected',
        said: [{ key: 'stockOut' }, { key: 'stockBlocked' }],
      });
      expect(refused.session.lines).toEqual([]);
    }
    const [line] = (await scan('low')).session.lines;
    if (line === undefined) throw new Error('no line');
    const refused = await refusal('session.setQuantity', { lineId: line.id, quantity: 3, confirmed: true });
    expect(refused).toMatchObject({
      code: 'rejected',
      said: [{ key: 'stockAbove', values: { wanted: 3, available: 2 } }, { key: 'stockBlocked' }],
    });
    expect(await lines()).toMatchObject([{ quantity: 1 }]);
  });
});
