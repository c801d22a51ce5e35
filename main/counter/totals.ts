// Session totals: per line, per VAT rate, customer discounts. All arithmetic in whole cents, exact
// (BigInt where amounts are multiplied), with half-up rounding at each documented step, each rule
// written once in common/money.ts (docs/assumptions.md, "Counter"):
// 1. line gross = unit price x quantity, both exact decimals (0.125 x 1000 = 125.00; a price label's
//    printed amount as is), rounded to cents once;
// 1a. a line's own discount set at the till comes off it: a percent of its gross rounded to cents,
//    or, for a price override, its gross less the gross at the price charged (both by step 1);
// 2. the card's discount % comes off each line (after its own discount), rounded to cents per line;
// 3. the card's discountAmount comes off the whole session once (never below zero), shared
//    among VAT rates in proportion to their gross, remainders to the largest rates first, and each
//    rate's share among its lines the same way (what the order tells the instance per line);
//    lines whose stock item prohibits discounts (prohibitionOfDiscounts) take part in neither;
// 4. per VAT rate, VAT = gross x rate / (100 + rate) rounded to cents, base = gross - VAT.
// Prices are gross (VAT included), as the stock item's `price`.
import {
  decimal,
  decimalNumber,
  lineTotal,
  MAX_SALE_MINOR,
  minorOfBig,
  mustDecimal,
  percentOf,
  QUANTITY_DIGITS,
  roundToMinor,
  thousandthsCosting,
  toMajor,
  vatWithin,
  type Decimal,
  type Minor,
} from '../../common/money.ts';
// A line whose amount cannot be worked out (a price or VAT rate that is no number a till can
// charge, an amount beyond MAX_SALE_MINOR) is reported with its problem and left out of the totals,
// so a sale always has totals to show; the counter refuses such a line before it is stored.

/** The most a line, and a whole sale, may come to (common/money.ts). */
export { MAX_SALE_MINOR } from '../../common/money.ts';
/** A VAT rate is a percentage from 0 to this. */
export const MAX_VAT_RATE = 100;

export interface TotalsLine {
  readonly id: number;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly vatRate: number;
  /** A price label's amount: the line's total as printed. */
  readonly fixedTotalMinor: Minor | null;
  /** The stock item prohibits discounts: neither the % nor the amount off touches this line. */
  readonly noDiscount?: boolean;
  /** A discount set on the line at the till: percent off, or the unit price charged instead. */
  readonly adjustment?: { readonly kind: 'percent' | 'price'; readonly value: number } | null;
}

export interface CustomerDiscount {
  /** Percent off every line. */
  readonly discount?: number | undefined;
  /** Amount off the whole session. */
  readonly discountAmount?: number | undefined;
}

/** Why a line has no amount: the value that is no price, VAT rate or quantity, or an amount too large. */
export type LineProblem =
  | { readonly kind: 'price'; readonly value: number }
  | { readonly kind: 'vat-rate'; readonly value: number }
  | { readonly kind: 'quantity'; readonly value: number }
  | { readonly kind: 'amount' };

export interface LineAmounts {
  readonly lineId: number;
  /** Before any discount; 0 for a line with a problem. */
  readonly lineTotal: number;
  /** Everything taken off the line: its own discount set at the till and the card's %. */
  readonly discount: number;
  /** The part of `discount` that is the line's own (set at the till). */
  readonly adjustment: number;
  /** This line's share of the card's amount off the whole sale (step 3), beside `discount`. */
  readonly amountOff: number;
  /** Set when the line's amount cannot be worked out: it is left out of every total. */
  readonly problem?: LineProblem;
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
  /** Everything taken off: the lines' own discounts, the card's percent and its amount off. */
  readonly discount: number;
  /**
   * What comes off after the lines' own discounts: the card's percent and its amount off. The Sale
   * screen shows each line after its own discount, so this is what its discount row takes off them.
   */
  readonly saleDiscount: number;
  /** To pay. */
  readonly total: number;
  /** The priced lines come to more than MAX_SALE_MINOR. */
  readonly beyondMax: boolean;
}

/** A line's gross in cents, or why it has none. */
export function lineGross(line: TotalsLine): bigint | LineProblem {
  if (!isRate(line.vatRate)) return { kind: 'vat-rate', value: line.vatRate };
  if (line.fixedTotalMinor !== null) {
    if (!(line.fixedTotalMinor >= 0)) return { kind: 'amount' };
    return within({ units: BigInt(line.fixedTotalMinor), scale: 2 }, ONE);
  }
  if (!(line.unitPrice >= 0)) return { kind: 'price', value: line.unitPrice };
  if (!(line.quantity > 0) || !Number.isFinite(line.quantity))
    return { kind: 'quantity', value: line.quantity };
  // Price and quantity as the exact decimals they are, multiplied before anything is rounded.
  return within(decimal(line.unitPrice), decimal(line.quantity));
}

