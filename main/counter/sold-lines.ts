// A closed sale's lines as the customer paid for them, kept beside the sale for returns (db/returns.ts
// sold_line): what each line cost before anything came off, and what was paid for it after its own
// discount, the card's percent and its share of the card's amount off, each as the totals rounded it.
// Over the lines the paid amounts come to the sale's total, so refunds made from them add up exactly.
import { minor, roundToMinor } from '../../common/money.ts';
import type { SessionCard, SessionLine } from '../../db/sessions.ts';
import type { SoldLine } from '../../db/returns.ts';
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
