// Parked sales on a real SQLite file: several parked at once, each kept with its lines and customer
// across closing and reopening the file (a restart), recalled one by one, a sale on the counter
// parked in the recalled one's place, and the refusals (nothing to park, not parked).
import { describe, expect, it } from 'vitest';
import { upsertStockItems } from '../../../db/catalog/index.ts';
import { openDatabase, schemaVersion, type Db } from '../../../db/database.ts';
import { listOutboxOrders } from '../../../db/outbox.ts';
import { migrations } from '../../../db/migrations/index.ts';
import {
  currentShoppingSession,
  getShoppingSession,
  openShoppingSessionId,
  parkedSessionCount,
} from '../../../db/sessions.ts';
import { Counter, CounterError, ScanResolver } from '../../../main/counter/index.ts';
import { tempDbFile } from '../../support/fixtures.ts';

const WALK_IN = { companyId: 1, name: 'Walk-in' };

/** A file with three products of warehouse 1: CODE-1 at 10.00, CODE-2 at 25.50, CODE-3 at 4.20. */
function stocked(file: string): Db {
  const db = openDatabase(file);
  upsertStockItems(
    db,
    [10, 25.5, 4.2].map((price, i) => ({
      id: i + 1,
      warehouseId: 1,
      productId: i + 1,
      barcode: `CODE-${i + 1}`,
      productName: `Product ${i + 1}`,
      unitOfMeasure: 'ks',
      price,
      vatRate: 21,
    })),
    { syncedAt: new Date().toISOString(), mark: 1 },
  );
  return db;
}

/** The counter on `db`, with a clock that moves a minute per reading (parking times differ). */
function counterOn(db: Db, start = Date.parse('2026-11-26T09:00:00Z')): Counter {
  let t = start;
  return new Counter({
    db,
    resolver: new ScanResolver({ db }),
    warehouseId: () => 1,
    walkInCustomer: () => WALK_IN,
    now: () => new Date((t += 60_000)),
  });
}

async function scanAll(counter: Counter, ...codes: string[]): Promise<void> {
  for (const code of codes) expect((await counter.scan(code)).outcome.kind).toBe('product');
}