const ONE = mustDecimal(1);

/** price x quantity in cents (rule 1), or 'amount' when it is no amount a sale may hold. */
function within(price: Decimal | undefined, quantity: Decimal | undefined): bigint | LineProblem {
  if (price === undefined || quantity === undefined) return { kind: 'amount' };
  const gross = lineTotal(price, quantity);
  return gross > BigInt(MAX_SALE_MINOR) ? { kind: 'amount' } : gross;
}

/** A line's gross in cents; undefined when it has none (lineGross says why). */
export function lineGrossMinor(line: TotalsLine): number | undefined {
  const gross = lineGross(line);
  return typeof gross === 'bigint' ? Number(gross) : undefined;
}

/**
 * The quantity, in thousandths, that costs exactly `amountMinor` at `unitPrice` by
 * lineGrossMinor' own rounding: a price label's line is ordered as a quantity (the order carries no
 * amount), so the quantity must come to the printed amount. Of several, the one nearest the exact
 * quotient; undefined when none does (the label and the price disagree) or the price is not above 0.
 * Worked out at once (thousandthsCosting), however low the price: the core waits for it.
 */
export function quantityForAmount(amountMinor: number, unitPrice: number): number | undefined {
  if (!(unitPrice > 0) || !(amountMinor > 0) || !Number.isSafeInteger(amountMinor)) return undefined;
  if (amountMinor > MAX_SALE_MINOR || unitPrice > toMajor(MAX_SALE_MINOR)) return undefined;
  const price = decimal(unitPrice);
  const range = price === undefined ? undefined : thousandthsCosting(BigInt(amountMinor), price);
  if (range === undefined) return undefined;
  const milli = nearestQuotient(amountMinor, unitPrice, Number(range.lowest), Number(range.highest));
  // Beyond 2^53 thousandths (a price of 1e-300) no number holds the quantity: none is.
  if (!Number.isSafeInteger(milli)) return undefined;
  const quantity = decimalNumber({ units: BigInt(milli), scale: QUANTITY_DIGITS });
  // The line itself prices it: the label's amount, or no quantity at all.
  return costs(quantity, unitPrice) === amountMinor ? quantity : undefined;
}

/**
 * Of the thousandths lowest..highest, the one nearest amount / price, the quotient worked out in
 * floats as the till always has: where two are as near (a label of 0.15 at 0.48 is 312.5
 * thousandths), the float decides as it did, so a label comes to the quantity it came to before.
 */
function nearestQuotient(amountMinor: number, unitPrice: number, lowest: number, highest: number): number {
  const exact = amountMinor * (10 / unitPrice);
  const within = (k: number): number => Math.min(highest, Math.max(lowest, k));
  const below = within(Math.floor(exact));
  const above = within(Math.ceil(exact));
  return Math.abs(above - exact) < Math.abs(below - exact) ? above : below;
}

function costs(quantity: number, unitPrice: number): number | undefined {
  return lineGrossMinor({ id: 0, quantity, unitPrice, vatRate: 0, fixedTotalMinor: null });
}

export function sessionTotals(
  lines: readonly TotalsLine[],
  customer: CustomerDiscount | null,
): SessionTotals {
  const percent = mustDecimal(clamp(finiteOr(customer?.discount, 0), 0, 100));
  const priced: Priced[] = [];
  const problems = new Map<number, LineProblem>();
  lines.forEach((line, at) => {
    const gross = lineGross(line);
    if (typeof gross !== 'bigint') {
      problems.set(at, gross);
      return;
    }
    const own = adjustmentOff(line, gross);
    const card = line.noDiscount === true ? 0n : percentOf(gross - own, percent);
    priced.push({ at, line, gross, own, discount: own + card });
  });
  const groups = new Map<number, bigint>();
  // What the amount off may come from: per VAT rate, the lines that allow discounts.
  const discountable = new Map<number, bigint>();
  for (const a of priced) {
    const after = a.gross - a.discount;
    groups.set(a.line.vatRate, (groups.get(a.line.vatRate) ?? 0n) + after);
    if (a.line.noDiscount !== true)
      discountable.set(a.line.vatRate, (discountable.get(a.line.vatRate) ?? 0n) + after);
  }
  const afterPercent = sum(groups.values());
  const room = sum(discountable.values());
  const asked = roundToMinor(clamp(finiteOr(customer?.discountAmount, 0), 0, toMajor(MAX_SALE_MINOR)));
  const amountOff = min(room, BigInt(asked));
  const shares = shareOut(amountOff, discountable);
  const lineShares = shareAmongLines(shares, priced);
  const pricedAt = new Map(priced.map((p) => [p.at, p]));
  const amounts: LineAmounts[] = lines.map((line, at) => {
    const problem = problems.get(at);
    const a = pricedAt.get(at);
    if (problem !== undefined || a === undefined)
      return {
        lineId: line.id,
        lineTotal: 0,
        discount: 0,
        adjustment: 0,
        amountOff: 0,
        ...(problem === undefined ? {} : { problem }),
      };
    return {
      lineId: line.id,
      lineTotal: units(a.gross),
      discount: units(a.discount),
      adjustment: units(a.own),
      amountOff: units(lineShares.get(at) ?? 0n),
    };
  });
  const byVatRate = [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([vatRate, cents]) => {
      const gross = cents - (shares.get(vatRate) ?? 0n);
      const vat = vatWithin(gross, mustDecimal(vatRate));
      return { vatRate, base: units(gross - vat), vat: units(vat), gross: units(gross) };
    });
  const percentOff = sum(priced.map((a) => a.discount));
  const ownOff = sum(priced.map((a) => a.own));
  return {
    lines: amounts,
    byVatRate,
    discount: units(percentOff + amountOff),
    saleDiscount: units(percentOff - ownOff + amountOff),
    total: units(afterPercent - amountOff),
    beyondMax: sum(priced.map((a) => a.gross)) > BigInt(MAX_SALE_MINOR),
  };
}

