// Prices the till can trust, through the core (the contract's calls, as the screens make them)
// against the real sim over HTTP: a weight or price read off a code only where GS1 or the store's
// label rules put one, and only from a scanner; a price label's amount that is the amount the order
// books.
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxEntryView, ReceiptView, ScanView, SessionView } from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';
import { runCli } from '../../../main/cli/run.ts';
import { withCheckDigit } from '../../../main/barcode/index.ts';
import { type RunningSim } from '../../../sim/server.ts';
import { demoEnv, sharedTempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';
import { SELLS_PLAINLY } from '../../support/terminal.ts';

const WAREHOUSE = 1;
let sim: RunningSim;
let till: SyncedCore;
const dataDir = sharedTempDir('prices');

/** A cheese sold by weight under a variable-measure GTIN-14 (indicator digit 9), as GS1 labels carry it. */
const cheese = { gtin: withCheckDigit('98599990000120'), price: 249.9, vatRate: 12 };
let cheeseProductId: number;
let absurdCodes: Record<'hugePrice' | 'beyondBound' | 'hugeVatRate' | 'yacht' | 'ship' | 'zero', string>;

beforeAll(async () => {
  till = await startSyncedCore({
    dataDir,
    warehouseId: WAREHOUSE,
    seed: (instance) => {
      const added = instance.admin.addStockItem({
        barcode: cheese.gtin,
        productName: 'Eidam 30 % vážený',
        unitOfMeasure: 'kg',
        price: cheese.price,
        vatRate: cheese.vatRate,
        quantityInStock: 50,
        quantityAvailable: 50,
      });
      cheeseProductId = added['productId'] as number;
      // Prices no till can charge, as an instance may still hold them.
      const absurd = (productName: string, fields: Record<string, number>): string =>
        // In stock: only the price is in question here.
        instance.admin.addStockItem({
          productName,
          unitOfMeasure: 'ks',
          vatRate: 21,
          quantityInStock: 1000,
          quantityAvailable: 1000,
          ...fields,
        })['barcode'] as string;
      absurdCodes = {
        hugePrice: absurd('Cena 1e308', { price: 1e308 }),
        beyondBound: absurd('Cena 1e13', { price: 1e13 }),
        hugeVatRate: absurd('DPH 1e308', { price: 10, vatRate: 1e308 }),
        yacht: absurd('Jachta', { price: 99_999_999 }),
        ship: absurd('Loď', { price: 99_999_999 }),
        zero: absurd('Cena 0', { price: 0 }),
      };
    },
  });
  ({ sim } = till);
}, 90_000);

afterAll(() => till.close());

afterEach(async () => {
  // Each test starts with no open sale.
  await call('session.cancel', {});
});

function call(channel: string, input: unknown): Promise<unknown> {
  return till.call(channel, input);
}

function scan(code: string, via?: 'scanner' | 'keyboard'): Promise<ScanView> {
  return call('session.scan', { code, ...(via === undefined ? {} : { via }) }) as Promise<ScanView>;
}

/** A stock item of the warehouse as the synced cache holds it (read beside the core, as a second reader). */
function cached(where: string): { barcode: string; productId: number; price: number; name: string } {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    const row = db
      .prepare(
        `SELECT barcode, productId, price, productName AS name FROM stock_item WHERE warehouseId = ?
           AND ${SELLS_PLAINLY} AND ${where} ORDER BY id LIMIT 1`,
      )
      .get(WAREHOUSE) as { barcode: string; productId: number; price: number; name: string } | undefined;
    if (row === undefined) throw new Error(`no stock item where ${where}`);
    return row;
  } finally {
    db.close();
  }
}

const cents = (n: number): number => Math.round(n * 100);
/** The amount an instance books for a line: quantity times its price, in whole cents. */
const booked = (quantity: number, price: number): number => Math.round(quantity * price * 100 + 1e-7) / 100;

