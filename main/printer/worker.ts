// The print worker: beside the counter, it prints the queue's jobs one after another, oldest first,
// so receipts come out in the order their sales closed. A sale only stores its job (queue.ts); the
// worker takes it from there, so a printer that is off, out of paper or stuck never holds up selling.
// A job that fails waits and is tried again with a growing pause; the jobs behind it wait with it
// (the printer is the same). The test page and "open drawer" go through the same lane, never two
// connections to the printer at once.
import { hostname } from 'node:os';
import { durably, type Db } from '../../db/database.ts';
import {
  claimPrintJob,
  getPrintJob,
  headOfQueue,
  markFailed,
  answersStatus,
  markPrinted,
  printingJobs,
  rememberAnswersStatus,
  requeuePrintJob,
  retryPrintJobsNow,
  type PrintJob,
} from '../../db/print-jobs.ts';
import { countPrint } from '../../db/receipts.ts';
import { countReturnPrint } from '../../db/returns.ts';
import type { ReceiptView } from '../../contract/contract.ts';
import { newOwnerName, parseOwnerName, THIS_HOST, type ProcessTable } from '../ground/index.ts';
import { backoffDelay, type BackoffPolicy } from '../service/index.ts';
import type { PrinterAddress } from './address.ts';
import { drawerKickBytes, receiptBytes, type PrintOptions } from './layout.ts';
import { queueStatus, type QueueStatus } from './status.ts';
import { returnReceiptBytes, type ReturnPaper } from './return-paper.ts';
import { sendToSpooler, spoolerEnvironment } from './spooler.ts';
import { DEFAULT_TIMEOUTS, sendToPrinter, type SendOutcome, type Timeouts } from './transport.ts';

/** The printer in use and how to print on it. */
export interface PrinterSetup {
  readonly address: PrinterAddress;
  readonly print: PrintOptions;
  readonly paper: '80mm' | '58mm';
}

export const DEFAULT_PRINT_RETRY: BackoffPolicy = { baseMs: 1_000, maxMs: 30_000 };

export interface PrintWorkerOptions {
  readonly db: Db;
  /** The printer now (Settings or POS_RECEIPT_PRINTER); null: none set, the jobs wait. */
  setup(): PrinterSetup | null;
  /** Order `orderId`'s receipt as receipt.get gives it; undefined when the order is not stored. */
  receipt(orderId: number): ReceiptView | undefined;
  /** Return `returnId`'s paper and how often it printed; undefined when it is not stored (main/returns). */
  returnPaper?(returnId: number): { readonly paper: ReturnPaper; readonly printCount: number } | undefined;
  /** The queue changed (a job printed, waits, failed): the status bar's figure. */
  changed(): void;
  log(line: string): void;
  readonly now?: () => Date;
  readonly retry?: BackoffPolicy;
  readonly timeouts?: Partial<Timeouts>;
  /** The environment the print spooler's lp runs in (a system printer); the app's by default. */
  readonly spoolerEnv?: NodeJS.ProcessEnv;
  /** Which processes of this host run (a job being written by one that does not was cut off). */
  readonly processes?: ProcessTable;
}

export class PrintWorker {
  readonly #o: PrintWorkerOptions;
  readonly #owner = newOwnerName();
  readonly #now: () => Date;
  readonly #retry: BackoffPolicy;
  /** The one lane to the printer: jobs, the test page and the drawer go one at a time. */
  #lane: Promise<unknown> = Promise.resolve();
  #wake: (() => void) | null = null;
  #running: Promise<void> | null = null;
  #stopped = false;
  /** Aborted by stop(): a send under way ends at once instead of waiting out its timeouts. */
  readonly #closing = new AbortController();
  #lastProblem: string | null = null;

  constructor(options: PrintWorkerOptions) {
    this.#o = options;
    this.#now = options.now ?? (() => new Date());
    this.#retry = options.retry ?? DEFAULT_PRINT_RETRY;
  }

