// Compaction of old orders: after the retention period (Settings, 90 days by default) a settled order
// (sent, cancelled or discarded) keeps its row, references, state, dates, messages, summary (total,
// VAT per rate, line count, customer) and its sale's header (customer, tender, walk-in), and loses its
// detail: the sale's lines and the order payload's items. Orders that are not settled are never
// touched, nor any of the open shift (its Z report is not closed), nor any a hold keeps. An order whose
// summary cannot be worked out for good (an order file's product the cache does not know) keeps its
// detail.
//
// How old an order is, is never the till's clock's word alone: that clock can be a year behind (a
// dead CMOS battery) and be put right, which would make the sales made meanwhile look a year old.
// An order is past the retention only when the till's clock, the instance's clock (the Date of the
// answer that acknowledged it, against the latest such answer) and the sequence of orders (one
// without the instance's time is old only when a later order is, by the instance) all say so; and
// nothing is compacted while the till's clock is earlier than a time it stored (it was set back).
// docs/assumptions.md "Retention and compaction".
import { writeTransaction, type Db } from '../../db/database.ts';
import {
  compactionCandidates,
  compactOutboxOrder,
  getOutboxInternetOrder,
  lastIdAcknowledgedBefore,
  newestInstanceAcknowledgement,
  newestTillTime,
  setOutboxSummary,
  type CompactionCandidate,
  type CompactionCursor,
  type RetentionBounds,
} from '../../db/outbox.ts';
import type { SummarySource } from './views.ts';

/** The retention period when Settings say nothing. */
export const DEFAULT_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * Keeps an order's detail past the retention period when it returns true. The rule of the outbox
 * itself (settled, older than the retention) comes first; a hold can only keep more.
 */
export type CompactionHold = (order: CompactionCandidate) => boolean;

export interface CompactionOptions {
  /** Days an order's detail is kept after its last change (at least 1). */
  readonly retentionDays: number;
  readonly now: Date;
  /** What else keeps an order's detail (none yet: shifts will add theirs). */
  readonly holds?: readonly CompactionHold[];
  /** Orders per transaction: between two, scans and sales get the database. */
  readonly batch?: number;
  /**
   * Called between two batches (the app yields to its event loop there); the walk goes on when it
   * resolves true, and stops at false (the app is closing, or another instance is in use).
   */
  readonly pause?: () => Promise<boolean>;
  /**
   * Called in the batch's transaction just before a candidate's sale lines are dropped: keeps what
   * must outlive them (a sale closed before returns existed has no lines as paid yet, and returns
   * work those out from the sale's lines: main/counter keepSoldLines).
   */
  readonly beforeDrop?: (order: CompactionCandidate) => void;
}

export interface CompactionReport {
  readonly compacted: number;
  /** Past the retention but kept: held, or no summary could be worked out for good. */
  readonly kept: number;
  /** Why nothing at all was looked at this time, if so (the clocks cannot tell any order's age). */
  readonly held?: HeldReason;
}

/**
 * - `clock-set-back`: the till's clock is earlier than a time it stored.
 * - `no-instance-time`: no acknowledgement carried the instance's time yet, so no order's age has a
 *   second witness.
 */
export type HeldReason =
  | { readonly kind: 'clock-set-back'; readonly now: string; readonly newest: string }
  | { readonly kind: 'no-instance-time' };

/** The instant before which a settled order's last change lets it be compacted. */
export function retentionStart(now: Date, retentionDays: number): string {
  return new Date(now.getTime() - Math.max(1, Math.floor(retentionDays)) * DAY_MS).toISOString();
}

/**
 * Where the retention starts by each witness of time; a reason instead when the clocks cannot tell
 * (the till's was set back, or the instance never gave its time).
 */
