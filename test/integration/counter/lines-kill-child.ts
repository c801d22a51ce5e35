// A till's sale written line by line, each line in its own commit as a scan's, with the app file's
// checkpoints run between them (checkpointBetweenCalls, every millisecond here so that many land
// among the commits): prints each line's number once its commit returned, until killed.
import { checkpointBetweenCalls, openDatabase, writeTransaction } from '../../../db/database.ts';
import { addSessionLine, openShoppingSessionId } from '../../../db/sessions.ts';

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
  // The timers' turn (the checkpoints) between lines, as between a till's calls.
  setTimeout(next, 0);
};
next();