/**
 * What a line's own discount takes off its gross, in cents: a percent of it (half up), or the
 * difference to its gross at the price charged. Never below 0 nor above the gross; 0 when the
 * adjustment is no number a till can take.
 */
function adjustmentOff(line: TotalsLine, gross: bigint): bigint {
  const adjustment = line.adjustment;
  if (adjustment == null || !(adjustment.value > 0) || !Number.isFinite(adjustment.value)) return 0n;
  let off: bigint;
  if (adjustment.kind === 'percent') {
    off = percentOf(gross, mustDecimal(Math.min(adjustment.value, 100)));
  } else {
    const charged = lineGross({
      ...line,
      unitPrice: adjustment.value,
      fixedTotalMinor: null,
      adjustment: null,
    });
    if (typeof charged !== 'bigint') return 0n;
    off = gross - charged;
  }
  return off < 0n ? 0n : off > gross ? gross : off;
}

/** A line that has an amount: where it is in the sale, its gross and what comes off it (cents). */
interface Priced {
  readonly at: number;
  readonly line: TotalsLine;
  readonly gross: bigint;
  /** The line's own discount set at the till. */
  readonly own: bigint;
  /** Its own discount and the card's percent. */
  readonly discount: bigint;
}

/**
 * Each VAT rate's share of the amount off, split among that rate's discountable lines in proportion
 * to what they cost after their discounts (largest remainder): by line position, summing to each share.
 */
function shareAmongLines(
  shares: ReadonlyMap<number, bigint>,
  priced: readonly Priced[],
): Map<number, bigint> {
  const out = new Map<number, bigint>();
  for (const [vatRate, share] of shares) {
    const lines = priced.filter((p) => p.line.vatRate === vatRate && p.line.noDiscount !== true);
    const split = shareOut(share, new Map(lines.map((p) => [p.at, p.gross - p.discount])));
    for (const [at, cents] of split) out.set(at, cents);
  }
  return out;
}

/** Splits `cents` over the groups in proportion to their amounts (largest remainder method). */
function shareOut(cents: bigint, groups: ReadonlyMap<number, bigint>): Map<number, bigint> {
  const total = sum(groups.values());
  const out = new Map<number, bigint>();
  if (cents === 0n || total === 0n) return out;
  const exact = [...groups.entries()].map(([rate, v]) => ({
    rate,
    v,
    floor: (cents * v) / total,
    remainder: (cents * v) % total,
  }));
  let given = 0n;
  for (const e of exact) {
    out.set(e.rate, e.floor);
    given += e.floor;
  }
  const byRemainder = [...exact].sort((a, b) => compare(b.remainder, a.remainder) || compare(b.v, a.v));
  for (const e of byRemainder) {
    if (given >= cents) break;
    out.set(e.rate, (out.get(e.rate) ?? 0n) + 1n);
    given++;
  }
  return out;
}

function isRate(rate: number): boolean {
  return Number.isFinite(rate) && rate >= 0 && rate <= MAX_VAT_RATE;
}

/** Minor units as the amount in units the views carry (exact: below 2^53, divided once). */
function units(minorUnits: bigint): number {
  return toMajor(minorOfBig(minorUnits));
}

function sum(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function compare(a: bigint, b: bigint): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

function finiteOr(n: number | undefined, fallback: number): number {
  return n !== undefined && Number.isFinite(n) ? n : fallback;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}
