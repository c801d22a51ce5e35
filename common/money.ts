// Money in one place, for the core and the screens alike (DESIGN.md "Money and the day", issue 36).
// Amounts are integers in minor units (haléře, cents), branded `Minor` so a number of crowns cannot
// stand where haléře are meant (a compile error). Unit prices, quantities, VAT rates and percents
// are exact decimals (`Decimal`, a bigint over a power of ten), read from the decimal text a number
// prints as: JSON numbers of up to 15 significant digits come back as the instance wrote them
// (0.125, 0.0826), so nothing is rounded before it is multiplied. Each rounding rule is written
// once, here: a line's total, VAT per rate, a percent off, the cash step.
//
// Hand-written rather than a decimal library (decimal.js, big.js): what Counter needs is exact
// multiplication and one rounding to minor units, which BigInt does natively in a few lines; a
// library would add a dependency to both bundles, a second number type at every edge and, for
// decimal.js, a global precision setting that silently rounds a product.

declare const MINOR: unique symbol;
/** An amount in minor units (haléře, cents): a safe integer. A plain number is not one. */
export type Minor = number & { readonly [MINOR]: true };

/** Minor units in a major one: Counter's currencies (CZK, EUR) have two decimals. */
export const MINOR_PER_MAJOR = 100;
/** Decimals of a major-unit amount. */
const MINOR_DIGITS = 2;

/** The most a line, and a whole sale, may come to: 10 000 000 000.00, far below 2^53 minor units. */
export const MAX_SALE_MINOR = 1_000_000_000_000 as Minor;

