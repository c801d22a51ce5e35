// Session totals: per line, per VAT rate, customer discounts. All arithmetic in whole cents with
// half-up rounding at each documented step (docs/assumptions.md, "Counter"):
// 1. line gross = unit price x quantity (a price label's printed amount as is), rounded to cents;
// 2. the card's discount % comes off each line, rounded to cents per line;
// 3. the card's discountAmount comes off the whole session once (never below zero), shared
//    among VAT rates in proportion to their gross, remainders to the largest rates first;
//    lines whose stock item prohibits discounts (prohibitionOfDiscounts) take part in neither;
// 4. per VAT rate, VAT = gross x rate / (100 + rate) rounded to cents, base = gross - VAT.
// Prices are gross (VAT included), as the stock item's `price`.

export interface TotalsLine {
  readonly id: number;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly vatRate: number;
  readonly fixedTotal: number | null;
  /** The stock item prohibits discounts: neither the % nor the amount off touches this line. */
  readonly noDiscount?: boolean;
}

export interface CustomerDiscount {
  /** Percent off every line. */
  readonly discount?: number | undefined;
  /** Amount off the whole session. */
  readonly discountAmount?: number | undefined;
}

export interface LineAmounts {
  readonly lineId: number;
  /** Before the customer's discount. */
  readonly lineTotal: number;
  readonly discount: number;
}

export interface VatTotal {
  readonly vatRate: number;
  readonly base: number;
  readonly vat: number;
  readonly gross: number;
}

export interface SessionTotals {
  readonly lines: readonly LineAmounts[];
  readonly byVatRate: readonly VatTotal[];
  /** Everything the customer's card took off. */
  readonly discount: number;
  /** To pay. */
  readonly total: number;
}

/** Half-up rounding of a non-negative amount of cents, robust to binary fractions (2.675 -> 268). */
export function roundCents(cents: number): number {
  return Math.sign(cents) * Math.floor(Math.abs(cents) + 0.5 + 1e-7);
}

export function lineGrossCents(line: TotalsLine): number {
  if (line.fixedTotal !== null) return roundCents(line.fixedTotal * 100);
  return roundCents(roundCents(line.unitPrice * 100) * line.quantity);
}

/**
 * The quantity, in thousandths, that costs exactly `amountCents` at `unitPriceCents` by
 * lineGrossCents' own rounding: a price label's line is ordered as a quantity (the order carries no
 * amount), so the quantity must come to the printed amount. Of several, the one nearest the exact
 * quotient; undefined when none does (the label and the price disagree) or the price is not above 0.
 */
export function quantityForAmount(amountCents: number, unitPriceCents: number): number | undefined {
  if (!(unitPriceCents > 0) || !(amountCents > 0)) return undefined;
  const exact = (amountCents * 1000) / unitPriceCents;
  const costs = (k: number): number =>
    lineGrossCents({
      id: 0,
      quantity: k / 1000,
      unitPrice: unitPriceCents / 100,
      vatRate: 0,
      fixedTotal: null,
    });
  // Half-up rounding: the thousandths whose cost rounds to the amount lie within half a cent of it.
  const first = Math.max(1, Math.floor(((amountCents - 0.5) * 1000) / unitPriceCents));
  const last = Math.ceil(((amountCents + 0.5) * 1000) / unitPriceCents);
  let best: number | undefined;
  for (let k = first; k <= last; k++) {
    if (costs(k) !== amountCents) continue;
    if (best === undefined || Math.abs(k - exact) < Math.abs(best - exact)) best = k;
  }
  return best === undefined ? undefined : best / 1000;
}

export function sessionTotals(
  lines: readonly TotalsLine[],
  customer: CustomerDiscount | null,
): SessionTotals {
  const percent = clamp(customer?.discount ?? 0, 0, 100);
  const amounts = lines.map((line) => {
    const gross = lineGrossCents(line);
    return { line, gross, discount: line.noDiscount === true ? 0 : roundCents((gross * percent) / 100) };
  });
  const groups = new Map<number, number>();
  // What the amount off may come from: per VAT rate, the lines that allow discounts.
  const discountable = new Map<number, number>();
  for (const a of amounts) {
    groups.set(a.line.vatRate, (groups.get(a.line.vatRate) ?? 0) + a.gross - a.discount);
    if (a.line.noDiscount !== true)
      discountable.set(a.line.vatRate, (discountable.get(a.line.vatRate) ?? 0) + a.gross - a.discount);
  }
  const afterPercent = [...groups.values()].reduce((s, v) => s + v, 0);
  const room = [...discountable.values()].reduce((s, v) => s + v, 0);
  const amountOff = Math.min(room, Math.max(0, roundCents((customer?.discountAmount ?? 0) * 100)));
  const shares = shareOut(amountOff, discountable);
  const byVatRate = [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([vatRate, cents]) => {
      const gross = cents - (shares.get(vatRate) ?? 0);
      const vat = roundCents((gross * vatRate) / (100 + vatRate));
      return { vatRate, base: (gross - vat) / 100, vat: vat / 100, gross: gross / 100 };
    });
  const percentOff = amounts.reduce((s, a) => s + a.discount, 0);
  return {
    lines: amounts.map((a) => ({ lineId: a.line.id, lineTotal: a.gross / 100, discount: a.discount / 100 })),
    byVatRate,
    discount: (percentOff + amountOff) / 100,
    total: (afterPercent - amountOff) / 100,
  };
}

/** Splits `cents` over the groups in proportion to their amounts (largest remainder method). */
function shareOut(cents: number, groups: ReadonlyMap<number, number>): Map<number, number> {
  const total = [...groups.values()].reduce((s, v) => s + v, 0);
  const out = new Map<number, number>();
  if (cents === 0 || total === 0) return out;
  const exact = [...groups.entries()].map(([rate, v]) => ({ rate, v, share: (cents * v) / total }));
  let given = 0;
  for (const e of exact) {
    out.set(e.rate, Math.floor(e.share));
    given += Math.floor(e.share);
  }
  const byRemainder = [...exact].sort(
    (a, b) => b.share - Math.floor(b.share) - (a.share - Math.floor(a.share)) || b.v - a.v,
  );
  for (const e of byRemainder) {
    if (given >= cents) break;
    out.set(e.rate, (out.get(e.rate) ?? 0) + 1);
    given++;
  }
  return out;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}
