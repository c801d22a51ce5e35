import { describe, expect, it } from 'vitest';
import { minor } from '../common/money.ts';
import { tempDbFile } from '../test/support/fixtures.ts';
import { openDatabase, schemaVersion } from './database.ts';
import { migrations } from './migrations/index.ts';
import {
  addSessionLine,
  attachSessionCustomer,
  closeShoppingSession,
  currentShoppingSession,
  getShoppingSession,
  openShoppingSessionId,
  removeSessionLine,
  restoreSessionLine,
  sessionOfOrder,
  SessionStateError,
  setSessionLineAdjustment,
  setSessionLineQuantity,
  type NewSessionLine,
} from './sessions.ts';

/** A new SQLite file of this test (removed when it finishes). */
const tempFile = (): string => tempDbFile('sessions');

const now = new Date('2026-06-01T10:00:00Z');
const item = (over: Partial<NewSessionLine> = {}): NewSessionLine => ({
  stockItemId: 11,
  productId: 1,
  productCode: 'NAP-00001',
  name: 'Minerální voda',
  barcode: '8591000000013',
  kind: 'unit',
  quantity: 1,
  unitOfMeasure: 'ks',
  unitPrice: 19.9,
  vatRate: 12,
  fixedTotalMinor: null,
  noDiscount: false,
  priceEntered: false,
  ...over,
});

describe('migration 4 (counter sessions)', () => {
  it('upgrades a version-3 file and keeps a session across reopening it', () => {
    const file = tempFile();
    openDatabase(file, { migrations: migrations.filter((m) => m.version <= 3) }).close();
    const db = openDatabase(file);
    expect(schemaVersion(db)).toBeGreaterThanOrEqual(4);
    const id = openShoppingSessionId(db, 2, now);
    addSessionLine(db, id, item(), now);
    attachSessionCustomer(
      db,
      id,
      {
        companyId: 7,
        card: { id: 70, name: 'Karta', discount: 5 },
        source: 'offline',
        owesMinor: minor(12050),
      },
      now,
    );
    db.close();
    const again = openDatabase(file);
    const session = currentShoppingSession(again);
    expect(session).toMatchObject({
      id,
      state: 'open',
      warehouseId: 2,
      customer: { companyId: 7, card: { id: 70, discount: 5 }, source: 'offline', owesMinor: 12050 },
      lines: [{ productId: 1, quantity: 1, unitPrice: 19.9 }],
    });
    again.close();
  });

  it('allows one open session at a time and reuses it', () => {
    const db = openDatabase(tempFile());
    const a = openShoppingSessionId(db, 1, now);
    expect(openShoppingSessionId(db, 1, now)).toBe(a);
    expect(() =>
      db
        .prepare("INSERT INTO shopping_session (state, createdAt, updatedAt) VALUES ('open', 'x', 'x')")
        .run(),
    ).toThrow(/UNIQUE/);
    db.close();
  });

  it('adds to a counted line, keeps weight labels apart, edits and removes lines', () => {
    const db = openDatabase(tempFile());
    const id = openShoppingSessionId(db, 1, now);
    const first = addSessionLine(db, id, item(), now);
    expect(addSessionLine(db, id, item(), now)).toMatchObject({ id: first.id, quantity: 2 });
    const weighed = addSessionLine(db, id, item({ stockItemId: 12, kind: 'weight', quantity: 0.5 }), now);
    const weighedAgain = addSessionLine(
      db,
      id,
      item({ stockItemId: 12, kind: 'weight', quantity: 0.7 }),
      now,
    );
    expect(weighedAgain.id).not.toBe(weighed.id);
    expect(setSessionLineQuantity(db, id, first.id, 5, null, now)).toBe(true);
    expect(removeSessionLine(db, id, weighed.id, now)).toBe(true);
    expect(removeSessionLine(db, id, weighed.id, now)).toBe(false);
    expect(getShoppingSession(db, id)?.lines.map((l) => [l.kind, l.quantity])).toEqual([
      ['unit', 5],
      ['weight', 0.7],
    ]);
    expect(() => db.prepare('UPDATE shopping_session_line SET quantity = 0').run()).toThrow(/CHECK/);
    db.close();
  });

  it('adds a repeat scan to its line exactly, in thousandths', () => {
    const db = openDatabase(tempFile());
    const id = openShoppingSessionId(db, 1, now);
    const cable = item({ name: 'Kabel', unitOfMeasure: 'm', unitPrice: 5.5 });
    const line = addSessionLine(db, id, cable, now);
    setSessionLineQuantity(db, id, line.id, 0.57, null, now);
    // 0.57 + 1 in floats is 1.5699999999999998: 8.63 at 5.50 a metre, where 1.57 m is 8.64.
    expect(addSessionLine(db, id, cable, now)).toMatchObject({ id: line.id, quantity: 1.57 });
    removeSessionLine(db, id, line.id, now);
    addSessionLine(db, id, cable, now);
    expect(restoreSessionLine(db, id, line.id, now)?.quantity).toBe(2.57);
    db.close();
  });

  it('refuses edits to a closed session', () => {
    const db = openDatabase(tempFile());
    const id = openShoppingSessionId(db, 1, now);
    addSessionLine(db, id, item(), now);
    closeShoppingSession(db, id, 99, now);
    expect(getShoppingSession(db, id)).toMatchObject({ state: 'closed', outboxOrderId: 99 });
    expect(currentShoppingSession(db)).toBeUndefined();
    expect(() => addSessionLine(db, id, item(), now)).toThrow(SessionStateError);
    expect(openShoppingSessionId(db, 1, now)).not.toBe(id);
    db.close();
  });
});

