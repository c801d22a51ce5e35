// The counter's writes against other connections: one writing the app file at the same time (a CLI
// process), every scan lands; one holding the catalog file's write lock (a sync committing a page),
// no scan waits for it. Real SQLite files, a real second connection in a worker thread. And a counted
// item scanned again: its quantity joins the line exactly, and a sum no line may hold is refused.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { tempDbFile } from '../../test/support/fixtures.ts';
import { upsertStockItems } from '../../db/catalog/index.ts';
import { catalogFileFor, openDatabase, type Db } from '../../db/database.ts';
import { getShoppingSession } from '../../db/sessions.ts';
import { Counter, CounterError } from './counter.ts';
import { orderItems } from './order-lines.ts';
import { MAX_QUANTITY } from './quantity.ts';
import { ScanResolver } from './resolve.ts';

/** A worker committing one-row transactions back to back on its own connection until stopped. */
function busyWriter(file: string): { stop: () => Promise<number> } {
  const worker = new Worker(
    `const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
     const { parentPort, workerData } = require('node:worker_threads');
     const db = new Database(workerData, { timeout: 5000 });
     db.exec('CREATE TABLE IF NOT EXISTS noise (k INTEGER)');
     const insert = db.prepare('INSERT INTO noise (k) VALUES (?)');
     let stop = false, n = 0;
     parentPort.on('message', () => { stop = true; });
     const loop = () => { for (let i = 0; i < 200 && !stop; i++) insert.run(n++); if (stop) { db.close(); parentPort.postMessage(n); } else setImmediate(loop); };
     loop();`,
    { eval: true, workerData: file },
  );
  return {
    stop: () =>
      new Promise<number>((resolve) => {
        worker.once('message', (n: number) => void worker.terminate().then(() => resolve(n)));
        worker.postMessage('stop');
      }),
  };
}

describe('Counter under a concurrent writer', () => {
  it('lands every scan while another connection commits continuously', async () => {
    const file = tempDbFile('busy');
    const db = openDatabase(file);
    upsertStockItems(
      db,
      Array.from({ length: 50 }, (_, i) => ({
        id: i + 1,
        warehouseId: 1,
        productId: i + 1,
        barcode: `CODE-${i + 1}`,
        productName: `Product ${i + 1}`,
        price: 10,
        vatRate: 21,
      })),
      { syncedAt: new Date().toISOString(), mark: 1 },
    );
    const writer = busyWriter(file);
    try {
      // Control: a deferred read-then-write transaction on this setup does hit "database is locked"
      // (SQLITE_BUSY_SNAPSHOT, where no busy timeout helps): the hazard is real here.
      db.exec('CREATE TABLE IF NOT EXISTS probe (k INTEGER)');
      let deferredFailures = 0;
      const readThenWrite = db.transaction((k: number) => {
        db.prepare('SELECT count(*) FROM noise').pluck().get();
        for (let spin = performance.now(); performance.now() - spin < 0.2;);
        db.prepare('INSERT INTO probe (k) VALUES (?)').run(k);
      });
      for (let k = 0; k < 300; k++) {
        try {
          readThenWrite(k);
        } catch {
          deferredFailures++;
        }
      }
      expect(deferredFailures).toBeGreaterThan(0);

      const counter = new Counter({ db, resolver: new ScanResolver({ db }), warehouseId: () => 1 });
      for (let k = 0; k < 300; k++) {
        const scan = await counter.scan(`CODE-${(k % 50) + 1}`);
        expect(scan.outcome.kind).toBe('product');
        if (k % 49 === 48) counter.setQuantity(scan.session.lines[0]?.id ?? -1, 3);
      }
      const lines = counter.current()?.lines ?? [];
      expect(lines).toHaveLength(50);
    } finally {
      expect(await writer.stop()).toBeGreaterThan(0);
      db.close();
    }
  });

  it('never waits for the catalog write lock: a scan lands while a sync holds it', async () => {
    const file = tempDbFile('catalog-lock');
    const db = openDatabase(file);
    db.pragma('busy_timeout = 0'); // waiting for a lock would fail at once rather than after 5 s
    upsertStockItems(
      db,
      [{ id: 1, warehouseId: 1, productId: 1, barcode: 'CODE-1', price: 10, vatRate: 21 }],
      {
        syncedAt: new Date().toISOString(),
        mark: 1,
      },
    );
    // A sync's connection to the catalog alone, in the middle of a page: its write lock held.
    const holder = new Worker(
      `const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
       const { parentPort, workerData } = require('node:worker_threads');
       const db = new Database(workerData);
       db.exec("BEGIN IMMEDIATE; INSERT INTO warehouse (id, name, syncedAt) VALUES (9, 'held', 'now')");
       parentPort.postMessage('locked');
       parentPort.on('message', () => { db.exec('ROLLBACK'); db.close(); parentPort.postMessage('released'); });`,
      { eval: true, workerData: catalogFileFor(file) },
    );
    await new Promise((resolve) => holder.once('message', resolve));
    try {
      // The lock is really held: a write to the catalog from this connection is refused.
      expect(() =>
        db.prepare("INSERT INTO warehouse (id, name, syncedAt) VALUES (8, 'x', 'now')").run(),
      ).toThrow(/locked|busy/i);
      const counter = new Counter({ db, resolver: new ScanResolver({ db }), warehouseId: () => 1 });
      const first = await counter.scan('CODE-1');
      const second = await counter.scan('CODE-1');
      expect(second.outcome.kind).toBe('product');
      counter.setQuantity(first.session.lines[0]?.id ?? -1, 5);
      expect(counter.current()?.lines.map((l) => l.quantity)).toEqual([5]);
    } finally {
      holder.postMessage('release');
      await new Promise((resolve) => holder.once('message', resolve));
      await holder.terminate();
      db.close();
    }
  });
});

