// Typed queries of shopping sessions (migration 4). No function here opens a transaction: the
// counter wraps each user action (scan, edit, close + outbox insert) in one of its own.
import { prepared } from './prepared.ts';
import { z } from 'zod';
import type { Db } from './database.ts';
import { Tender } from '../contract/contract.ts';
import { addQuantities, minor, roundToMinor, toMajor, type Minor } from '../common/money.ts';
import { UnitPriceColumn, unitPriceText } from './unit-price.ts';
import { lazy } from '../common/lazy.ts';

/** The states stored in the state column. */
export const SESSION_STATES = ['open', 'closed', 'cancelled'] as const;
/** A parked session is stored open with its parkedAt (migration 13): set aside, to be recalled. */
export type ShoppingSessionState = (typeof SESSION_STATES)[number] | 'parked';
export const LINE_KINDS = ['unit', 'weight', 'price'] as const;
/** unit: counted pieces; weight: quantity read from a weight label; price: amount read from a price label. */
export type SessionLineKind = (typeof LINE_KINDS)[number];

/** The customer card as the session keeps it (the service's CompanyCard fields). */
export const SessionCard = lazy(() =>
  z.object({
    id: z.number().int().optional(),
    companyId: z.number().int().optional(),
    barcode: z.string().optional(),
    name: z.string().optional(),
    discount: z.number().optional(),
    discountAmount: z.number().optional(),
    discountGroupId: z.number().int().optional(),
    isInvalid: z.boolean().optional(),
    validFrom: z.string().optional(),
    validTo: z.string().optional(),
    note: z.string().optional(),
  }),
);
export type SessionCard = z.infer<typeof SessionCard>;

export interface SessionCustomer {
  readonly companyId: number;
  readonly card: SessionCard;
  readonly source: 'online' | 'offline';
  /** What the customer still owes (financial receivables), where known. */
  readonly owesMinor: Minor | null;
}

/**
 * A discount or price override set on a line at the till: percent off the line, or the unit price
 * charged instead of the line's own (which stays, as the original). Who set it: a manager (the PIN
 * opened the lock) or the till with no manager PIN set; when, ISO UTC.
 */
export const LineAdjustment = lazy(() =>
  z.strictObject({
    kind: z.enum(['percent', 'price']),
    value: z.number().positive(),
    by: z.enum(['manager', 'till']),
    at: z.string(),
  }),
);
export type LineAdjustment = z.infer<typeof LineAdjustment>;

export interface SessionLine {
  readonly id: number;
  readonly sessionId: number;
  readonly stockItemId: number | null;
  readonly productId: number;
  readonly productCode: string | null;
  readonly name: string;
  readonly barcode: string | null;
  readonly kind: SessionLineKind;
  readonly quantity: number;
  readonly unitOfMeasure: string | null;
  /** Gross, per unit: an exact decimal (stored as its text, migration 28), read as the number it prints as. */
  readonly unitPrice: number;
  readonly vatRate: number;
  /** A price label's amount: the line's total as printed. */
  readonly fixedTotalMinor: Minor | null;
  /** The stock item prohibits discounts: the customer's card takes nothing off this line. */
  readonly noDiscount: boolean;
  /** The unit price was entered at the till (the catalog had no usable one), not the catalog's. */
  readonly priceEntered: boolean;
  /** A discount or price override set at the till; null: none. */
  readonly adjustment: LineAdjustment | null;
  readonly addedAt: string;
}

export type NewSessionLine = Omit<SessionLine, 'id' | 'sessionId' | 'addedAt' | 'adjustment'>;

/** An amount rounded to whole cents (the difference of two stored amounts, 50 - 30.1). */
const roundedToMinor = (n: number): number => toMajor(roundToMinor(n));

/**
 * A tender as an older version kept it, before split payments: one method, the amount handed over
 * (cash) or charged (card), and the change. Read as the one part it was.
 */
const SingleTender = lazy(() =>
  z
    .strictObject({
      method: z.enum(['cash', 'card']),
      given: z.number().nonnegative(),
      change: z.number().nonnegative(),
    })
    .transform((old): Tender =>
      old.method === 'card'
        ? { parts: [{ method: 'card', amount: old.given }], change: 0 }
        : {
            parts: [{ method: 'cash', amount: roundedToMinor(old.given - old.change), given: old.given }],
            change: old.change,
          },
    ),
);

