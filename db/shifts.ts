// Typed queries of shifts, the cash paid in and out during them, and the figures each closed sale
// leaves behind (migration 17). Amounts are integer minor units. No function here opens a
// transaction: main/shift and the counter wrap each action (open, close, a sale) in one of their own.
import { z } from 'zod';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';
import { lazy } from '../common/lazy.ts';

const minor = lazy(() => z.number().int());
const flag = lazy(() =>
  z
    .union([z.literal(0), z.literal(1)])
    .nullable()
    .transform((v) => (v === null ? null : v === 1)),
);

const ShiftRow = lazy(() =>
  z.object({
    id: z.number().int(),
    state: z.enum(['open', 'closed']),
    openedAt: z.string(),
    openedBy: z.number().int().nullable(),
    floatMinor: minor,
    closedAt: z.string().nullable(),
    closedBy: z.number().int().nullable(),
    countedMinor: minor.nullable(),
    expectedMinor: minor.nullable(),
    differenceMinor: minor.nullable(),
    overLimit: flag,
    managerApproved: flag,
    zReport: z.string().nullable(),
  }),
);
export type ShiftRow = z.output<typeof ShiftRow>;

/** The till's open shift, if any. */
export function openShiftRow(db: Db): ShiftRow | undefined {
  const row: unknown = prepared(db, "SELECT * FROM shift WHERE state = 'open'").get();
  return row === undefined ? undefined : ShiftRow.parse(row);
}

export function openShiftId(db: Db): number | undefined {
  const id: unknown = prepared(db, "SELECT id FROM shift WHERE state = 'open'").pluck().get();
  return typeof id === 'number' ? id : undefined;
}

export function getShiftRow(db: Db, id: number): ShiftRow | undefined {
  const row: unknown = prepared(db, 'SELECT * FROM shift WHERE id = ?').get(id);
  return row === undefined ? undefined : ShiftRow.parse(row);
}

/**
 * The shift closed last, if any: the highest id, as one shift is open at a time and each opens after
 * the last one closed. Never the latest closedAt: a shift closed while the clock ran ahead would stay
 * "last" after the clock was put right.
 */
export function lastClosedShiftRow(db: Db): ShiftRow | undefined {
  const row: unknown = prepared(
    db,
    "SELECT * FROM shift WHERE state = 'closed' ORDER BY id DESC LIMIT 1",
  ).get();
  return row === undefined ? undefined : ShiftRow.parse(row);
}

/** Opens a shift; call with none open (the unique index refuses a second one). Returns its id. */
export function insertShift(
  db: Db,
  shift: { floatMinor: number; openedBy: number | null; now: Date },
): number {
  const info = prepared(
    db,
    "INSERT INTO shift (state, openedAt, openedBy, floatMinor) VALUES ('open', ?, ?, ?)",
  ).run(shift.now.toISOString(), shift.openedBy, shift.floatMinor);
  return Number(info.lastInsertRowid);
}

export interface ShiftClosing {
  readonly closedBy: number | null;
  readonly countedMinor: number;
  readonly expectedMinor: number;
  readonly differenceMinor: number;
  readonly overLimit: boolean;
  readonly managerApproved: boolean;
  /** The Z report as it is at close (JSON), kept as it was. */
  readonly zReport: string;
  readonly now: Date;
}

/** Closes open shift `id`; false when it is not open (closed already, by another process). */
export function closeShiftRow(db: Db, id: number, closing: ShiftClosing): boolean {
  const info = prepared(
    db,
    `UPDATE shift SET state = 'closed', closedAt = ?, closedBy = ?, countedMinor = ?, expectedMinor = ?,
       differenceMinor = ?, overLimit = ?, managerApproved = ?, zReport = ?
     WHERE id = ? AND state = 'open'`,
  ).run(
    closing.now.toISOString(),
    closing.closedBy,
    closing.countedMinor,
    closing.expectedMinor,
    closing.differenceMinor,
    closing.overLimit ? 1 : 0,
    closing.managerApproved ? 1 : 0,
    closing.zReport,
    id,
  );
  return info.changes === 1;
}

// ---------- cash paid in and out ----------

export type CashDirection = 'in' | 'out';

const CashMoveRow = lazy(() =>
  z.object({
    id: z.number().int(),
    shiftId: z.number().int(),
    direction: z.enum(['in', 'out']),
    amountMinor: minor,
    reason: z.string(),
    cashierId: z.number().int().nullable(),
    at: z.string(),
  }),
);
export type CashMoveRow = z.output<typeof CashMoveRow>;

