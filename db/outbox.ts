// Typed queries of the outbox_order table (migration 3) and its bookkeeping (when an order was
// acknowledged or cancelled). No function here opens a transaction of its own inside the caller's
// (recordOutboxOutcome's is a savepoint there), so a caller may put any of them inside its own (the
// counter closes a ShoppingSession and inserts its order in one transaction).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { minor, type Minor } from '../common/money.ts';
import { prepared } from './prepared.ts';
import { durably, type Db } from './database.ts';
import { InternetOrderPayload, OUTBOX_STATES, OutboxState } from '../contract/order.ts';
import { CardDocument, DocumentKind } from '../contract/documents.ts';
import { lazy } from '../common/lazy.ts';

/**
 * Automatic resends of an in-doubt order (where the instance recognises the client reference) stop
 * after this many attempts: an order that never gets a clear answer needs a person.
 */
export const MAX_AUTOMATIC_ATTEMPTS = 8;

/**
 * The instance's answer to a repeated Idempotency-Key (409): it already holds the order. Stored as
 * the code of a sent order it settled, and of an in-doubt one whose answer named no order: a resend
 * of that one meets the same answer, so it is never resent automatically; a person looks it up and
 * marks it sent (or resends it).
 */
export const DUPLICATE_REQUEST = 'DuplicateRequest';

/**
 * Counter's code for a 409 without DuplicateRequest to an order sent before
 * (main/outbox/attempt-outcome.ts): possibly the instance's answer to a repeat, so held like it.
 */
export const REPEAT_CONFLICT = 'RepeatConflict';

/** In SQL over the row `o`: not an in-doubt entry held for a person (above), whatever its attempts. */
const NOT_HELD = `coalesce(o.code, '') NOT IN ('${DUPLICATE_REQUEST}', '${REPEAT_CONFLICT}')`;

/** States an order can still leave by sending; the others wait for an operator or are final. */
export const UNSENT_STATES: readonly OutboxState[] = [
  'queued',
  'sending',
  'needs-fix',
  'blocked',
  'in-doubt',
];

/**
 * What an outbox row carries, by its kind (contract/documents.ts): an internet order, or a company
 * card issued at the till. The machine (states, leases, attempts, outcomes) is the same for each.
 */
export type OutboxDocument =
  | { readonly kind: 'order'; readonly payload: InternetOrderPayload }
  | { readonly kind: 'card'; readonly payload: CardDocument };

/** The payload schema of each kind: what a row's payload is parsed and stored by. */
const PAYLOAD_OF = {
  order: InternetOrderPayload,
  card: CardDocument,
} as const satisfies Record<DocumentKind, z.ZodType>;

/** A row's document, its payload parsed by its kind's schema (a ZodError when it is not that shape). */
export function parseDocument(kind: DocumentKind, payload: unknown): OutboxDocument {
  return kind === 'order'
    ? { kind, payload: PAYLOAD_OF.order.parse(payload) }
    : { kind, payload: PAYLOAD_OF.card.parse(payload) };
}

/**
 * One outbox entry: a document (an order, or another kind) with where it is in the machine. The name
 * is the table's (outbox_order); every row before migration 29 is an order.
 */
export type OutboxOrder = OutboxEntryBase & OutboxDocument;

/** An outbox entry that is an internet order. */
export type OutboxInternetOrder = OutboxEntryBase & {
  readonly kind: 'order';
  readonly payload: InternetOrderPayload;
};

export function isInternetOrder(entry: OutboxOrder): entry is OutboxInternetOrder {
  return entry.kind === 'order';
}

interface OutboxEntryBase {
  readonly id: number;
  readonly clientReference: string;
  readonly state: OutboxState;
  readonly attempts: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Epoch ms; null = as soon as possible. */
  readonly nextAttemptAt: number | null;
  readonly remoteId: number | null;
  /** What the instance said it booked (minor units), when its answer said; null otherwise. */
  /** What the instance said it booked (column `booked_cents`, minor units: migration 21's name). */
  readonly bookedMinor: Minor | null;
  readonly fieldErrors: Record<string, string[]> | null;
  readonly messages: string[] | null;
  readonly errorId: string | null;
  readonly code: string | null;
  readonly permission: string | null;
  readonly originSessionId: number | null;
  /** The instance the order is for; null for an order stored without one (tests, old files). */
  readonly instance: string | null;
  /** What the Orders list shows of it, stored when it was placed (null: not worked out yet). */
  readonly summary: StoredOrderSummary | null;
  /** When its detail (lines, payload items) was dropped after the retention period; null: never. */
  readonly compactedAt: string | null;
  /** The entry that must be sent before this one may go (migration 29); null: none. */
  readonly dependsOn: number | null;
  /** The state its last claim took it from (migration 42): meaningful while it is `sending`. */
  readonly sendingFrom: OutboxState | null;
}

/**
 * An order's figures as stored with it (migration 15): what its list row shows, and what its receipt
 * keeps once compaction dropped the lines (totals per VAT rate, the discount).
 */
export const StoredOrderSummary = lazy(() =>
  z.object({
    total: z.number(),
    lineCount: z.int().nonnegative(),
    customerName: z.string().optional(),
    walkIn: z.boolean(),
    byVatRate: z.array(
      z.object({ vatRate: z.number(), base: z.number(), vat: z.number(), gross: z.number() }),
    ),
    discount: z.number(),
  }),
);
export type StoredOrderSummary = z.infer<typeof StoredOrderSummary>;

/** Orders no sender and no operator action moves any more: only these may ever be compacted. */
export const SETTLED_STATES: readonly OutboxState[] = ['sent', 'cancelled', 'discarded'];

/**
 * Nor an order whose sale belongs to the till's open shift (migration 17): its X and Z reports are
 * not closed yet. `o` names the outbox_order row.
 */
const NOT_IN_OPEN_SHIFT = `NOT EXISTS (SELECT 1 FROM shopping_session s JOIN shift h ON h.id = s.shiftId
  WHERE s.id = o.origin_session_id AND h.state = 'open')`;

const FieldErrors = lazy(() => z.record(z.string(), z.array(z.string())));
const Messages = lazy(() => z.array(z.string()));

/**
 * An instance's figure as stored (its order id, what it booked): one that is not an exact integer
 * (written before amounts were bounded) reads as unsaid, so no stored row can make a listing throw.
 */
export const InstanceFigure = lazy(() =>
  z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null)),
);

const Row = lazy(() =>
  z.object({
    id: z.number().int(),
    client_reference: z.string(),
    payload: z.string(),
    state: OutboxState,
    attempts: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    next_attempt_at: z.number().int().nullable(),
    remote_id: InstanceFigure,
    booked_cents: InstanceFigure,
    field_errors: z.string().nullable(),
    messages: z.string().nullable(),
    error_id: z.string().nullable(),
    code: z.string().nullable(),
    permission: z.string().nullable(),
    origin_session_id: z.number().int().nullable(),
    instance: z.string().nullable().default(null),
    summary: z.string().nullable().default(null),
    compacted_at: z.string().nullable().default(null),
    kind: DocumentKind.default('order'),
    depends_on: z.number().int().nullable().default(null),
    sending_from: OutboxState.nullable().default(null),
  }),
);