/** `n` as minor units; a RangeError when it is no safe integer (a stored or computed amount gone wrong). */
export function minor(n: number): Minor {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${n} is no whole amount of minor units.`);
  return n as Minor;
}

/** Minor units from an exact bigint (within 2^53: every sum Counter makes is below MAX_SALE_MINOR). */
export function minorOfBig(n: bigint): Minor {
  return minor(Number(n));
}

/** Minor units as the major-unit number the contract and the instance carry (12.5 for 1250). */
export function toMajor(amount: Minor): number {
  return amount / MINOR_PER_MAJOR;
}

/**
 * A major-unit number with at most two decimals as minor units, exactly (read from its decimal text,
 * never multiplied as a float); undefined when it has more decimals, is not finite or too large. The
 * one "at most two decimals" rule of the contract's amounts and the instance's answers.
 */
export function minorOf(major: number): Minor | undefined {
  const d = decimal(major);
  if (d === undefined) return undefined;
  if (d.scale > MINOR_DIGITS) return nearMinor(major, d);
  return safeMinor(d.units * 10n ** BigInt(MINOR_DIGITS - d.scale));
}

/**
 * An amount a float sum or difference of two-decimal amounts made (182.9 - 0.01 is
 * 182.89000000000001): a few units in the last place from a two-decimal amount is that amount; a
 * true third decimal (0.125) is far beyond that and stays refused.
 */
function nearMinor(major: number, d: Decimal): Minor | undefined {
  const rounded = safeMinor(roundDecimal(d, MINOR_DIGITS));
  if (rounded === undefined) return undefined;
  const ulps = 4 * Number.EPSILON * Math.max(1, Math.abs(major));
  return Math.abs(rounded / MINOR_PER_MAJOR - major) <= ulps ? rounded : undefined;
}

/** True when `major` is an amount with at most two decimals (zod's refine for the contract's amounts). */
export function hasAtMostTwoDecimals(major: number): boolean {
  return minorOf(major) !== undefined;
}

/** The message of that rule, the same wherever it is checked. */
export const AT_MOST_TWO_DECIMALS = 'An amount has at most two decimals.';

/** A major-unit number rounded to minor units, half away from zero, from its decimal text (2.675 -> 268). */
export function roundToMinor(major: number): Minor {
  const d = decimal(major);
  if (d === undefined) throw new RangeError(`${major} is no amount of money.`);
  return minorOfBig(roundDecimal(d, MINOR_DIGITS));
}

/**
 * roundToMinor for a figure from outside (the instance, the disk), which may be no amount Counter
 * can hold: undefined for one that is not finite or reaches 2^53 minor units (1e14 crowns), where
 * roundToMinor throws. What it is part of is then not known, rather than a listing or a scan failing.
 */
export function roundedMinor(major: number): Minor | undefined {
  const d = decimal(major);
  return d === undefined ? undefined : safeMinor(roundDecimal(d, MINOR_DIGITS));
}

/** Minor units from an exact bigint; undefined beyond a safe integer. */
function safeMinor(n: bigint): Minor | undefined {
  const limit = BigInt(Number.MAX_SAFE_INTEGER);
  return n > limit || -n > limit ? undefined : (Number(n) as Minor);
}

/** Two major-unit amounts that are the same number of minor units (a booked total and a receipt's). */
export function sameAmount(a: number, b: number): boolean {
  return roundToMinor(a) === roundToMinor(b);
}

/** An amount as English text for messages, logs and the CLI: 150050 -> "1500.50", -17 -> "-0.17". */
export function majorText(amount: Minor): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / MINOR_PER_MAJOR);
  return `${sign}${whole}.${String(abs - whole * MINOR_PER_MAJOR).padStart(MINOR_DIGITS, '0')}`;
}

/**
 * An amount typed in major units, read digit by digit (never through a float): up to ten digits, then
 * a point or a comma and at most two decimals ("1500", "1500.50", "1500,5", "1500,"); spaces between
 * thousands are taken ("1 500"). Undefined for anything else. The one "at most two decimals" rule of
 * what a person types, on the payment panel, in Settings and at `pos shift`.
 */
export function parseMajor(text: string): Minor | undefined {
  const m = /^(\d{1,10})(?:[.,](\d{0,2}))?$/.exec(text.replace(/\s/g, ''));
  if (m === null) return undefined;
  const [, whole = '0', fraction = ''] = m;
  return (Number(whole) * MINOR_PER_MAJOR + Number(fraction.padEnd(MINOR_DIGITS, '0'))) as Minor;
}

// --- Exact decimals: unit prices, quantities, rates ---------------------------------------------

/** units / 10^scale, exactly; scale >= 0. */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * A number or decimal text as an exact decimal: a number by the shortest text that reads back as it
 * (`String(0.1)` is "0.1"), which is the decimal the instance sent for up to 15 significant digits.
 * Undefined for NaN, infinities and text that is no decimal number.
 */
export function decimal(value: number | string): Decimal | undefined {
  if (typeof value !== 'number') return decimalOfText(value);
  if (!Number.isFinite(value)) return undefined;
  // The same prices and quantities come again and again (every line of a sale's totals, at every
  // scan): each number's decimal is worked out once (a Decimal is never changed).
  let d = decimalOfNumber.get(value);
  if (d === undefined) {
    d = decimalOfText(String(value));
    if (decimalOfNumber.size >= DECIMALS_KEPT) decimalOfNumber.clear();
    decimalOfNumber.set(value, d);
  }
  return d;
}

/** Numbers' decimals worked out so far (none is undefined: a finite number's text is a decimal). */
const decimalOfNumber = new Map<number, Decimal | undefined>();
const DECIMALS_KEPT = 1000;

function decimalOfText(text: string): Decimal | undefined {
  const m = DECIMAL_TEXT.exec(text.trim());
  if (m === null) return undefined;
  const [, sign = '', whole = '0', fraction = '', exponent = '0'] = m;
  const shift = Number(exponent) - fraction.length;
  let units = BigInt(whole + fraction);
  if (sign === '-') units = -units;
  return shift >= 0 ? { units: units * 10n ** BigInt(shift), scale: 0 } : trimmed({ units, scale: -shift });
}

/**
 * A decimal as a person types it: digits with a point or a comma for the decimals ("1,5", "1.5",
 * ",5", "2."), digit groups as the screens show them ("1 000"), a minus first. Undefined for
 * anything else (hex, exponents, two separators, a sign or separator alone): "1.5" and "1,50" are
 * the same decimal as the 1.5 a field shows as "1,5".
 */
export function typedDecimal(text: string): Decimal | undefined {
  const m = /^(-?)(\d*)(?:[.,](\d*))?$/.exec(text.replace(/\s/g, ''));
  if (m === null) return undefined;
  const [, sign = '', whole = '', fraction = ''] = m;
  if (whole === '' && fraction === '') return undefined;
  return decimal(`${sign}${whole === '' ? '0' : whole}.${fraction}`);
}

/** A number as an exact decimal; a RangeError for a number that is none (NaN, Infinity). */
export function mustDecimal(value: number): Decimal {
  const d = decimal(value);
  if (d === undefined) throw new RangeError(`${value} is no decimal number.`);
  return d;
}

/** Without trailing zeros: 0.1250 is 0.125 (scale 3). */
function trimmed(d: Decimal): Decimal {
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return { units, scale };
}

/** The decimal as text, as many decimals as it has ("0.125", "12", "-0.5"). */
export function decimalText(d: Decimal): string {
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = digits.slice(digits.length - d.scale);
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/** The decimal as a number (exact where it has at most 15 significant digits). */
export function decimalNumber(d: Decimal): number {
  return Number(decimalText(d));
}

/**
 * How many decimals a unit price is shown with: as many as it has, at least two (0.125: 3; 25.9: 2),
 * at most 20 (what every Intl.NumberFormat takes).
 */
export function priceDecimals(price: number): number {
  return Math.min(20, Math.max(MINOR_DIGITS, decimalPlaces(price)));
}

/**
 * A unit price as a table stores it (shopping_session_line, sold_line: TEXT): the exact decimal the
 * number prints as ("0.125", "0.099946"), so it reads back as the same number and compares equal when
 * the price is; a price that is no number (an older version's Infinity) keeps its word.
 */
export function unitPriceColumn(price: number): string {
  const d = decimal(price);
  return d === undefined ? String(price) : decimalText(d);
}

/** A stored unit price read back as the number it is; undefined for text that is no price. */
export function unitPriceOfColumn(text: string): number | undefined {
  const price = Number(text);
  return decimal(text) !== undefined || price === Infinity || price === -Infinity ? price : undefined;
}

/** A unit price as English text for messages and logs: "0.125", "25.90". */
export function unitPriceText(price: number): string {
  const d = decimal(price);
  if (d === undefined) return String(price);
  const text = decimalText(d);
  if (d.scale >= MINOR_DIGITS) return text;
  return `${text}${d.scale === 0 ? '.' : ''}${'0'.repeat(MINOR_DIGITS - d.scale)}`;
}

/** Decimals of a quantity: thousandths (grams of a kilogram, millilitres of a litre). */
export const QUANTITY_DIGITS = 3;

/** A quantity with at most QUANTITY_DIGITS decimals, as written (1.235 is one, 1.2345 is not). */
export function isQuantityPrecise(quantity: number): boolean {
  return Number.isFinite(quantity) && decimalPlaces(quantity) <= QUANTITY_DIGITS;
}

/** A quantity rounded to thousandths, half away from zero, from its decimal text (1.2345 -> 1.235). */
export function roundQuantity(quantity: number): number {
  const milli = thousandths(quantity);
  return milli === undefined ? quantity : quantityOfThousandths(milli);
}

/**
 * Two quantities added exactly, as whole thousandths: 0.57 + 1 is 1.57, where a float add makes
 * 1.5699999999999998 (and 5.50 a metre of it 8.63, not 8.64). Each is first taken to its nearest
 * thousandth, as a quantity is (a float sum an older version stored reads as the one meant). NaN or
 * an infinity stays one: no quantity, which every quantity check refuses.
 */
export function addQuantities(a: number, b: number): number {
  const x = thousandths(a);
  const y = thousandths(b);
  return x === undefined || y === undefined ? a + b : quantityOfThousandths(x + y);
}

/** A quantity in whole thousandths, half away from zero (1.2345 -> 1235n); undefined for no number. */
function thousandths(quantity: number): bigint | undefined {
  const d = decimal(quantity);
  return d === undefined ? undefined : roundDecimal(d, QUANTITY_DIGITS);
}

function quantityOfThousandths(milli: bigint): number {
  return decimalNumber({ units: milli, scale: QUANTITY_DIGITS });
}

/** How many decimals a number has as written (0.125: 3; 12: 0); 0 for NaN and infinities. */
export function decimalPlaces(n: number): number {
  return decimal(n)?.scale ?? 0;
}

export function times(a: Decimal, b: Decimal): Decimal {
  return trimmed({ units: a.units * b.units, scale: a.scale + b.scale });
}

export function compareDecimal(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const x = a.units * 10n ** BigInt(scale - a.scale);
  const y = b.units * 10n ** BigInt(scale - b.scale);
  return x === y ? 0 : x < y ? -1 : 1;
}

/** `d` rounded to `digits` decimals, half away from zero, as a bigint of 10^-digits. */
export function roundDecimal(d: Decimal, digits: number): bigint {
  if (d.scale <= digits) return d.units * 10n ** BigInt(digits - d.scale);
  return divideHalfUp(d.units, 10n ** BigInt(d.scale - digits));
}

/** n / d rounded half away from zero, d > 0. */
function divideHalfUp(n: bigint, d: bigint): bigint {
  const magnitude = ((n < 0n ? -n : n) * 2n + d) / (2n * d);
  return n < 0n ? -magnitude : magnitude;
}

// --- The rounding rules, one per purpose --------------------------------------------------------

/**
 * Rule 1, a line's total: unit price x quantity, exactly, then rounded once to minor units, half up
 * (0.125 x 1000 = 125.00; 0.099946 x 1000 = 99.946 -> 99.95). As a bigint: an absurd price or
 * quantity makes an absurd product, which the caller refuses against MAX_SALE_MINOR.
 */
export function lineTotal(unitPrice: Decimal, quantity: Decimal): bigint {
  return roundDecimal(times(unitPrice, quantity), MINOR_DIGITS);
}

/**
 * Rule 1 backwards: the quantities, in thousandths, whose line total at `unitPrice` is `amount` minor
 * units (both above 0), as the lowest and the highest of them; undefined when none is (or either is
 * not above 0). Worked out from the rule's bounds rather than by trying thousandth after
 * thousandth: at 0.00001 a unit, a label of 100.00 was a million tries.
 */
export function thousandthsCosting(
  amount: bigint,
  unitPrice: Decimal,
): { readonly lowest: bigint; readonly highest: bigint } | undefined {
  const price = unitPrice.units;
  if (amount <= 0n || price <= 0n) return undefined;
  // k thousandths cost price x k / d minor units (price in its units, d = 10^(its decimals + 1)),
  // which round half up to `amount` when (2 amount - 1) d <= 2 price k < (2 amount + 1) d.
  const d = 10n ** BigInt(unitPrice.scale + QUANTITY_DIGITS - MINOR_DIGITS);
  const lowest = max(1n, ceilDivide((2n * amount - 1n) * d, 2n * price));
  const highest = ceilDivide((2n * amount + 1n) * d, 2n * price) - 1n;
  return lowest > highest ? undefined : { lowest, highest };
}

/** n / d rounded up, n >= 0, d > 0. */
function ceilDivide(n: bigint, d: bigint): bigint {
  return (n + d - 1n) / d;
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

/**
 * A gross unit price from a price without VAT: net x (100 + rate) / 100, exactly, never rounded
 * (0.0826 at 21 % is 0.099946): the line's total (rule 1) is what rounds.
 */
export function grossOfNet(net: Decimal, vatRate: Decimal): Decimal {
  const hundredPlus = { units: 100n * 10n ** BigInt(vatRate.scale) + vatRate.units, scale: vatRate.scale };
  return times(net, { units: hundredPlus.units, scale: hundredPlus.scale + 2 });
}

/** Rule 2, VAT per rate: the VAT within a gross amount, gross x rate / (100 + rate), half up. */
export function vatWithin(gross: bigint, vatRate: Decimal): bigint {
  const rate = vatRate.units;
  const hundred = 100n * 10n ** BigInt(vatRate.scale);
  return divideHalfUp(gross * rate, hundred + rate);
}

/** Rule 3, a percent off: amount x percent / 100, half up (a line's own discount, the card's %). */
export function percentOf(amount: bigint, percent: Decimal): bigint {
  return divideHalfUp(amount * percent.units, 100n * 10n ** BigInt(percent.scale));
}

export interface CashDue {
  /** What the customer pays in cash: the total rounded to the nearest step (a half step up). */
  readonly dueMinor: Minor;
  /** due - total: above 0 the customer pays more than the total, below 0 less. */
  readonly roundingMinor: Minor;
}

/**
 * Rule 4, the cash step: a cash total rounded to the nearest multiple of `step`, half a step up
 * (706.17 Kč in whole crowns is 706 Kč, rounding -0.17; 706.50 is 707, +0.50).
 */
export function roundCash(total: Minor, step: Minor): CashDue {
  minor(total);
  if (!Number.isSafeInteger(step) || step < 1)
    throw new RangeError(`${step} is no cash step (a whole number of minor units, 1 or more).`);
  const magnitude = Math.abs(total);
  const remainder = magnitude % step;
  const down = magnitude - remainder;
  const rounded = remainder * 2 >= step ? down + step : down;
  const dueMinor = (total < 0 && rounded !== 0 ? -rounded : rounded) as Minor;
  return { dueMinor, roundingMinor: (dueMinor - total) as Minor };
}

/** What is given back: handed - due, never below 0 (short is what is missing when handed < due). */
export function changeDue(handed: Minor, due: Minor): { readonly change: Minor; readonly short: Minor } {
  const diff = handed - due;
  return { change: Math.max(0, diff) as Minor, short: Math.max(0, -diff) as Minor };
}

/** Cash paying a share of a sale: rounded to the step, what was handed over, and the change. */
export interface CashPaid extends CashDue {
  /** Handed over: as given, or exactly the cash due when nothing was said. */
  readonly handed: Minor;
  readonly change: Minor;
  /** Missing cash: 0 unless what was handed over does not cover the cash due. */
  readonly short: Minor;
}

/**
 * Cash paying `share` (the total, or a split's rest after the card), rounded to `step`, with `handed`
 * given (undefined: exactly the cash due). The one change computation: the payment panel shows it,
 * the core settles it.
 */
export function cashPaid(share: Minor, step: Minor, handed?: Minor): CashPaid {
  const due = roundCash(share, step);
  const given = handed ?? due.dueMinor;
  return { ...due, handed: given, ...changeDue(given, due.dueMinor) };
}

/**
 * Whether a card part may pay part of `total`, the rest in cash: above 0, below the total, and
 * leaving the cash at least its smallest coin to pay (a rest that rounds to 0 is no cash part).
 */
export function cardPartFits(total: Minor, card: Minor, step: Minor): boolean {
  return card > 0 && card < total && roundCash(minor(total - card), step).dueMinor !== 0;
}

/** Sums amounts (exact: integers). */
export function sumMinor(amounts: Iterable<Minor>): Minor {
  let total = 0;
  for (const a of amounts) total += a;
  return minor(total);
}

/**
 * Sums amounts some of which may not be known (roundedMinor's undefined): undefined when one is not,
 * or when the sum reaches 2^53 minor units, where sumMinor throws.
 */
export function sumKnown(amounts: Iterable<Minor | undefined>): Minor | undefined {
  let total = 0;
  for (const a of amounts) {
    if (a === undefined) return undefined;
    total += a;
    // Past 2^53 a float sum is no longer exact: stop there rather than come back below it.
    if (!Number.isSafeInteger(total)) return undefined;
  }
  return total as Minor;
}