describe('removing a line and taking it back (migration 9)', () => {
  it('keeps a removed line out of the session until it is restored, then where it was', () => {
    const db = openDatabase(tempFile());
    const id = openShoppingSessionId(db, 2, now);
    const water = addSessionLine(db, id, item(), now);
    const bread = addSessionLine(db, id, item({ stockItemId: 12, productId: 2, name: 'Chléb' }), now);
    expect(removeSessionLine(db, id, water.id, now)).toBe(true);
    expect(getShoppingSession(db, id)?.lines.map((l) => l.name)).toEqual(['Chléb']);
    expect(removeSessionLine(db, id, water.id, now)).toBe(false);
    expect(setSessionLineQuantity(db, id, water.id, 5, null, now)).toBe(false);
    expect(restoreSessionLine(db, id, water.id, now)?.id).toBe(water.id);
    expect(getShoppingSession(db, id)?.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Minerální voda', 1],
      ['Chléb', 1],
    ]);
    expect(restoreSessionLine(db, id, water.id, now)).toBeUndefined();
    expect(restoreSessionLine(db, id, bread.id, now)).toBeUndefined();
    db.close();
  });

  it('joins a restored quantity to the line the same item got since, once', () => {
    const db = openDatabase(tempFile());
    const id = openShoppingSessionId(db, 2, now);
    const first = addSessionLine(db, id, item({ quantity: 2 }), now);
    removeSessionLine(db, id, first.id, now);
    const again = addSessionLine(db, id, item(), now);
    expect(again.id).not.toBe(first.id);
    expect(restoreSessionLine(db, id, first.id, now)).toMatchObject({ id: again.id, quantity: 3 });
    expect(restoreSessionLine(db, id, first.id, now)).toBeUndefined();
    expect(getShoppingSession(db, id)?.lines.map((l) => l.quantity)).toEqual([3]);
    db.close();
  });
});

