// A till's sale written line by line, each line in its own commit as a scan's, with the app file's
// checkpoints run between them (checkpointBetweenCalls, every millisecond here so that many land
// among the commits): prints each line's number once its commit returned, until killed. Should the
// test that reads it go away without killing it, it stops by itself: its stdout broken (EPIPE), or
// past MAX_LINES (far beyond the 1,500 the test waits for).
import { checkpointBetweenCalls, openDatabase, writeTransaction } from '../../../db/database.ts';
import { addSessionLine, openShoppingSessionId } from '../../../db/sessions.ts';

const MAX_LINES = 100_000;

process.stdout.on('error', () => process.exit(1));
const file = process.argv[2];
if (file === undefined) throw new Error('usage: lines-kill-child.ts FILE');
const db = openDatabase(file);
checkpointBetweenCalls(db, 1);
const now = new Date();
const sessionId = writeTransaction(db, () => openShoppingSessionId(db, null, now));
let n = 0;
const next = (): void => {
  n++;
  writeTransaction(db, () =>
    addSessionLine(
      db,
      sessionId,
      {
        // No stock item: every line its own row, never joined to an earlier one.
        stockItemId: null,
        productId: n,
        productCode: null,
        name: `Line ${n}`,
        barcode: null,
        kind: 'unit',
        quantity: 1,
        unitOfMeasure: null,
        unitPrice: 1,
        vatRate: 21,
        fixedTotalMinor: null,
        noDiscount: false,
        priceEntered: false,
      },
      now,
    ),
  );
  process.stdout.write(`${n}\n`);
  if (n >= MAX_LINES) process.exit(1);
  // The timers' turn (the checkpoints) between lines, as between a till's calls.
  setTimeout(next, 0);
};
next();
