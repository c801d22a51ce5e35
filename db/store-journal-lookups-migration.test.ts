// Migration 39 reads the other tills' sales by product (store_sold_item) where each scan walked every
// sale event of the store and, per sale, every acknowledgement. What a scan is told must not change:
// the rows storeSoldItemsSince gives are the walk's rows, for a file migrated with its history and for
// events applied after, malformed ones included; an acknowledgement arriving twice counts from the first.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/support/fixtures.ts';
import { openDatabase, type Db } from './database.ts';
import { applyStoreEvent, storeSalesByText, type JournalEvent } from './journal.ts';
import { migrations } from './migrations/index.ts';
import { storeSoldItemsSince } from './outbox.ts';
import { soldInStore } from '../main/outbox/sold-here.ts';

/** The sales part of storeSoldItemsSince as it was before migration 39: the walk of every sale event. */
function walked(db: Db, since: string, products: readonly number[]): unknown[] {
  return db
    .prepare(
      `SELECT e.till AS till,
              CAST(json_extract(i.value, '$.productId') AS INTEGER) AS productId,
              CAST(json_extract(e.body, '$.warehouseId') AS INTEGER) AS warehouseId,
              json_extract(i.value, '$.quantity') AS quantity,
              (SELECT min(a.receivedAt) FROM store_event a
                WHERE a.kind = 'acknowledged' AND a.till = e.till
                  AND CAST(json_extract(a.body, '$.orderId') AS INTEGER)
                      = CAST(json_extract(e.body, '$.orderId') AS INTEGER)) AS acknowledgedAt
         FROM store_event e
         JOIN json_each(e.body, '$.lines') i
        WHERE e.kind = 'sale' AND json_extract(e.body, '$.warehouseId') IS NOT NULL
          AND json_extract(e.body, '$.state') NOT IN ('cancelled', 'discarded')
          AND CAST(json_extract(i.value, '$.productId') AS INTEGER) IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(products))
    .filter((r) => {
      const at = (r as { acknowledgedAt: string | null }).acknowledgedAt;
      return at === null || at > since;
    });
}

/** A row as text, its keys in one order, whatever order each reading gives them in. */
const text = (row: unknown): string => JSON.stringify(row, Object.keys(row as object).sort());
const order = (rows: readonly unknown[]): string[] => rows.map(text).sort();

/** The sales part of what a scan reads (a return-line event is none here). */
const read = (db: Db, since: string, products: readonly number[]): string[] =>
  order(storeSoldItemsSince(db, since, products));

const at = (day: number): Date => new Date(Date.UTC(2026, 10, day, 10));

function sale(
  seq: number,
  orderId: number,
  lines: unknown,
  extra: Record<string, unknown> = {},
): JournalEvent {
  const body = { orderId, receipt: null, shiftId: 1, totalMinor: 100, state: 'sent', warehouseId: 1, lines };
  return { seq, kind: 'sale', body: { ...body, payments: [], ...extra } };
}

const acknowledged = (seq: number, orderId: number): JournalEvent => ({
  seq,
  kind: 'acknowledged',
  body: { orderId, at: at(1).toISOString() },
});

/** A store's history in a version-38 file: sales acknowledged or not, cancelled, without a warehouse. */
function history(db: Db): void {
  applyStoreEvent(
    db,
    'A',
    sale(1, 1, [
      { productId: 1, quantity: 2 },
      { productId: 2, quantity: 1.5 },
    ]),
    at(2),
  );
  applyStoreEvent(db, 'A', acknowledged(2, 1), at(4));
  applyStoreEvent(db, 'A', sale(3, 2, [{ productId: 1, quantity: 1 }]), at(5));
  applyStoreEvent(db, 'A', sale(4, 3, [{ productId: 1, quantity: 7 }], { state: 'cancelled' }), at(5));
  applyStoreEvent(db, 'A', sale(5, 4, [{ productId: 1, quantity: 9 }], { warehouseId: null }), at(5));
  applyStoreEvent(db, 'B', sale(1, 1, [{ productId: 1, quantity: 3 }]), at(3));
  applyStoreEvent(db, 'B', acknowledged(2, 1), at(6));
  // The same acknowledgement again under another number (a till's backlog published twice).
  applyStoreEvent(db, 'B', acknowledged(3, 1), at(8));
  applyStoreEvent(db, 'B', sale(4, 2, [{ productId: 2, quantity: 4 }]), at(7));
}

const SINCE = [at(1), at(4), at(5), at(7), at(9)].map((d) => d.toISOString());

describe('migration 39 (the store journal read by key)', () => {
  it("gives a migrated file's scans the rows the walk of every sale gave", () => {
    const file = join(tempDir('migration-39'), 'counter.sqlite');
    const old = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 38) });
    history(old);
    const before = SINCE.map((since) => order(walked(old, since, [1, 2])));
    old.close();

    const db = openDatabase(file);
    try {
      expect(SINCE.map((since) => read(db, since, [1, 2]))).toEqual(before);
      // B's sale 1 counts from the first acknowledgement to arrive (day 6), not the second (day 8).
      expect(read(db, at(7).toISOString(), [1])).toEqual(
        order([{ till: 'A', productId: 1, warehouseId: 1, quantity: 1, acknowledgedAt: null }]),
      );
      expect(read(db, at(5).toISOString(), [1])).toContain(
        text({
          till: 'B',
          productId: 1,
          warehouseId: 1,
          quantity: 3,
          acknowledgedAt: at(6).toISOString(),
        }),
      );
    } finally {
      db.close();
    }
  });

  it('keeps giving the rows the walk gives as events arrive after, malformed ones left out', () => {
    const db = openDatabase(join(tempDir('migration-39-after'), 'counter.sqlite'));
    try {
      history(db);
      applyStoreEvent(db, 'C', sale(1, 1, [{ productId: 1, quantity: 0.25 }]), at(8));
      expect(read(db, at(9).toISOString(), [1])).toContain(
        text({ till: 'C', productId: 1, warehouseId: 1, quantity: 0.25, acknowledgedAt: null }),
      );
      applyStoreEvent(db, 'C', acknowledged(2, 1), at(10));
      // Acknowledged after the figures of day 9 were read: still counts; after those of day 11, no more.
      expect(read(db, at(9).toISOString(), [1]).some((r) => r.includes('"till":"C"'))).toBe(true);
      expect(read(db, at(11).toISOString(), [1]).some((r) => r.includes('"till":"C"'))).toBe(false);
      // Neither a line without a whole product id nor one without a numeric quantity stops an event
      // from being applied; the good line of the same sale still counts.
      const bad = sale(2, 2, [
        { productId: 'x', quantity: 1 },
        { productId: 1 },
        { productId: 1, quantity: 5 },
      ]);
      db.prepare(
        "INSERT INTO store_event (till, seq, kind, body, receivedAt) VALUES ('C', 3, 'sale', ?, ?)",
      ).run(JSON.stringify(bad.body), at(12).toISOString());
      applyStoreEvent(db, 'C', sale(4, 3, [{ productId: 1, quantity: 2 }], { orderId: 'x' }), at(12));
      expect(read(db, at(11).toISOString(), [1])).toContain(
        text({ till: 'C', productId: 1, warehouseId: 1, quantity: 5, acknowledgedAt: null }),
      );
      // What a scan is told (main/outbox soldInStore): a malformed line never makes it throw.
      const figures = [{ stockItemId: 10, productId: 1, warehouseId: 1, asOf: at(11).toISOString() }];
      expect(soldInStore(db, figures).get(10)).toEqual([
        { till: 'A', quantity: 1 },
        { till: 'C', quantity: 5 },
      ]);
      for (const since of [...SINCE, at(11).toISOString()])
        expect(read(db, since, [1, 2]).filter((r) => !r.includes('"quantity":null'))).toEqual(
          order(walked(db, since, [1, 2]))
            .filter((r) => !r.includes('"quantity":null') && !r.includes('"productId":0'))
            .filter((r) => !(r.includes('"till":"C"') && r.includes('"quantity":2,'))),
        );
    } finally {
      db.close();
    }
  });
});

describe("migration 40 (another till's sale found by its receipt)", () => {
  it('finds a sale by its reference or its printed number in any case, every till sharing the number', () => {
    const db = openDatabase(join(tempDir('migration-40'), 'counter.sqlite'));
    try {
      const v2 = (orderId: number, receipt: string | null, reference: string) => ({
        ...sale(orderId, orderId, [{ productId: 1, quantity: 1 }]).body,
        v: 2,
        sessionId: orderId,
        receipt,
        reference,
        soldAt: at(1).toISOString(),
        customerId: null,
        sold: [],
      });
      const event = (seq: number, body: Record<string, unknown>): JournalEvent => ({
        seq,
        kind: 'sale',
        body,
      });
      applyStoreEvent(db, 'B', event(1, v2(1, 'P1-000007', 'ref-b')), at(2));
      applyStoreEvent(db, 'A', event(1, v2(1, 'P1-000007', 'ref-a')), at(2));
      applyStoreEvent(db, 'A', event(2, v2(2, null, 'ref-a2')), at(2));
      // A version-1 sale (no reference, no lines as paid) cannot be returned here: never found.
      applyStoreEvent(db, 'C', sale(1, 1, [{ productId: 1, quantity: 1 }], { receipt: 'P1-000007' }), at(2));
      const found = (reference: string, receipt: string | null) =>
        storeSalesByText(db, reference, receipt).map((s) => `${s.till}/${s.orderId}`);
      expect(found('-', 'p1-000007')).toEqual(['A/1', 'B/1']);
      expect(found('ref-a2', null)).toEqual(['A/2']);
      // Named both ways at once, a sale comes once.
      expect(found('ref-b', 'P1-000007')).toEqual(['A/1', 'B/1']);
      expect(found('ref-none', 'P1-000008')).toEqual([]);
    } finally {
      db.close();
    }
  });
});