describe('weights and prices read off a code', () => {
  it('never puts a GS1 price or weight on a fixed-measure GTIN: one piece at its own price, typed or scanned', async () => {
    const fixed = cached("barcode LIKE '859%' AND unitOfMeasure = 'ks'");
    for (const via of ['keyboard', 'scanner'] as const) {
      for (const code of [`(01)0${fixed.barcode}(3920)0`, `(01)0${fixed.barcode}(3103)000001`]) {
        const scanned = await scan(code, via);
        expect(scanned.outcome, `${code} ${via}`).toMatchObject({ kind: 'product', name: fixed.name });
        expect(scanned.session.lines).toHaveLength(1);
        expect(scanned.session.lines[0]).toMatchObject({ quantity: 1, lineTotal: fixed.price });
        await call('session.cancel', {});
      }
    }
    // The command line takes a code typed by hand too, its AIs in brackets.
    let stdout = '';
    const code = await runCli(['scan', `(01)0${fixed.barcode}(3920)0`, '--warehouse', '1', '--json'], {
      stdout: (t) => (stdout += t),
      stderr: () => undefined,
      env: demoEnv(sim.url, dataDir),
    });
    expect(code).toBe(0);
    const json = JSON.parse(stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ kind: 'product', valid: true, quantity: 1, lineKind: 'unit' });
    expect(json).not.toHaveProperty('amount');
  });

  it('takes the weight of a variable-measure GTIN (indicator 9) from a scan, never from typing', async () => {
    const label = `(01)${cheese.gtin}(3103)000750`;
    for (const via of ['keyboard', undefined] as const) {
      const typed = await scan(label, via);
      expect(typed.outcome).toMatchObject({ kind: 'rejected' });
      expect(typed.outcome.kind === 'rejected' && typed.outcome.said?.[0]?.key).toBe('labelTyped');
      expect(typed.session.lines).toEqual([]);
    }
    const scanned = await scan(label, 'scanner');
    expect(scanned.outcome).toMatchObject({ kind: 'product' });
    expect(scanned.session.lines[0]).toMatchObject({
      productId: cheeseProductId,
      quantity: 0.75,
      lineTotal: booked(0.75, cheese.price),
    });
    // A label that weighs nothing sells nothing.
    const nothing = await scan(`(01)${cheese.gtin}(3103)000000`, 'scanner');
    expect(nothing.outcome).toMatchObject({ kind: 'rejected' });
    expect(nothing.session.lines).toHaveLength(1);
  });

  it('books a price label as the quantity whose amount is exactly the printed one: receipt and order agree', async () => {
    // 0.494 kg at 249.90 is 123.45 (as the scale printed it).
    const scanned = await scan(`(01)${cheese.gtin}(3922)12345`, 'scanner');
    expect(scanned.outcome).toMatchObject({ kind: 'product' });
    const line = scanned.session.lines[0];
    expect(line).toMatchObject({ quantity: 0.494, lineTotal: 123.45 });
    expect(cents(booked(line?.quantity ?? 0, cheese.price))).toBe(12345);
    // No quantity at 249.90 comes to 123.40 (24.99 a gram): the label and the price disagree.
    const odd = await scan(`(01)${cheese.gtin}(3922)12340`, 'scanner');
    expect(odd.outcome.kind === 'rejected' && odd.outcome.said?.[0]?.key).toBe('labelAmountNoQuantity');
    expect((await scan(`(01)${cheese.gtin}(3922)0`, 'scanner')).outcome).toMatchObject({ kind: 'rejected' });
    expect((await call('session.current', {})) as SessionView).toMatchObject({ totals: { total: 123.45 } });

    const closed = (await call('session.close', { tender: { method: 'card' } })) as {
      order: OutboxEntryView;
    };
    // With the unit price charged, so the instance books the printed amount too.
    expect(closed.order.order?.items).toEqual([
      { productId: cheeseProductId, quantity: 0.494, price: cheese.price },
    ]);
    const receipt = (await call('receipt.get', { id: closed.order.id })) as ReceiptView;
    expect(receipt.lines[0]).toMatchObject({ quantity: 0.494, lineTotal: 123.45 });
    expect(receipt.totals.total).toBe(123.45);
    await vi.waitFor(() => expect(sim.admin.listOrders().at(-1)?.items).toHaveLength(1), { timeout: 15_000 });
    const [item] = sim.admin.listOrders().at(-1)?.items ?? [];
    expect(item).toMatchObject({ productId: cheeseProductId, quantity: 0.494 });
    expect(booked(item?.quantity ?? 0, cheese.price)).toBe(receipt.totals.total);
  });

  it("takes the store's own label rules (EAN-13 23.....{NNNDD}) from a scan only, with the amount the order books", async () => {
    const priced = cached("barcode LIKE '23%'");
    // A scale's amount: the price of 0.494 of it.
    const amount = cents(booked(0.494, priced.price));
    const label = withCheckDigit(`${priced.barcode.slice(0, 7)}${String(amount).padStart(5, '0')}0`);
    const typed = await scan(label, 'keyboard');
    expect(typed.outcome.kind === 'rejected' && typed.outcome.said?.[0]?.key).toBe('labelTyped');
    const scanned = await scan(label, 'scanner');
    const line = scanned.session.lines[0];
    expect(line?.lineTotal).toBe(amount / 100);
    expect(cents(booked(line?.quantity ?? 0, priced.price))).toBe(amount);
  });
});