/** A stored tender: today's parts, or an older single one (read as its one part). */
export const StoredTender = lazy(() => z.union([Tender, SingleTender]));

/** The default customer (Settings) a sale without a scanned card was sold to. */
export const WalkInCustomer = lazy(() => z.strictObject({ companyId: z.number().int(), name: z.string() }));
export type WalkInCustomer = z.infer<typeof WalkInCustomer>;

export interface ShoppingSession {
  readonly id: number;
  readonly state: ShoppingSessionState;
  readonly warehouseId: number | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly closedAt: string | null;
  /** When the sale was set aside; null unless parked. */
  readonly parkedAt: string | null;
  readonly customer: SessionCustomer | null;
  readonly outboxOrderId: number | null;
  readonly tender: Tender | null;
  readonly walkIn: WalkInCustomer | null;
  readonly lines: readonly SessionLine[];
}

const SessionRow = lazy(() =>
  z.object({
    id: z.number().int(),
    state: z.enum(SESSION_STATES),
    warehouseId: z.number().int().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    closedAt: z.string().nullable(),
    customerCompanyId: z.number().int().nullable(),
    customerCard: z.string().nullable(),
    customerSource: z.enum(['online', 'offline']).nullable(),
    customerOwesMinor: z.number().int().transform(minor).nullable(),
    outboxOrderId: z.number().int().nullable(),
    tender: z.string().nullable(),
    walkIn: z.string().nullable(),
    parkedAt: z.string().nullable(),
  }),
);

/**
 * A number as SQLite hands it back, infinities included: an older version could store a gross price
 * worked out to Infinity, and the sale must still load (the counter reports that line).
 */
const storedNumber = lazy(() =>
  z.custom<number>((v) => typeof v === 'number' && !Number.isNaN(v), 'a number'),
);

const LineRow = lazy(() =>
  z.object({
    id: z.number().int(),
    sessionId: z.number().int(),
    stockItemId: z.number().int().nullable(),
    productId: z.number().int(),
    productCode: z.string().nullable(),
    name: z.string(),
    barcode: z.string().nullable(),
    kind: z.enum(LINE_KINDS),
    quantity: storedNumber,
    unitOfMeasure: z.string().nullable(),
    unitPrice: UnitPriceColumn,
    vatRate: storedNumber,
    fixedTotalMinor: z.number().int().transform(minor).nullable(),
    noDiscount: z.union([z.literal(0), z.literal(1)]).transform((v) => v === 1),
    priceEntered: z.union([z.literal(0), z.literal(1)]).transform((v) => v === 1),
    adjustment: z
      .string()
      .nullable()
      .transform((v) => (v === null ? null : LineAdjustment.parse(JSON.parse(v)))),
    addedAt: z.string(),
  }),
);

/** Lines as last parsed on a connection, by id, with the row each was parsed from. */
const parsedLines = new WeakMap<Db, Map<number, { readonly row: object; readonly line: SessionLine }>>();
/** More kept than this and the connection's lines are forgotten (parsed anew when read). */
const PARSED_LINES_KEPT = 500;

/**
 * A line as the session keeps it (its `removedAt` is the journal's: zod leaves it out). A sale's
 * lines are read back on every scan, and all but the one scanned are as they were: a row equal,
 * column for column, to one parsed before on this connection is that line, checked then, and is not
 * parsed again (the parse was 7% of a scan's CPU in the core, test/bench/scan-core-profile.ts).
 */
function toLine(db: Db, raw: unknown): SessionLine {
  let kept = parsedLines.get(db);
  if (kept === undefined) {
    kept = new Map();
    parsedLines.set(db, kept);
  }
  const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
  const before = typeof id === 'number' ? kept.get(id) : undefined;
  if (before !== undefined && sameRow(before.row, raw as object)) return before.line;
  const line = LineRow.parse(raw);
  if (kept.size >= PARSED_LINES_KEPT) kept.clear();
  kept.set(line.id, { row: raw as object, line });
  return line;
}

/** The same columns with the same values (SQLite's: numbers, text, null). */
function sameRow(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let columns = 0;
  for (const k of Object.keys(y)) {
    if (!Object.hasOwn(x, k) || x[k] !== y[k]) return false;
    columns++;
  }
  return columns === Object.keys(x).length;
}

