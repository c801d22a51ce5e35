// Compaction of old orders: after the retention period (Settings, 90 days by default) a settled order
// (sent, cancelled or discarded) keeps its row, references, state, dates, messages, summary (total,
// VAT per rate, line count, customer) and its sale's header (customer, tender, walk-in), and loses its
// detail: the sale's lines and the order payload's items. Orders that are not settled are never
// touched, nor any younger than the retention, nor any a hold keeps (a later shift module holds the
// orders of a shift whose Z report is not closed yet). An order whose summary cannot be worked out for
// good (an order file's product the cache does not know) keeps its detail.
import { writeTransaction, type Db } from '../../db/database.ts';
import {
  compactionCandidates,
  compactOutboxOrder,
  getOutboxOrder,
  setOutboxSummary,
  type CompactionCandidate,
  type CompactionCursor,
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
}

export interface CompactionReport {
  readonly compacted: number;
  /** Past the retention but kept: held, or no summary could be worked out for good. */
  readonly kept: number;
}

/** The instant before which a settled order's last change lets it be compacted. */
export function retentionStart(now: Date, retentionDays: number): string {
  return new Date(now.getTime() - Math.max(1, Math.floor(retentionDays)) * DAY_MS).toISOString();
}

/** Compacts every order past the retention that no rule keeps, batch by batch. */
export async function compactHistory(
  source: SummarySource,
  options: CompactionOptions,
): Promise<CompactionReport> {
  const db = source.db();
  const olderThan = retentionStart(options.now, options.retentionDays);
  const holds = options.holds ?? [];
  const batch = Math.max(1, options.batch ?? 200);
  let cursor: CompactionCursor | undefined;
  let compacted = 0;
  let kept = 0;
  for (;;) {
    const candidates = compactionCandidates(db, olderThan, batch, cursor);
    const last = candidates.at(-1);
    if (last === undefined) return { compacted, kept };
    cursor = { updatedAt: last.updatedAt, id: last.id };
    const done = writeTransaction(db, () =>
      candidates.filter(
        (c) => !holds.some((hold) => hold(c)) && compactOne(db, source, c, olderThan, options.now),
      ),
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
      const report = await this.#run();
      if (report.compacted > 0)
        this.#log(`order history: ${report.compacted} order(s) past the retention period compacted`);
    } catch (error) {
      // The next run tries again; nothing was lost (each batch is one transaction).
      this.#log(
        `order history: compaction failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

/** One order: its summary made sure of, then its detail dropped. False when it keeps its detail. */
function compactOne(
  db: Db,
  source: SummarySource,
  candidate: CompactionCandidate,
  olderThan: string,
  now: Date,
): boolean {
  if (!candidate.hasSummary) {
    const order = getOutboxOrder(db, candidate.id);
    const worked = order === undefined ? undefined : source.summarize(order);
    if (worked?.final !== true) return false;
    setOutboxSummary(db, candidate.id, worked.summary);
  }
  return compactOutboxOrder(db, candidate.id, olderThan, now);
}