function toOrder(raw: unknown): OutboxOrder {
  const r = Row.parse(raw);
  return {
    ...parseDocument(r.kind, JSON.parse(r.payload)),
    id: r.id,
    clientReference: r.client_reference,
    state: r.state,
    attempts: r.attempts,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    nextAttemptAt: r.next_attempt_at,
    remoteId: r.remote_id,
    bookedMinor: r.booked_cents === null ? null : minor(r.booked_cents),
    fieldErrors: r.field_errors === null ? null : FieldErrors.parse(JSON.parse(r.field_errors)),
    messages: r.messages === null ? null : Messages.parse(JSON.parse(r.messages)),
    errorId: r.error_id,
    code: r.code,
    permission: r.permission,
    originSessionId: r.origin_session_id,
    instance: r.instance,
    summary: r.summary === null ? null : StoredOrderSummary.parse(JSON.parse(r.summary)),
    compactedAt: r.compacted_at,
    dependsOn: r.depends_on,
    sendingFrom: r.sending_from,
  };
}

// ---------------------------------------------------------------------------------------------
// The shown state (docs/glossary.md): one rule, in TypeScript and in SQL, for the Orders screen,
// the counts and the shift's report. An entry in doubt that a pass took to settle it (stored
// `sending`, sending_from 'in-doubt', migration 42) is still in doubt until the pass stores its
// outcome: shown as sending for those moments, its row, its buttons and the status bar's "needs
// attention" came and went at every pass, and a number half typed into its "found on the instance"
// field was lost. Both readings below are built from SETTLING, so they cannot say different things.

/** The stored state and claim of an entry a pass is settling, and the state it is shown in. */
const SETTLING = {
  state: 'sending',
  from: 'in-doubt',
  shown: 'in-doubt',
} as const satisfies Record<string, OutboxState>;

/** An outbox_order row a pass is settling, as an SQL condition (parenthesised, to sit in any AND/OR). */
const SETTLING_SQL = `(state = '${SETTLING.state}' AND sending_from IS '${SETTLING.from}')`;

/** An outbox_order row's shown state, as an SQL expression (the column names unqualified). */
export const SHOWN_STATE_SQL = `CASE WHEN ${SETTLING_SQL} THEN '${SETTLING.shown}' ELSE state END`;

/** A pass took this entry from doubt and is settling it now (SETTLING_SQL, in TypeScript). */
export function isSettling(order: Pick<OutboxOrder, 'state' | 'sendingFrom'>): boolean {
  return order.state === SETTLING.state && order.sendingFrom === SETTLING.from;
}

/** The state an entry is shown and counted in (SHOWN_STATE_SQL, in TypeScript); the CLI says what is stored. */
export function shownState(order: Pick<OutboxOrder, 'state' | 'sendingFrom'>): OutboxState {
  return isSettling(order) ? SETTLING.shown : order.state;
}

export interface InsertOutboxOptions {
  /** The ShoppingSession the order closes, if any. */
  readonly originSessionId?: number;
  /** The instance the order is for (its key: 'demo' or the origin); only its sender sends it. */
  readonly instance?: string | null;
  /** Only for tests and imports; normally a fresh uuid made here, before any attempt. */
  readonly clientReference?: string;
  /** What its list row shows, when the caller knows it (a closed sale does). */
  readonly summary?: StoredOrderSummary;
  readonly now?: Date;
}

/**
 * Stores a validated order as `queued`. Does NOT open a transaction: call it inside yours.
 * Throws a ZodError when the order is not an order file's shape (and your transaction rolls back).
 * After your transaction commits, wake the sender (Outbox.wake()).
 */
export function insertOutboxOrder(
  db: Db,
  order: unknown,
  options: InsertOutboxOptions = {},
): OutboxInternetOrder {
  // A file older than migration 29 (tests of earlier migrations) has no kind: every row is an order.
  const stored = knowsDocuments(db)
    ? insertOutboxDocument(db, 'order', order, options)
    : insertOrderBefore26(db, InternetOrderPayload.parse(order), options);
  if (!isInternetOrder(stored)) throw new Error(`Outbox entry ${stored.id} was stored as a ${stored.kind}`);
  return stored;
}

const documentColumns = new WeakMap<Db, boolean>();

function knowsDocuments(db: Db): boolean {
  let known = documentColumns.get(db);
  if (known === undefined) {
    known =
      prepared(db, "SELECT 1 FROM pragma_table_info('outbox_order') WHERE name = 'kind'").get() !== undefined;
    documentColumns.set(db, known);
  }
  return known;
}

function insertOrderBefore26(
  db: Db,
  payload: InternetOrderPayload,
  options: InsertOutboxOptions,
): OutboxOrder {
  const now = (options.now ?? new Date()).toISOString();
  const values = [
    options.clientReference ?? randomUUID(),
    JSON.stringify(payload),
    now,
    now,
    options.originSessionId ?? null,
  ];
  // The instance column is named only when there is one to store (migration 8 added it).
  const info =
    options.instance === undefined || options.instance === null
      ? prepared(
          db,
          `INSERT INTO outbox_order (client_reference, payload, state, attempts, created_at, updated_at, origin_session_id)
             VALUES (?, ?, 'queued', 0, ?, ?, ?)`,
        ).run(...values)
      : prepared(
          db,
          `INSERT INTO outbox_order (client_reference, payload, state, attempts, created_at, updated_at, origin_session_id, instance)
             VALUES (?, ?, 'queued', 0, ?, ?, ?, ?)`,
        ).run(...values, options.instance);
  const id = Number(info.lastInsertRowid);
  if (options.summary !== undefined) setOutboxSummary(db, id, options.summary);
  return mustGet(db, id);
}

/**
 * Stores a document of any kind as `queued`, its payload checked by its kind's schema (a ZodError
 * when it is not that shape). Like insertOutboxOrder, inside the caller's transaction. An order is
 * made to wait for the card document of its customer (dependsOn) when a card issued at this till for
 * that company is not on the instance yet (nor given up: discarded).
 */
export function insertOutboxDocument<K extends DocumentKind>(
  db: Db,
  kind: K,
  payload: unknown,
  options: InsertOutboxOptions = {},
): Extract<OutboxOrder, { readonly kind: K }> {
  const document = parseDocument(kind, payload);
  const now = (options.now ?? new Date()).toISOString();
  const info = prepared(
    db,
    `INSERT INTO outbox_order (client_reference, payload, state, attempts, created_at, updated_at,
         origin_session_id, instance, kind, depends_on)
       VALUES (@reference, @payload, 'queued', 0, @now, @now, @session, @instance, @kind, @dependsOn)`,
  ).run({
    reference: options.clientReference ?? randomUUID(),
    payload: JSON.stringify(document.payload),
    now,
    session: options.originSessionId ?? null,
    instance: options.instance ?? null,
    kind,
    dependsOn: document.kind === 'order' ? unsentCardOf(db, document.payload.customerId) : null,
  });
  const id = Number(info.lastInsertRowid);
  if (options.summary !== undefined) setOutboxSummary(db, id, options.summary);
  const stored = mustGet(db, id);
  if (!isKind(stored, kind)) throw new Error(`Outbox entry ${id} was stored as a ${stored.kind}`);
  return stored;
}