function toSession(db: Db, raw: unknown, lines?: readonly SessionLine[]): ShoppingSession {
  const r = SessionRow.parse(raw);
  const customer: SessionCustomer | null =
    r.customerCompanyId === null || r.customerCard === null
      ? null
      : {
          companyId: r.customerCompanyId,
          card: SessionCard.parse(JSON.parse(r.customerCard)),
          source: r.customerSource ?? 'offline',
          owesMinor: r.customerOwesMinor,
        };
  return {
    id: r.id,
    state: stateOf(r),
    warehouseId: r.warehouseId,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    closedAt: r.closedAt,
    parkedAt: r.parkedAt,
    customer,
    outboxOrderId: r.outboxOrderId,
    tender: r.tender === null ? null : StoredTender.parse(JSON.parse(r.tender)),
    walkIn: r.walkIn === null ? null : WalkInCustomer.parse(JSON.parse(r.walkIn)),
    lines: lines ?? sessionLines(db, r.id),
  };
}

function stateOf(r: {
  state: (typeof SESSION_STATES)[number];
  parkedAt: string | null;
}): ShoppingSessionState {
  return r.state === 'open' && r.parkedAt !== null ? 'parked' : r.state;
}

export function sessionLines(db: Db, sessionId: number): SessionLine[] {
  const rows: unknown[] = prepared(
    db,
    'SELECT * FROM shopping_session_line WHERE sessionId = +? AND removedAt IS NULL ORDER BY id', // +?: db/prepared.ts
  ).all(sessionId);
  return rows.map((row) => toLine(db, row));
}

/**
 * The quantities of the session's lines of one stock item, oldest first: what the stock rule judges
 * a scan by, without reading (and parsing) every line of the sale on each scan.
 */
export function sessionItemQuantities(db: Db, sessionId: number, stockItemId: number): number[] {
  const rows: unknown[] = prepared(
    db,
    // +?: not re-prepared at each call (db/prepared.ts).
    `SELECT quantity FROM shopping_session_line
       WHERE sessionId = +? AND stockItemId = +? AND removedAt IS NULL ORDER BY id`,
  )
    .pluck()
    .all(sessionId, stockItemId);
  return rows.map((q) => storedNumber.parse(q));
}

/**
 * Session `id`; with `lines`, its lines as sessionLines read them with nothing written to them since
 * (read again, they would be the same).
 */
export function getShoppingSession(
  db: Db,
  id: number,
  lines?: readonly SessionLine[],
): ShoppingSession | undefined {
  const row: unknown = prepared(db, 'SELECT * FROM shopping_session WHERE id = ?').get(id);
  return row === undefined ? undefined : toSession(db, row, lines);
}

/** The sale at the counter: open and not parked. */
const AT_COUNTER = "state = 'open' AND parkedAt IS NULL";

/** The terminal's open session, if any. */
export function currentShoppingSession(db: Db): ShoppingSession | undefined {
  const row: unknown = prepared(db, `SELECT * FROM shopping_session WHERE ${AT_COUNTER}`).get();
  return row === undefined ? undefined : toSession(db, row);
}

/**
 * The header's columns, built once: zod builds and compiles a new parser for every pick(), and one
 * per scan took ~0.3 ms of the core's ~1.6 ms on each scan (the scan-storm bench's core profile).
 */
const SessionHeaderRow = lazy(() =>
  SessionRow.pick({ id: true, state: true, warehouseId: true, parkedAt: true }),
);

/** A session's state and warehouse, without its lines (cheap: checked on every scan). */
export function shoppingSessionHeader(
  db: Db,
  id: number,
): { id: number; state: ShoppingSessionState; warehouseId: number | null } | undefined {
  const row: unknown = prepared(
    db,
    'SELECT id, state, warehouseId, parkedAt FROM shopping_session WHERE id = ?',
  ).get(id);
  if (row === undefined) return undefined;
  const r = SessionHeaderRow.parse(row);
  return { id: r.id, state: stateOf(r), warehouseId: r.warehouseId };
}

export function currentShoppingSessionId(db: Db): number | undefined {
  const id = prepared(db, `SELECT id FROM shopping_session WHERE ${AT_COUNTER}`).pluck().get();
  return typeof id === 'number' ? id : undefined;
}