/** A till's app file with CODE-1 and CODE-2 in its catalog, open on `connections` connections. */
function tillFile(name: string, connections: number): Db[] {
  const file = tempDbFile(name);
  const dbs = Array.from({ length: connections }, () => openDatabase(file));
  upsertStockItems(
    dbs[0] as Db,
    [1, 2].map((id) => ({
      id,
      warehouseId: 1,
      productId: id,
      barcode: `CODE-${id}`,
      price: 10,
      vatRate: 21,
    })),
    { syncedAt: new Date().toISOString(), mark: 1 },
  );
  return dbs;
}

/**
 * The seam: `db`'s next transaction runs `after` as soon as it has committed, before the code that
 * ran it goes on (where another process's commit may land at any time, this one lands there).
 */
function onNextCommit(db: Db, after: () => void): void {
  const own = db.transaction.bind(db);
  db.transaction = ((fn: (...args: never[]) => unknown) => {
    const run = own(fn);
    return (...args: never[]) => {
      const result: unknown = run(...args);
      if (!db.inTransaction) {
        db.transaction = own;
        after();
      }
      return result;
    };
  }) as typeof db.transaction;
}

// What the customer display follows a call with (currentAsRead) is the sale the call read, kept
// while the app file's stamp is the same; a second connection on the same file (the CLI's `pos scan
// --session`, a second app on the folder) commits at the moment the stamp could be read too late.
describe("The sale at the counter as a call read it, against another connection's commits", () => {
  it("a scan's answer is one snapshot, and a commit right after the scan's is followed", async () => {
    const [db, other] = tillFile('stamp-scan', 2) as [Db, Db];
    try {
      const counter = new Counter({ db, resolver: new ScanResolver({ db }), warehouseId: () => 1 });
      const elsewhere = new Counter({
        db: other,
        resolver: new ScanResolver({ db: other }),
        warehouseId: () => 1,
      });
      const first = await counter.scan('CODE-1');
      const lineId = first.session.lines[0]?.id ?? -1;
      // Right after the scan's commit, another connection takes 5 of the first line, then parks the sale.
      onNextCommit(db, () => {
        elsewhere.setQuantity(lineId, 5);
        elsewhere.park();
      });
      const second = await counter.scan('CODE-2');
      // The sale as the scan left it: open, 1 of each. Not a parked sale with the first line's 1
      // (parked with 5), which the file never held.
      expect({
        parkedAt: second.session.parkedAt,
        quantities: second.session.lines.map((l) => l.quantity),
      }).toEqual({ parkedAt: null, quantities: [1, 1] });
      // The other connection's commits are followed: no sale at the counter now.
      expect(counter.currentAsRead()).toBeNull();
    } finally {
      db.close();
      other.close();
    }
  });

  it('a commit while current() builds its view is followed', async () => {
    const [db, other] = tillFile('stamp-current', 2) as [Db, Db];
    try {
      let meanwhile: (() => void) | undefined;
      // The walk-in customer is asked for while the view is built, after the sale was read.
      const walkInCustomer = (): null => {
        const commit = meanwhile;
        meanwhile = undefined;
        commit?.();
        return null;
      };
      const counter = new Counter({
        db,
        resolver: new ScanResolver({ db }),
        warehouseId: () => 1,
        walkInCustomer,
      });
      const elsewhere = new Counter({
        db: other,
        resolver: new ScanResolver({ db: other }),
        warehouseId: () => 1,
      });
      const lineId = (await counter.scan('CODE-1')).session.lines[0]?.id ?? -1;
      meanwhile = () => elsewhere.setQuantity(lineId, 7);
      expect(counter.current()?.lines.map((l) => l.quantity)).toEqual([1]);
      expect(meanwhile).toBeUndefined(); // the commit came while current() built its view
      expect(counter.currentAsRead()?.lines.map((l) => l.quantity)).toEqual([7]);
    } finally {
      db.close();
      other.close();
    }
  });
});