function isKind<K extends DocumentKind>(
  entry: OutboxOrder,
  kind: K,
): entry is Extract<OutboxOrder, { readonly kind: K }> {
  return entry.kind === kind;
}

/** The newest card document for this company that is not sent (nor discarded, nor cancelled). */
function unsentCardOf(db: Db, companyId: number | undefined): number | null {
  if (companyId === undefined) return null;
  const id: unknown = prepared(
    db,
    `SELECT id FROM outbox_order WHERE kind = 'card' AND state IN (SELECT value FROM json_each(@unsent))
        AND json_extract(payload, '$.companyId') = @companyId ORDER BY id DESC LIMIT 1`,
  )
    .pluck()
    .get({ unsent: JSON.stringify(UNSENT_STATES), companyId });
  return typeof id === 'number' ? id : null;
}

/** Stores what an order's list row shows (a closed sale's, or one worked out later for an older row). */
export function setOutboxSummary(db: Db, id: number, summary: StoredOrderSummary): void {
  prepared(db, 'UPDATE outbox_order SET summary = ? WHERE id = ?').run(
    JSON.stringify(StoredOrderSummary.parse(summary)),
    id,
  );
}

/**
 * The orders as another table's query joins them (db/returns.ts: a return's sale, its document, its
 * exchange's sale), by their id: remoteId, clientReference, createdAt and state, as stored, and
 * shownState (SHOWN_STATE_SQL). Only this file names the table; SQLite flattens the subquery, so a
 * join on id seeks the primary key.
 */
export const JOINED_ORDERS = `(SELECT id, remote_id AS remoteId, client_reference AS clientReference,
  created_at AS createdAt, state, ${SHOWN_STATE_SQL} AS shownState FROM outbox_order)`;

export function getOutboxOrder(db: Db, id: number): OutboxOrder | undefined {
  const row: unknown = prepared(db, 'SELECT * FROM outbox_order WHERE id = ?').get(id);
  return row === undefined ? undefined : toOrder(row);
}

/** The entry with this id when it is an internet order (a receipt's, a sale's); undefined otherwise. */
export function getOutboxInternetOrder(db: Db, id: number): OutboxInternetOrder | undefined {
  const entry = getOutboxOrder(db, id);
  return entry !== undefined && isInternetOrder(entry) ? entry : undefined;
}

function mustGet(db: Db, id: number): OutboxOrder {
  const order = getOutboxOrder(db, id);
  if (!order) throw new Error(`Outbox order ${id} does not exist`);
  return order;
}

export function listOutboxOrders(db: Db, states?: readonly OutboxState[]): OutboxOrder[] {
  const rows: unknown[] =
    states === undefined
      ? prepared(db, 'SELECT * FROM outbox_order ORDER BY id').all()
      : prepared(
          db,
          `SELECT * FROM outbox_order WHERE state IN (SELECT value FROM json_each(?)) ORDER BY id`,
        ).all(JSON.stringify(states));
  return rows.map(toOrder);
}

/** Orders waiting to be sent (queued or in-doubt) that belong to another instance, by its key. */
export interface WaitingElsewhere {
  readonly instance: string;
  readonly queued: number;
  readonly inDoubt: number;
}

const WaitingRows = lazy(() =>
  z.array(z.object({ instance: z.string(), queued: z.number().int(), inDoubt: z.number().int() })),
);

/**
 * The orders a sender for `instance` passes over (nextDueOutboxOrder picks only its own and those
 * stored without one): queued or in-doubt orders stored for any other instance key.
 */
export function waitingElsewhere(db: Db, instance: string): WaitingElsewhere[] {
  const rows = WaitingRows.parse(
    prepared(
      db,
      `SELECT instance, sum(state = 'queued') AS queued, sum(state = 'in-doubt') AS inDoubt
           FROM outbox_order
          WHERE instance IS NOT NULL AND instance <> ? AND state IN ('queued', 'in-doubt')
          GROUP BY instance ORDER BY instance`,
    ).all(instance),
  );
  return rows;
}

const StateCounts = lazy(() => z.array(z.object({ state: OutboxState, n: z.number().int() })));

/**
 * How many orders are in each shown state: read from outbox_state_count, which triggers keep (migration
 * 15), so it costs the same with ten orders or a million.
 */
export function countOutboxOrders(db: Db): Record<OutboxState, number> {
  const counts = Object.fromEntries(OUTBOX_STATES.map((s) => [s, 0])) as Record<OutboxState, number>;
  const rows = StateCounts.parse(prepared(db, 'SELECT state, n FROM outbox_state_count').all());
  for (const r of rows) counts[r.state] = r.n;
  // The kept counts are of stored states; the entries a pass is settling move to their shown one.
  const settling = saleInt.parse(
    prepared(db, `SELECT count(*) FROM outbox_order INDEXED BY outbox_order_state WHERE ${SETTLING_SQL}`)
      .pluck()
      .get(),
  );
  counts[SETTLING.state] -= settling;
  counts[SETTLING.shown] += settling;
  return counts;
}

/** Which orders a page of the Orders list shows: every filter is optional. */
export interface OutboxPageQuery {
  /** Only orders in these states. */
  readonly states?: readonly OutboxState[];
  /** Part of the client reference or of the instance's order id (any case). */
  readonly text?: string;
  /** Placed at or after this instant (ISO). */
  readonly from?: string;
  /** Placed before this instant (ISO). */
  readonly to?: string;
  /** Only orders older than this one (the id the previous page ended at). */
  readonly before?: number;
  readonly limit: number;
}

export interface OutboxPage {
  /** Newest first. */
  readonly orders: OutboxOrder[];
  /** More orders match after the last one (ask again with `before` = its id). */
  readonly more: boolean;
}

/**
 * The orders whose receipt number, as printed ("P1-000123", db/receipts.ts formatReceiptNumber),
 * holds the text: what a cashier reads off a receipt a customer brings back.
 */
const RECEIPT_NUMBER_MATCH = `SELECT orderId FROM receipt WHERE number IS NOT NULL AND instr(lower(
  CASE WHEN prefix = '' THEN printf('%06d', number) ELSE prefix || '-' || printf('%06d', number) END), @text) > 0`;

/**
 * One page of the outbox, newest first, filtered in SQLite. Each shape of query walks an index in
 * id order and stops after `limit` + 1 rows: a day walks created_at (bounded by one day's orders),
 * states walk (state, id) one range per state, merged; no filter walks the table backwards. Only the
 * text search reads every row it passes, the way a substring search must.
 */
