// Typed queries of returns (migration 26): the lines each closed sale was paid for (sold_line), the
// returns made against them, their lines and what each tender paid out. No function here opens a
// transaction: main/returns takes the write lock first, then checks what is left and writes the
// return, so two returns at once cannot both take the same quantity.
import { z } from 'zod';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';
import { UnitPriceColumn, unitPriceText } from './unit-price.ts';
import { lazy } from '../common/lazy.ts';
import { decimal, vatWithin } from '../common/money.ts';
import { InstanceFigure, JOINED_ORDERS } from './outbox.ts';
import type { OutboxState } from '../contract/order.ts';
import type { ReturnState } from '../contract/returns.ts';

const int = lazy(() => z.number().int());

/**
 * Who hears that a return row was written: every write of till_return goes through this file and says
 * so here, in this process (the core tells its pages, main/core/core.ts; a write by `pos return` in
 * another process is not heard). Said inside the writer's transaction: a listener defers its work.
 */
const writtenListeners = new Set<(db: Db) => void>();

/** Hears each write of a return row (its database); returns the stop. */
export function onReturnsWritten(listener: (db: Db) => void): () => void {
  writtenListeners.add(listener);
  return () => writtenListeners.delete(listener);
}

function returnWritten(db: Db): void {
  for (const listener of writtenListeners) listener(db);
}

/** A line of a closed sale as the customer paid for it. */
export const SoldLine = lazy(() =>
  z.object({
    sessionId: int,
    lineNo: int,
    productId: int,
    productCode: z.string().nullable(),
    name: z.string(),
    kind: z.enum(['unit', 'weight', 'price']),
    quantityMilli: int,
    unitOfMeasure: z.string().nullable(),
    /** Gross, per unit: stored as its exact decimal text (migration 31), read as the number it prints as. */
    unitPrice: z.number(),
    vatRate: z.number(),
    grossMinor: int,
    paidMinor: int,
  }),
);
export type SoldLine = z.infer<typeof SoldLine>;

/** A row of sold_line as stored: the unit price is its decimal text. */
const SoldLineRow = lazy(() => SoldLine.extend({ unitPrice: UnitPriceColumn }));

/** Stores a closed sale's lines as paid: call in the transaction that closes it. */
export function insertSoldLines(db: Db, lines: readonly SoldLine[]): void {
  const insert = prepared(
    db,
    `INSERT INTO sold_line (sessionId, lineNo, productId, productCode, name, kind, quantityMilli, unitOfMeasure,
       unitPrice, vatRate, grossMinor, paidMinor)
     VALUES (@sessionId, @lineNo, @productId, @productCode, @name, @kind, @quantityMilli, @unitOfMeasure,
       @unitPrice, @vatRate, @grossMinor, @paidMinor)`,
  );
  for (const line of lines) {
    const row = SoldLine.parse(line);
    insert.run({ ...row, unitPrice: unitPriceText(row.unitPrice) });
  }
}

/**
 * A sale's lines as paid: this till's own (`till` null), or another till's sale as its journal gave
 * them (store_sold_line, migration 34: `sessionId` is that till's number).
 */
export function soldLines(db: Db, sessionId: number, till: string | null = null): SoldLine[] {
  const rows: unknown[] =
    till === null
      ? prepared(db, 'SELECT * FROM sold_line WHERE sessionId = ? ORDER BY lineNo').all(sessionId)
      : prepared(
          db,
          `SELECT sessionId, lineNo, productId, productCode, name, kind, quantityMilli, unitOfMeasure, unitPrice,
                  vatRate, grossMinor, paidMinor
             FROM store_sold_line WHERE till = ? AND sessionId = ? ORDER BY lineNo`,
        ).all(till, sessionId);
  return rows.map((r) => SoldLineRow.parse(r));
}