  start(): void {
    if (this.#running !== null || this.#stopped) return;
    this.#recover();
    this.#running = this.#run().catch((error: unknown) => {
      this.#o.log(`printer: the worker stopped: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  /** Something changed (a job queued, the printer set): look at the queue now. */
  wake(): void {
    this.#wake?.();
  }

  /** Every waiting job is due now (the printer is back: no need to wait out the pause). */
  retryNow(): void {
    retryPrintJobsNow(this.#o.db);
    this.wake();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#closing.abort();
    this.wake();
    await this.#running;
    await this.#lane.catch(() => undefined);
  }

  /** Runs `send` alone on the lane to the printer (the test page, the drawer's pulse). */
  exclusive<T>(send: () => Promise<T>): Promise<T> {
    const turn = this.#lane.then(send, send);
    this.#lane = turn.catch(() => undefined);
    return turn;
  }

  /** Sends bytes to `setup`'s printer now, on the lane (not queued: a test page, the drawer). */
  sendNow(setup: PrinterSetup, bytes: Uint8Array): Promise<SendOutcome> {
    return this.exclusive(() => this.#send(setup, bytes));
  }

  /**
   * Attempts queued job `id` once now, ahead of the queue's order (`pos return` prints its own
   * receipt while the app's worker may be off): claimed first, so a worker elsewhere never prints it
   * too; not printed, it stays queued for the worker. The job as it is after, undefined when none.
   */
  async printNow(id: number): Promise<PrintJob | undefined> {
    const job = getPrintJob(this.#o.db, id);
    const setup = this.#o.setup();
    if (job?.state !== 'queued' || setup === null) return job;
    await this.#attempt(job, setup);
    return getPrintJob(this.#o.db, id);
  }

  status(): QueueStatus {
    return queueStatus(this.#o.db);
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      const job = headOfQueue(this.#o.db);
      const setup = job === undefined ? null : this.#o.setup();
      if (job === undefined || setup === null) {
        await this.#sleep(null);
      } else if (job.state === 'printing') {
        // Another process is writing it, or was until it died: looked at again after a pause.
        if (!this.#recover()) await this.#sleep(this.#retry.maxMs);
      } else {
        const wait = this.#dueIn(job);
        if (wait > 0) await this.#sleep(wait);
        else await this.#attempt(job, setup);
      }
    }
  }

  /** Milliseconds until `job` is due; a time further ahead than any pause was set by a clock since put right. */
  #dueIn(job: PrintJob): number {
    if (job.nextAttemptAt === null) return 0;
    const wait = job.nextAttemptAt - this.#now().getTime();
    return wait > this.#retry.maxMs ? 0 : Math.max(0, wait);
  }

  #sleep(ms: number | null): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const done = (): void => {
        clearTimeout(timer);
        if (this.#wake === done) this.#wake = null;
        resolve();
      };
      if (ms !== null) timer = setTimeout(done, ms).unref();
      this.#wake = done;
    });
  }

  async #attempt(job: PrintJob, setup: PrinterSetup): Promise<void> {
    const db = this.#o.db;
    const now = this.#now();
    let bytes: Uint8Array;
    try {
      bytes = this.#render(job, setup, now);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      markFailed(db, job.id, why, now);
      this.#o.log(`printer: job ${String(job.id)} (${job.kind}) is set aside, not printed: ${why}`);
      this.#o.changed();
      return;
    }
    // Marked as being written, on disk, before a byte goes: after a crash it is known to be maybe printed.
    if (!durably(db, () => claimPrintJob(db, job.id, this.#owner, now))) return;
    this.#o.changed();
    const outcome = await this.sendNow(setup, bytes);
    const after = this.#now();
    if (outcome.kind === 'printed') {
      durably(db, () =>
        db.transaction(() => {
          markPrinted(db, job.id, after);
          if (job.kind === 'receipt' && job.orderId !== null) countPrint(db, job.orderId, after);
          if (job.kind === 'return' && job.returnId !== null) countReturnPrint(db, job.returnId);
        })(),
      );
      this.#said(null);
    } else {
      const maybePrinted = outcome.kind === 'maybe-sent';
      const delay = backoffDelay(this.#retry, job.attempts + 1);
      requeuePrintJob(db, job.id, {
        problem: outcome.problem,
        detail: outcome.detail,
        maybePrinted,
        nextAttemptAt: after.getTime() + delay,
        now: after,
      });
      this.#said(
        `printer: job ${String(job.id)} ${maybePrinted ? 'may have printed in part' : 'did not print'} ` +
          `(${outcome.problem}: ${outcome.detail}); ${maybePrinted ? 'it prints again as a copy' : 'tried again'}`,
      );
    }
    this.#o.changed();
  }

  #render(job: PrintJob, setup: PrinterSetup, now: Date): Uint8Array {
    // The drawer opens with the sale only while the cashier is still there to give change.
    const kick = job.kickUntil !== null && now.getTime() < Date.parse(job.kickUntil);
    if (job.kind === 'drawer') {
      if (!kick) throw new Error('the sale was too long ago to open the drawer for it now');
      return drawerKickBytes(setup.print);
    }
    if (job.kind === 'return') return this.#returnBytes(job, setup, kick);
    if (job.orderId === null) throw new Error('a receipt job without an order');
    const receipt = this.#o.receipt(job.orderId);
    if (receipt === undefined) throw new Error(`order ${String(job.orderId)} is not stored`);
    // Any printing after the first is a copy, whichever way the first went (this printer, the dialog).
    const copy = job.copy === 'none' && receipt.printCount > 0 ? 'reprint' : job.copy;
    return receiptBytes(receipt, { copy, kick }, setup.print);
  }

  #returnBytes(job: PrintJob, setup: PrinterSetup, kick: boolean): Uint8Array {
    if (job.returnId === null) throw new Error('a return job without a return');
    const stored = this.#o.returnPaper?.(job.returnId);
    if (stored === undefined) throw new Error(`return ${String(job.returnId)} is not stored`);
    // Any printing after the first is a copy (KOPIE), whichever way the first went.
    const copy = job.copy !== 'none' || stored.printCount > 0;
    return returnReceiptBytes(stored.paper, { copy, kick }, setup.print);
  }

  async #send(setup: PrinterSetup, bytes: Uint8Array): Promise<SendOutcome> {
    const address = setup.address;
    if (address.kind === 'spooler') {
      const timeouts = { ...DEFAULT_TIMEOUTS, ...this.#o.timeouts };
      return sendToSpooler(address.queue, bytes, {
        env: this.#o.spoolerEnv ?? spoolerEnvironment({}),
        askMs: timeouts.connectMs,
        sendMs: timeouts.writeMs,
        signal: this.#closing.signal,
      });
    }
    // A printer that answered the paper status before and is silent now is stuck: nothing is sent.
    const key = address.text;
    const outcome = await sendToPrinter(address, bytes, {
      ...(this.#o.timeouts === undefined ? {} : { timeouts: this.#o.timeouts }),
      expectStatus: answersStatus(this.#o.db, key),
      signal: this.#closing.signal,
    });
    if (outcome.kind === 'printed' && outcome.answersStatus) rememberAnswersStatus(this.#o.db, key);
    return outcome;
  }

  /** A problem logged once while it lasts, not at every attempt. */
  #said(line: string | null): void {
    const problem = line?.replace(/^printer: job \d+ /, '') ?? null;
    if (line !== null && problem !== this.#lastProblem) this.#o.log(line);
    this.#lastProblem = problem;
  }

  /**
   * Jobs left `printing` by a process that is gone (the app died while writing): their bytes may be
   * on paper or not, so they are queued again to print as a copy. True when any was.
   */
  #recover(): boolean {
    const db = this.#o.db;
    const processes = this.#o.processes ?? THIS_HOST;
    let requeued = false;
    for (const job of printingJobs(db)) {
      if (job.owner === this.#owner || (job.owner !== null && alive(job.owner, processes))) continue;
      requeuePrintJob(db, job.id, {
        problem: 'interrupted',
        detail: 'the app stopped while the receipt was being printed',
        maybePrinted: true,
        nextAttemptAt: null,
        now: this.#now(),
      });
      this.#o.log(`printer: job ${String(job.id)} was cut off while printing; it prints again as a copy`);
      requeued = true;
    }
    if (requeued) this.#o.changed();
    return requeued;
  }
}

/** Whether the process named `owner` still runs (of this host; one data folder is one till's machine). */
function alive(owner: string, processes: ProcessTable): boolean {
  const name = parseOwnerName(owner);
  if (name.host !== hostname() || !processes.runs(name.pid)) return false;
  return name.start === undefined || processes.startOf(name.pid) === name.start;
}