export function pageOutboxOrders(db: Db, query: OutboxPageQuery): OutboxPage {
  const limit = Math.max(1, Math.min(1000, Math.trunc(query.limit)));
  const text = query.text?.trim().toLowerCase() ?? '';
  const residual = [
    query.before === undefined ? '' : 'AND id < @before',
    text === ''
      ? ''
      : `AND (instr(lower(client_reference), @text) > 0 OR instr(coalesce(remote_id, ''), @text) > 0
           OR id IN (${RECEIPT_NUMBER_MATCH}))`,
  ].join(' ');
  const params = {
    before: query.before ?? null,
    text,
    from: query.from ?? '',
    to: query.to ?? '9999',
    take: limit + 1,
  };
  let sql: string;
  if (query.from !== undefined || query.to !== undefined) {
    const states =
      query.states === undefined
        ? ''
        : `AND (${[...new Set(query.states)].flatMap(shownAs).join(' OR ') || '0'})`;
    sql = `SELECT * FROM outbox_order INDEXED BY outbox_order_created
           WHERE created_at >= @from AND created_at < @to ${states} ${residual}
           ORDER BY id DESC LIMIT @take`;
  } else if (query.states !== undefined) {
    // One backwards range of (state, id) per state, each cut at the page's length, then merged.
    const ranges = [...new Set(query.states)].flatMap(shownAs).map(
      (match) =>
        `SELECT * FROM (SELECT * FROM outbox_order INDEXED BY outbox_order_state
           WHERE ${match} ${residual} ORDER BY id DESC LIMIT @take)`,
    );
    sql =
      ranges.length === 0
        ? 'SELECT * FROM outbox_order WHERE 0'
        : `SELECT * FROM (${ranges.join(' UNION ALL ')}) ORDER BY id DESC LIMIT @take`;
  } else {
    sql = `SELECT * FROM outbox_order WHERE 1 ${residual} ORDER BY id DESC LIMIT @take`;
  }
  const rows: unknown[] = prepared(db, sql).all(pick(sql, params));
  return { orders: rows.slice(0, limit).map(toOrder), more: rows.length > limit };
}

/** A state as an SQL literal: the states are the schema's own words, checked against the list. */
function sqlText(state: OutboxState): string {
  return `'${OutboxState.parse(state)}'`;
}

/**
 * The rows whose shown state (SHOWN_STATE_SQL) is `state`, one condition per range of (state, id):
 * each names a stored state, so it walks that index range rather than reading every row for the CASE.
 */
function shownAs(state: OutboxState): string[] {
  const stored = `state = ${sqlText(state)}`;
  if (state === SETTLING.shown) return [stored, SETTLING_SQL];
  if (state === SETTLING.state) return [`(${stored} AND NOT ${SETTLING_SQL})`];
  return [stored];
}

/** better-sqlite3 refuses named parameters the statement does not use: only those it names. */
function pick(sql: string, params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([name]) => sql.includes(`@${name}`)));
}

/** The orders with these ids (the ones an event names), in no particular order. */
export function outboxOrdersByIds(db: Db, ids: readonly number[]): OutboxOrder[] {
  const rows: unknown[] = prepared(
    db,
    'SELECT * FROM outbox_order WHERE id IN (SELECT value FROM json_each(?))',
  ).all(JSON.stringify(ids));
  return rows.map(toOrder);
}

/**
 * In-doubt entries a pass may take: every kind (true: the instance recognises a repeated client
 * reference), none (false), or only the kinds listed, whose senders settle a doubt by reading the
 * instance before they post (a card: the company's cards are read for its barcode).
 */
export type InDoubtTaken = boolean | readonly DocumentKind[];

function inDoubtKinds(taken: InDoubtTaken): string | null {
  if (taken === false) return null;
  return JSON.stringify(taken === true ? DocumentKind.options : taken);
}

/**
 * An entry waits while the entry it depends on (depends_on, migration 29) may still be sent: `o`
 * names the row. Sent, given up (discarded, cancelled) or gone from the table, it waits no more.
 */
const NOT_WAITING = `(o.depends_on IS NULL OR coalesce(
  (SELECT d.state FROM outbox_order d WHERE d.id = o.depends_on), 'sent') IN ('sent', 'discarded', 'cancelled'))`;

/**
 * The oldest order that may be sent now: queued and due, or in-doubt and due when the caller knows
 * the instance recognises a repeated client reference (or its kind's sender settles the doubt by
 * reading), short of its automatic attempts and not held for a person (DUPLICATE_REQUEST, REPEAT_CONFLICT). Oldest
 * first, so the queue stays FIFO; an entry waiting for another (dependsOn) is passed.
 */
export function nextDueOutboxOrder(
  db: Db,
  nowMs: number,
  includeInDoubt: InDoubtTaken,
  afterId = 0,
  instance?: string,
): OutboxOrder | undefined {
  // afterId walks the queue once per pass (an order retried in this pass waits for the next one);
  // each lookup is a range scan of the (state, id) index from there, never a rescan of sent orders.
  // With an instance, only its orders (and ones stored without one) are picked.
  const mine = instance === undefined ? '' : 'AND (instance IS NULL OR instance = @instance)';
  const params = { afterId, nowMs, cap: MAX_AUTOMATIC_ATTEMPTS, instance: instance ?? null };
  const queued: unknown = prepared(
    db,
    `SELECT * FROM outbox_order AS o INDEXED BY outbox_order_state
     WHERE state = 'queued' AND id > @afterId AND (next_attempt_at IS NULL OR next_attempt_at <= @nowMs) ${mine}
       AND ${NOT_WAITING}
     ORDER BY id LIMIT 1`,
  ).get(params);
  const kinds = inDoubtKinds(includeInDoubt);
  const inDoubt: unknown =
    kinds !== null
      ? prepared(
          db,
          `SELECT * FROM outbox_order AS o INDEXED BY outbox_order_state
         WHERE state = 'in-doubt' AND id > @afterId AND (next_attempt_at IS NULL OR next_attempt_at <= @nowMs)
           AND attempts < @cap AND ${NOT_HELD} ${mine} AND kind IN (SELECT value FROM json_each(@kinds))
           AND ${NOT_WAITING}
         ORDER BY id LIMIT 1`,
        ).get({ ...params, kinds })
      : undefined;
  const row = [queued, inDoubt]
    .filter((r) => r !== undefined)
    .map((r) => ({ raw: r, id: z.object({ id: z.number() }).parse(r).id }))
    .sort((a, b) => a.id - b.id)[0]?.raw;
  return row === undefined ? undefined : toOrder(row);
}

/**
 * Earliest next_attempt_at among orders that wait for a time (for the sender's timer). An entry that
 * waits for another is left out: the other's outcome wakes the sender.
 */
export function earliestNextAttempt(db: Db, includeInDoubt: InDoubtTaken, instance?: string): number | null {
  const mine = instance === undefined ? '' : 'AND (instance IS NULL OR instance = @instance)';
  const value = prepared(
    db,
    `SELECT min(coalesce(next_attempt_at, 0)) FROM outbox_order AS o
       WHERE (state = 'queued' OR (state = 'in-doubt' AND attempts < @cap AND ${NOT_HELD}
              AND kind IN (SELECT value FROM json_each(@kinds)))) ${mine} AND ${NOT_WAITING}`,
  )
    .pluck()
    .get({
      kinds: inDoubtKinds(includeInDoubt) ?? '[]',
      cap: MAX_AUTOMATIC_ATTEMPTS,
      instance: instance ?? null,
    });
  return z
    .number()
    .int()
    .nullable()
    .parse(value ?? null);
}

/** Who sends an order (migration 7): a process's name, see main/outbox/lease.ts. */
export interface SendingLease {
  readonly owner: string;
}

/** A `sending` order's lease as it is stored: its owner (null before leases) and beat (migration 11). */
export interface SendingLeaseRow {
  readonly id: number;
  readonly owner: string | null;
  readonly beat: number | null;
}

/**
 * The sender's heartbeat: raises the beat of its orders still `sending` under `owner`, so other
 * processes see it alive without comparing clocks.
 */
