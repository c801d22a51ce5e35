// Typed queries of the print_job table (migration 18): the receipt printer's queue. No function here
// opens a transaction, so the counter can store a sale's receipt job in the one that places its order.
import { z } from 'zod';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';
import { lazy } from '../common/lazy.ts';

export const PRINT_JOB_STATES = ['queued', 'printing', 'printed', 'failed'] as const;
export type PrintJobState = (typeof PRINT_JOB_STATES)[number];

/** What kept a job from printing at its last attempt. */
export const PRINT_PROBLEMS = ['unreachable', 'paper-out', 'stalled', 'interrupted', 'failed'] as const;
export type PrintProblem = (typeof PRINT_PROBLEMS)[number];

/** Why a job prints marked as a copy: none (the first printing), a reprint, or a cut-off printing. */
export const COPY_MARKS = ['none', 'reprint', 'interrupted'] as const;
export type CopyMark = (typeof COPY_MARKS)[number];

export interface PrintJob {
  readonly id: number;
  /**
   * receipt: an order's receipt; drawer: a cash sale's drawer pulse alone (its receipt not printed);
   * return: a return's receipt (`returnId`).
   */
  readonly kind: 'receipt' | 'drawer' | 'return';
  readonly orderId: number | null;
  readonly returnId: number | null;
  /** Printed marked as a copy: a reprint, or a job that may have printed once already. */
  readonly copy: CopyMark;
  /** A cash sale's receipt opens the drawer if it prints before this instant (ISO); null: never. */
  readonly kickUntil: string | null;
  readonly state: PrintJobState;
  readonly attempts: number;
  /** Epoch ms; null: as soon as the printer takes it. */
  readonly nextAttemptAt: number | null;
  readonly problem: PrintProblem | null;
  /** The last attempt's error in English (the log's and the status bar's title). */
  readonly detail: string | null;
  /** The process writing it (ground/process.ts owner name) while `printing`. */
  readonly owner: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly printedAt: string | null;
}

const Row = lazy(() =>
  z.object({
    id: z.number().int(),
    kind: z.enum(['receipt', 'drawer', 'return']),
    orderId: z.number().int().nullable(),
    returnId: z.number().int().nullable(),
    copy: z.enum(COPY_MARKS),
    kickUntil: z.string().nullable(),
    state: z.enum(PRINT_JOB_STATES),
    attempts: z.number().int(),
    nextAttemptAt: z.number().int().nullable(),
    problem: z.enum(PRINT_PROBLEMS).nullable(),
    detail: z.string().nullable(),
    owner: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    printedAt: z.string().nullable(),
  }),
);

function jobOf(row: unknown): PrintJob {
  return Row.parse(row);
}

type JobOptions = { readonly copy: 'none' | 'reprint'; readonly kickUntil: Date | null; readonly now: Date };

/** Queues the printing of order `orderId`'s receipt; returns the job as stored. */
export function insertReceiptJob(db: Db, orderId: number, options: JobOptions): PrintJob {
  return insertJob(db, 'receipt', orderId, options);
}

/** Queues the printing of return `returnId`'s receipt; returns the job as stored. */
export function insertReturnJob(db: Db, returnId: number, options: JobOptions): PrintJob {
  return insertJob(db, 'return', returnId, options);
}

/** The column that names what a job of each kind prints. */
const PRINTS = { receipt: 'orderId', return: 'returnId' } as const;

function insertJob(db: Db, kind: keyof typeof PRINTS, printsId: number, options: JobOptions): PrintJob {
  const at = options.now.toISOString();
  const id = prepared(
    db,
    `INSERT INTO print_job (kind, ${PRINTS[kind]}, copy, kickUntil, state, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, 'queued', ?, ?)`,
  ).run(kind, printsId, options.copy, options.kickUntil?.toISOString() ?? null, at, at).lastInsertRowid;
  return mustGet(db, Number(id));
}

/** Has return `returnId` had a receipt job before: a later one is a copy. */
export function hasReturnJob(db: Db, returnId: number): boolean {
  return prepared(db, 'SELECT 1 FROM print_job WHERE returnId = ? LIMIT 1').get(returnId) !== undefined;
}

/** Return `returnId`'s receipt jobs, oldest first. */
export function returnJobs(db: Db, returnId: number): PrintJob[] {
  return prepared(db, 'SELECT * FROM print_job WHERE returnId = ? ORDER BY id').all(returnId).map(jobOf);
}

/** Queues the drawer's pulse alone for a cash sale whose receipt is not printed by itself. */
export function insertDrawerJob(
  db: Db,
  orderId: number,
  options: { readonly kickUntil: Date; readonly now: Date },
): PrintJob {
  const at = options.now.toISOString();
  const id = prepared(
    db,
    `INSERT INTO print_job (kind, orderId, kickUntil, state, createdAt, updatedAt)
       VALUES ('drawer', ?, ?, 'queued', ?, ?)`,
  ).run(orderId, options.kickUntil.toISOString(), at, at).lastInsertRowid;
  return mustGet(db, Number(id));
}

