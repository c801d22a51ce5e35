// The store's journal (migration 27): this till's events, numbered by this till, and the other
// tills' events as the store hub delivered them, once per (till, seq). No function here opens a
// transaction: a sale's event is appended in the transaction that closes it (the counter's closing
// step); the other kinds are written by the migration's triggers.
import { z } from 'zod';
import { minor } from '../common/money.ts';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';
import { getOutboxInternetOrder } from './outbox.ts';
import { printedReceiptNumber } from './receipts.ts';
import { soldLines } from './returns.ts';
import { unitPriceText } from './unit-price.ts';
import { applyParkedEvent } from './store-parked.ts';
import { lazy } from '../common/lazy.ts';

export const JOURNAL_KINDS = [
  'sale',
  'shift-open',
  'shift-close',
  'cash-move',
  'parked',
  'unparked',
  'acknowledged',
  'return-line',
  'return-refund',
  'card',
  'parked-taken',
] as const;
export const JournalKind = lazy(() => z.enum(JOURNAL_KINDS));
export type JournalKind = z.infer<typeof JournalKind>;

/** One event of a till's journal: its number there, what happened, and what the other tills need of it. */
export const JournalEvent = lazy(() =>
  z.strictObject({
    seq: z.int().positive(),
    kind: JournalKind,
    body: z.record(z.string(), z.unknown()),
  }),
);
export type JournalEvent = z.infer<typeof JournalEvent>;

const Row = lazy(() => z.object({ seq: z.int(), kind: JournalKind, body: z.string() }));

function eventOf(row: unknown): JournalEvent {
  const r = Row.parse(row);
  return { seq: r.seq, kind: r.kind, body: z.record(z.string(), z.unknown()).parse(JSON.parse(r.body)) };
}

/** A closed sale as the other tills learn it: its receipt, lines, tender and its order's state (version 1). */
export const SaleBody = lazy(() =>
  z.object({
    orderId: z.int(),
    receipt: z.string().nullable(),
    shiftId: z.int().nullable(),
    totalMinor: z.int(),
    state: z.string(),
    warehouseId: z.int().nullable(),
    lines: z.array(z.object({ productId: z.int(), quantity: z.number() })),
    payments: z.array(z.object({ method: z.string(), amountMinor: z.int() })),
  }),
);
export type SaleBody = z.infer<typeof SaleBody>;

/** A sold line as paid, as it travels (db/returns.ts SoldLine without its session). */
export const SoldLineWire = lazy(() =>
  z.object({
    lineNo: z.int().nonnegative(),
    productId: z.int(),
    productCode: z.string().nullable(),
    name: z.string(),
    kind: z.enum(['unit', 'weight', 'price']),
    quantityMilli: z.int().positive(),
    unitOfMeasure: z.string().nullable(),
    unitPrice: z.number(),
    vatRate: z.number(),
    grossMinor: z.int().nonnegative(),
    paidMinor: z.int().nonnegative(),
  }),
);
export type SoldLineWire = z.infer<typeof SoldLineWire>;

/**
 * Version 2 of a sale's event (issue 38, point 3): all of version 1 (so a reader of version 1 reads it
 * as before) and what another till needs to take it back: the sale's session, the order's reference
 * (the receipt's QR), when it was sold, its customer and its lines as paid. A version-1 event (a till
 * not yet updated, or journalled before) still applies; its sale cannot be returned at another till.
 */
export const SaleBodyV2 = lazy(() =>
  SaleBody.extend({
    v: z.literal(2),
    sessionId: z.int(),
    reference: z.string(),
    soldAt: z.string(),
    customerId: z.int().nullable(),
    sold: z.array(SoldLineWire),
  }),
);
export type SaleBodyV2 = z.infer<typeof SaleBodyV2>;

/**
 * A loyalty card issued at a till (issue 39), as the other tills learn it: the card's own fields, so
 * a later sale at any till of the store finds it offline before the instance has it (db/catalog
 * cardByBarcode reads it from store_event). `entryId` is its outbox entry at the till that issued it.
 */
export const IssuedCardBody = lazy(() =>
  z.object({
    entryId: z.int(),
    companyId: z.int(),
    barcode: z.string(),
    name: z.string(),
    validFrom: z.string().optional(),
    validTo: z.string().optional(),
    discount: z.number().optional(),
  }),
);
export type IssuedCardBody = z.infer<typeof IssuedCardBody>;