describe('closing with a tender and a walk-in customer (migration 10)', () => {
  it('keeps how the sale was paid and who it went to, read back by the order', () => {
    const file = tempFile();
    openDatabase(file, { migrations: migrations.filter((m) => m.version <= 8) }).close();
    const db = openDatabase(file);
    const id = openShoppingSessionId(db, 2, now);
    addSessionLine(db, id, item(), now);
    const split = {
      parts: [
        { method: 'card' as const, amount: 10 },
        { method: 'cash' as const, amount: 9.9, given: 50 },
      ],
      change: 40.1,
    };
    closeShoppingSession(db, id, 41, now, {
      tender: split,
      walkIn: { companyId: 3, name: 'Hotovostní prodej' },
    });
    db.close();
    const again = openDatabase(file);
    expect(sessionOfOrder(again, 41)).toMatchObject({
      id,
      state: 'closed',
      tender: split,
      walkIn: { companyId: 3, name: 'Hotovostní prodej' },
      customer: null,
    });
    expect(sessionOfOrder(again, 42)).toBeUndefined();
    again.close();
  });

  it('reads a tender an older version stored (one method, given, change) as the one part it was', () => {
    const db = openDatabase(tempFile());
    const stored = (tender: unknown, order: number) => {
      const id = openShoppingSessionId(db, 2, now);
      addSessionLine(db, id, item(), now);
      closeShoppingSession(db, id, order, now, {});
      // As the version before split payments wrote the column.
      db.prepare('UPDATE shopping_session SET tender = ? WHERE id = ?').run(JSON.stringify(tender), id);
      return sessionOfOrder(db, order)?.tender;
    };
    expect(stored({ method: 'cash', given: 50, change: 30.1 }, 51)).toEqual({
      parts: [{ method: 'cash', amount: 19.9, given: 50 }],
      change: 30.1,
    });
    expect(stored({ method: 'card', given: 19.9, change: 0 }, 52)).toEqual({
      parts: [{ method: 'card', amount: 19.9 }],
      change: 0,
    });
    db.close();
  });

  it('refuses a tender that is not one, storing nothing', () => {
    const db = openDatabase(tempFile());
    const id = openShoppingSessionId(db, 2, now);
    addSessionLine(db, id, item(), now);
    expect(() =>
      closeShoppingSession(db, id, 41, now, {
        tender: { parts: [{ method: 'cash', amount: 19.9, given: -1 }], change: 0 },
      }),
    ).toThrow(/given/);
    expect(() =>
      closeShoppingSession(db, id, 41, now, {
        tender: { parts: [{ method: 'card', amount: 19.999 }], change: 0 },
      }),
    ).toThrow(/two decimals/);
    expect(getShoppingSession(db, id)?.state).toBe('open');
    db.close();
  });
});

describe('a price entered at the till (migration 12)', () => {
  it('upgrades a version-11 file: its lines read as catalog-priced; an entered price is kept, and never joins another', () => {
    const file = tempFile();
    const old = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 11) });
    // Written as that version's schema has it (today's queries name columns it lacks).
    const id = Number(
      old
        .prepare(
          "INSERT INTO shopping_session (state, warehouseId, createdAt, updatedAt) VALUES ('open', 2, ?, ?)",
        )
        .run(now.toISOString(), now.toISOString()).lastInsertRowid,
    );
    old
      .prepare(
        `INSERT INTO shopping_session_line (sessionId, stockItemId, productId, name, kind, quantity, unitPrice,
           vatRate, addedAt) VALUES (?, 11, 1, 'Minerální voda', 'unit', 1, 19.9, 12, ?)`,
      )
      .run(id, now.toISOString());
    old.close();
    const db = openDatabase(file);
    expect(schemaVersion(db)).toBeGreaterThanOrEqual(12);
    expect(getShoppingSession(db, id)?.lines).toEqual([expect.objectContaining({ priceEntered: false })]);
    // The same item at a price entered at the till is a line of its own; at the same one, it joins.
    addSessionLine(db, id, item({ unitPrice: 25, priceEntered: true }), now);
    addSessionLine(db, id, item({ unitPrice: 25, priceEntered: true }), now);
    addSessionLine(db, id, item(), now);
    expect(getShoppingSession(db, id)?.lines.map((l) => [l.quantity, l.unitPrice, l.priceEntered])).toEqual([
      [2, 19.9, false],
      [2, 25, true],
    ]);
    db.close();
  });
});