/** The open session's id, creating the session when there is none. */
export function openShoppingSessionId(db: Db, warehouseId: number | null, now: Date): number {
  const open = prepared(db, `SELECT id FROM shopping_session WHERE ${AT_COUNTER}`).pluck().get();
  if (typeof open === 'number') return open;
  const at = now.toISOString();
  const info = prepared(
    db,

    "INSERT INTO shopping_session (state, warehouseId, createdAt, updatedAt) VALUES ('open', ?, ?, ?)",
  ).run(warehouseId, at, at);
  return Number(info.lastInsertRowid);
}

function touch(db: Db, sessionId: number, now: Date): void {
  prepared(db, 'UPDATE shopping_session SET updatedAt = ? WHERE id = ?').run(now.toISOString(), sessionId);
}

/**
 * Adds a line; a counted item scanned again adds to its existing line instead (weight and price
 * labels always get their own line: each label is one physical package). Returns the line.
 */
export function addSessionLine(db: Db, sessionId: number, line: NewSessionLine, now: Date): SessionLine {
  assertOpen(db, sessionId);
  const joined = joinCountedLine(db, sessionId, line, now);
  if (joined !== undefined) return joined;
  const info = prepared(
    db,

    `INSERT INTO shopping_session_line (sessionId, stockItemId, productId, productCode, name, barcode, kind,
         quantity, unitOfMeasure, unitPrice, vatRate, fixedTotalMinor, noDiscount, priceEntered, addedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    sessionId,
    line.stockItemId,
    line.productId,
    line.productCode,
    line.name,
    line.barcode,
    line.kind,
    line.quantity,
    line.unitOfMeasure,
    unitPriceText(line.unitPrice),
    line.vatRate,
    line.fixedTotalMinor,
    line.noDiscount ? 1 : 0,
    line.priceEntered ? 1 : 0,
    now.toISOString(),
  );
  touch(db, sessionId, now);
  return mustGetLine(db, Number(info.lastInsertRowid));
}

/**
 * A counted item already on the session at the same price takes `line`'s quantity onto its line
 * (returned); weight and price labels, items without a stock item, and the same item at another
 * price (one entered at the till) never join: undefined.
 */
function joinCountedLine(
  db: Db,
  sessionId: number,
  line: Pick<SessionLine, 'kind' | 'stockItemId' | 'quantity' | 'unitPrice' | 'priceEntered'> & {
    readonly adjustment?: LineAdjustment | null;
  },
  now: Date,
): SessionLine | undefined {
  // A line with a discount keeps it to itself: more of the item comes at its own price.
  if (line.kind !== 'unit' || line.stockItemId === null || (line.adjustment ?? null) !== null)
    return undefined;
  const existing: unknown = prepared(
    db,
    // +?: not re-prepared at each call (db/prepared.ts).
    `SELECT id, quantity FROM shopping_session_line WHERE sessionId = +? AND stockItemId = +? AND kind = 'unit'
       AND unitPrice = +? AND priceEntered = +? AND adjustment IS NULL AND removedAt IS NULL
       ORDER BY id LIMIT 1`,
  ).get(sessionId, line.stockItemId, unitPriceText(line.unitPrice), line.priceEntered ? 1 : 0);
  if (existing === undefined) return undefined;
  const twin = JoinedLine.parse(existing);
  // Added here in thousandths, not by SQL's float add: 0.57 + 1 is 1.57, not 1.5699999999999998.
  // The sum is the caller's to check as every quantity is (the counter refuses one beyond a line's most).
  prepared(db, 'UPDATE shopping_session_line SET quantity = ? WHERE id = ?').run(
    addQuantities(twin.quantity, line.quantity),
    twin.id,
  );
  touch(db, sessionId, now);
  return mustGetLine(db, twin.id);
}

const JoinedLine = lazy(() => z.object({ id: z.number().int(), quantity: z.number() }));

export function getSessionLine(db: Db, sessionId: number, lineId: number): SessionLine | undefined {
  const row: unknown = prepared(
    db,
    'SELECT * FROM shopping_session_line WHERE id = ? AND sessionId = ? AND removedAt IS NULL',
  ).get(lineId, sessionId);
  return row === undefined ? undefined : toLine(db, row);
}

function mustGetLine(db: Db, lineId: number): SessionLine {
  const row: unknown = prepared(db, 'SELECT * FROM shopping_session_line WHERE id = ?').get(lineId);
  return toLine(db, row);
}

/**
 * Sets `set` (columns = ?, bound to `values`) on a line of the session not taken off, and touches the
 * session when it did; false when there is no such line. The caller has checked the session is open.
 */
function updateSessionLine(
  db: Db,
  sessionId: number,
  lineId: number,
  set: string,
  values: readonly (string | number | null)[],
  now: Date,
): boolean {
  const info = prepared(
    db,
    `UPDATE shopping_session_line SET ${set} WHERE id = ? AND sessionId = ? AND removedAt IS NULL`,
  ).run(...values, lineId, sessionId);
  if (info.changes === 1) touch(db, sessionId, now);
  return info.changes === 1;
}

/** Sets a line's quantity (and, for a price label, its printed total); false when no such line. */
export function setSessionLineQuantity(
  db: Db,
  sessionId: number,
  lineId: number,
  quantity: number,
  fixedTotalMinor: Minor | null,
  now: Date,
): boolean {
  assertOpen(db, sessionId);
  return updateSessionLine(
    db,
    sessionId,
    lineId,
    'quantity = ?, fixedTotalMinor = ?',
    [quantity, fixedTotalMinor],
    now,
  );
}

/** Sets (or, with null, takes off) a line's discount or price override; false when no such line. */
export function setSessionLineAdjustment(
  db: Db,
  sessionId: number,
  lineId: number,
  adjustment: LineAdjustment | null,
  now: Date,
): boolean {
  assertOpen(db, sessionId);
  const stored = adjustment === null ? null : JSON.stringify(LineAdjustment.parse(adjustment));
  return updateSessionLine(db, sessionId, lineId, 'adjustment = ?', [stored], now);
}

/** Takes a line off the session (kept, marked removed, so it can be restored); false when no such line. */
export function removeSessionLine(db: Db, sessionId: number, lineId: number, now: Date): boolean {
  assertOpen(db, sessionId);
  return updateSessionLine(db, sessionId, lineId, 'removedAt = ?', [now.toISOString()], now);
}

/**
 * Puts a removed line back (undo). A counted item scanned again since its removal has a line of its
 * own by now: the restored quantity joins that line instead of making a second one. Returns the line
 * the quantity is on, or undefined when `lineId` is not a removed line of the session.
 */
export function restoreSessionLine(
  db: Db,
  sessionId: number,
  lineId: number,
  now: Date,
): SessionLine | undefined {
  assertOpen(db, sessionId);
  const row: unknown = prepared(
    db,
    'SELECT * FROM shopping_session_line WHERE id = ? AND sessionId = ? AND removedAt IS NOT NULL',
  ).get(lineId, sessionId);
  if (row === undefined) return undefined;
  const joined = joinCountedLine(db, sessionId, toLine(db, row), now);
  if (joined !== undefined) {
    // Its quantity lives on the twin now: the removed row goes, so it cannot be restored twice.
    prepared(db, 'DELETE FROM shopping_session_line WHERE id = ?').run(lineId);
    return joined;
  }
  prepared(db, 'UPDATE shopping_session_line SET removedAt = NULL WHERE id = ?').run(lineId);
  touch(db, sessionId, now);
  return mustGetLine(db, lineId);
}

export function attachSessionCustomer(db: Db, sessionId: number, customer: SessionCustomer, now: Date): void {
  assertOpen(db, sessionId);
  prepared(
    db,
    `UPDATE shopping_session SET customerCompanyId = ?, customerCard = ?, customerSource = ?, customerOwesMinor = ?,
       updatedAt = ? WHERE id = ?`,
  ).run(
    customer.companyId,
    JSON.stringify(SessionCard.parse(customer.card)),
    customer.source,
    customer.owesMinor,
    now.toISOString(),
    sessionId,
  );
}

/**
 * Moves an open session that has no lines yet to the terminal's warehouse (chosen, or changed, after
 * the session was opened). A session with lines keeps its warehouse: they were resolved in it.
 * Returns whether the session now has `warehouseId`.
 */
export function adoptSessionWarehouse(db: Db, sessionId: number, warehouseId: number, now: Date): boolean {
  const info = prepared(
    db,
    `UPDATE shopping_session SET warehouseId = ?, updatedAt = ?
       WHERE id = ? AND state = 'open' AND parkedAt IS NULL AND warehouseId IS NOT ?
         AND NOT EXISTS (SELECT 1 FROM shopping_session_line WHERE sessionId = ?)`,
  ).run(warehouseId, now.toISOString(), sessionId, warehouseId, sessionId);
  return info.changes === 1;
}

export interface SessionClosing {
  readonly tender?: Tender | null;
  readonly walkIn?: WalkInCustomer | null;
}

/**
 * Marks the session closed with the order it became (call in the transaction that inserted it),
 * with how it was paid and, when no card was scanned, the walk-in customer it went to.
 */
export function closeShoppingSession(
  db: Db,
  sessionId: number,
  outboxOrderId: number,
  now: Date,
  closing: SessionClosing = {},
): void {
  assertOpen(db, sessionId);
  const at = now.toISOString();
  const tender = closing.tender == null ? null : JSON.stringify(Tender.parse(closing.tender));
  const walkIn = closing.walkIn == null ? null : JSON.stringify(WalkInCustomer.parse(closing.walkIn));
  prepared(
    db,
    `UPDATE shopping_session SET state = 'closed', outboxOrderId = ?, closedAt = ?, updatedAt = ?,
       tender = ?, walkIn = ? WHERE id = ?`,
  ).run(outboxOrderId, at, at, tender, walkIn, sessionId);
}

/** The session an order was closed from, if it came from the counter. */
export function sessionOfOrder(db: Db, outboxOrderId: number): ShoppingSession | undefined {
  const row: unknown = prepared(db, 'SELECT * FROM shopping_session WHERE outboxOrderId = ?').get(
    outboxOrderId,
  );
  return row === undefined ? undefined : toSession(db, row);
}

export function cancelShoppingSession(db: Db, sessionId: number, now: Date): void {
  assertOpen(db, sessionId);
  const at = now.toISOString();
  prepared(
    db,
    "UPDATE shopping_session SET state = 'cancelled', closedAt = ?, updatedAt = ? WHERE id = ?",
  ).run(at, at, sessionId);
}

/**
 * Sets the open session aside (park): it keeps its lines and customer and is no longer the one at
 * the counter, so the next scan starts a new sale.
 */
export function parkShoppingSession(db: Db, sessionId: number, now: Date): void {
  assertOpen(db, sessionId);
  const at = now.toISOString();
  prepared(db, 'UPDATE shopping_session SET parkedAt = ?, updatedAt = ? WHERE id = ?').run(at, at, sessionId);
}

/** Brings a parked session back to the counter; call with no other session open there. */
export function recallShoppingSession(db: Db, sessionId: number, now: Date): void {
  assertState(db, sessionId, 'parked');
  prepared(db, 'UPDATE shopping_session SET parkedAt = NULL, updatedAt = ? WHERE id = ?').run(
    now.toISOString(),
    sessionId,
  );
}

/** The parked sessions, the longest parked first. */
export function parkedShoppingSessions(db: Db): ShoppingSession[] {
  const rows: unknown[] = prepared(
    db,
    "SELECT * FROM shopping_session WHERE state = 'open' AND parkedAt IS NOT NULL ORDER BY parkedAt, id",
  ).all();
  return rows.map((row) => toSession(db, row));
}

export function parkedSessionCount(db: Db): number {
  const count = prepared(
    db,
    "SELECT count(*) FROM shopping_session WHERE state = 'open' AND parkedAt IS NOT NULL",
  )
    .pluck()
    .get();
  return typeof count === 'number' ? count : 0;
}

export class SessionStateError extends Error {
  override name = 'SessionStateError';
}

/** Throws unless the session is the one at the counter (open, not parked). */
function assertOpen(db: Db, sessionId: number): void {
  assertState(db, sessionId, 'open');
}

function assertState(db: Db, sessionId: number, wanted: ShoppingSessionState): void {
  const state = shoppingSessionHeader(db, sessionId)?.state;
  if (state === undefined) throw new SessionStateError(`Shopping session ${sessionId} does not exist.`);
  if (state !== wanted) throw new SessionStateError(`Shopping session ${sessionId} is ${state}.`);
}