/** Appends a card issued here: call in the transaction that stores its document and caches it. */
export function appendIssuedCard(db: Db, card: IssuedCardBody): void {
  prepared(db, "INSERT INTO journal (kind, body) VALUES ('card', ?)").run(
    JSON.stringify(IssuedCardBody.parse(card)),
  );
}

const SessionRow = lazy(() =>
  z.object({
    shiftId: z.int().nullable(),
    totalMinor: z.int().nullable(),
    closedAt: z.string().nullable(),
    updatedAt: z.string(),
  }),
);
const PaymentRow = lazy(() => z.object({ method: z.string(), amountMinor: z.int() }));

/**
 * Appends the closed sale of order `orderId`: call in the transaction that closes it, after its
 * figures and its lines as paid (sold_line).
 */
export function appendSale(db: Db, orderId: number): void {
  const order = getOutboxInternetOrder(db, orderId);
  if (order?.originSessionId == null) throw new Error(`Order ${orderId} closed no sale.`);
  const sessionId = order.originSessionId;
  const session = SessionRow.parse(
    prepared(db, 'SELECT shiftId, totalMinor, closedAt, updatedAt FROM shopping_session WHERE id = ?').get(
      sessionId,
    ),
  );
  const payments = z
    .array(PaymentRow)
    .parse(
      prepared(db, 'SELECT method, amountMinor FROM sale_payment WHERE sessionId = ? ORDER BY method').all(
        sessionId,
      ),
    );
  // The wire's line is the row's without its session (zod drops it: the event names the session once).
  const sold = soldLines(db, sessionId).map((line) => SoldLineWire.parse(line));
  const body: SaleBodyV2 = {
    v: 2,
    orderId,
    sessionId,
    receipt: printedReceiptNumber(db, orderId) ?? null,
    reference: order.clientReference,
    soldAt: session.closedAt ?? session.updatedAt,
    customerId: order.payload.customerId ?? null,
    shiftId: session.shiftId,
    totalMinor: session.totalMinor ?? 0,
    state: order.state,
    warehouseId: order.payload.warehouseId ?? null,
    lines: order.payload.items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
    payments,
    sold,
  };
  prepared(db, "INSERT INTO journal (kind, body) VALUES ('sale', ?)").run(JSON.stringify(body));
}

/** This till's events after `seq`, oldest first, at most `limit`. */
export function journalAfter(db: Db, seq: number, limit: number): JournalEvent[] {
  return prepared(db, 'SELECT seq, kind, body FROM journal WHERE seq > ? ORDER BY seq LIMIT ?')
    .all(seq, limit)
    .map(eventOf);
}

/** This till's event `seq`; undefined when its journal has none by that number. */
export function journalEvent(db: Db, seq: number): JournalEvent | undefined {
  const row: unknown = prepared(db, 'SELECT seq, kind, body FROM journal WHERE seq = ?').get(seq);
  return row === undefined ? undefined : eventOf(row);
}

/** The highest number this till's journal has given (0: none yet). */
export function lastJournalSeq(db: Db): number {
  return z.int().parse(prepared(db, 'SELECT coalesce(max(seq), 0) FROM journal').pluck().get());
}

/**
 * Stores another till's event once: false when (till, seq) was already applied (a redelivery, a
 * till's backlog published again to a refilled hub). `self`: this till's name in the store (a
 * parked sale of its own another till took over is closed here).
 */
export function applyStoreEvent(
  db: Db,
  till: string,
  event: JournalEvent,
  receivedAt: Date,
  self?: string,
): boolean {
  const info = prepared(
    db,
    'INSERT OR IGNORE INTO store_event (till, seq, kind, body, receivedAt) VALUES (?, ?, ?, ?, ?)',
  ).run(till, event.seq, event.kind, JSON.stringify(event.body), receivedAt.toISOString());
  if (info.changes !== 1) return false;
  if (event.kind === 'sale') storeSoldLines(db, till, event.body);
  if (event.kind === 'parked' || event.kind === 'unparked' || event.kind === 'parked-taken')
    applyParkedEvent(db, self, till, event, receivedAt);
  return true;
}

