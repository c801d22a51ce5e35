// Parked sales across the store's tills (issue 38, point 3; migration 38). A till's `parked` event
// carries the sale as it was set aside; the other tills keep the ones still parked in store_parked
// (its `unparked` event, or a `parked-taken` event of the till that took it over, removes it). A till
// that takes over another's parked sale opens it here as a new sale at its counter and journals
// `parked-taken`; the till it was parked at closes its own copy (takenBy). No function here opens a
// transaction: the counter's and the hub's callers do.
import { z } from 'zod';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';
import {
  LINE_KINDS,
  LineAdjustment,
  SessionCard,
  WalkInCustomer,
  type SessionLine,
  type ShoppingSession,
} from './sessions.ts';
import { UnitPriceColumn } from './unit-price.ts';
import { minor } from '../common/money.ts';
import { lazy } from '../common/lazy.ts';

const flag = lazy(() => z.union([z.literal(0), z.literal(1)]));

/** A parked sale's line as it travels: the columns a line is made of again at another till. */
export const ParkedLineWire = lazy(() =>
  z.object({
    stockItemId: z.int().nullable(),
    productId: z.int(),
    productCode: z.string().nullable(),
    name: z.string(),
    barcode: z.string().nullable(),
    kind: z.enum(LINE_KINDS),
    quantity: z.number().positive(),
    unitOfMeasure: z.string().nullable(),
    /** The exact decimal as the column keeps it. */
    unitPrice: z.string(),
    vatRate: z.number(),
    fixedTotalMinor: z.int().nullable(),
    noDiscount: flag,
    priceEntered: flag,
    adjustment: LineAdjustment.nullable(),
    addedAt: z.string(),
  }),
);
export type ParkedLineWire = z.infer<typeof ParkedLineWire>;

/**
 * A `parked` event (migration 38's trigger): the sale as it was set aside. Version 3 (migration 41):
 * it holds an exchange's credit, which only its till settles; a till knowing version 2 only skips it.
 */
export const ParkedBody = lazy(() =>
  z.object({
    v: z.union([z.literal(2), z.literal(3)]),
    sessionId: z.int(),
    parkedAt: z.string(),
    warehouseId: z.int().nullable(),
    customer: z
      .object({
        companyId: z.int(),
        card: SessionCard,
        source: z.enum(['online', 'offline']).nullable(),
        owesMinor: z.int().nullable(),
      })
      .nullable(),
    walkIn: WalkInCustomer.nullable(),
    lines: z.array(ParkedLineWire),
    /** The receipt of an exchange's credit the sale holds (migration 41): only its till settles it. */
    exchangeReceipt: z.string().optional(),
  }),
);
export type ParkedBody = z.infer<typeof ParkedBody>;

/** Which parked sale a till took over: the till it was parked at, its session there, its parked event. */
export const ParkedTakenBody = lazy(() =>
  z.object({ till: z.string(), sessionId: z.int(), parkSeq: z.int() }),
);
export type ParkedTakenBody = z.infer<typeof ParkedTakenBody>;

/** Another till's sale parked now, as its journal told this till. */
export interface StoreParkedSale {
  readonly till: string;
  readonly sessionId: number;
  readonly parkSeq: number;
  readonly receivedAt: string;
  readonly body: ParkedBody;
}

const StoreParkedRow = lazy(() =>
  z.object({
    till: z.string(),
    sessionId: z.int(),
    parkSeq: z.int(),
    receivedAt: z.string(),
    body: z.string().transform((text) => ParkedBody.parse(JSON.parse(text))),
  }),
);

/** A journal event as db/journal.ts reads it (that module calls this one: no import back). */
interface JournalEvent {
  readonly seq: number;
  readonly kind: string;
  readonly body: Record<string, unknown>;
}

/**
 * Keeps store_parked as another till's parked-sale events say (called for each event applied the
 * first time). `self`: this till's name: a `parked-taken` of this till's own sale closes it here.
 */