export function beatSending(db: Db, owner: string, ids: readonly number[]): void {
  prepared(
    db,
    `UPDATE outbox_order SET sending_beat = coalesce(sending_beat, 0) + 1
       WHERE id IN (SELECT value FROM json_each(?)) AND state = 'sending' AND sending_owner = ?`,
  ).run(JSON.stringify(ids), owner);
}

/**
 * Claims an order for one attempt: `sending` under `lease`, attempts + 1. The caller must let this
 * commit BEFORE the request goes out: an order found in `sending` with a stale lease later is one
 * whose request may have been sent. Returns false when the order was not in an expected state
 * (someone else took it).
 */
export function claimForSending(
  db: Db,
  id: number,
  from: readonly OutboxState[],
  now = new Date(),
  lease: SendingLease | null = null,
): boolean {
  // On disk before the request leaves: a claim a power cut took back would let the order be sent
  // again as if it never had been. The claim beats too: an order's beat never repeats, so an observer
  // cannot take a new claim for the silence of an old one.
  const info = durably(db, () =>
    prepared(
      db,
      `UPDATE outbox_order SET state = 'sending', attempts = attempts + 1, updated_at = ?,
         sending_owner = ?, sending_until = NULL, sending_beat = coalesce(sending_beat, 0) + 1,
         sending_from = state
       WHERE id = ? AND state IN (SELECT value FROM json_each(?))`,
    ).run(now.toISOString(), lease?.owner ?? null, id, JSON.stringify(from)),
  );
  return info.changes === 1;
}

export interface OutboxOutcome {
  readonly state: OutboxState;
  readonly nextAttemptAt?: number | null;
  readonly remoteId?: number | null;
  /**
   * What the instance said it booked, minor units: set by an acknowledgement (null: it did not say);
   * undefined leaves what is stored.
   */
  readonly bookedMinor?: Minor | null;
  /**
   * When the instance acknowledged it by its own clock (its answer's Date, ISO UTC): set by an
   * acknowledgement (null: its answer had none); undefined leaves what is stored.
   */
  readonly instanceAcknowledgedAt?: string | null;
  readonly fieldErrors?: Record<string, string[]> | null;
  readonly messages?: readonly string[] | null;
  readonly errorId?: string | null;
  readonly code?: string | null;
  readonly permission?: string | null;
}

/** An instance's figure stored only as an exact integer; anything else is stored as unsaid. */
function exactOrNull(value: number | null): number | null {
  return value !== null && Number.isSafeInteger(value) ? value : null;
}

/**
 * Records an outcome when the order is still in one of `from` (so a late answer never overwrites a
 * newer decision). Returns the stored order, or undefined when nothing changed.
 */
export function recordOutboxOutcome(
  db: Db,
  id: number,
  from: readonly OutboxState[],
  outcome: OutboxOutcome,
  now = new Date(),
): OutboxOrder | undefined {
  // One write with its bookkeeping: a savepoint inside the caller's transaction, else its own.
  const changed = db
    .transaction(() => {
      // Only a change of state is booked: an outcome recorded over the same state (from naming it) is none.
      const before = from.includes(outcome.state) ? getOutboxOrder(db, id)?.state : undefined;
      const updated = writeOutcome(db, id, from, outcome, now) === 1;
      if (updated && before !== outcome.state) bookStateChange(db, id, outcome.state, now.toISOString());
      return updated;
    })
    .immediate();
  return changed ? mustGet(db, id) : undefined;
}

/**
 * The outbox's bookkeeping of an order's state (the tables of migration 17, written here since
 * migration 25): when the instance acknowledged it (its first `sent`), and when it was cancelled on
 * the instance with the shift then open and who worked the till, for the shift's reports.
 */
function bookStateChange(db: Db, id: number, state: OutboxState, at: string): void {
  if (state === 'sent') {
    prepared(db, 'INSERT OR IGNORE INTO order_acknowledged (orderId, at) VALUES (?, ?)').run(id, at);
  } else if (state === 'cancelled') {
    prepared(
      db,
      `INSERT OR IGNORE INTO order_cancelled (orderId, at, shiftId, cashierId) VALUES (?, ?,
         (SELECT id FROM shift WHERE state = 'open'), (SELECT cashierId FROM till_cashier WHERE till = 1))`,
    ).run(id, at);
  }
}

function writeOutcome(
  db: Db,
  id: number,
  from: readonly OutboxState[],
  outcome: OutboxOutcome,
  now: Date,
): number {
  // What was booked is the acknowledgement's to say; any other outcome leaves it as it was.
  const booked = outcome.bookedMinor === undefined ? '' : 'booked_cents = @booked,';
  const instanceAt =
    outcome.instanceAcknowledgedAt === undefined ? '' : 'instance_acknowledged_at = @instanceAt,';
  const info = prepared(
    db,
    `UPDATE outbox_order SET state = @state, next_attempt_at = @next, remote_id = @remoteId, ${booked} ${instanceAt}
         field_errors = @fieldErrors, messages = @messages, error_id = @errorId, code = @code,
         permission = @permission, updated_at = @now, sending_owner = NULL, sending_until = NULL
       WHERE id = @id AND state IN (SELECT value FROM json_each(@from))`,
  ).run({
    state: outcome.state,
    next: storableTime(outcome.nextAttemptAt),
    remoteId: exactOrNull(outcome.remoteId ?? null),
    ...(outcome.bookedMinor === undefined ? {} : { booked: exactOrNull(outcome.bookedMinor) }),
    ...(outcome.instanceAcknowledgedAt === undefined
      ? {}
      : { instanceAt: isoOrNull(outcome.instanceAcknowledgedAt) }),
    fieldErrors: outcome.fieldErrors == null ? null : JSON.stringify(outcome.fieldErrors),
    messages: outcome.messages == null ? null : JSON.stringify(outcome.messages),
    errorId: outcome.errorId ?? null,
    code: outcome.code ?? null,
    permission: outcome.permission ?? null,
    now: now.toISOString(),
    id,
    from: JSON.stringify(from),
  });
  return info.changes;
}