describe("a line's own discount (migration 13)", () => {
  it('keeps it with the line across reopening the file, takes it off again, and never joins such a line', () => {
    const file = tempFile();
    const db = openDatabase(file);
    const id = openShoppingSessionId(db, 2, now);
    const water = addSessionLine(db, id, item(), now);
    expect(water.adjustment).toBeNull();
    const adjustment = { kind: 'percent', value: 10, by: 'manager', at: now.toISOString() } as const;
    expect(setSessionLineAdjustment(db, id, water.id, adjustment, now)).toBe(true);
    // The same water scanned again comes at its own price, on a line of its own.
    const more = addSessionLine(db, id, item(), now);
    expect(more.id).not.toBe(water.id);
    expect(addSessionLine(db, id, item(), now).id).toBe(more.id);
    db.close();
    const again = openDatabase(file);
    expect(getShoppingSession(again, id)?.lines.map((l) => [l.quantity, l.adjustment])).toEqual([
      [1, adjustment],
      [2, null],
    ]);
    expect(setSessionLineAdjustment(again, id, water.id, null, now)).toBe(true);
    expect(getShoppingSession(again, id)?.lines[0]?.adjustment).toBeNull();
    expect(setSessionLineAdjustment(again, id, 9999, adjustment, now)).toBe(false);
    again.close();
  });
});

describe('money out of REAL columns (migration 28)', () => {
  it('converts a version-27 file exactly: prices to their decimal text, amounts to minor units', () => {
    const file = tempFile();
    const old = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 27) });
    const id = openShoppingSessionId(old, 2, now);
    // Rows as that version wrote them (REAL), with what an older one could leave in them.
    const insert = old.prepare(
      `INSERT INTO shopping_session_line (sessionId, productId, name, kind, quantity, unitPrice, vatRate, fixedTotal, addedAt)
         VALUES (?, 1, ?, ?, ?, ?, 21, ?, ?)`,
    );
    const rows: [string, string, number, number, number | null][] = [
      ['screws', 'unit', 1000, 0.125, null],
      ['cumin', 'unit', 1000, 0.0826 * 1.21, null],
      ['cheese', 'price', 6.174, 19.995, 182.9 - 0.01],
      ['label', 'price', 1, 10, Number.POSITIVE_INFINITY],
      ['broken', 'unit', 1, Number.POSITIVE_INFINITY, null],
    ];
    for (const [name, kind, quantity, price, fixed] of rows)
      insert.run(id, name, kind, quantity, price, fixed, now.toISOString());
    old
      .prepare(
        `UPDATE shopping_session SET customerCompanyId = 7, customerCard = '{"id":70}', customerOwes = ? WHERE id = ?`,
      )
      .run(81840.78, id);
    old.close();

    const db = openDatabase(file);
    const stored = db
      .prepare('SELECT unitPrice, fixedTotalMinor FROM shopping_session_line ORDER BY id')
      .all();
    expect(stored).toEqual([
      { unitPrice: '0.125', fixedTotalMinor: null },
      // The float an old version worked out, to its last digit: what it priced the line by.
      { unitPrice: String(0.0826 * 1.21), fixedTotalMinor: null },
      { unitPrice: '19.995', fixedTotalMinor: 18289 },
      { unitPrice: '10', fixedTotalMinor: -1 },
      { unitPrice: 'Infinity', fixedTotalMinor: null },
    ]);
    const session = getShoppingSession(db, id);
    expect(session?.customer?.owesMinor).toBe(8184078);
    expect(session?.lines.map((l) => [l.unitPrice, l.fixedTotalMinor])).toEqual([
      [0.125, null],
      [0.0826 * 1.21, null],
      [19.995, 18289],
      [10, -1],
      [Number.POSITIVE_INFINITY, null],
    ]);
    db.close();
  });
});