export function applyParkedEvent(
  db: Db,
  self: string | undefined,
  from: string,
  event: JournalEvent,
  receivedAt: Date,
): void {
  if (event.kind === 'parked') {
    const body = ParkedBody.safeParse(event.body);
    // A version-1 event (no lines) cannot be taken over; one taken already (a refilled hub's
    // order) stays gone.
    if (!body.success || takenAlready(db, from, event.seq)) return;
    prepared(
      db,
      `INSERT OR REPLACE INTO store_parked (till, sessionId, parkSeq, body, receivedAt)
       VALUES (?, ?, ?, ?, ?)`,
    ).run(from, body.data.sessionId, event.seq, JSON.stringify(body.data), receivedAt.toISOString());
  } else if (event.kind === 'unparked') {
    const sessionId = z.object({ sessionId: z.int() }).safeParse(event.body);
    if (!sessionId.success) return;
    prepared(db, 'DELETE FROM store_parked WHERE till = ? AND sessionId = ? AND parkSeq < ?').run(
      from,
      sessionId.data.sessionId,
      event.seq,
    );
  } else if (event.kind === 'parked-taken') {
    const taken = ParkedTakenBody.safeParse(event.body);
    if (!taken.success) return;
    const { till, sessionId, parkSeq } = taken.data;
    prepared(db, 'DELETE FROM store_parked WHERE till = ? AND sessionId = ? AND parkSeq = ?').run(
      till,
      sessionId,
      parkSeq,
    );
    if (till === self) closeTakenHere(db, sessionId, parkSeq, from, receivedAt);
  }
}

/** Some till (another, or this one) took over `till`'s sale parked by event `parkSeq`. */
function takenAlready(db: Db, till: string, parkSeq: number): boolean {
  const taken = (t: unknown) => {
    const body = ParkedTakenBody.safeParse(JSON.parse(z.string().parse(t)));
    return body.success && body.data.till === till && body.data.parkSeq === parkSeq;
  };
  const others = prepared(db, "SELECT body FROM store_event WHERE kind = 'parked-taken'").pluck().all();
  const own = prepared(db, "SELECT body FROM journal WHERE kind = 'parked-taken'").pluck().all();
  return [...others, ...own].some(taken);
}

/**
 * This till's sale parked by event `parkSeq`, taken over at `by`: closed here as cancelled, saying
 * who took it (still parked by that event; one recalled or parked again since is left alone).
 */
function closeTakenHere(db: Db, sessionId: number, parkSeq: number, by: string, at: Date): void {
  if (lastParkSeq(db, sessionId) !== parkSeq) return;
  const when = at.toISOString();
  prepared(
    db,
    `UPDATE shopping_session SET state = 'cancelled', closedAt = ?, updatedAt = ?, takenBy = ?
      WHERE id = ? AND state = 'open' AND parkedAt IS NOT NULL`,
  ).run(when, when, by, sessionId);
}

/** The number of this till's last `parked` event of session `sessionId` (undefined: none). */
export function lastParkSeq(db: Db, sessionId: number): number | undefined {
  const seq: unknown = prepared(
    db,
    `SELECT max(seq) FROM journal
      WHERE kind = 'parked' AND CAST(json_extract(body, '$.sessionId') AS INTEGER) = ?`,
  )
    .pluck()
    .get(sessionId);
  return typeof seq === 'number' ? seq : undefined;
}

/** The other tills' sales parked now, in the order they reached this till. */
export function storeParkedSales(db: Db): StoreParkedSale[] {
  return prepared(
    db,
    'SELECT till, sessionId, parkSeq, receivedAt, body FROM store_parked ORDER BY receivedAt, till, sessionId',
  )
    .all()
    .map((row) => StoreParkedRow.parse(row));
}

export function storeParkedCount(db: Db): number {
  return z.int().parse(prepared(db, 'SELECT count(*) FROM store_parked').pluck().get());
}

export function storeParkedSale(db: Db, till: string, sessionId: number): StoreParkedSale | undefined {
  const row: unknown = prepared(
    db,
    'SELECT till, sessionId, parkSeq, receivedAt, body FROM store_parked WHERE till = ? AND sessionId = ?',
  ).get(till, sessionId);
  return row === undefined ? undefined : StoreParkedRow.parse(row);
}