describe('parked sales', () => {
  it('parks several sales, keeps them across reopening the file, and recalls each with its lines', async () => {
    const file = tempDbFile('parked');
    let db = stocked(file);
    let counter = counterOn(db);
    await scanAll(counter, 'CODE-1', 'CODE-1', 'CODE-2');
    const first = counter.park();
    expect(first).toMatchObject({ state: 'parked', totals: { total: 45.5 } });
    expect(first.parkedAt).not.toBeNull();
    expect(counter.current()).toBeNull();
    await scanAll(counter, 'CODE-3');
    const second = counter.park();
    expect(counter.parked().map((s) => [s.id, s.lines.length, s.totals.total])).toEqual([
      [first.id, 2, 45.5],
      [second.id, 1, 4.2],
    ]);
    // A third sale is on the counter when the app stops.
    await scanAll(counter, 'CODE-2');
    const open = counter.current();
    db.close();

    db = openDatabase(file);
    counter = counterOn(db, Date.parse('2026-11-26T10:00:00Z'));
    expect(parkedSessionCount(db)).toBe(2);
    expect(counter.parked().map((s) => s.id)).toEqual([first.id, second.id]);
    expect(counter.current()?.id).toBe(open?.id);

    // Recalling with a sale on the counter parks that one in its place, in one go.
    const recalled = counter.recall(first.id);
    expect(recalled.session).toMatchObject({ id: first.id, state: 'open', parkedAt: null });
    expect(recalled.session.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Product 1', 2],
      ['Product 2', 1],
    ]);
    expect(recalled.parked?.id).toBe(open?.id);
    expect(counter.current()?.id).toBe(first.id);
    expect(counter.parked().map((s) => s.id)).toEqual([second.id, open?.id]);

    // The recalled sale goes on as any other: scanned into, then placed.
    await scanAll(counter, 'CODE-3');
    const placed = counter.close();
    expect(placed.order.payload.items).toMatchObject([
      { productId: 1, quantity: 2 },
      { productId: 2, quantity: 1 },
      { productId: 3, quantity: 1 },
    ]);
    expect(getShoppingSession(db, first.id)?.state).toBe('closed');

    // The others wait, and come back the same way.
    expect(counter.recall(second.id).parked).toBeNull();
    expect(counter.current()?.lines.map((l) => l.name)).toEqual(['Product 3']);
    db.close();
  });

  it('keeps the customer card of a parked sale', async () => {
    const db = stocked(tempDbFile('parked-card'));
    const counter = counterOn(db);
    await scanAll(counter, 'CODE-1');
    const id = counter.current()?.id ?? -1;
    db.prepare(
      `UPDATE shopping_session SET customerCompanyId = 7, customerCard = '{"id":70,"name":"Karta Nováková"}',
         customerSource = 'offline' WHERE id = ?`,
    ).run(id);
    counter.park();
    expect(counter.parked()[0]?.customer).toMatchObject({ companyId: 7, cardName: 'Karta Nováková' });
    expect(counter.recall(id).session.customer?.companyId).toBe(7);
    db.close();
  });

  it('refuses to park a sale with nothing on it, and to recall one that is not parked', async () => {
    const db = stocked(tempDbFile('parked-refused'));
    const counter = counterOn(db);
    const refusal = (fn: () => unknown): string | undefined => {
      try {
        fn();
      } catch (error) {
        if (error instanceof CounterError) return error.code;
        throw error;
      }
      return undefined;
    };
    expect(refusal(() => counter.park())).toBe('nothing-to-park');
    // A sale whose only line was removed has nothing to park.
    const scanned = await counter.scan('CODE-1');
    const lineId = scanned.session.lines[0]?.id ?? -1;
    counter.removeLine(lineId);
    expect(refusal(() => counter.park())).toBe('nothing-to-park');
    counter.restoreLine(lineId);
    const parked = counter.park();
    expect(counter.recall(parked.id).parked).toBeNull();
    // Recalled already, placed, or voided: not parked.
    expect(refusal(() => counter.recall(parked.id))).toBe('not-parked');
    counter.cancel();
    expect(refusal(() => counter.recall(parked.id))).toBe('not-parked');
    expect(refusal(() => counter.recall(9999))).toBe('not-parked');
    expect(listOutboxOrders(db)).toEqual([]);
    db.close();
  });

  it('drops an empty sale on the counter (as cancelled) when a parked one is recalled', async () => {
    const db = stocked(tempDbFile('parked-empty'));
    const counter = counterOn(db);
    await scanAll(counter, 'CODE-2');
    const parked = counter.park();
    // A scan that added nothing still opened a sale.
    expect((await counter.scan('NO-SUCH-CODE')).outcome.kind).not.toBe('product');
    const empty = counter.current();
    expect(empty?.lines).toEqual([]);
    const recalled = counter.recall(parked.id);
    expect(recalled.parked).toBeNull();
    expect(getShoppingSession(db, empty?.id ?? -1)?.state).toBe('cancelled');
    expect(counter.parked()).toEqual([]);
    db.close();
  });
});

describe('migration 13 (parked sales)', () => {
  it('upgrades a version-12 file with a sale open: it stays at the counter and can be parked', () => {
    const file = tempDbFile('parked-migration');
    const old = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 12) });
    const now = new Date('2026-11-26T09:00:00Z');
    // Written as version 12's schema has it (today's queries name the column it lacks).
    const at = now.toISOString();
    const id = Number(
      old
        .prepare(
          "INSERT INTO shopping_session (state, warehouseId, createdAt, updatedAt) VALUES ('open', 1, ?, ?)",
        )
        .run(at, at).lastInsertRowid,
    );
    old
      .prepare(
        `INSERT INTO shopping_session_line (sessionId, stockItemId, productId, name, kind, quantity, unitPrice,
           vatRate, addedAt) VALUES (?, 1, 1, 'Rohlík', 'unit', 2, 3, 12, ?)`,
      )
      .run(id, at);
    old.close();
    const db = openDatabase(file);
    expect(schemaVersion(db)).toBeGreaterThanOrEqual(13);
    expect(currentShoppingSession(db)).toMatchObject({ id, state: 'open', parkedAt: null });
    const counter = counterOn(db);
    expect(counter.park().id).toBe(id);
    // One sale at the counter at a time still: a second open, unparked one is refused by the file.
    const second = openShoppingSessionId(db, 1, now);
    expect(() =>
      db
        .prepare(
          "INSERT INTO shopping_session (state, warehouseId, createdAt, updatedAt) VALUES ('open', 1, ?, ?)",
        )
        .run(now.toISOString(), now.toISOString()),
    ).toThrow(/UNIQUE/);
    expect(currentShoppingSession(db)?.id).toBe(second);
    db.close();
  });
});
