// Child of the restart benchmark: a fresh process opens the cache and answers one lookup, then
// prints how long that took, from process start and from opening the database.
import { performance } from 'node:perf_hooks';
import { searchStock, stockItemByBarcode } from '../../db/catalog/index.ts';
import { openDatabase } from '../../db/database.ts';

const [file, barcode, name] = process.argv.slice(2);
if (file === undefined || barcode === undefined || name === undefined)
  throw new Error('usage: FILE BARCODE NAME');
const opened = performance.now();
const db = openDatabase(file);
const item = stockItemByBarcode(db, barcode, 1);
const firstAnswer = performance.now();
const byName = searchStock(db, name, { limit: 20 });
const nameAnswer = performance.now();
process.stdout.write(
  `${JSON.stringify({
    found: item !== undefined && byName.length > 0,
    fromProcessStartMs: firstAnswer,
    fromOpenMs: firstAnswer - opened,
    firstNameQueryMs: nameAnswer - firstAnswer,
  })}\n`,
);
db.close();