/** An instant stored as ISO UTC, so stored ones compare as text; anything unreadable is unsaid. */
function isoOrNull(value: string | null): string | null {
  const ms = value === null ? Number.NaN : Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** next_attempt_at is an INTEGER column: no computed instant may fail the write that records an answer. */
function storableTime(ms: number | null | undefined): number | null {
  if (ms === null || ms === undefined || Number.isNaN(ms)) return null;
  return Math.round(Math.min(Number.MAX_SAFE_INTEGER, Math.max(0, ms)));
}

/**
 * Replaces the payload of an order not yet sent (edit of a needs-fix order) and queues it again. An
 * order file's summary was priced from its lines, so it is worked out again; a sale's stays the sale's.
 */
export function replaceOutboxPayload(
  db: Db,
  id: number,
  from: readonly OutboxState[],
  order: unknown,
  now = new Date(),
  /** A sale's list row for the new payload (who it now goes to, its lines); undefined: kept as it was. */
  summaryOf?: (payload: InternetOrderPayload, stored: StoredOrderSummary) => StoredOrderSummary,
): OutboxOrder | undefined {
  // The new payload is of the entry's own kind (a card is fixed as a card).
  const entry = getOutboxOrder(db, id);
  const document = parseDocument(entry?.kind ?? 'order', order);
  const payload = document.payload;
  const stored = entry?.summary ?? null;
  const summary =
    stored === null || summaryOf === undefined || document.kind !== 'order'
      ? null
      : summaryOf(document.payload, stored);
  const info = prepared(
    db,
    `UPDATE outbox_order SET payload = ?, state = 'queued', next_attempt_at = NULL, field_errors = NULL,
         messages = NULL, error_id = NULL, code = NULL, permission = NULL, updated_at = ?,
         summary = CASE WHEN origin_session_id IS NULL THEN NULL ELSE coalesce(?, summary) END
       WHERE id = ? AND state IN (SELECT value FROM json_each(?))`,
  ).run(
    JSON.stringify(payload),
    now.toISOString(),
    summary === null ? null : JSON.stringify(StoredOrderSummary.parse(summary)),
    id,
    JSON.stringify(from),
  );
  return info.changes === 1 ? mustGet(db, id) : undefined;
}

/**
 * An order left in `sending` whose sender is gone may have reached the service, so it becomes
 * `in-doubt` (never `queued`: that would resend it blindly). `goneSender` says, for each lease, what
 * is known of its gone sender (the first sentence of the order's message), or null while the sender
 * lives: its order is left to it. Returns how many changed.
 */
export function markInterruptedInDoubt(
  db: Db,
  now = new Date(),
  goneSender: (lease: SendingLeaseRow) => string | null = () =>
    'The process sending this order stopped before an answer was stored.',
): number {
  const sending = z
    .array(
      z.object({
        id: z.number().int(),
        sending_owner: z.string().nullable(),
        sending_beat: z.number().int().nullable(),
      }),
    )
    .parse(
      prepared(db, `SELECT id, sending_owner, sending_beat FROM outbox_order WHERE state = 'sending'`).all(),
    );
  // Only if the lease is still the one judged: a new claim or a beat in between means a live sender.
  const mark = prepared(
    db,
    `UPDATE outbox_order SET state = 'in-doubt', next_attempt_at = NULL, updated_at = ?,
         sending_owner = NULL, sending_until = NULL,
         messages = json_array(? || ' It may have reached the service. Client reference ' || client_reference || '.')
       WHERE id = ? AND state = 'sending' AND sending_owner IS ? AND sending_beat IS ?`,
  );
  let changed = 0;
  for (const r of sending) {
    const why = goneSender({ id: r.id, owner: r.sending_owner, beat: r.sending_beat });
    if (why !== null)
      changed += mark.run(now.toISOString(), why, r.id, r.sending_owner, r.sending_beat).changes;
  }
  return changed;
}

/**
 * Takes every stored next attempt later than `latestMs` as due at `nowMs`. No wait the sender sets is
 * longer than its longest backoff, so a later one was stored while the clock ran ahead: without this,
 * a clock set right again would keep the order waiting for as long as the clock had been wrong (and
 * brought back only to the longest wait, a 429 stored a year ahead still waited an hour). Returns how
 * many changed.
 */
export function clampNextAttempts(db: Db, latestMs: number, nowMs: number): number {
  return prepared(
    db,
    `UPDATE outbox_order INDEXED BY outbox_order_state SET next_attempt_at = @now
       WHERE state IN ('queued', 'in-doubt') AND next_attempt_at > @latest`,
  ).run({ latest: storableTime(latestMs), now: storableTime(nowMs) }).changes;
}

/** An order compaction may look at: settled, past the retention by every witness (RetentionBounds). */
export interface CompactionCandidate {
  readonly id: number;
  readonly state: OutboxState;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly originSessionId: number | null;
  readonly hasSummary: boolean;
}

/** Where a walk through the candidates stopped: the last one looked at. */
export interface CompactionCursor {
  readonly updatedAt: string;
  readonly id: number;
}

/**
 * The retention's start as each witness of time sees it (main/outbox/compaction.ts works them out).
 * An order is past the retention only when all three agree.
 */
export interface RetentionBounds {
  /** The till's clock: placed, last changed and acknowledged before this (ISO UTC). */
  readonly olderThan: string;
  /** The instance's clock: acknowledged before this (ISO UTC); an order without its time passes here. */
  readonly instanceOlderThan: string;
  /**
   * The sequence: no order after this id. An order without the instance's time (discarded, marked
   * sent by a person, older than migration 22) is old only when an order after it is, by the instance.
   */
  readonly throughId: number;
}

/**
 * Compaction's rule in SQL (`o` names the outbox_order row): settled, not compacted, not a sale of
 * the open shift, and past the retention by the till's clock, the instance's and the sequence.
 */
const PAST_RETENTION = `o.compacted_at IS NULL AND o.id <= @throughId
  AND o.updated_at < @olderThan AND o.created_at < @olderThan
  AND (o.instance_acknowledged_at IS NULL OR o.instance_acknowledged_at < @instanceOlderThan)
  AND NOT EXISTS (SELECT 1 FROM order_acknowledged a WHERE a.orderId = o.id AND a.at >= @olderThan)
  AND o.state IN (SELECT value FROM json_each(@settled)) AND ${NOT_IN_OPEN_SHIFT}`;

function boundsParams(bounds: RetentionBounds) {
  return {
    olderThan: bounds.olderThan,
    instanceOlderThan: bounds.instanceOlderThan,
    throughId: Math.trunc(bounds.throughId),
    settled: JSON.stringify(SETTLED_STATES),
  };
}

/**
 * Settled orders (SETTLED_STATES) not compacted yet, past the retention by every witness of
 * `bounds` and whose sale is not of the open shift, oldest change first, after `after`, at most
 * `limit`: a range of the partial index of uncompacted orders, so the orders already compacted are
 * never read again.
 */
export function compactionCandidates(
  db: Db,
  bounds: RetentionBounds,
  limit: number,
  after: CompactionCursor = { updatedAt: '', id: 0 },
): CompactionCandidate[] {
  const rows = z
    .array(
      z.object({
        id: z.int(),
        state: OutboxState,
        created_at: z.string(),
        updated_at: z.string(),
        origin_session_id: z.int().nullable(),
        has_summary: z.union([z.literal(0), z.literal(1)]),
      }),
    )
    .parse(
      prepared(
        db,
        `SELECT id, state, created_at, updated_at, origin_session_id, summary IS NOT NULL AS has_summary
           FROM outbox_order AS o INDEXED BY outbox_order_uncompacted
          WHERE ${PAST_RETENTION} AND (o.updated_at, o.id) > (@afterAt, @afterId)
          ORDER BY updated_at, id LIMIT @limit`,
      ).all({ ...boundsParams(bounds), limit, afterAt: after.updatedAt, afterId: after.id }),
    );
  return rows.map((r) => ({
    id: r.id,
    state: r.state,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    originSessionId: r.origin_session_id,
    hasSummary: r.has_summary === 1,
  }));
}

/**
 * The newest instant this till's file holds by its own clock (ISO UTC; null: none): an order placed,
 * changed or acknowledged, a shift opened or closed. A clock earlier than this was set back.
 */
export function newestTillTime(db: Db): string | null {
  const newest: unknown = prepared(
    db,
    `SELECT max(
       coalesce((SELECT max(created_at) FROM outbox_order), ''),
       coalesce((SELECT max(updated_at) FROM outbox_order WHERE compacted_at IS NULL), ''),
       coalesce((SELECT max(at) FROM order_acknowledged), ''),
       coalesce((SELECT max(max(openedAt, coalesce(closedAt, ''))) FROM shift), ''))`,
  )
    .pluck()
    .get();
  return typeof newest === 'string' && newest !== '' ? newest : null;
}

/** The latest acknowledgement by the instance's clock (ISO UTC), null when none carried its time. */
export function newestInstanceAcknowledgement(db: Db): string | null {
  const newest: unknown = prepared(
    db,
    'SELECT max(instance_acknowledged_at) FROM outbox_order WHERE instance_acknowledged_at IS NOT NULL',
  )
    .pluck()
    .get();
  return typeof newest === 'string' ? newest : null;
}

/** The highest order id the instance acknowledged before `instant` by its clock (0: none). */
export function lastIdAcknowledgedBefore(db: Db, instant: string): number {
  const id: unknown = prepared(
    db,
    `SELECT max(id) FROM outbox_order INDEXED BY outbox_order_instance_acknowledged
      WHERE instance_acknowledged_at IS NOT NULL AND instance_acknowledged_at < ?`,
  )
    .pluck()
    .get(instant);
  return typeof id === 'number' ? id : 0;
}

/**
 * Drops a settled order's detail: the items of its payload and the lines of the sale it closed. The
 * row stays with its state, references, dates, messages and summary, and the sale keeps its header
 * (customer, tender, walk-in). Refused (false) unless the order has a summary (what its list row and
 * receipt show must outlive the lines) and still meets compaction's rule (settled, past the retention
 * by every witness of `bounds`, not of the open shift). Does NOT open a transaction.
 */
export function compactOutboxOrder(db: Db, id: number, bounds: RetentionBounds, now = new Date()): boolean {
  const info = prepared(
    db,
    `UPDATE outbox_order AS o SET payload = json_set(payload, '$.items', json('[]')), compacted_at = @now
      WHERE id = @id AND summary IS NOT NULL AND ${PAST_RETENTION}`,
  ).run({ id, now: now.toISOString(), ...boundsParams(bounds) });
  if (info.changes !== 1) return false;
  prepared(
    db,
    `DELETE FROM shopping_session_line WHERE sessionId IN
       (SELECT origin_session_id FROM outbox_order WHERE id = ? AND origin_session_id IS NOT NULL)`,
  ).run(id);
  return true;
}

// ---------------------------------------------------------------------------------------------
// What other readers learn of orders (the shift's reports, what was sold here): this file alone
// names the order's table and its acknowledgement records (layers.ts ONLY_IN, test/architecture).

const OrderNow = lazy(() =>
  z.object({
    orderId: z.int(),
    state: OutboxState,
    remoteId: z.int().nullable(),
    clientReference: z.string(),
    acknowledgedAt: z.string().nullable(),
  }),
);
export type OrderNow = z.output<typeof OrderNow>;

/**
 * Where each of these orders is now, in its shown state (SHOWN_STATE_SQL: a shift's report counts and
 * lists an entry a pass is settling in doubt, not on its way), and when it was acknowledged; an id the
 * outbox lacks is left out.
 */
export function ordersNow(db: Db, orderIds: readonly number[]): OrderNow[] {
  // SHOWN_STATE_SQL's columns are unqualified: order_acknowledged has no column of those names.
  const read = prepared(
    db,
    `SELECT o.id AS orderId, ${SHOWN_STATE_SQL} AS state,
            o.remote_id AS remoteId, o.client_reference AS clientReference,
            a.at AS acknowledgedAt
       FROM outbox_order o LEFT JOIN order_acknowledged a ON a.orderId = o.id WHERE o.id = ?`,
  );
  return orderIds.flatMap((id) => {
    const row: unknown = read.get(id);
    return row === undefined ? [] : [OrderNow.parse(row)];
  });
}

/** The orders cancelled on the instance while this shift was open (migration 17's order_cancelled). */
export function ordersCancelledInShift(db: Db, shiftId: number): number[] {
  return z
    .array(z.int())
    .parse(
      prepared(db, 'SELECT orderId FROM order_cancelled WHERE shiftId = ? ORDER BY orderId')
        .pluck()
        .all(shiftId),
    );
}

/** An item of a sale's order that may count against the cached stock figures (db/sold-here.ts). */
const SoldItemRow = lazy(() =>
  z.object({
    productId: z.int(),
    warehouseId: z.int(),
    quantity: z.number(),
    acknowledgedAt: z.string().nullable(),
  }),
);
export type SoldItemRow = z.infer<typeof SoldItemRow>;

// The states an order waits in before the instance acknowledges it are written out so the planner
// reads each from the (state, id) index. CROSS JOIN keeps the acknowledged ones read from
// order_acknowledged_at: joined plainly, SQLite would walk every 'sent' order of the history instead.
export const soldItemsSql = `
  WITH counted (orderId, acknowledgedAt) AS (
    SELECT id, NULL FROM outbox_order
      WHERE state IN ('queued', 'sending', 'needs-fix', 'blocked', 'in-doubt')
    UNION ALL
    SELECT a.orderId, a.at FROM order_acknowledged a CROSS JOIN outbox_order o ON o.id = a.orderId
      WHERE a.at > @since AND o.state = 'sent'
  )
  SELECT CAST(json_extract(i.value, '$.productId') AS INTEGER) AS productId,
         CAST(json_extract(o.payload, '$.warehouseId') AS INTEGER) AS warehouseId,
         json_extract(i.value, '$.quantity') AS quantity,
         c.acknowledgedAt AS acknowledgedAt
    FROM counted c
    JOIN outbox_order o ON o.id = c.orderId
    JOIN shopping_session s ON s.id = o.origin_session_id AND s.state = 'closed'
    JOIN json_each(o.payload, '$.items') i
   WHERE CAST(json_extract(i.value, '$.productId') AS INTEGER) IN (SELECT value FROM json_each(@products))`;

/**
 * Built once, as every row schema here: zod makes and walks a new schema on each z.array(), and the
 * stock rule reads these on every scan (what it made outlived the core's young-generation GCs).
 */
const SoldItemRows = lazy(() => z.array(SoldItemRow));

/**
 * The items of these products in the orders of closed sales that are not acknowledged, or were
 * acknowledged after `since` (ISO UTC): only open and recent orders are read, never the history.
 */
export function soldItemsSince(db: Db, since: string, productIds: readonly number[]): SoldItemRow[] {
  return SoldItemRows.parse(prepared(db, soldItemsSql).all({ since, products: JSON.stringify(productIds) }));
}

const saleInt = lazy(() => z.number().int());
const SaleOrder = lazy(() =>
  z.object({
    orderId: saleInt,
    sessionId: saleInt,
    clientReference: z.string(),
    remoteId: saleInt.nullable(),
    number: saleInt.nullable(),
    prefix: z.string(),
  }),
);
export type SaleOrder = z.infer<typeof SaleOrder>;

const SALE_ORDER = `SELECT o.id AS orderId, o.origin_session_id AS sessionId, o.client_reference AS clientReference,
    o.remote_id AS remoteId, r.number AS number, coalesce(r.prefix, '') AS prefix
  FROM outbox_order o LEFT JOIN receipt r ON r.orderId = o.id
  WHERE o.origin_session_id IS NOT NULL`;

/**
 * The sale's order a cashier's text names: a receipt number as printed ("P1-000123", any case, the
 * zeros optional), the order's reference (what the receipt's QR holds), or the instance's order number.
 */
export function saleOrderByText(db: Db, text: string): SaleOrder | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const byReference: unknown = prepared(db, `${SALE_ORDER} AND o.client_reference = ?`).get(t);
  if (byReference !== undefined) return SaleOrder.parse(byReference);
  const m = /^(?:(.*)-)?0*(\d{1,15})$/.exec(t);
  if (m !== null) {
    const byNumber: unknown = prepared(
      db,
      `${SALE_ORDER} AND r.number = ? AND upper(r.prefix) = upper(?)`,
    ).get(Number(m[2]), m[1] ?? '');
    if (byNumber !== undefined) return SaleOrder.parse(byNumber);
  }
  if (/^\d{1,9}$/.test(t)) {
    const byRemote: unknown = prepared(db, `${SALE_ORDER} AND o.remote_id = ?`).get(Number(t));
    if (byRemote !== undefined) return SaleOrder.parse(byRemote);
  }
  return undefined;
}