describe('amounts a sale can always show', () => {
  it('refuses the line whose amount cannot be computed, and the sale stays whole and showable', async () => {
    const plain = cached("barcode LIKE '859%' AND unitOfMeasure = 'ks'");
    await scan(plain.barcode, 'keyboard');
    const refusals = {
      [absurdCodes.hugePrice]: 'lineTooLarge',
      [absurdCodes.beyondBound]: 'lineTooLarge',
      [absurdCodes.hugeVatRate]: 'lineBadVatRate',
    };
    for (const [code, key] of Object.entries(refusals)) {
      const scanned = await scan(code, 'keyboard');
      expect(scanned.outcome.kind === 'rejected' && scanned.outcome.said?.[0]?.key, code).toBe(key);
      expect(scanned.session.lines.map((l) => l.productId)).toEqual([plain.productId]);
    }
    // A quantity, or a line, that would take the sale past what it can hold (10 000 000 000.00) is
    // refused where it would, and the sale stays as it was.
    const yacht = await scan(absurdCodes.yacht, 'keyboard');
    const yachtLine = yacht.session.lines.at(-1);
    expect(yachtLine).toMatchObject({ lineTotal: 99_999_999 });
    const tooMany = await till.core.invoke('session.setQuantity', { lineId: yachtLine?.id, quantity: 101 });
    expect(!tooMany.ok && tooMany.error.said?.[0]?.key).toBe('lineTooLarge');
    await call('session.setQuantity', { lineId: yachtLine?.id, quantity: 99 });
    const ship = await scan(absurdCodes.ship, 'keyboard');
    expect(ship.outcome.kind === 'rejected' && ship.outcome.said?.[0]?.key).toBe('saleTooLarge');
    expect(ship.session.totals.total).toBe(plain.price + 9_899_999_901);
    await call('session.removeLine', { lineId: yachtLine?.id });
    const session = (await call('session.current', {})) as SessionView;
    expect(session.totals.total).toBe(plain.price);
    const closed = (await call('session.close', { tender: { method: 'card' } })) as {
      order: OutboxEntryView;
    };
    expect(closed.order.order?.items).toEqual([
      { productId: plain.productId, quantity: 1, price: plain.price },
    ]);
  });

  it('takes a price of exactly 0 the instance set as no price: refused, a manager may enter one', async () => {
    const scanned = await scan(absurdCodes.zero, 'scanner');
    expect(scanned.outcome).toMatchObject({
      kind: 'rejected',
      said: [{ key: 'priceZero', values: { name: 'Cena 0' } }],
      unpriced: { name: 'Cena 0' },
    });
    expect(scanned.session.lines).toEqual([]);
  });

  it('still loads a sale an older version stored with a line it cannot price: the line is said, the rest sells', async () => {
    const plain = cached("barcode LIKE '859%' AND unitOfMeasure = 'ks'");
    const opened = await scan(plain.barcode, 'keyboard');
    const sessionId = opened.session.id;
    // What an older version stored: a gross price worked out to Infinity (migration 28 keeps its word
    // in the price's text), a VAT rate of 1e308.
    const db = openDatabase(join(dataDir, 'counter.sqlite'));
    try {
      const insert = db.prepare(
        `INSERT INTO shopping_session_line (sessionId, stockItemId, productId, name, kind, quantity, unitPrice,
           vatRate, fixedTotalMinor, addedAt) VALUES (?, NULL, ?, ?, 'unit', 1, ?, ?, NULL, ?)`,
      );
      insert.run(sessionId, plain.productId, 'Old infinite price', 'Infinity', 21, new Date().toISOString());
      insert.run(sessionId, plain.productId, 'Old absurd VAT', '10', 1e308, new Date().toISOString());
    } finally {
      db.close();
    }
    // Also after a restart: a new core on the same data folder.
    await till.restart();
    const loaded = (await call('session.current', {})) as SessionView;
    expect(loaded.id).toBe(sessionId);
    expect(loaded.lines.map((l) => [l.name, l.lineTotal, l.problem?.said?.[0]?.key])).toEqual([
      [plain.name, plain.price, undefined],
      ['Old infinite price', 0, 'lineTooLarge'],
      ['Old absurd VAT', 0, 'lineBadVatRate'],
    ]);
    expect(loaded.totals.total).toBe(plain.price);
    // It cannot be charged while such a line is on it; removed, the rest sells.
    const refused = await till.core.invoke('session.close', { tender: { method: 'card' } });
    expect(!refused.ok && refused.error.said?.[0]?.key).toBe('unpricedLine');
    for (const line of loaded.lines.slice(1)) await call('session.removeLine', { lineId: line.id });
    const closed = (await call('session.close', { tender: { method: 'card' } })) as {
      order: OutboxEntryView;
    };
    expect(closed.order.order?.items).toEqual([
      { productId: plain.productId, quantity: 1, price: plain.price },
    ]);
  });
});
