// A closed sale's lines as the customer paid for them, kept beside the sale for returns (db/returns.ts
// sold_line): what each line cost before anything came off, and what was paid for it after its own
// discount, the card's percent and its share of the card's amount off, each as the totals rounded it.
// Over the lines the paid amounts come to the sale's total, so refunds made from them add up exactly.
import { minor, roundToMinor } from '../../common/money.ts';
import type { Db } from '../../db/database.ts';
import { getShoppingSession, type SessionCard, type SessionLine } from '../../db/sessions.ts';
import { insertSoldLines, soldLines, type SoldLine } from '../../db/returns.ts';
import { sessionTotals } from './totals.ts';

/** The sale's lines as paid; a line's quantity kept in thousandths (a weighed line's grams). */
export function soldLinesOf(
  sessionId: number,
  lines: readonly SessionLine[],
  card: SessionCard | null,
): SoldLine[] {
  const amounts = sessionTotals(lines, card).lines;
  return lines.map((line, lineNo) => {
    const a = amounts[lineNo];
    const gross = a === undefined ? 0 : roundToMinor(a.lineTotal);
    const off = a === undefined ? 0 : roundToMinor(a.discount) + roundToMinor(a.amountOff);
    return {
      sessionId,
      lineNo,
      productId: line.productId,
      productCode: line.productCode,
      name: line.name,
      kind: line.kind,
      quantityMilli: Math.max(1, Math.round(line.quantity * 1000)),
      unitOfMeasure: line.unitOfMeasure,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
      grossMinor: gross,
      paidMinor: minor(Math.max(0, gross - off)),
    };
  });
}

/**
 * Stores a closed sale's lines as paid when it has none stored yet: a sale closed before returns
 * existed (migration 26) got none at its close, and returns work them out from its lines, which
 * compaction drops. Call in the transaction that drops them.
 */
export function keepSoldLines(db: Db, sessionId: number): void {
  if (soldLines(db, sessionId).length > 0) return;
  const session = getShoppingSession(db, sessionId);
  if (session?.state !== 'closed' || session.lines.length === 0) return;
  insertSoldLines(db, soldLinesOf(session.id, session.lines, session.customer?.card ?? null));
}
