// What this till sold that the cached stock figures do not show yet, on real SQLite files (the app
// file with the catalog file attached): which sales count, until when, in which unit, and that the
// look-up reads only open and recent orders.
import { describe, expect, it } from 'vitest';
import { tempDbFile } from '../../test/support/fixtures.ts';
import {
  replaceProductUnits,
  saveSyncState,
  stockFigures,
  syncState,
  upsertStockItems,
  type StockItemInput,
} from '../../db/catalog/index.ts';
import { catalogFileFor, openCatalog, openDatabase, type Db } from '../../db/database.ts';
import { catalogMigrations, migrations } from '../../db/migrations/index.ts';
import { insertOutboxOrder, recordOutboxOutcome, type OutboxOutcome } from '../../db/outbox.ts';
import {
  addSessionLine,
  cancelShoppingSession,
  closeShoppingSession,
  openShoppingSessionId,
  parkShoppingSession,
  type NewSessionLine,
} from '../../db/sessions.ts';
import { soldItemsSql as soldHereSql } from '../../db/outbox.ts';
import { soldHere } from './sold-here.ts';

const tempFile = (): string => tempDbFile('sold-here');

const WAREHOUSE = 1;
const OTHER_WAREHOUSE = 2;
/** Times of the day, in order. */
const at = (hour: number, minute = 0): Date => new Date(Date.UTC(2026, 5, 1, hour, minute));
const iso = (hour: number, minute = 0): string => at(hour, minute).toISOString();

const goods = {
  water: { id: 11, productId: 1, unitOfMeasure: 'ks', quantityAvailable: 14 },
  cheese: { id: 12, productId: 2, unitOfMeasure: 'kg', quantityAvailable: 6.5 },
  beer: { id: 13, productId: 3, unitOfMeasure: 'ks', quantityAvailable: 48 },
  waterElsewhere: { id: 21, productId: 1, unitOfMeasure: 'ks', quantityAvailable: 30 },
} as const;
type Good = keyof typeof goods;

function cache(db: Db, syncedAt: string, names: readonly Good[] = Object.keys(goods) as Good[]): void {
  const rows: StockItemInput[] = names.map((name) => ({
    ...goods[name],
    warehouseId: name === 'waterElsewhere' ? OTHER_WAREHOUSE : WAREHOUSE,
    productName: name,
    price: 20,
    vatRate: 21,
  }));
  upsertStockItems(db, rows, { syncedAt, mark: 1 });
}

function line(name: Good, quantity: number): NewSessionLine {
  const g = goods[name];
  return {
    stockItemId: g.id,
    productId: g.productId,
    productCode: null,
    name,
    barcode: null,
    kind: g.unitOfMeasure === 'kg' ? 'weight' : 'unit',
    quantity,
    unitOfMeasure: g.unitOfMeasure,
    unitPrice: 20,
    vatRate: 21,
    fixedTotalMinor: null,
    noDiscount: false,
    priceEntered: false,
  };
}

/** A sale closed here at `when`: its session, its lines and its order (queued), as the counter closes one. */
function sell(
  db: Db,
  when: Date,
  lines: readonly [Good, number][],
  warehouseId = WAREHOUSE,
  addLine: (sessionId: number, line: NewSessionLine) => void = (sessionId, l) =>
    addSessionLine(db, sessionId, l, when),
): number {
  return db.transaction(() => {
    const sessionId = openShoppingSessionId(db, warehouseId, when);
    for (const [name, quantity] of lines) addLine(sessionId, line(name, quantity));
    const order = insertOutboxOrder(
      db,
      {
        customerId: 7,
        warehouseId,
        items: lines.map(([name, quantity]) => ({ productId: goods[name].productId, quantity })),
      },
      { originSessionId: sessionId, now: when },
    );
    closeShoppingSession(db, sessionId, order.id, when);
    return order.id;
  })();
}

function outcome(db: Db, orderId: number, state: OutboxOutcome['state'], when: Date): void {
  const from = ['queued', 'sending', 'sent', 'needs-fix', 'blocked', 'in-doubt'] as const;
  expect(recordOutboxOutcome(db, orderId, from, { state, remoteId: 900 + orderId }, when)).toBeDefined();
}

/** What the Stock screen would say of each item: sold here, by name. */
function sold(db: Db): Record<string, number> {
  const figures = stockFigures(
    db,
    Object.values(goods).map((g) => g.id),
  );
  const byId = soldHere(db, figures);
  const out: Record<string, number> = {};
  for (const [name, g] of Object.entries(goods)) {
    const n = byId.get(g.id);
    if (n !== undefined) out[name] = n;
  }
  return out;
}