export function getPrintJob(db: Db, id: number): PrintJob | undefined {
  const row: unknown = prepared(db, 'SELECT * FROM print_job WHERE id = ?').get(id);
  return row === undefined ? undefined : jobOf(row);
}

function mustGet(db: Db, id: number): PrintJob {
  const job = getPrintJob(db, id);
  if (job === undefined) throw new Error(`Print job ${id} is not stored.`);
  return job;
}

/** The oldest job not printed yet: receipts print in the order their sales closed. */
export function headOfQueue(db: Db): PrintJob | undefined {
  const row: unknown = prepared(
    db,
    "SELECT * FROM print_job WHERE state IN ('queued', 'printing') ORDER BY id LIMIT 1",
  ).get();
  return row === undefined ? undefined : jobOf(row);
}

/** Jobs being written, by whichever process: after a crash, the ones that may have printed. */
export function printingJobs(db: Db): PrintJob[] {
  return prepared(db, "SELECT * FROM print_job WHERE state = 'printing' ORDER BY id").all().map(jobOf);
}

/** Has order `orderId` had a receipt job before: a later one is a copy. */
export function hasReceiptJob(db: Db, orderId: number): boolean {
  return (
    prepared(db, "SELECT 1 FROM print_job WHERE orderId = ? AND kind = 'receipt' LIMIT 1").get(orderId) !==
    undefined
  );
}

/** How many jobs wait (queued or being written). */
export function waitingJobCount(db: Db): number {
  return z
    .number()
    .int()
    .parse(
      prepared(db, "SELECT count(*) FROM print_job WHERE state IN ('queued', 'printing')").pluck().get(),
    );
}

/**
 * Takes a queued job for writing: `printing`, owned by `owner`, one attempt more. False when it is not
 * queued any more (another process took it).
 */
export function claimPrintJob(db: Db, id: number, owner: string, now: Date): boolean {
  return (
    prepared(
      db,
      `UPDATE print_job SET state = 'printing', owner = ?, attempts = attempts + 1, updatedAt = ?
         WHERE id = ? AND state = 'queued'`,
    ).run(owner, now.toISOString(), id).changes === 1
  );
}

export function markPrinted(db: Db, id: number, now: Date): void {
  const at = now.toISOString();
  prepared(
    db,
    `UPDATE print_job SET state = 'printed', printedAt = ?, updatedAt = ?, owner = NULL,
         problem = NULL, detail = NULL, nextAttemptAt = NULL
       WHERE id = ?`,
  ).run(at, at, id);
}

/**
 * Back to `queued` after an attempt that failed, to be tried at `nextAttemptAt`. `maybePrinted`: the
 * bytes may have reached the printer, so the next printing says it is a copy (a reprint stays one).
 */
export function requeuePrintJob(
  db: Db,
  id: number,
  outcome: {
    readonly problem: PrintProblem;
    readonly detail: string;
    readonly maybePrinted: boolean;
    readonly nextAttemptAt: number | null;
    readonly now: Date;
  },
): void {
  prepared(
    db,
    `UPDATE print_job SET state = 'queued', owner = NULL, problem = ?, detail = ?,
         copy = CASE WHEN ? AND copy = 'none' THEN 'interrupted' ELSE copy END,
         nextAttemptAt = ?, updatedAt = ?
       WHERE id = ?`,
  ).run(
    outcome.problem,
    outcome.detail,
    outcome.maybePrinted ? 1 : 0,
    outcome.nextAttemptAt,
    outcome.now.toISOString(),
    id,
  );
}

/**
 * A job that cannot or must not be printed (its receipt could not be made; a drawer's pulse whose
 * moment passed): set aside, with why.
 */
export function markFailed(db: Db, id: number, detail: string, now: Date): void {
  prepared(
    db,
    `UPDATE print_job SET state = 'failed', owner = NULL, problem = 'failed', detail = ?, updatedAt = ?
       WHERE id = ?`,
  ).run(detail, now.toISOString(), id);
}

/** The queue's head is due now: a printer back in Settings, or "try again" (every waiting job). */
export function retryPrintJobsNow(db: Db): void {
  prepared(db, "UPDATE print_job SET nextAttemptAt = NULL WHERE state = 'queued'").run();
}

/**
 * Printers (by address) that have answered the paper status: kept across restarts, so such a printer
 * gone silent is known to be stuck from the first attempt on, not written to blindly.
 */
const ANSWERS_KEY = 'printer.answersStatus.';

export function rememberAnswersStatus(db: Db, address: string): void {
  prepared(db, "INSERT INTO setting (key, value) VALUES (?, 'true') ON CONFLICT(key) DO NOTHING").run(
    ANSWERS_KEY + address,
  );
}

export function answersStatus(db: Db, address: string): boolean {
  return prepared(db, 'SELECT 1 FROM setting WHERE key = ?').get(ANSWERS_KEY + address) !== undefined;
}
