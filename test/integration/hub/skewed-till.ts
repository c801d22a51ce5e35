// Child of skew.test.ts: a till in its own process, so faketime can set its wall clock hours off.
//   DATA_DIR HUB_URL TILL SALES OTHER OTHER_EVENTS, and TILL's hub password in SKEWED_TILL_PASSWORD
//   (the environment: never the command line, which ps shows and a failed child's error message
//   repeats): opens a shift and closes SALES sales on the till's file (each stamped with the skewed
//   clock), joins the hub, waits until the hub holds all of its journal and OTHER_EVENTS events of
//   till OTHER are applied here, and prints one JSON line: the numbers of OTHER's events it holds, in
//   the order it stored them, and its clock.
import { join } from 'node:path';
import { openDatabase } from '../../../db/database.ts';
import { lastJournalSeq, storeEvents } from '../../../db/journal.ts';
import { StoreHub } from '../../../main/hub/index.ts';
import { openShift, sell } from '../../support/store-sales.ts';

const [dataDir, url, till, sales, other, otherEvents] = process.argv.slice(2);
const password = process.env.SKEWED_TILL_PASSWORD;
delete process.env.SKEWED_TILL_PASSWORD; // handed to nothing this process starts
if (
  dataDir === undefined ||
  url === undefined ||
  till === undefined ||
  other === undefined ||
  password === undefined
)
  throw new Error('usage: SKEWED_TILL_PASSWORD=… DATA_DIR HUB_URL TILL SALES OTHER OTHER_EVENTS');

const db = openDatabase(join(dataDir, 'counter.sqlite'));
openShift(db);
for (let i = 0; i < Number(sales); i++) sell(db, 9, 1);
const hub = new StoreHub({ db, url, till, password, maxRetryMs: 300 });
hub.start();
const deadline = performance.now() + 90_000;
while (hub.status().published < lastJournalSeq(db) || storeEvents(db, other).length < Number(otherEvents)) {
  if (performance.now() > deadline) throw new Error('gave up waiting for the store to agree');
  await new Promise((resolve) => setTimeout(resolve, 50));
}
process.stdout.write(
  `${JSON.stringify({ seqs: storeEvents(db, other).map((e) => e.seq), clock: new Date().toISOString() })}\n`,
);
await hub.close();
db.close();
