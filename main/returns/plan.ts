// What a return refunds, worked out from what the sale's lines were paid (db/returns.ts sold_line),
// exactly to the minor unit. A return of q after r already back refunds paid x (r + q) / Q - paid x r
// / Q, each rounded half up once (Q the quantity sold), and the last of it the rest. So line discounts
// and the card's discount come back pro rata, and a weighed line may come back in part.
// Never more than q at the unit price sold (what the instance books for the negative order, route.ts
// returnItems: a discount can lower a line there, nothing can raise one): a weighed line whose price
// rounded up at the sale can make a part's share a cent over that (39.90 x 0.108 kg paid 4.31; 0.053
// kg back is 2.12 of it, but 2.11 at 39.90), and that cent stays with the store, as it was paid. So a
// line's refunds add up to what was paid for it, or a cent or so less when the sale rounded it up.
import { decimal, lineTotal, minor, roundCash, type Minor } from '../../common/money.ts';
import type { SoldLine } from '../../db/returns.ts';

export interface Wanted {
  readonly lineNo: number;
  readonly quantityMilli: number;
}

export interface PlannedLine {
  readonly line: SoldLine;
  readonly quantityMilli: number;
  readonly refundMinor: Minor;
}

/** Why a wanted quantity cannot come back: more than is left of the line, or no such line. */
export type PlanProblem =
  | { readonly kind: 'too-much'; readonly line: SoldLine; readonly leftMilli: number }
  | { readonly kind: 'no-line'; readonly lineNo: number }
  | { readonly kind: 'nothing' };

/** paid x part / whole, rounded half up, exactly (the whole of it when part is the whole). */
function shareOf(paid: number, part: number, whole: number): bigint {
  if (part >= whole) return BigInt(paid);
  const p = BigInt(paid) * BigInt(part);
  const w = BigInt(whole);
  return (2n * p + w) / (2n * w);
}

/** The refund of `quantityMilli` of `line` when `alreadyMilli` of it came back before. */
export function lineRefund(line: SoldLine, alreadyMilli: number, quantityMilli: number): Minor {
  const before = shareOf(line.paidMinor, alreadyMilli, line.quantityMilli);
  const after = shareOf(line.paidMinor, alreadyMilli + quantityMilli, line.quantityMilli);
  const share = Number(after - before);
  const gross = grossOf(line, quantityMilli);
  return minor(gross === undefined ? share : Math.min(share, gross));
}

/**
 * `quantityMilli` of `line` at its unit price sold, before any discount (the negative order's line
 * before its discountAmount); undefined for a price or quantity no decimal holds.
 */
export function grossOf(line: SoldLine, quantityMilli: number): Minor | undefined {
  const price = decimal(line.unitPrice);
  const quantity = decimal(quantityMilli / 1000);
  return price === undefined || quantity === undefined
    ? undefined
    : minor(Number(lineTotal(price, quantity)));
}

/** The lines of a return with their refunds, or why it cannot be made. */
export function planLines(
  sold: readonly SoldLine[],
  returned: ReadonlyMap<number, { readonly quantityMilli: number }>,
  wanted: readonly Wanted[],
): PlannedLine[] | PlanProblem {
  const merged = new Map<number, number>();
  for (const w of wanted) {
    if (!(w.quantityMilli > 0)) continue;
    merged.set(w.lineNo, (merged.get(w.lineNo) ?? 0) + w.quantityMilli);
  }
  if (merged.size === 0) return { kind: 'nothing' };
  const out: PlannedLine[] = [];
  for (const [lineNo, quantityMilli] of [...merged].sort((a, b) => a[0] - b[0])) {
    const line = sold.find((l) => l.lineNo === lineNo);
    if (line === undefined) return { kind: 'no-line', lineNo };
    const already = returned.get(lineNo)?.quantityMilli ?? 0;
    const left = line.quantityMilli - already;
    if (quantityMilli > left) return { kind: 'too-much', line, leftMilli: Math.max(0, left) };
    out.push({ line, quantityMilli, refundMinor: lineRefund(line, already, quantityMilli) });
  }
  return out;
}

/**
 * Each product's quantity (thousandths) spread over the sale's lines of that product, first line
 * first, as far as each has left; what no line can take stays on the last line of the product, so
 * the plan says how much was too much.
 */
export function wantedOfProducts(
  sold: readonly SoldLine[],
  returned: ReadonlyMap<number, { readonly quantityMilli: number }>,
  items: readonly { readonly productId: number; readonly quantityMilli: number }[],
): Wanted[] | { readonly kind: 'unknown-product'; readonly productId: number } {
  const out: Wanted[] = [];
  const taken = new Map<number, number>();
  for (const item of items) {
    const lines = sold.filter((l) => l.productId === item.productId);
    if (lines.length === 0) return { kind: 'unknown-product', productId: item.productId };
    let rest = item.quantityMilli;
    for (const [i, line] of lines.entries()) {
      const left =
        line.quantityMilli - (returned.get(line.lineNo)?.quantityMilli ?? 0) - (taken.get(line.lineNo) ?? 0);
      const take = i === lines.length - 1 ? rest : Math.min(rest, Math.max(0, left));
      if (take <= 0) continue;
      out.push({ lineNo: line.lineNo, quantityMilli: take });
      taken.set(line.lineNo, (taken.get(line.lineNo) ?? 0) + take);
      rest -= take;
      if (rest === 0) break;
    }
  }
  return out;
}

/** Every line's quantity not yet returned. */
export function everythingLeft(
  sold: readonly SoldLine[],
  returned: ReadonlyMap<number, { readonly quantityMilli: number }>,
): Wanted[] {
  return sold
    .map((l) => ({
      lineNo: l.lineNo,
      quantityMilli: l.quantityMilli - (returned.get(l.lineNo)?.quantityMilli ?? 0),
    }))
    .filter((w) => w.quantityMilli > 0);
}

export type RefundTender = 'cash' | 'card';

export interface RefundSplit {
  readonly card: Minor;
  /** The cash share before rounding. */
  readonly cashShare: Minor;
  /** Cash paid out: the share rounded to the cash step. */
  readonly cash: Minor;
  readonly cashRounding: Minor;
}

/**
 * How `refund` goes back: card first, up to what the card paid of the sale less what went back to
 * it already; the rest in cash, rounded to the cash step. `choose` puts all of it on one tender (the
 * manager's choice).
 */
export function splitRefund(
  refund: Minor,
  sale: { readonly cardPaid: number; readonly cardRefunded: number },
  step: Minor,
  choose?: RefundTender,
): RefundSplit {
  const cardRoom = Math.max(0, sale.cardPaid - sale.cardRefunded);
  const card = choose === 'card' ? refund : choose === 'cash' ? 0 : Math.min(refund, cardRoom);
  const cashShare = minor(refund - card);
  const rounded =
    cashShare === 0 ? { dueMinor: minor(0), roundingMinor: minor(0) } : roundCash(cashShare, step);
  return { card: minor(card), cashShare, cash: rounded.dueMinor, cashRounding: rounded.roundingMinor };
}