/**
 * Goods taken back at this till (issue 37) that the instance's stock figures may not show yet, in
 * the sold_line's product and the sale's warehouse: a return still waiting for its route or on the
 * back office's list (NULL: the instance has not booked it), or sent as a negative order (its
 * acknowledgement's time). A return that went by DELETE cancelled its sale's order, which then
 * counts nothing: it is left out here so the goods are not added back twice. A return of another
 * till's sale (issue 38) takes its product and warehouse from that sale's lines (store_sold_line); a
 * return without a receipt from its own items (till_return_item).
 */
export function returnedItemsSince(db: Db, since: string, productIds: readonly number[]): SoldItemRow[] {
  return SoldItemRows.parse(
    prepared(
      db,
      `SELECT coalesce(s.productId, t.productId, i.productId) AS productId,
              coalesce(CAST(json_extract(o.payload, '$.warehouseId') AS INTEGER), t.warehouseId, i.warehouseId) AS warehouseId,
              -(l.quantityMilli / 1000.0) AS quantity,
              a.at AS acknowledgedAt
         FROM till_return r
         JOIN till_return_line l ON l.returnId = r.id
         LEFT JOIN sold_line s ON r.saleTill IS NULL AND s.sessionId = r.saleSessionId AND s.lineNo = l.lineNo
         LEFT JOIN outbox_order o ON r.saleTill IS NULL AND o.id = r.saleOrderId
         LEFT JOIN store_sold_line t ON t.till = r.saleTill AND t.sessionId = r.saleSessionId AND t.lineNo = l.lineNo
         LEFT JOIN till_return_item i ON r.saleSessionId IS NULL AND i.returnId = r.id AND i.lineNo = l.lineNo
         LEFT JOIN outbox_order d ON d.id = r.documentOrderId
         LEFT JOIN order_acknowledged a ON a.orderId = d.id
        WHERE (r.route IS NULL OR r.route <> 'delete')
          AND (r.state IN ('waiting', 'back-office')
               OR (r.state = 'document' AND (d.state <> 'sent' OR a.at > @since)))
          AND coalesce(s.productId, t.productId, i.productId) IN (SELECT value FROM json_each(@products))`,
    ).all({ since, products: JSON.stringify(productIds) }),
  );
}

