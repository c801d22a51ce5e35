// The stock judged during a sale and printed by `pos stock` count what the whole store sold since the
// last sync (issue 38): till 1's own sale and, from their journals through a real nats-server, what
// tills 2 and 3 sold. A scan that takes more than is left after all of it asks the cashier first and
// says how much the store's tills sold (this till's part apart); `pos stock --json` on till 1's folder
// prints each other till's part. Real SQLite files, each till's StoreHub, the counter and the CLI.
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { upsertStockItems } from '../../../db/catalog/index.ts';
import { openDatabase, type Db } from '../../../db/database.ts';
import { storeEvents } from '../../../db/journal.ts';
import { runCli } from '../../../main/cli/run.ts';
import { Counter, CounterError, ScanResolver } from '../../../main/counter/index.ts';
import { tempDir } from '../../support/fixtures.ts';
import { startTestHub } from '../../support/nats-hub.ts';
import { joinHub, openShift, openTillDb, sell, tillUsers, WAREHOUSE } from '../../support/store-till.ts';

const PRODUCT = 5;

/** Till 1's folder: its file, the product's stock item cached an hour ago (10 available). */
function tillOne(): { dir: string; db: Db } {
  const dir = tempDir('till-till1');
  const db = openDatabase(join(dir, 'counter.sqlite'));
  onTestFinished(() => {
    db.close();
  });
  upsertStockItems(
    db,
    [
      {
        id: 50,
        productId: PRODUCT,
        warehouseId: WAREHOUSE,
        productName: 'Voda',
        barcode: 'VODA-1',
        unitOfMeasure: 'ks',
        quantityAvailable: 10,
        price: 10,
        vatRate: 21,
      },
    ],
    { syncedAt: new Date(Date.now() - 3_600_000).toISOString(), mark: 1 },
  );
  return { dir, db };
}

async function refusal(p: Promise<unknown>): Promise<CounterError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof CounterError)) throw new Error(`expected a CounterError, got ${String(error)}`);
  return error;
}

describe("the store's sales in the stock a till sells by", { timeout: 120_000 }, () => {
  it('warns at a scan and prints in pos stock what the other tills sold, from their journals', async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2', 'till3'));
    const one = tillOne();
    const two = openTillDb('till2');
    const three = openTillDb('till3');
    joinHub(one.db, 'till1', hub);
    joinHub(two, 'till2', hub);
    joinHub(three, 'till3', hub);
    for (const db of [one.db, two, three]) openShift(db);
    sell(one.db, PRODUCT, 1);
    sell(two, PRODUCT, 4);
    sell(three, PRODUCT, 3);
    sell(three, PRODUCT + 1, 9); // another product: not this item's
    await expect.poll(() => storeEvents(one.db, 'till2').length, { timeout: 30_000 }).toBe(2);
    await expect.poll(() => storeEvents(one.db, 'till3').length, { timeout: 30_000 }).toBe(3);

    // 10 at the last sync, 8 sold in the store since (1 here): 3 more are more than the 2 left.
    const counter = new Counter({
      db: one.db,
      resolver: new ScanResolver({ db: one.db }),
      warehouseId: () => WAREHOUSE,
    });
    const warned = await refusal(counter.scan('VODA-1', { quantity: 3 }));
    expect(warned.code).toBe('unconfirmed');
    expect(warned.said).toEqual([
      {
        key: 'stockAboveSoldInStore',
        values: { name: 'Voda', wanted: 3, available: 2, unit: 'ks', cached: 10, sold: 8, here: 1 },
      },
    ]);
    // Two are left: those go in without a word.
    expect((await counter.scan('VODA-1', { quantity: 2 })).outcome.kind).toBe('product');

    let out = '';
    const code = await runCli(['stock', 'VODA-1', '--json'], {
      stdout: (t) => (out += t),
      stderr: (t) => (out += t),
      env: { POS_DATA_DIR: one.dir },
    });
    expect(code, out).toBe(0);
    expect(JSON.parse(out)).toEqual([
      expect.objectContaining({
        id: 50,
        quantityAvailable: 10,
        soldHere: 1,
        soldInStore: [
          { till: 'till2', quantity: 4 },
          { till: 'till3', quantity: 3 },
        ],
      }),
    ]);
  });
});