/** Per sold line, what already came back and what it refunded (lines with nothing back are left out). */
export function returnedOfSale(
  db: Db,
  sessionId: number,
  till: string | null = null,
): Map<number, { quantityMilli: number; refundMinor: number }> {
  const rows: unknown[] = prepared(
    db,
    `SELECT l.lineNo, sum(l.quantityMilli) AS quantityMilli, sum(l.refundMinor) AS refundMinor
       FROM till_return_line l JOIN till_return r ON r.id = l.returnId
      WHERE r.saleSessionId = ? AND r.saleTill IS ? GROUP BY l.lineNo`,
  ).all(sessionId, till);
  const out = new Map<number, { quantityMilli: number; refundMinor: number }>();
  for (const raw of rows) {
    const r = z.object({ lineNo: int, quantityMilli: int, refundMinor: int }).parse(raw);
    out.set(r.lineNo, { quantityMilli: r.quantityMilli, refundMinor: r.refundMinor });
  }
  return out;
}

/** What each tender of a sale already paid back (the cash share before rounding is not kept: paid out). */
export function refundedOfSale(
  db: Db,
  sessionId: number,
  till: string | null = null,
): { cardMinor: number; cashMinor: number } {
  const row = z.object({ cardMinor: int, cashMinor: int }).parse(
    prepared(
      db,
      `SELECT coalesce(sum(CASE WHEN f.method = 'card' THEN f.amountMinor END), 0) AS cardMinor,
              coalesce(sum(CASE WHEN f.method = 'cash' THEN f.amountMinor - f.roundingMinor END), 0) AS cashMinor
         FROM till_return_refund f JOIN till_return r ON r.id = f.returnId
        WHERE r.saleSessionId = ? AND r.saleTill IS ?`,
    ).get(sessionId, till),
  );
  return row;
}

/**
 * Where a return's document is, by its row and its document's order in the state the screens show
 * (SHOWN_STATE_SQL; undefined: none): one rule for the Returns screen, `pos return` and the shift's
 * report. A DELETE's document is the sale's order itself: cancelled there is the return booked; still
 * sent, the DELETE went (or may have) and its answer was never recorded: in doubt, a manager settles it.
 */
export function returnStateOf(
  r: Pick<ReturnRow, 'state' | 'route'>,
  documentState: OutboxState | undefined,
): ReturnState {
  if (r.state === 'waiting') return 'queued';
  if (r.state === 'back-office' || r.state === 'booked') return r.state;
  if (documentState === undefined) return 'queued';
  if (r.route !== 'delete') return documentState;
  if (documentState === 'cancelled') return 'sent';
  return documentState === 'sent' ? 'in-doubt' : documentState;
}

/**
 * The VAT rate a returned line counts at: its sale's line's (or its item's, without a receipt); a line
 * whose rate nothing says any more counts at 0 %, so a return's VAT table still adds up to its refund.
 */
export function returnLineVatRate(vatRate: number | null): number {
  return vatRate ?? 0;
}

/** One rate of a return's VAT table, in minor units: base + vat = gross. */
export interface ReturnVatRow {
  readonly vatRate: number;
  readonly baseMinor: number;
  readonly vatMinor: number;
  readonly grossMinor: number;
}

/**
 * A return's VAT table as its receipt shows it: its lines' refunds summed per rate (returnLineVatRate),
 * the VAT within each rate's sum (common/money.ts rule 2), rates ascending. One rule for the return's
 * view and receipt (main/returns/view.ts) and the shift's report, which adds these up return by return
 * (shiftReturnVat), so the X and Z reports say what the receipts said.
 */
export function returnVatTable(
  lines: Iterable<{ readonly vatRate: number | null; readonly refundMinor: number }>,
): ReturnVatRow[] {
  const rates = new Map<number, number>();
  for (const l of lines) {
    const rate = returnLineVatRate(l.vatRate);
    rates.set(rate, (rates.get(rate) ?? 0) + l.refundMinor);
  }
  return [...rates]
    .sort((a, b) => a[0] - b[0])
    .map(([vatRate, grossMinor]) => {
      const rate = decimal(vatRate);
      const vatMinor = rate === undefined ? 0 : Number(vatWithin(BigInt(grossMinor), rate));
      return { vatRate, baseMinor: grossMinor - vatMinor, vatMinor, grossMinor };
    });
}

export const RETURN_STATES = ['waiting', 'document', 'back-office', 'booked'] as const;
export type ReturnRowState = (typeof RETURN_STATES)[number];
export const RETURN_ROUTES = ['claim', 'negative-order', 'delete', 'back-office'] as const;
export type ReturnRoute = (typeof RETURN_ROUTES)[number];

