import type Database from 'better-sqlite3';
import { decimal, decimalText, roundToMinor } from '../../common/money.ts';
import type { Migration } from './types.ts';

/**
 * Money leaves the REAL columns of the sale (issue 36): every amount is an INTEGER of minor units, and
 * a line's unit price is the exact decimal it is, as TEXT.
 *
 * - `shopping_session_line.fixedTotal` (a price label's amount, major units) becomes `fixedTotalMinor`.
 * - `shopping_session.customerOwes` (what the card's company owes, major units) becomes
 *   `customerOwesMinor`.
 * - `shopping_session_line.unitPrice` becomes TEXT: the decimal the price is ("0.125", "0.099946",
 *   "19.995"). A unit price is no amount: the instance sends it with as many decimals as it has (4 and
 *   more; a gross price worked out from one without VAT has 6 at 21 %), so no fixed number of minor
 *   units per unit holds every price exactly, and one that did would be chosen again for the next
 *   instance. Text holds any of them, reads back the same and compares equal when the price is.
 *
 * Each REAL is read as the number the code that wrote it had, and written as that number's decimal
 * (its shortest text: what the counter priced it by), so every receipt, report and order reads the
 * same after. An amount rounds to minor units as a line's total does (half up): an older version's
 * float difference (182.89000000000001) is the amount it was. A price label amount that is no amount
 * (not finite) becomes -1 minor units, which the counter reports as before ("no amount"); a debt that
 * is no amount becomes unknown (NULL); a unit price that is no number keeps its word ("Infinity"), so
 * the sale loads and the counter reports that line, as it did. Quantities and VAT rates stay REAL:
 * neither is money, and the counter reads both as the decimals they print as.
 */
export const moneyColumns: Migration = {
  version: 28,
  name: 'money-columns',
  up: (db: Database.Database) => {
    db.exec(`
      ALTER TABLE shopping_session_line ADD COLUMN fixedTotalMinor INTEGER;
      ALTER TABLE shopping_session_line ADD COLUMN unitPriceText TEXT NOT NULL DEFAULT '';
      ALTER TABLE shopping_session ADD COLUMN customerOwesMinor INTEGER;
    `);
    const line = db.prepare(
      'UPDATE shopping_session_line SET fixedTotalMinor = ?, unitPriceText = ? WHERE id = ?',
    );
    for (const row of db.prepare('SELECT id, unitPrice, fixedTotal FROM shopping_session_line').all()) {
      const r = row as { id: number; unitPrice: number; fixedTotal: number | null };
      line.run(
        r.fixedTotal === null ? null : (amountMinor(r.fixedTotal) ?? -1),
        priceText(r.unitPrice),
        r.id,
      );
    }
    const session = db.prepare('UPDATE shopping_session SET customerOwesMinor = ? WHERE id = ?');
    const owing = db.prepare('SELECT id, customerOwes FROM shopping_session WHERE customerOwes IS NOT NULL');
    for (const row of owing.all()) {
      const r = row as { id: number; customerOwes: number };
      session.run(amountMinor(r.customerOwes) ?? null, r.id);
    }
    db.exec(`
      ALTER TABLE shopping_session_line DROP COLUMN fixedTotal;
      ALTER TABLE shopping_session_line DROP COLUMN unitPrice;
      ALTER TABLE shopping_session_line RENAME COLUMN unitPriceText TO unitPrice;
      ALTER TABLE shopping_session DROP COLUMN customerOwes;
    `);
  },
};

/** A stored major-unit amount as minor units, rounded half up; undefined for one that is no amount. */
function amountMinor(major: number): number | undefined {
  if (!Number.isFinite(major) || Math.abs(major) >= 2 ** 53 / 100) return undefined;
  return roundToMinor(major);
}

/** A stored unit price as its exact decimal text; a non-finite one keeps its word ("Infinity"). */
function priceText(price: number): string {
  const d = decimal(price);
  return d === undefined ? String(price) : decimalText(d);
}
