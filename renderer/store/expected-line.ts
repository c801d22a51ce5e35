// A scan's line shown in the frame after its Enter, before the core has stored it. The core's answer
// (session.scan: the catalog lookup, the stock rule, the SQLite write) takes a round trip, and on a
// busy till more than a frame; the cashier looks at the screen as the scanner beeps. So a product this
// page has seen the core add without a question (same warehouse, same code) is painted at once from
// what the core said then; the answer replaces it in the same render that shows the stored sale, and
// a refusal or a failed call takes it away again with the reason said (store/sale.ts). Nothing here
// decides anything: the core's answer is the sale.
import type { ScanView, SessionLineView, SessionView } from '../../contract/contract.ts';
import { lineId } from '../../contract/ids.ts';

/** What the core said about a product it added for a code (the line it made, less the quantity). */
type KnownProduct = Pick<
  SessionLineView,
  'productId' | 'productCode' | 'name' | 'barcode' | 'unitOfMeasure' | 'unitPrice' | 'vatRate'
>;

/** A scan shown before the core's answer: its line, or the line it joins, as the core will store it. */
export interface ExpectedLine {
  /** Which scan it is: only that scan's answer takes it away. */
  readonly token: number;
  readonly line: SessionLineView;
  /** The line it raises the quantity of (a counted product already on the sale), or null: a new line. */
  readonly joins: SessionLineView['id'] | null;
}

/** The id a line not stored yet shows under: no stored line has it (the core's ids are positive). */
const UNSTORED = lineId(-1);

const known = new Map<string, KnownProduct>();
let nextToken = 1;

const keyOf = (warehouseId: number | null, code: string): string => `${String(warehouseId)}|${code}`;

/**
 * Codes whose line is a plain counted one: a GTIN (8, 12, 13 or 14 digits) outside the store's own
 * range (prefix 2: weight and price labels, whose quantity or price is in the code and never join).
 */
function countedCode(code: string): boolean {
  return /^\d{8}$|^\d{12,14}$/.test(code) && !/^0?2/.test(code);
}

/**
 * Learns from the core's answer to a scan made without confirmation: a product added at once, at
 * the catalog's price, sells so again (until the core says otherwise: each answer is learned again,
 * and a refusal forgets it).
 */
export function learnScan(code: string, result: ScanView): void {
  const key = keyOf(result.session.warehouseId, code);
  const outcome = result.outcome;
  if (outcome.kind !== 'product' || !countedCode(code)) {
    known.delete(key);
    return;
  }
  const line = result.session.lines.find((l) => l.id === outcome.lineId);
  if (line === undefined || line.priceEntered === true || line.problem !== undefined) {
    known.delete(key);
    return;
  }
  const { productId, productCode, name, barcode, unitOfMeasure, unitPrice, vatRate } = line;
  known.set(key, { productId, productCode, name, barcode, unitOfMeasure, unitPrice, vatRate });
}

/** Forgets what was learned about a code (the core refused it or asked about it). */
export function forgetScan(code: string, warehouseId: number | null): void {
  known.delete(keyOf(warehouseId, code));
}

/**
 * The line a scan of `code` (`quantity` of it) is expected to make on `session`, from what the core
 * said last time; undefined when this page has not seen the core add it plainly.
 */
export function expectLine(
  session: SessionView | null,
  code: string,
  quantity: number,
): ExpectedLine | undefined {
  if (session === null) return undefined;
  const product = known.get(keyOf(session.warehouseId, code));
  if (product === undefined) return undefined;
  const token = nextToken++;
  // As the core joins a counted item (db/sessions.ts joinCountedLine): the first line of the same
  // product at the same price, no price entered at the till and no discount of its own.
  const joined = session.lines.find(
    (l) =>
      l.productId === product.productId &&
      l.unitPrice === product.unitPrice &&
      l.priceEntered !== true &&
      l.adjustment === undefined &&
      l.problem === undefined,
  );
  if (joined !== undefined) {
    const more = joined.quantity + quantity;
    return {
      token,
      joins: joined.id,
      line: { ...joined, quantity: more, lineTotal: joined.lineTotal + product.unitPrice * quantity },
    };
  }
  return {
    token,
    joins: null,
    line: { ...product, id: UNSTORED, quantity, lineTotal: product.unitPrice * quantity },
  };
}

/** The lines to show: the stored ones with the expected line in its place (joined, or last). */
export function shownLines(
  lines: readonly SessionLineView[],
  expected: ExpectedLine | null,
): readonly SessionLineView[] {
  if (expected === null) return lines;
  if (expected.joins === null) return [...lines, expected.line];
  // The line it joins may have gone meanwhile (removed in another tab): then it shows as new.
  if (!lines.some((l) => l.id === expected.joins)) return [...lines, { ...expected.line, id: UNSTORED }];
  return lines.map((l) => (l.id === expected.joins ? expected.line : l));
}

/** The index of the expected line among shownLines(lines, expected), or undefined. */
export function expectedIndex(
  shown: readonly SessionLineView[],
  expected: ExpectedLine | null,
): number | undefined {
  if (expected === null) return undefined;
  const id = expected.joins ?? UNSTORED;
  const at = shown.findIndex((l) => l.id === id);
  return at >= 0 ? at : shown.findIndex((l) => l.id === UNSTORED);
}

/**
 * The React key of each stored line first shown early: the key its early row had, so the row the
 * answer brings is the same element (a field in it keeps its focus, nothing flickers). Bounded: a
 * page keeps the keys of its last few hundred such lines.
 */
const rowKeys = new Map<SessionLineView['id'], string>();
const ROW_KEYS_KEPT = 500;

/** The row key of the expected line `expected` (before the core stored it). */
function earlyKey(expected: ExpectedLine): string {
  return `early-${String(expected.token)}`;
}

/** The stored line `id` is the one `expected` showed early (the core's answer): it keeps that row. */
export function storedAs(expected: ExpectedLine, id: SessionLineView['id']): void {
  if (expected.joins !== null) return;
  rowKeys.set(id, earlyKey(expected));
  if (rowKeys.size > ROW_KEYS_KEPT) rowKeys.delete(rowKeys.keys().next().value ?? id);
}

/** The React key of a shown line's row. */
export function rowKey(line: SessionLineView, expected: ExpectedLine | null): string {
  if (expected !== null && isUnstored(line.id)) return earlyKey(expected);
  return rowKeys.get(line.id) ?? String(line.id);
}

/** True for the id of a line shown before the core stored it. */
export function isUnstored(id: SessionLineView['id']): boolean {
  return id === UNSTORED;
}

/** Forgets everything learned (a test's fresh start). */
export function forgetScans(): void {
  known.clear();
}