export function insertCashMove(
  db: Db,
  move: {
    shiftId: number;
    direction: CashDirection;
    amountMinor: number;
    reason: string;
    cashierId: number | null;
    now: Date;
  },
): CashMoveRow {
  const info = prepared(
    db,
    `INSERT INTO shift_cash_move (shiftId, direction, amountMinor, reason, cashierId, at)
       VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(move.shiftId, move.direction, move.amountMinor, move.reason, move.cashierId, move.now.toISOString());
  return CashMoveRow.parse(
    prepared(db, 'SELECT * FROM shift_cash_move WHERE id = ?').get(Number(info.lastInsertRowid)),
  );
}

export function cashMoves(db: Db, shiftId: number): CashMoveRow[] {
  const rows: unknown[] = prepared(db, 'SELECT * FROM shift_cash_move WHERE shiftId = ? ORDER BY id').all(
    shiftId,
  );
  return rows.map((r) => CashMoveRow.parse(r));
}

// ---------- what a sale leaves behind ----------

/** Whose and which shift's: the shift open when it was closed or voided, the cashier signed in. */
export interface SaleAttribution {
  readonly shiftId: number | null;
  readonly cashierId: number | null;
}

export type PaymentMethod = 'cash' | 'card' | 'unsaid';

export interface SaleFigures {
  readonly totalMinor: number;
  readonly byVatRate: readonly {
    vatRate: number;
    baseMinor: number;
    vatMinor: number;
    grossMinor: number;
  }[];
  /**
   * One per way of paying; 'unsaid': the sale was placed without saying how it was paid. The amount is
   * what that way of paying took: for cash its share of the total rounded to what can be paid, the
   * rounding being `roundingMinor` (0 for a card, and cash not rounded).
   */
  readonly payments: readonly {
    method: PaymentMethod;
    amountMinor: number;
    givenMinor: number;
    changeMinor: number;
    roundingMinor: number;
  }[];
}

/** A closed sale's shift, cashier and figures: call in the transaction that closes it. */
export function recordSale(db: Db, sessionId: number, who: SaleAttribution, figures: SaleFigures): void {
  prepared(db, 'UPDATE shopping_session SET shiftId = ?, cashierId = ?, totalMinor = ? WHERE id = ?').run(
    who.shiftId,
    who.cashierId,
    figures.totalMinor,
    sessionId,
  );
  const vat = prepared(
    db,
    'INSERT INTO sale_vat (sessionId, vatRate, baseMinor, vatMinor, grossMinor) VALUES (?, ?, ?, ?, ?)',
  );
  for (const v of figures.byVatRate) vat.run(sessionId, v.vatRate, v.baseMinor, v.vatMinor, v.grossMinor);
  const payment = prepared(
    db,
    `INSERT INTO sale_payment (sessionId, method, amountMinor, givenMinor, changeMinor, roundingMinor)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  for (const p of figures.payments)
    payment.run(sessionId, p.method, p.amountMinor, p.givenMinor, p.changeMinor, p.roundingMinor);
}

/** A voided sale's shift, cashier and what it came to: call in the transaction that voids it. */
export function recordVoid(db: Db, sessionId: number, who: SaleAttribution, totalMinor: number): void {
  prepared(db, 'UPDATE shopping_session SET shiftId = ?, cashierId = ?, totalMinor = ? WHERE id = ?').run(
    who.shiftId,
    who.cashierId,
    totalMinor,
    sessionId,
  );
}

// ---------- the shift's figures, added up in SQL ----------

const Sum = lazy(() => z.object({ count: z.number().int(), grossMinor: minor }));

/** Closed sales (state 'closed') or voided ones ('cancelled') of a shift: how many, what they came to. */
export function shiftSessionSum(db: Db, shiftId: number, state: 'closed' | 'cancelled') {
  return Sum.parse(
    prepared(
      db,
      `SELECT count(*) AS count, coalesce(sum(totalMinor), 0) AS grossMinor
         FROM shopping_session WHERE shiftId = ? AND state = ?`,
    ).get(shiftId, state),
  );
}

export function shiftVatSums(db: Db, shiftId: number) {
  const rows: unknown[] = prepared(
    db,
    `SELECT v.vatRate, sum(v.baseMinor) AS baseMinor, sum(v.vatMinor) AS vatMinor, sum(v.grossMinor) AS grossMinor
       FROM sale_vat v JOIN shopping_session s ON s.id = v.sessionId
      WHERE s.shiftId = ? AND s.state = 'closed'
      GROUP BY v.vatRate ORDER BY v.vatRate`,
  ).all(shiftId);
  return rows.map((r) =>
    z.object({ vatRate: z.number(), baseMinor: minor, vatMinor: minor, grossMinor: minor }).parse(r),
  );
}

export function shiftPaymentSums(db: Db, shiftId: number) {
  const rows: unknown[] = prepared(
    db,
    `SELECT p.method, count(*) AS count, sum(p.amountMinor) AS amountMinor, sum(p.givenMinor) AS givenMinor,
            sum(p.changeMinor) AS changeMinor, sum(p.roundingMinor) AS roundingMinor
       FROM sale_payment p JOIN shopping_session s ON s.id = p.sessionId
      WHERE s.shiftId = ? AND s.state = 'closed'
      GROUP BY p.method ORDER BY p.method`,
  ).all(shiftId);
  return rows.map((r) =>
    z
      .object({
        method: z.enum(['cash', 'card', 'unsaid']),
        count: z.number().int(),
        amountMinor: minor,
        givenMinor: minor,
        changeMinor: minor,
        roundingMinor: minor,
      })
      .parse(r),
  );
}

/** Per cashier (null: nobody signed in): sales and voids of the shift. */
export function shiftCashierSums(db: Db, shiftId: number) {
  const rows: unknown[] = prepared(
    db,
    `SELECT s.cashierId, c.name,
            sum(s.state = 'closed') AS sales, coalesce(sum(CASE WHEN s.state = 'closed' THEN s.totalMinor END), 0) AS grossMinor,
            sum(s.state = 'cancelled') AS voids, coalesce(sum(CASE WHEN s.state = 'cancelled' THEN s.totalMinor END), 0) AS voidedMinor
       FROM shopping_session s LEFT JOIN cashier c ON c.id = s.cashierId
      WHERE s.shiftId = ?
      GROUP BY s.cashierId ORDER BY s.cashierId`,
  ).all(shiftId);
  return rows.map((r) =>
    z
      .object({
        cashierId: z.number().int().nullable(),
        name: z.string().nullable(),
        sales: z.number().int(),
        grossMinor: minor,
        voids: z.number().int(),
        voidedMinor: minor,
      })
      .parse(r),
  );
}

/** Paid in and out during the shift. */
export function shiftCashMoveSums(db: Db, shiftId: number): { inMinor: number; outMinor: number } {
  return z.object({ inMinor: minor, outMinor: minor }).parse(
    prepared(
      db,
      `SELECT coalesce(sum(CASE WHEN direction = 'in' THEN amountMinor END), 0) AS inMinor,
                coalesce(sum(CASE WHEN direction = 'out' THEN amountMinor END), 0) AS outMinor
           FROM shift_cash_move WHERE shiftId = ?`,
    ).get(shiftId),
  );
}

/**
 * Orders cancelled on the instance while the shift was open (their ids: the outbox's bookkeeping,
 * main/outbox ordersCancelledInShift): how many, what their sales came to, and the cash those sales
 * took (net of change), which went back to the customers from this drawer.
 */
export function shiftCancellationSums(db: Db, cancelledOrderIds: readonly number[]) {
  return z.object({ count: z.number().int(), grossMinor: minor, cashRefundedMinor: minor }).parse(
    prepared(
      db,
      `SELECT count(*) AS count, coalesce(sum(s.totalMinor), 0) AS grossMinor,
                coalesce(sum(p.givenMinor - p.changeMinor), 0) AS cashRefundedMinor
           FROM json_each(?) c
           LEFT JOIN shopping_session s ON s.outboxOrderId = c.value
           LEFT JOIN sale_payment p ON p.sessionId = s.id AND p.method = 'cash'
          -- An order deleted as a return's document is that return's: its refund is counted there.
          WHERE c.value NOT IN (SELECT documentOrderId FROM till_return
                                 WHERE route = 'delete' AND documentOrderId IS NOT NULL)`,
    ).get(JSON.stringify(cancelledOrderIds)),
  );
}

const SaleRow = lazy(() =>
  z.object({
    sessionId: z.number().int(),
    orderId: z.number().int(),
    closedAt: z.string(),
    totalMinor: minor.nullable(),
    cashierId: z.number().int().nullable(),
    receiptNumber: z.number().int().nullable(),
  }),
);
export type ShiftSaleRow = z.output<typeof SaleRow>;

/** Each sale the shift placed, in order (where its order is now is the outbox's: main/shift asks it). */
export function shiftSales(db: Db, shiftId: number): ShiftSaleRow[] {
  return z.array(SaleRow).parse(
    prepared(
      db,
      `SELECT s.id AS sessionId, s.outboxOrderId AS orderId, s.closedAt, s.totalMinor, s.cashierId,
              r.number AS receiptNumber
         FROM shopping_session s
         LEFT JOIN receipt r ON r.orderId = s.outboxOrderId
        WHERE s.shiftId = ? AND s.state = 'closed' AND s.outboxOrderId IS NOT NULL
        ORDER BY s.closedAt, s.id`,
    ).all(shiftId),
  );
}

/** The first and last receipt number the shift's sales were given (null: none numbered). */
export function shiftReceiptNumbers(db: Db, shiftId: number): { first: number | null; last: number | null } {
  return z.object({ first: z.number().int().nullable(), last: z.number().int().nullable() }).parse(
    prepared(
      db,
      `SELECT min(r.number) AS first, max(r.number) AS last
           FROM shopping_session s JOIN receipt r ON r.orderId = s.outboxOrderId
          WHERE s.shiftId = ? AND s.state = 'closed'`,
    ).get(shiftId),
  );
}
