// The receipt printer's calls (printer.*): a test page, the drawer opened without a sale (behind the
// manager PIN when one is set, and counted for the shift's reports), a receipt reprinted, and the
// waiting receipts tried again now. The test page and the drawer go to the printer at once, never
// queued: a test page printed an hour later tests nothing, and a drawer that springs open when a
// printer comes back, with nobody at the till, is worse than one that did not open.
import { say, type Said } from '../../contract/core-words.ts';
import type { ShiftReportView } from '../../contract/contract.ts';
import type { Db } from '../../db/database.ts';
import { recordDrawerOpening } from '../../db/drawer.ts';
import { waitingJobCount } from '../../db/print-jobs.ts';
import { CoreError, numericId, type GuardedAction, type Handlers } from '../ground/index.ts';
import { displayPrinter } from './address.ts';
import { drawerKickBytes, testPageBytes } from './layout.ts';
import { queueReprint } from './queue.ts';
import { reportBytes } from './report.ts';
import { listSystemPrinters } from './spooler.ts';
import { printerStatus } from './status.ts';
import { DEFAULT_TIMEOUTS, type SendOutcome } from './transport.ts';
import type { PrintWorker, PrinterSetup } from './worker.ts';

export interface PrinterDeps {
  /** The worker of the data in use; null while the app is still connecting. */
  worker(): PrintWorker | null;
  /** The printer now; null: none is set. */
  setup(): PrinterSetup | null;
  db(): Db;
  /** The outbox holds an order of this id (main/outbox: the printer does not read the order's table). */
  orderKnown(orderId: number): boolean;
  /** Throws (CoreError 'locked') while a manager PIN guards `what` and was not given. */
  guard(what: GuardedAction): void;
  /** A manager PIN is set: what the guard let through, a manager allowed. */
  managerPinSet(): boolean;
  /** The queue or the printer changed: the status bar's figure. */
  changed(): void;
  now(): Date;
  /** The open shift's X report ('x'), the last closed shift's Z report ('z'); null: no such shift. */
  shiftReport(which: 'x' | 'z'): ShiftReportView | null;
  /** The environment the print spooler's lpstat runs in (the system printers' list). */
  spoolerEnv(): NodeJS.ProcessEnv;
}

type PrinterCalls =
  | 'printer.testPage'
  | 'printer.openDrawer'
  | 'printer.reprint'
  | 'printer.retry'
  | 'printer.printReport'
  | 'printer.systemPrinters';

export function printerHandlers(deps: PrinterDeps): Pick<Handlers, PrinterCalls> {
  const ready = (): { worker: PrintWorker; setup: PrinterSetup } => {
    const worker = deps.worker();
    const setup = deps.setup();
    if (setup === null) throw new CoreError('not-configured', [say('noPrinter')]);
    if (worker === null) throw new CoreError('not-configured', [say('starting')]);
    return { worker, setup };
  };
  return {
    'printer.testPage': async () => {
      const { worker, setup } = ready();
      const printer = displayPrinter(setup.address);
      const outcome = await worker.sendNow(setup, testPageBytes(printer, setup.paper, setup.print));
      if (outcome.kind !== 'printed') throw failure(outcome, printer);
      return { printer };
    },
    'printer.openDrawer': async () => {
      deps.guard('lockedDrawer');
      const { worker, setup } = ready();
      const outcome = await worker.sendNow(setup, drawerKickBytes(setup.print));
      if (outcome.kind === 'not-sent') throw failure(outcome, displayPrinter(setup.address));
      // Sent, or maybe: a pulse is three bytes, and a drawer that may have opened is counted.
      const opening = recordDrawerOpening(deps.db(), deps.managerPinSet() ? 'manager' : 'till', deps.now());
      return { at: opening.at, by: opening.by };
    },
    'printer.reprint': ({ id }) => {
      const { worker } = ready();
      const orderId = numericId(id);
      if (!deps.orderKnown(orderId)) {
        throw new CoreError('not-found', [say('orderNotInOutbox', { id: String(id) })]);
      }
      const job = queueReprint(deps.db(), orderId, deps.now());
      worker.wake();
      deps.changed();
      return Promise.resolve({ id: job.id, copy: job.copy !== 'none', waiting: waitingJobCount(deps.db()) });
    },
    // Printed at once, never queued: a report can always be printed again (shift.last keeps the Z).
    'printer.printReport': async ({ report: which }) => {
      const { worker, setup } = ready();
      const report = deps.shiftReport(which);
      if (report === null) {
        throw new CoreError('not-found', [say(which === 'x' ? 'shiftClosed' : 'shiftNoneClosed')]);
      }
      const printer = displayPrinter(setup.address);
      const outcome = await worker.sendNow(setup, reportBytes(report, setup.print));
      if (outcome.kind !== 'printed') throw failure(outcome, printer);
      return { printer };
    },
    // Listed whether or not a printer is set: it is how one is chosen.
    'printer.systemPrinters': () => listSystemPrinters(deps.spoolerEnv(), DEFAULT_TIMEOUTS.connectMs),
    'printer.retry': () => {
      const worker = deps.worker();
      worker?.retryNow();
      return Promise.resolve(printerStatus(worker?.status() ?? null, deps.setup()));
    },
  };
}

/** What an attempt that did not print says to the cashier. */
function failure(outcome: Exclude<SendOutcome, { kind: 'printed' }>, printer: string): CoreError {
  const said: Said =
    outcome.kind === 'maybe-sent'
      ? say('printerMaybe', { printer })
      : outcome.problem === 'paper-out'
        ? say('printerPaperOut', { printer })
        : outcome.problem === 'stalled'
          ? say('printerStalled', { printer })
          : say('printerUnreachable', { printer });
  return new CoreError('failed', [said]);
}