/** Keeps a sale's lines as paid (a version-2 event's) in store_sold_line: what a return here reads. */
function storeSoldLines(db: Db, till: string, body: unknown): void {
  const sale = SaleBodyV2.safeParse(body);
  if (!sale.success) return;
  const insert = prepared(
    db,
    `INSERT OR IGNORE INTO store_sold_line (till, sessionId, lineNo, orderId, warehouseId, productId, productCode,
       name, kind, quantityMilli, unitOfMeasure, unitPrice, vatRate, grossMinor, paidMinor)
     VALUES (@till, @sessionId, @lineNo, @orderId, @warehouseId, @productId, @productCode,
       @name, @kind, @quantityMilli, @unitOfMeasure, @unitPrice, @vatRate, @grossMinor, @paidMinor)`,
  );
  const { sessionId, orderId, warehouseId } = sale.data;
  for (const line of sale.data.sold)
    insert.run({ ...line, unitPrice: unitPriceText(line.unitPrice), till, sessionId, orderId, warehouseId });
}

/**
 * Where this till is in the store hub's stream (migration 44): the stream (by when the hub made it),
 * the sequence there of the last journal message applied or acknowledged here, that message's id and
 * the hub's time of it (nanoseconds, decimal: more than a double holds).
 */
export const HubPosition = lazy(() =>
  z.strictObject({
    streamCreated: z.string().min(1),
    streamSeq: z.int().positive(),
    messageId: z.string().nullable(),
    storedAt: z.string().regex(/^\d+$/),
  }),
);
export type HubPosition = z.infer<typeof HubPosition>;

/** The hub position kept here; undefined before the till has applied anything from a hub. */
export function hubPosition(db: Db): HubPosition | undefined {
  const row: unknown = prepared(
    db,
    'SELECT streamCreated, streamSeq, messageId, storedAt FROM store_hub_position WHERE id = 1',
  ).get();
  return row === undefined ? undefined : HubPosition.parse(row);
}

/**
 * Keeps `position` as the hub position: call in the transaction that applies its message. A message
 * of the same stream at or below the one kept (redelivered) leaves it; another stream's replaces it.
 */
export function keepHubPosition(db: Db, position: HubPosition): void {
  prepared(
    db,
    `INSERT INTO store_hub_position (id, streamCreated, streamSeq, messageId, storedAt)
       VALUES (1, @streamCreated, @streamSeq, @messageId, @storedAt)
     ON CONFLICT (id) DO UPDATE SET streamCreated = excluded.streamCreated, streamSeq = excluded.streamSeq,
       messageId = excluded.messageId, storedAt = excluded.storedAt
     WHERE excluded.streamCreated IS NOT streamCreated OR excluded.streamSeq > streamSeq`,
  ).run(HubPosition.parse(position));
}

/** Another till's sale as its journal told it (version 2: returnable here). */
export type StoreSale = SaleBodyV2 & { readonly till: string };

export function storeSaleOf(row: unknown): StoreSale | undefined {
  const r = z.object({ till: z.string(), body: z.string() }).parse(row);
  const sale = SaleBodyV2.safeParse(JSON.parse(r.body));
  return sale.success ? { ...sale.data, till: r.till } : undefined;
}

/**
 * The other tills' sales a cashier's text names: the order's reference (the receipt's QR), or the
 * receipt's number as printed (`receipt`: "P1-000123" made from what was typed, any case). Every
 * match, version-1 sales left out (they cannot be returned here): tills sharing a receipt prefix
 * may each have that number.
 */
export function storeSalesByText(db: Db, reference: string, receipt: string | null): StoreSale[] {
  const rows = prepared(
    db,
    // A UNION of two index seeks (migration 40); an OR of the two would walk every sale event.
    `SELECT till, seq, body FROM store_event
      WHERE kind = 'sale' AND json_extract(body, '$.reference') = @reference
     UNION
     SELECT till, seq, body FROM store_event
      WHERE kind = 'sale' AND upper(json_extract(body, '$.receipt')) = upper(@receipt)
     ORDER BY till, seq`,
  ).all({ reference, receipt });
  return rows.flatMap((r) => storeSaleOf(r) ?? []);
}

/** Another till's sale by its till and its order's number there. */
export function storeSale(db: Db, till: string, orderId: number): StoreSale | undefined {
  const row: unknown = prepared(
    db,
    `SELECT till, body FROM store_event
      WHERE kind = 'sale' AND till = ? AND CAST(json_extract(body, '$.orderId') AS INTEGER) = ?`,
  ).get(till, orderId);
  return row === undefined ? undefined : storeSaleOf(row);
}

/**
 * What the other tills' journals say came back of till `saleTill`'s order `orderId`, per line
 * (thousandths): returns made at that till itself and at any other till but this one (this till's
 * own returns are in till_return). With `saleTill` this till's own name, the others' returns of its
 * own sale.
 */