describe('sold here since the last sync', () => {
  it('counts a sale until its order is acknowledged and the stock item is read again after that', () => {
    const db = openDatabase(tempFile());
    cache(db, iso(8));
    saveSyncState(db, 'stockItems', { lastCompleteAt: iso(8, 5), lastCompleteStartedAt: iso(8) });
    expect(sold(db)).toEqual({});

    const first = sell(db, at(9), [['water', 2]]);
    const second = sell(db, at(9, 10), [
      ['water', 1],
      ['beer', 6],
    ]);
    expect(sold(db)).toEqual({ water: 3, beer: 6 });
    // However the sending went, an order the instance has not acknowledged counts.
    for (const state of ['sending', 'needs-fix', 'blocked', 'in-doubt', 'queued'] as const) {
      outcome(db, second, state, at(9, 20));
      expect(sold(db)).toEqual({ water: 3, beer: 6 });
    }
    // Acknowledged after the figures were read: they predate it, so it still counts.
    outcome(db, first, 'sent', at(10));
    expect(sold(db)).toEqual({ water: 3, beer: 6 });

    // The water's row is read again after the acknowledgement: the instance's figure has the first
    // sale; the second, still unacknowledged, counts on.
    cache(db, iso(10, 30), ['water']);
    expect(sold(db)).toEqual({ water: 1, beer: 6 });

    // A pass that starts after the second's acknowledgement confirms every row, rewritten or not.
    outcome(db, second, 'sent', at(11));
    expect(sold(db)).toEqual({ water: 1, beer: 6 });
    saveSyncState(db, 'stockItems', { lastCompleteAt: iso(12, 5), lastCompleteStartedAt: iso(12) });
    expect(sold(db)).toEqual({});
    db.close();
  });

  it('a pass confirms its rows as of its start: a sale acknowledged while it ran still counts', () => {
    const db = openDatabase(tempFile());
    cache(db, iso(8));
    const order = sell(db, at(9), [['beer', 4]]);
    // The pass started at 10:00, the order was acknowledged at 10:02, the pass ended at 10:05: the
    // beer's row was not rewritten, so its figure may be from before the acknowledgement.
    outcome(db, order, 'sent', at(10, 2));
    saveSyncState(db, 'stockItems', { lastCompleteAt: iso(10, 5), lastCompleteStartedAt: iso(10) });
    expect(sold(db)).toEqual({ beer: 4 });
    db.close();
  });

  it('voided and open sales, cancelled or discarded orders and order files count nothing', () => {
    const db = openDatabase(tempFile());
    cache(db, iso(8));
    // Sent, then cancelled on the instance; queued, then discarded here.
    const cancelled = sell(db, at(9), [['beer', 2]]);
    outcome(db, cancelled, 'sent', at(9, 1));
    outcome(db, cancelled, 'cancelled', at(9, 2));
    const discarded = sell(db, at(9, 3), [['beer', 3]]);
    outcome(db, discarded, 'discarded', at(9, 4));
    // An order file: placed from the command line, no sale at this till.
    insertOutboxOrder(db, { customerId: 7, warehouseId: WAREHOUSE, items: [{ productId: 1, quantity: 9 }] });
    // Voided at the counter: no order.
    const voided = openShoppingSessionId(db, WAREHOUSE, at(9, 5));
    addSessionLine(db, voided, line('water', 5), at(9, 5));
    cancelShoppingSession(db, voided, at(9, 6));
    // Parked, and the one on the counter now: not sold yet (the sale at hand counts its own lines).
    const parked = openShoppingSessionId(db, WAREHOUSE, at(9, 7));
    addSessionLine(db, parked, line('water', 4), at(9, 7));
    parkShoppingSession(db, parked, at(9, 8));
    const open = openShoppingSessionId(db, WAREHOUSE, at(9, 9));
    addSessionLine(db, open, line('water', 3), at(9, 9));
    expect(sold(db)).toEqual({});
    db.close();
  });

  it("counts in the stock item's unit, as the order carries it: kilograms to the gram, pieces not packs", () => {
    const db = openDatabase(tempFile());
    cache(db, iso(8));
    // The beer also comes in packs of 6 (a product unit): Counter sells and orders pieces.
    replaceProductUnits(
      db,
      goods.beer.productId,
      [
        { id: 1, unitId: 1, unit: 1, unitOrder: 1, quantityCoefficient: 1 },
        { id: 2, unitId: 3, unit: 3, unitOrder: 2, quantityCoefficient: 6 },
      ],
      iso(8),
    );
    sell(db, at(9), [
      ['cheese', 0.355],
      ['beer', 2],
    ]);
    sell(db, at(9, 5), [
      ['cheese', 1.2],
      ['beer', 1],
    ]);
    sell(db, at(9, 6), [['cheese', 0.1]]);
    sell(db, at(9, 7), [['cheese', 0.2]]);
    expect(sold(db)).toEqual({ cheese: 1.855, beer: 3 });
    db.close();
  });

  it("counts against the order's warehouse and product only", () => {
    const db = openDatabase(tempFile());
    cache(db, iso(8));
    sell(db, at(9), [['water', 2]]);
    sell(db, at(9, 5), [['water', 7]], OTHER_WAREHOUSE);
    expect(sold(db)).toEqual({ water: 2, waterElsewhere: 7 });
    db.close();
  });

  it('reads only open and recent orders: every table of the history is searched by an index', () => {
    const db = openDatabase(tempFile());
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${soldHereSql}`).all({ since: iso(8), products: '[1]' }) as {
      detail: string;
    }[];
    const details = plan.map((p) => p.detail);
    // The only scans are of the orders found (the CTE `c`) and of their items (json_each).
    expect(details.filter((d) => d.startsWith('SCAN ') && !/^SCAN (c|i|json_each)\b/.test(d))).toEqual([]);
    expect(details).toContain('SEARCH a USING COVERING INDEX order_acknowledged_at (at>?)');
    expect(details).toContain('SEARCH outbox_order USING COVERING INDEX outbox_order_state (state=?)');
    db.close();
  });

  it('a history of acknowledged orders long reflected is passed over', () => {
    const db = openDatabase(tempFile());
    // A year of sales, all acknowledged and read back long ago.
    db.transaction(() => {
      for (let day = 0; day < 365; day++) {
        const when = new Date(Date.UTC(2025, 5, 1) + day * 86_400_000);
        for (let n = 0; n < 5; n++) outcome(db, sell(db, when, [['water', 1]]), 'sent', when);
      }
    })();
    cache(db, iso(8));
    const today = sell(db, at(9), [['water', 2]]);
    expect(sold(db)).toEqual({ water: 2 });
    outcome(db, today, 'sent', at(9, 30));
    expect(sold(db)).toEqual({ water: 2 });
    db.close();
  });
});

describe('migration 19 (sold here) and catalog migration 6 (pass start)', () => {
  it('an app file of schema 18 gains the index and keeps its acknowledged orders', () => {
    const file = tempFile();
    const v18 = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 18) });
    // The line as that version wrote it: its price and amount were REAL then (migration 28).
    const orderId = sell(v18, at(9), [['water', 2]], WAREHOUSE, (sessionId, l) =>
      v18
        .prepare(
          `INSERT INTO shopping_session_line (sessionId, productId, name, kind, quantity, unitPrice, vatRate, addedAt)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(sessionId, l.productId, l.name, l.kind, l.quantity, l.unitPrice, l.vatRate, iso(9)),
    );
    outcome(v18, orderId, 'sent', at(10));
    v18.close();
    const db = openDatabase(file);
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'order_acknowledged'")
      .pluck()
      .all();
    expect(indexes).toContain('order_acknowledged_at');
    expect(db.prepare('SELECT at FROM order_acknowledged WHERE orderId = ?').pluck().get(orderId)).toBe(
      iso(10),
    );
    db.close();
  });

  it('a catalog file of version 5 takes its last complete pass end as the start it does not know', () => {
    const file = catalogFileFor(tempFile());
    const v5 = openDatabase(file, { migrations: catalogMigrations.filter((m) => m.version <= 5) });
    v5.prepare("INSERT INTO sync_state (resource, lastCompleteAt, fullPass) VALUES ('stockItems', ?, 1)").run(
      iso(8, 5),
    );
    v5.prepare("INSERT INTO sync_state (resource, fullPass) VALUES ('warehouses', 0)").run();
    v5.close();
    const db = openCatalog(file);
    expect(syncState(db, 'stockItems')).toMatchObject({
      lastCompleteAt: iso(8, 5),
      lastCompleteStartedAt: iso(8, 5),
    });
    expect(syncState(db, 'warehouses').lastCompleteStartedAt).toBeUndefined();
    db.close();
  });
});