/**
 * Takes over another till's parked sale: opens it here as the sale at the counter (its lines,
 * customer and warehouse as parked; call with no other sale at the counter), journals `parked-taken`
 * and drops it from store_parked. Returns the new session's id.
 */
export function takeOverParked(db: Db, sale: StoreParkedSale, now: Date): number {
  const at = now.toISOString();
  const { body } = sale;
  const info = prepared(
    db,
    `INSERT INTO shopping_session (state, warehouseId, createdAt, updatedAt, customerCompanyId, customerCard,
        customerSource, customerOwesMinor, walkIn)
     VALUES ('open', ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    body.warehouseId,
    at,
    at,
    body.customer?.companyId ?? null,
    body.customer === null ? null : JSON.stringify(body.customer.card),
    body.customer?.source ?? null,
    body.customer?.owesMinor ?? null,
    body.walkIn === null ? null : JSON.stringify(body.walkIn),
  );
  const sessionId = Number(info.lastInsertRowid);
  const insert = prepared(
    db,
    `INSERT INTO shopping_session_line (sessionId, stockItemId, productId, productCode, name, barcode, kind,
         quantity, unitOfMeasure, unitPrice, vatRate, fixedTotalMinor, noDiscount, priceEntered, adjustment, addedAt)
       VALUES (@sessionId, @stockItemId, @productId, @productCode, @name, @barcode, @kind,
         @quantity, @unitOfMeasure, @unitPrice, @vatRate, @fixedTotalMinor, @noDiscount, @priceEntered, @adjustment, @addedAt)`,
  );
  for (const line of body.lines)
    insert.run({
      ...line,
      sessionId,
      adjustment: line.adjustment === null ? null : JSON.stringify(line.adjustment),
    });
  const taken: ParkedTakenBody = { till: sale.till, sessionId: sale.sessionId, parkSeq: sale.parkSeq };
  prepared(db, "INSERT INTO journal (kind, body) VALUES ('parked-taken', ?)").run(JSON.stringify(taken));
  prepared(db, 'DELETE FROM store_parked WHERE till = ? AND sessionId = ?').run(sale.till, sale.sessionId);
  return sessionId;
}

/** The till that took over this till's parked session `sessionId`, if one did. */
export function takenParkedBy(db: Db, sessionId: number): string | undefined {
  const by: unknown = prepared(db, 'SELECT takenBy FROM shopping_session WHERE id = ?')
    .pluck()
    .get(sessionId);
  return typeof by === 'string' ? by : undefined;
}

/** This till's parked sales another till took over, closed here after `since` (ISO), oldest first. */
export function takenParkedSessions(db: Db, since: string): { id: number; takenBy: string }[] {
  return z.array(z.object({ id: z.int(), takenBy: z.string() })).parse(
    prepared(
      db,
      `SELECT id, takenBy FROM shopping_session
          WHERE takenBy IS NOT NULL AND closedAt > ? ORDER BY closedAt, id`,
    ).all(since),
  );
}

/** Another till's parked sale as a session (not stored here): what the list prices it from. */
export function parkedSessionOf(sale: StoreParkedSale): ShoppingSession {
  const { body } = sale;
  const lines: SessionLine[] = body.lines.map((l, i) => ({
    ...l,
    id: i + 1,
    sessionId: body.sessionId,
    unitPrice: UnitPriceColumn.parse(l.unitPrice),
    fixedTotalMinor: l.fixedTotalMinor === null ? null : minor(l.fixedTotalMinor),
    noDiscount: l.noDiscount === 1,
    priceEntered: l.priceEntered === 1,
  }));
  return {
    id: body.sessionId,
    state: 'parked',
    warehouseId: body.warehouseId,
    createdAt: body.parkedAt,
    updatedAt: body.parkedAt,
    closedAt: null,
    parkedAt: body.parkedAt,
    customer:
      body.customer === null
        ? null
        : {
            companyId: body.customer.companyId,
            card: body.customer.card,
            source: body.customer.source ?? 'offline',
            owesMinor: body.customer.owesMinor === null ? null : minor(body.customer.owesMinor),
          },
    outboxOrderId: null,
    tender: null,
    walkIn: body.walkIn,
    lines,
  };
}