export function storeReturnedOf(db: Db, saleTill: string, orderId: number): Map<number, number> {
  const rows = z.array(z.object({ lineNo: z.int(), quantityMilli: z.int() })).parse(
    prepared(
      db,
      `SELECT CAST(json_extract(body, '$.lineNo') AS INTEGER) AS lineNo,
              CAST(sum(json_extract(body, '$.quantityMilli')) AS INTEGER) AS quantityMilli
         FROM store_event
        WHERE kind = 'return-line' AND CAST(json_extract(body, '$.saleOrderId') AS INTEGER) = @orderId
          AND ((till = @till AND json_extract(body, '$.saleTill') IS NULL)
               OR json_extract(body, '$.saleTill') = @till)
        GROUP BY 1`,
    ).all({ till: saleTill, orderId }),
  );
  return new Map(rows.map((r) => [r.lineNo, r.quantityMilli]));
}

/** The other tills' events as stored here, by till and number (tests and the simulation count them). */
export function storeEvents(db: Db, till?: string): (JournalEvent & { till: string })[] {
  const rows =
    till === undefined
      ? prepared(db, 'SELECT till, seq, kind, body FROM store_event ORDER BY till, seq').all()
      : prepared(db, 'SELECT till, seq, kind, body FROM store_event WHERE till = ? ORDER BY seq').all(till);
  return rows.map((r) => ({ ...eventOf(r), till: z.object({ till: z.string() }).parse(r).till }));
}

/** For each other till: how many of its events are here and the highest number among them. */
export function storeEventTills(db: Db): { till: string; count: number; lastSeq: number }[] {
  return z
    .array(z.object({ till: z.string(), count: z.int(), lastSeq: z.int() }))
    .parse(
      prepared(
        db,
        'SELECT till, count(*) AS count, max(seq) AS lastSeq FROM store_event GROUP BY till ORDER BY till',
      ).all(),
    );
}

/** Every event of one kind, this till's (till null) and the others', in each till's order. */
export function eventsOfKind(db: Db, kind: JournalKind): { till: string | null; event: JournalEvent }[] {
  const own = prepared(db, 'SELECT seq, kind, body FROM journal WHERE kind = ? ORDER BY seq')
    .all(kind)
    .map((r) => ({ till: null, event: eventOf(r) }));
  const others = prepared(
    db,
    'SELECT till, seq, kind, body FROM store_event WHERE kind = ? ORDER BY till, seq',
  )
    .all(kind)
    .map((r) => ({ till: z.object({ till: z.string() }).parse(r).till, event: eventOf(r) }));
  return [...own, ...others];
}

/** Other tills' acknowledged orders and when this till learnt of it (its own clock), by till and order. */
export function acknowledgementsLearnt(db: Db): Map<string, string> {
  const rows = z.array(z.object({ till: z.string(), orderId: z.int(), receivedAt: z.string() })).parse(
    prepared(
      db,
      `SELECT till, CAST(json_extract(body, '$.orderId') AS INTEGER) AS orderId, receivedAt
           FROM store_event WHERE kind = 'acknowledged'`,
    ).all(),
  );
  return new Map(rows.map((r) => [`${r.till}/${r.orderId}`, r.receivedAt]));
}

const StoreShiftRow = lazy(() =>
  z.object({
    till: z.string(),
    shiftId: z.int().nullable(),
    floatMinor: z.int().transform(minor),
    sales: z.int(),
    salesMinor: z.int().transform(minor),
    cashSalesMinor: z.int().transform(minor),
    cashInMinor: z.int().transform(minor),
    cashOutMinor: z.int().transform(minor),
    cashRefundsMinor: z.int().transform(minor),
  }),
);
export type StoreShiftRow = z.infer<typeof StoreShiftRow>;

/**
 * Each till's shifts still open, with their figures (store_shift, kept by migration 33's triggers;
 * till '' is this till); a till whose shifts are all closed comes once with shiftId null.
 */
export function openStoreShifts(db: Db): StoreShiftRow[] {
  return z.array(StoreShiftRow).parse(
    prepared(
      db,
      `SELECT till, shiftId, floatMinor, sales, salesMinor, cashSalesMinor, cashInMinor, cashOutMinor,
              cashRefundsMinor FROM store_shift WHERE closed = 0
       UNION ALL
       SELECT till, NULL, 0, 0, 0, 0, 0, 0, 0 FROM store_shift GROUP BY till HAVING min(closed) = 1`,
    ).all(),
  );
}
