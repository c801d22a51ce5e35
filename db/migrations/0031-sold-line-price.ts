import type Database from 'better-sqlite3';
import { unitPriceColumn } from '../../common/money.ts';
import type { Migration } from './types.ts';

/**
 * The last money in a REAL column leaves it (issue 36, point 1): `sold_line.unitPrice`, what a closed
 * sale's line cost a unit, becomes the exact decimal it is, as TEXT, as migration 28 made the open
 * sale's `shopping_session_line.unitPrice` ("0.125", "0.099946", "19.995"). Each REAL is read as the
 * number the code that wrote it had and written as that number's shortest decimal text, which reads
 * back as the same number: every return, refund and report made from it says what it said before.
 * Amounts in sold_line were integers of minor units already; quantities are thousandths
 * (`quantityMilli`); the VAT rate is no money and stays as it is.
 */
export const soldLinePrice: Migration = {
  version: 31,
  name: 'sold-line-price',
  up: (db: Database.Database) => {
    db.exec(`ALTER TABLE sold_line ADD COLUMN unitPriceText TEXT NOT NULL DEFAULT ''`);
    const write = db.prepare('UPDATE sold_line SET unitPriceText = ? WHERE sessionId = ? AND lineNo = ?');
    for (const row of db.prepare('SELECT sessionId, lineNo, unitPrice FROM sold_line').all()) {
      const r = row as { sessionId: number; lineNo: number; unitPrice: number };
      write.run(unitPriceColumn(r.unitPrice), r.sessionId, r.lineNo);
    }
    db.exec(`
      ALTER TABLE sold_line DROP COLUMN unitPrice;
      ALTER TABLE sold_line RENAME COLUMN unitPriceText TO unitPrice;
    `);
  },
};