export function retentionBounds(
  db: Db,
  now: Date,
  retentionDays: number,
): RetentionBounds | { readonly held: HeldReason } {
  const nowIso = now.toISOString();
  const newest = newestTillTime(db);
  if (newest !== null && nowIso < newest) return { held: { kind: 'clock-set-back', now: nowIso, newest } };
  const instanceNow = newestInstanceAcknowledgement(db);
  if (instanceNow === null) return { held: { kind: 'no-instance-time' } };
  // The instance's "now" is its latest acknowledgement, not the till's clock: both clocks must agree.
  const instanceOlderThan = retentionStart(new Date(instanceNow), retentionDays);
  return {
    olderThan: retentionStart(now, retentionDays),
    instanceOlderThan,
    throughId: lastIdAcknowledgedBefore(db, instanceOlderThan),
  };
}

/** Compacts every order past the retention that no rule keeps, batch by batch. */
export async function compactHistory(
  source: SummarySource,
  options: CompactionOptions,
): Promise<CompactionReport> {
  const db = source.db();
  const bounds = retentionBounds(db, options.now, options.retentionDays);
  if ('held' in bounds) return { compacted: 0, kept: 0, held: bounds.held };
  const holds = options.holds ?? [];
  const batch = Math.max(1, options.batch ?? 200);
  let cursor: CompactionCursor | undefined;
  let compacted = 0;
  let kept = 0;
  for (;;) {
    const candidates = compactionCandidates(db, bounds, batch, cursor);
    const last = candidates.at(-1);
    if (last === undefined) return { compacted, kept };
    cursor = { updatedAt: last.updatedAt, id: last.id };
    const done = writeTransaction(db, () =>
      candidates.filter((c) => !holds.some((hold) => hold(c)) && compactOne(db, source, c, bounds, options)),
    ).length;
    compacted += done;
    kept += candidates.length - done;
    if ((await options.pause?.()) === false) return { compacted, kept };
  }
}

/** How often the app compacts while it runs (and once soon after it starts). */
export const COMPACTION_EVERY_MS = 6 * 3_600_000;

/**
 * When the app compacts: once soon after it starts, then every few hours, and at once when the
 * retention changes. One run at a time; a run asked for while one goes follows it.
 */
export class CompactionSchedule {
  readonly #run: () => Promise<CompactionReport>;
  readonly #log: (line: string) => void;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  constructor(run: () => Promise<CompactionReport>, log: (line: string) => void) {
    this.#run = run;
    this.#log = log;
  }

  /** Runs after `delayMs` (instead of any run already planned). */
  soon(delayMs: number): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#start(), delayMs);
    this.#timer.unref();
  }

  /** No more runs; resolves once the one going (if any) has stopped. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  async #start(): Promise<void> {
    if (this.#running !== undefined) {
      this.#again = true;
      return;
    }
    this.#running = this.#once();
    await this.#running;
    this.#running = undefined;
    if (this.#again) {
      this.#again = false;
      this.soon(0);
    } else this.soon(COMPACTION_EVERY_MS);
  }

  async #once(): Promise<void> {
    try {
      this.#log(reportLine(await this.#run()));
    } catch (error) {
      // The next run tries again; nothing was lost (each batch is one transaction).
      this.#log(
        `order history: compaction failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

/** What a run did, for the log: every run says so, so a kept history is seen kept. */
export function reportLine(report: CompactionReport): string {
  const held = report.held;
  if (held?.kind === 'clock-set-back')
    return `order history: nothing compacted: this till's clock (${held.now}) is earlier than a time it stored (${held.newest}); it was set back`;
  if (held?.kind === 'no-instance-time')
    return "order history: nothing compacted: no order was acknowledged with the instance's time yet";
  return `order history: ${report.compacted} order(s) past the retention period compacted, ${report.kept} kept`;
}

/** One order: its summary made sure of, then its detail dropped. False when it keeps its detail. */
function compactOne(
  db: Db,
  source: SummarySource,
  candidate: CompactionCandidate,
  bounds: RetentionBounds,
  options: CompactionOptions,
): boolean {
  if (!candidate.hasSummary) {
    const order = getOutboxInternetOrder(db, candidate.id);
    const worked = order === undefined ? undefined : source.summarize(order);
    if (worked?.final !== true) return false;
    setOutboxSummary(db, candidate.id, worked.summary);
  }
  options.beforeDrop?.(candidate);
  return compactOutboxOrder(db, candidate.id, bounds, options.now);
}