const ReturnRow = lazy(() =>
  z.object({
    id: int,
    number: int,
    prefix: z.string(),
    /** The sale it takes back; null (both): a return without a receipt (migration 36). */
    saleSessionId: int.nullable(),
    saleOrderId: int.nullable(),
    createdAt: z.string(),
    shiftId: int.nullable(),
    cashierId: int.nullable(),
    refundMinor: int,
    managerApproved: z.union([z.literal(0), z.literal(1)]).transform((v) => v === 1),
    clientReference: z.string(),
    route: z.enum(RETURN_ROUTES).nullable(),
    state: z.enum(RETURN_STATES),
    documentOrderId: int.nullable(),
    stateNote: z.string().nullable(),
    bookedAt: z.string().nullable(),
    printCount: int,
    /** The till whose sale it takes back (its ids are that till's); null: this till's own sale. */
    saleTill: z.string().nullable(),
    exchangeOrderId: int.nullable(),
  }),
);
export type ReturnRow = z.output<typeof ReturnRow>;

export interface NewReturn {
  readonly prefix: string;
  /** null (both): a return without a receipt; its `items` say what came back. */
  readonly saleSessionId: number | null;
  readonly saleOrderId: number | null;
  readonly createdAt: string;
  readonly shiftId: number | null;
  readonly cashierId: number | null;
  readonly refundMinor: number;
  readonly managerApproved: boolean;
  readonly clientReference: string;
  /** Another till's sale (migration 34); absent or null: this till's own. */
  readonly saleTill?: string | null;
  /** The new sale's order of an exchange: the return settled with it. */
  readonly exchangeOrderId?: number;
  readonly lines: readonly { lineNo: number; quantityMilli: number; refundMinor: number }[];
  readonly refunds: readonly { method: 'cash' | 'card'; amountMinor: number; roundingMinor: number }[];
  /** A return without a receipt: each line's product, as no sold line says it (same lineNo as `lines`). */
  readonly items?: readonly ReturnItem[];
}

/** What a line says of its product and its price, as a sold line has it. */
export type LineProduct = Readonly<
  Pick<
    SoldLine,
    'lineNo' | 'productId' | 'productCode' | 'name' | 'kind' | 'unitOfMeasure' | 'vatRate' | 'unitPrice'
  >
>;

/** A line of a return without a receipt: the product scanned and the unit price the manager confirmed. */
export interface ReturnItem extends LineProduct {
  /** The till's warehouse when the goods came back (where its document puts them). */
  readonly warehouseId: number | null;
  /** The till's walk-in customer then: whom its document is booked to. */
  readonly customerId: number | null;
}

/**
 * Stores a return with the till's next return number (one more than the highest given: rolled back
 * with its transaction, the number is not used up, so the series has no gaps). Call inside a write
 * transaction that checked what is left to return.
 */
