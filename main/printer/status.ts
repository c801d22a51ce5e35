// What the status bar shows of the receipt printer: the printer set and its queue. Read from the
// queue's table, so it is known before the print worker (and the encoder behind it) is loaded: a
// restarted till shows its waiting receipts without loading the printing code.
import type { PrinterStatusView } from '../../contract/contract.ts';
import type { Db } from '../../db/database.ts';
import { headOfQueue, waitingJobCount, type PrintProblem } from '../../db/print-jobs.ts';
import { displayPrinter, type PrinterAddress } from './address.ts';

export interface QueueStatus {
  readonly waiting: number;
  /** What kept the oldest waiting job from printing at its last attempt. */
  readonly problem?: PrintProblem;
  readonly detail?: string;
}

/** The queue's figure: how many jobs wait, and what kept the oldest from printing. */
export function queueStatus(db: Db): QueueStatus {
  const head = headOfQueue(db);
  if (head === undefined) return { waiting: 0 };
  const waiting = waitingJobCount(db);
  return head.problem === null || head.detail === null
    ? { waiting }
    : { waiting, problem: head.problem, detail: head.detail };
}

/** The status bar's printer figure: null when no printer is set and nothing waits. */
export function printerStatus(
  queue: QueueStatus | null,
  setup: { readonly address: PrinterAddress } | null,
): PrinterStatusView | null {
  const figures = queue ?? { waiting: 0 };
  if (setup === null && figures.waiting === 0) return null;
  return { printer: setup === null ? null : displayPrinter(setup.address), ...figures };
}