describe('A counted item scanned again', () => {
  /** A counter over a new app file selling cable by the metre at 5.50. */
  function cableCounter(name: string): { db: Db; counter: Counter } {
    const db = openDatabase(tempDbFile(name));
    upsertStockItems(
      db,
      [
        {
          id: 1,
          warehouseId: 1,
          productId: 1,
          barcode: 'CABLE',
          productName: 'Cable',
          price: 5.5,
          vatRate: 21,
          unitOfMeasure: 'm',
        },
      ],
      { syncedAt: new Date().toISOString(), mark: 1 },
    );
    return { db, counter: new Counter({ db, resolver: new ScanResolver({ db }), warehouseId: () => 1 }) };
  }

  it('adds its quantity exactly: 0.57 m and one more is 1.57 m, 8.64 on the screen and the order', async () => {
    const { db, counter } = cableCounter('join-exact');
    try {
      const lineId = (await counter.scan('CABLE')).session.lines[0]?.id ?? -1;
      counter.setQuantity(lineId, 0.57);
      const again = await counter.scan('CABLE');
      // In floats 1.5699999999999998 m: 8.63, where 1.57 x 5.50 = 8.635 rounds to 8.64.
      expect(again.session.lines.map((l) => [l.quantity, l.lineTotal])).toEqual([[1.57, 8.64]]);
      const sale = getShoppingSession(db, again.session.id);
      expect(orderItems(sale?.lines ?? [], null)).toEqual([{ productId: 1, quantity: 1.57, price: 5.5 }]);
    } finally {
      db.close();
    }
  });

  it('is refused, as a quantity typed would be, when its line would hold more than a line may', async () => {
    const { db, counter } = cableCounter('join-max');
    try {
      const lineId = (await counter.scan('CABLE')).session.lines[0]?.id ?? -1;
      counter.setQuantity(lineId, MAX_QUANTITY);
      const refused = await counter.scan('CABLE');
      expect(refused.outcome).toMatchObject({ kind: 'rejected', message: 'At most 9999 of one line.' });
      expect(refused.session.lines.map((l) => l.quantity)).toEqual([MAX_QUANTITY]);
      // An undo that would join the same line: refused with the same words, the line as it was.
      counter.setQuantity(lineId, 2);
      counter.removeLine(lineId);
      const twin = (await counter.scan('CABLE')).session.lines[0]?.id ?? -1;
      counter.setQuantity(twin, MAX_QUANTITY - 1);
      expect(refusal(() => counter.restoreLine(lineId))).toEqual({
        code: 'bad-quantity',
        message: 'At most 9999 of one line.',
      });
      expect(counter.current()?.lines.map((l) => l.quantity)).toEqual([MAX_QUANTITY - 1]);
    } finally {
      db.close();
    }
  });
});

/** The CounterError `call` threw, as its code and message; undefined when it threw none. */
function refusal(call: () => unknown): { code: string; message: string } | undefined {
  try {
    call();
  } catch (error) {
    if (error instanceof CounterError) return { code: error.code, message: error.message };
    throw error;
  }
  return undefined;
}