export function insertReturn(db: Db, r: NewReturn): ReturnRow {
  const { lastInsertRowid } = prepared(
    db,
    `INSERT INTO till_return (number, prefix, saleSessionId, saleOrderId, createdAt, shiftId, cashierId, refundMinor,
       managerApproved, clientReference, saleTill, state, exchangeOrderId)
     VALUES ((SELECT coalesce(max(number), 0) + 1 FROM till_return), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'waiting', ?)`,
  ).run(
    r.prefix,
    r.saleSessionId,
    r.saleOrderId,
    r.createdAt,
    r.shiftId,
    r.cashierId,
    r.refundMinor,
    r.managerApproved ? 1 : 0,
    r.clientReference,
    r.saleTill ?? null,
    r.exchangeOrderId ?? null,
  );
  const id = Number(lastInsertRowid);
  const line = prepared(
    db,
    'INSERT INTO till_return_line (returnId, lineNo, quantityMilli, refundMinor) VALUES (?, ?, ?, ?)',
  );
  for (const l of r.lines) line.run(id, l.lineNo, l.quantityMilli, l.refundMinor);
  const refund = prepared(
    db,
    'INSERT INTO till_return_refund (returnId, method, amountMinor, roundingMinor) VALUES (?, ?, ?, ?)',
  );
  for (const f of r.refunds) refund.run(id, f.method, f.amountMinor, f.roundingMinor);
  const item = prepared(
    db,
    `INSERT INTO till_return_item (returnId, lineNo, productId, productCode, name, kind, unitOfMeasure, vatRate, unitPrice,
       warehouseId, customerId) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const i of r.items ?? [])
    item.run(
      id,
      i.lineNo,
      i.productId,
      i.productCode,
      i.name,
      i.kind,
      i.unitOfMeasure,
      i.vatRate,
      unitPriceText(i.unitPrice),
      i.warehouseId,
      i.customerId,
    );
  const stored = getReturn(db, id);
  if (stored === undefined) throw new Error(`Return ${id} was not stored.`);
  returnWritten(db);
  return stored;
}

/**
 * The lines a return takes back, as sold lines: the sale's (this till's or another's), or for a
 * return without a receipt its items, each "paid" what it refunds.
 */
export function soldLinesOfReturn(db: Db, r: ReturnRow): SoldLine[] {
  if (r.saleSessionId !== null) return soldLines(db, r.saleSessionId, r.saleTill);
  const rows: unknown[] = prepared(
    db,
    `SELECT i.returnId AS sessionId, i.lineNo, i.productId, i.productCode, i.name, i.kind,
            l.quantityMilli, i.unitOfMeasure, i.unitPrice, i.vatRate,
            l.refundMinor AS grossMinor, l.refundMinor AS paidMinor
       FROM till_return_item i JOIN till_return_line l ON l.returnId = i.returnId AND l.lineNo = i.lineNo
      WHERE i.returnId = ? ORDER BY i.lineNo`,
  ).all(r.id);
  return rows.map((row) => SoldLineRow.parse(row));
}

/** The warehouse and customer of a return without a receipt's document (its first line's). */
export function returnItemParties(
  db: Db,
  returnId: number,
): { warehouseId: number | null; customerId: number | null } {
  const row: unknown = prepared(
    db,
    'SELECT warehouseId, customerId FROM till_return_item WHERE returnId = ? ORDER BY lineNo LIMIT 1',
  ).get(returnId);
  if (row === undefined) return { warehouseId: null, customerId: null };
  return z.object({ warehouseId: int.nullable(), customerId: int.nullable() }).parse(row);
}

export function getReturn(db: Db, id: number): ReturnRow | undefined {
  const row: unknown = prepared(db, 'SELECT * FROM till_return WHERE id = ?').get(id);
  return row === undefined ? undefined : ReturnRow.parse(row);
}

export function returnsOfSale(db: Db, sessionId: number, till: string | null = null): ReturnRow[] {
  const rows: unknown[] = prepared(
    db,
    'SELECT * FROM till_return WHERE saleSessionId = ? AND saleTill IS ? ORDER BY id',
  ).all(sessionId, till);
  return rows.map((r) => ReturnRow.parse(r));
}

/** Returns whose document has not reached its route yet ('waiting'), oldest first. */
export function waitingReturns(db: Db): ReturnRow[] {
  const rows: unknown[] = prepared(db, "SELECT * FROM till_return WHERE state = 'waiting' ORDER BY id").all();
  return rows.map((r) => ReturnRow.parse(r));
}

/** Returns of the back office's list: to book there, not yet marked booked. */
export function backOfficeReturns(db: Db): ReturnRow[] {
  const rows: unknown[] = prepared(
    db,
    "SELECT * FROM till_return WHERE state = 'back-office' ORDER BY id",
  ).all();
  return rows.map((r) => ReturnRow.parse(r));
}

export function returnsOfShift(db: Db, shiftId: number): ReturnRow[] {
  const rows: unknown[] = prepared(db, 'SELECT * FROM till_return WHERE shiftId = ? ORDER BY id').all(
    shiftId,
  );
  return rows.map((r) => ReturnRow.parse(r));
}

export function returnLines(
  db: Db,
  returnId: number,
): { lineNo: number; quantityMilli: number; refundMinor: number }[] {
  const rows: unknown[] = prepared(
    db,
    'SELECT lineNo, quantityMilli, refundMinor FROM till_return_line WHERE returnId = ? ORDER BY lineNo',
  ).all(returnId);
  return rows.map((r) => z.object({ lineNo: int, quantityMilli: int, refundMinor: int }).parse(r));
}

export function returnRefunds(
  db: Db,
  returnId: number,
): { method: 'cash' | 'card'; amountMinor: number; roundingMinor: number }[] {
  const rows: unknown[] = prepared(
    db,
    'SELECT method, amountMinor, roundingMinor FROM till_return_refund WHERE returnId = ? ORDER BY method',
  ).all(returnId);
  return rows.map((r) =>
    z.object({ method: z.enum(['cash', 'card']), amountMinor: int, roundingMinor: int }).parse(r),
  );
}

/** Where a return's document went: its route and state, and the outbox order carrying it if any. */
export function setReturnRoute(
  db: Db,
  id: number,
  to: {
    route: ReturnRoute | null;
    state: ReturnRowState;
    documentOrderId?: number | null;
    note?: string | null;
    at?: string | null;
  },
): void {
  prepared(
    db,
    `UPDATE till_return SET route = ?, state = ?, documentOrderId = coalesce(?, documentOrderId), stateNote = ?,
       bookedAt = coalesce(?, bookedAt) WHERE id = ?`,
  ).run(to.route, to.state, to.documentOrderId ?? null, to.note ?? null, to.at ?? null, id);
  returnWritten(db);
}

/** Back to waiting for its route, naming no document (a DELETE the instance refused, or a manager's word). */
export function unrouteReturn(db: Db, id: number, note: string | null): void {
  prepared(
    db,
    "UPDATE till_return SET route = NULL, state = 'waiting', documentOrderId = NULL, stateNote = ? WHERE id = ?",
  ).run(note, id);
  returnWritten(db);
}

export function countReturnPrint(db: Db, id: number): void {
  prepared(db, 'UPDATE till_return SET printCount = printCount + 1 WHERE id = ?').run(id);
  returnWritten(db);
}

/** The return number as printed: the till's prefix, "-V", six digits ("P1-V000004"). */
export function formatReturnNumber(prefix: string, number: number): string {
  const digits = `V${String(number).padStart(6, '0')}`;
  return prefix === '' ? digits : `${prefix}-${digits}`;
}

/** The return whose printed number is `text` (any case), if any. */
export function returnByNumber(db: Db, text: string): ReturnRow | undefined {
  const m = /^(?:(.*)-)?V(\d+)$/i.exec(text.trim());
  if (m === null) return undefined;
  const row: unknown = prepared(
    db,
    'SELECT * FROM till_return WHERE number = ? AND upper(prefix) = upper(?)',
  ).get(Number(m[2]), m[1] ?? '');
  return row === undefined ? undefined : ReturnRow.parse(row);
}

/** What each tender paid of a sale: cash as taken into the drawer (after rounding), card as charged. */
export function salePaid(db: Db, sessionId: number): { cashMinor: number; cardMinor: number } {
  return z.object({ cashMinor: int, cardMinor: int }).parse(
    prepared(
      db,
      `SELECT coalesce(sum(CASE WHEN method IN ('cash', 'unsaid') THEN amountMinor END), 0) AS cashMinor,
              coalesce(sum(CASE WHEN method = 'card' THEN amountMinor END), 0) AS cardMinor
         FROM sale_payment WHERE sessionId = ?`,
    ).get(sessionId),
  );
}

// The sale's order is read through the outbox's own query (db/outbox.ts owns its table).
export { saleOrderByText, type SaleOrder } from './outbox.ts';

// ---------- a shift's returns, added up ----------

/**
 * What says a returned line's product (`l`, a line of return `r`): its sale's line, this till's
 * (`s`) or another's (`t`), or without a receipt its item (`i`). One join for the return's view
 * and the shift's report, so both find the same rate for the same line.
 */
const RETURN_LINE_SOLD = `LEFT JOIN sold_line s ON r.saleTill IS NULL AND s.sessionId = r.saleSessionId AND s.lineNo = l.lineNo
       LEFT JOIN store_sold_line t ON t.till = r.saleTill AND t.sessionId = r.saleSessionId AND t.lineNo = l.lineNo
       LEFT JOIN till_return_item i ON r.saleSessionId IS NULL AND i.returnId = r.id AND i.lineNo = l.lineNo`;

/** A returned line's VAT rate through RETURN_LINE_SOLD; NULL when nothing says it (returnLineVatRate). */
const RETURN_LINE_VAT_RATE = 'coalesce(s.vatRate, t.vatRate, i.vatRate)';

/** How many returns a shift made, what they refunded, and what each tender paid out. */
export function shiftReturnSums(db: Db, shiftId: number) {
  return z.object({ count: int, grossMinor: int, cashMinor: int, cardMinor: int, roundingMinor: int }).parse(
    prepared(
      db,
      `SELECT count(*) AS count, coalesce(sum(r.refundMinor), 0) AS grossMinor,
                coalesce(sum((SELECT amountMinor FROM till_return_refund WHERE returnId = r.id AND method = 'cash')), 0) AS cashMinor,
                coalesce(sum((SELECT amountMinor FROM till_return_refund WHERE returnId = r.id AND method = 'card')), 0) AS cardMinor,
                coalesce(sum((SELECT roundingMinor FROM till_return_refund WHERE returnId = r.id AND method = 'cash')), 0) AS roundingMinor
           FROM till_return r WHERE r.shiftId = ?`,
    ).get(shiftId),
  );
}

/** A returned line of a shift: its return, its VAT rate (null: nothing says it) and its refund. */
const ShiftReturnLine = lazy(() =>
  z.object({ returnId: int, vatRate: z.number().nullable(), refundMinor: int }),
);
type ShiftReturnLine = z.output<typeof ShiftReturnLine>;

/**
 * A shift's refunds per VAT rate: each return's VAT table as its receipt shows it (returnVatTable),
 * added up rate by rate, so the report's VAT is the sum of the receipts' (never the VAT within the
 * shift's summed refunds, which rounds once where the receipts rounded once each).
 */
export function shiftReturnVat(db: Db, shiftId: number): ReturnVatRow[] {
  const rows: unknown[] = prepared(
    db,
    `SELECT r.id AS returnId, ${RETURN_LINE_VAT_RATE} AS vatRate, l.refundMinor
       FROM till_return r JOIN till_return_line l ON l.returnId = r.id
       ${RETURN_LINE_SOLD}
      WHERE r.shiftId = ? ORDER BY r.id, l.lineNo`,
  ).all(shiftId);
  const ofReturn = new Map<number, ShiftReturnLine[]>();
  for (const row of rows) {
    const line = ShiftReturnLine.parse(row);
    const lines = ofReturn.get(line.returnId);
    if (lines === undefined) ofReturn.set(line.returnId, [line]);
    else lines.push(line);
  }
  const sums = new Map<number, { baseMinor: number; vatMinor: number; grossMinor: number }>();
  for (const lines of ofReturn.values())
    for (const v of returnVatTable(lines)) {
      const sum = sums.get(v.vatRate) ?? { baseMinor: 0, vatMinor: 0, grossMinor: 0 };
      sums.set(v.vatRate, {
        baseMinor: sum.baseMinor + v.baseMinor,
        vatMinor: sum.vatMinor + v.vatMinor,
        grossMinor: sum.grossMinor + v.grossMinor,
      });
    }
  return [...sums].sort((a, b) => a[0] - b[0]).map(([vatRate, sum]) => ({ vatRate, ...sum }));
}

/** A shift's returns per cashier: how many and what they refunded. */
export function shiftReturnCashiers(
  db: Db,
  shiftId: number,
): { cashierId: number | null; count: number; grossMinor: number }[] {
  const rows: unknown[] = prepared(
    db,
    `SELECT cashierId, count(*) AS count, sum(refundMinor) AS grossMinor
       FROM till_return WHERE shiftId = ? GROUP BY cashierId ORDER BY cashierId`,
  ).all(shiftId);
  return rows.map((r) => z.object({ cashierId: int.nullable(), count: int, grossMinor: int }).parse(r));
}

// ---------- a return with everything its view shows, one query for one return or a page ----------

/** A return's line with what its sale (or its item, without a receipt) says of the product; null: nothing says. */
const ListedLine = lazy(() =>
  z.object({
    lineNo: int,
    quantityMilli: int,
    refundMinor: int,
    productId: int.nullable(),
    name: z.string().nullable(),
    unitOfMeasure: z.string().nullable(),
    vatRate: z.number().nullable(),
  }),
);

const ListedRefund = lazy(() =>
  z.object({ method: z.enum(['cash', 'card']), amountMinor: int, roundingMinor: int }),
);

/** JSON text a query built (json_group_array) read as rows of `item`. */
const jsonRows = <T extends z.ZodType>(item: T) =>
  z
    .string()
    .transform((text): unknown => JSON.parse(text))
    .pipe(z.array(item));

/**
 * A return as its view needs it (main/returns/view.ts): its row, its lines and refunds, and what the
 * other tables say of it: its sale's order and session (this till's sale), its sale's journal event
 * (another till's), its document's order state, the receipt numbers, who took it back, the warehouse.
 */
const ListingRow = lazy(() =>
  ReturnRow.extend({
    lines: jsonRows(ListedLine),
    refunds: jsonRows(ListedRefund),
    saleRemoteId: InstanceFigure,
    saleReference: z.string().nullable(),
    saleCreatedAt: z.string().nullable(),
    saleClosedAt: z.string().nullable(),
    saleReceiptPrefix: z.string().nullable(),
    saleReceiptNumber: int.nullable(),
    /** Another till's sale event's body, as the journal stored it. */
    storeSaleBody: z.string().nullable(),
    storeSaleTill: z.string().nullable(),
    documentState: z.string().nullable(),
    /** The document's order's client reference (the Orders search finds it by this). */
    documentReference: z.string().nullable(),
    exchangeReceiptPrefix: z.string().nullable(),
    exchangeReceiptNumber: int.nullable(),
    exchangeReference: z.string().nullable(),
    cashierName: z.string().nullable(),
    warehouseId: int.nullable(),
  }),
);
export type ReturnListing = z.output<typeof ListingRow>;

/** Where a page of returns starts: after the return of this time and id (newest first). */
export interface ReturnCursor {
  readonly createdAt: string;
  readonly id: number;
}

/** Which returns to read: these ids, or a page newest first (ties by id) after `before`. */
export type ReturnListingQuery =
  { readonly ids: readonly number[] } | { readonly before?: ReturnCursor; readonly limit?: number };

const LISTING = `SELECT r.*,
    (SELECT json_group_array(json_object('lineNo', l.lineNo, 'quantityMilli', l.quantityMilli,
              'refundMinor', l.refundMinor, 'productId', coalesce(s.productId, t.productId, i.productId),
              'name', coalesce(s.name, t.name, i.name),
              'unitOfMeasure', coalesce(s.unitOfMeasure, t.unitOfMeasure, i.unitOfMeasure),
              'vatRate', ${RETURN_LINE_VAT_RATE}))
       FROM till_return_line l
       ${RETURN_LINE_SOLD}
      WHERE l.returnId = r.id) AS lines,
    (SELECT json_group_array(json_object('method', f.method, 'amountMinor', f.amountMinor,
              'roundingMinor', f.roundingMinor))
       FROM till_return_refund f WHERE f.returnId = r.id) AS refunds,
    so.remoteId AS saleRemoteId, so.clientReference AS saleReference, so.createdAt AS saleCreatedAt,
    ss.closedAt AS saleClosedAt, sr.prefix AS saleReceiptPrefix, sr.number AS saleReceiptNumber,
    se.body AS storeSaleBody, se.till AS storeSaleTill,
    d.shownState AS documentState, d.clientReference AS documentReference,
    xr.prefix AS exchangeReceiptPrefix, xr.number AS exchangeReceiptNumber, xo.clientReference AS exchangeReference,
    c.name AS cashierName,
    coalesce(ss.warehouseId,
      (SELECT i.warehouseId FROM till_return_item i WHERE i.returnId = r.id ORDER BY i.lineNo LIMIT 1)) AS warehouseId
  FROM till_return r
  LEFT JOIN ${JOINED_ORDERS} so ON r.saleTill IS NULL AND so.id = r.saleOrderId
  LEFT JOIN shopping_session ss ON r.saleTill IS NULL AND ss.id = r.saleSessionId
  LEFT JOIN receipt sr ON r.saleTill IS NULL AND sr.orderId = r.saleOrderId
  LEFT JOIN store_event se ON se.rowid = (SELECT e.rowid FROM store_event e
      WHERE e.kind = 'sale' AND e.till = r.saleTill AND CAST(json_extract(e.body, '$.orderId') AS INTEGER) = r.saleOrderId)
  LEFT JOIN ${JOINED_ORDERS} d ON d.id = r.documentOrderId
  LEFT JOIN receipt xr ON xr.orderId = r.exchangeOrderId
  LEFT JOIN ${JOINED_ORDERS} xo ON xo.id = r.exchangeOrderId
  LEFT JOIN cashier c ON c.id = r.cashierId`;

/**
 * Returns with everything their views show, in one query: the ids asked (in that order, unknown ones
 * left out), or a page newest first, ties broken by id, so a page boundary never splits or repeats a
 * return whatever the clock wrote (migration 43's index walks it).
 */
export function returnListings(db: Db, query: ReturnListingQuery): ReturnListing[] {
  if ('ids' in query) {
    const rows: unknown[] = prepared(db, `${LISTING} WHERE r.id IN (SELECT value FROM json_each(?))`).all(
      JSON.stringify(query.ids),
    );
    const byId = new Map(rows.map((r) => ListingRow.parse(r)).map((r) => [r.id, r]));
    return query.ids.flatMap((id) => byId.get(id) ?? []);
  }
  // Two statements, not an OR of "no cursor": each walks the index from where its page starts.
  const limit = query.limit === undefined ? -1 : Math.max(1, Math.trunc(query.limit));
  const order = 'ORDER BY r.createdAt DESC, r.id DESC LIMIT @limit';
  const rows: unknown[] =
    query.before === undefined
      ? prepared(db, `${LISTING} ${order}`).all({ limit })
      : prepared(db, `${LISTING} WHERE (r.createdAt, r.id) < (@createdAt, @id) ${order}`).all({
          limit,
          createdAt: query.before.createdAt,
          id: query.before.id,
        });
  return rows.map((r) => ListingRow.parse(r));
}

/** The return an exchange settled with the sale of order `orderId`, if any. */
export function exchangeReturnOf(db: Db, orderId: number): ReturnRow | undefined {
  const row: unknown = prepared(db, 'SELECT * FROM till_return WHERE exchangeOrderId = ?').get(orderId);
  return row === undefined ? undefined : ReturnRow.parse(row);
}

/** An exchange's credit held on sale `sessionId` (migration 37: JSON, main/returns/held.ts); null drops it. */
export function holdExchangeText(db: Db, sessionId: number, text: string | null, now: Date): void {
  prepared(db, 'UPDATE shopping_session SET exchangeCredit = ?, updatedAt = ? WHERE id = ?').run(
    text,
    now.toISOString(),
    sessionId,
  );
}

/** The exchange's credit held on sale `sessionId`, as stored (null: none). */
export function heldExchangeText(db: Db, sessionId: number): string | null {
  const text: unknown = prepared(db, 'SELECT exchangeCredit FROM shopping_session WHERE id = ?')
    .pluck()
    .get(sessionId);
  return typeof text === 'string' ? text : null;
}

/**
 * The warehouse (store) a return was taken back in: its sale's, when this till sold it, else its first
 * item's (a return without a receipt); null when neither says (another till's sale).
 */
export function returnWarehouseId(db: Db, returnId: number): number | null {
  const id: unknown = prepared(
    db,
    `SELECT coalesce(
        (SELECT s.warehouseId FROM shopping_session s WHERE r.saleTill IS NULL AND s.id = r.saleSessionId),
        (SELECT i.warehouseId FROM till_return_item i WHERE i.returnId = r.id ORDER BY i.lineNo LIMIT 1))
       FROM till_return r WHERE r.id = ?`,
  )
    .pluck()
    .get(returnId);
  return typeof id === 'number' ? id : null;
}