/** An item another till of the store sold or took back, as its journal told this till (issue 38). */
const StoreSoldItemRow = lazy(() => SoldItemRow.extend({ till: z.string() }));
const StoreSoldItemRows = lazy(() => z.array(StoreSoldItemRow));
export type StoreSoldItemRow = z.infer<typeof StoreSoldItemRow>;

/**
 * The other tills' sales and returns of these products that the cached figures read at `since` may
 * not show (docs/assumptions.md "Sold in this store since the last sync"). A sale counts until the
 * instance's acknowledgement of its order reaches this till through the hub: `acknowledgedAt` is
 * when that event arrived here (this till's clock, never the other till's), NULL while none has. A
 * return made at another till counts (negative) when its event arrived here after the figures were
 * read (`acknowledgedAt` is that arrival): the other till's journal does not say when the instance
 * booked it. Sales whose order was cancelled or
 * discarded when closed count nothing; returns that went by DELETE cancel the sale's order instead.
 */
export function storeSoldItemsSince(
  db: Db,
  since: string,
  productIds: readonly number[],
): StoreSoldItemRow[] {
  const params = { since, products: JSON.stringify(productIds) };
  // store_sold_item (migration 39): the other tills' sale items by product, kept as their events arrive.
  const sales = prepared(
    db,
    // Two seeks of (productId, acknowledgedAt): not acknowledged yet, and acknowledged since.
    `SELECT till, productId, warehouseId, quantity, acknowledgedAt
       FROM store_sold_item
      WHERE productId IN (SELECT value FROM json_each(@products)) AND acknowledgedAt IS NULL
     UNION ALL
     SELECT till, productId, warehouseId, quantity, acknowledgedAt
       FROM store_sold_item
      WHERE productId IN (SELECT value FROM json_each(@products)) AND acknowledgedAt > @since`,
  ).all(params);
  // A return's sale is the returning till's own (saleTill NULL), a third till's (its store_sold_line),
  // or this till's (a saleTill no event came from: its sold_line through its order).
  const returns = prepared(
    db,
    `WITH r AS (
       SELECT e.till AS till, e.receivedAt AS receivedAt,
              coalesce(json_extract(e.body, '$.saleTill'), e.till) AS saleTill,
              CAST(json_extract(e.body, '$.saleOrderId') AS INTEGER) AS saleOrderId,
              CAST(json_extract(e.body, '$.lineNo') AS INTEGER) AS lineNo,
              CAST(json_extract(e.body, '$.quantityMilli') AS INTEGER) AS quantityMilli
         FROM store_event e
        WHERE e.kind = 'return-line' AND e.receivedAt > @since)
     SELECT r.till AS till,
            coalesce(t.productId, s.productId) AS productId,
            coalesce(t.warehouseId, CAST(json_extract(o.payload, '$.warehouseId') AS INTEGER)) AS warehouseId,
            -(r.quantityMilli / 1000.0) AS quantity,
            r.receivedAt AS acknowledgedAt
       FROM r
       LEFT JOIN store_sold_line t ON t.till = r.saleTill AND t.orderId = r.saleOrderId AND t.lineNo = r.lineNo
       LEFT JOIN outbox_order o ON t.till IS NULL
            AND NOT EXISTS (SELECT 1 FROM store_event x WHERE x.till = r.saleTill) AND o.id = r.saleOrderId
       LEFT JOIN sold_line s ON s.sessionId = o.origin_session_id AND s.lineNo = r.lineNo
      WHERE coalesce(t.productId, s.productId) IN (SELECT value FROM json_each(@products))
        AND coalesce(t.warehouseId, CAST(json_extract(o.payload, '$.warehouseId') AS INTEGER)) IS NOT NULL`,
  ).all(params);
  return StoreSoldItemRows.parse([...sales, ...returns]);
}
