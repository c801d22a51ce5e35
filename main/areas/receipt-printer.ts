// The receipt printer's worker as every shell builds it (the app's Link, `pos return`): it prints the
// queue's jobs on the printer in use (printer-setup.ts). Built here and nowhere else, so a receipt
// printed by the CLI is laid out as the app lays it out. Loaded with the background work, not at a
// start (main/areas/link.ts).
import { ReceiptView } from '../../contract/contract.ts';
import type { Db } from '../../db/database.ts';
import { receiptOf, type Counter } from '../counter/index.ts';
import { getOutboxInternetOrder } from '../outbox/index.ts';
import {
  PrintWorker,
  spoolerEnvironment,
  type PrinterSetup,
  type ReturnPaper,
  type Timeouts,
} from '../printer/index.ts';
import { returnPaperOf } from '../returns/index.ts';
import { returnStoreName } from './returns.ts';
import type { BackoffPolicy } from '../service/index.ts';
import type { Env } from '../settings/env.ts';

export interface PrintWorkerNeeds {
  readonly db: Db;
  readonly env: Env;
  setup(): PrinterSetup | null;
  /** Prices a sale's receipt; null: sales' receipts are not printed here (they wait for the app). */
  readonly counter: Counter | null;
  changed(): void;
  log(line: string): void;
  /** The pause between attempts at a receipt the printer did not take (tests shorten it). */
  readonly retry?: BackoffPolicy;
  readonly timeouts?: Partial<Timeouts>;
}

/**
 * A return's paper with its store named (the warehouse it was taken back in, as a sale's receipt names
 * its store), not the paper's default "Counter".
 */
function withStore(
  db: Db,
  returnId: number,
  found: ReturnType<typeof returnPaperOf>,
): { readonly paper: ReturnPaper; readonly printCount: number } | undefined {
  if (found === undefined) return undefined;
  const store = returnStoreName(db, returnId);
  return store === undefined ? found : { ...found, paper: { ...found.paper, store } };
}

/** The worker that prints the queue's receipts (a sale's, a return's) on the printer in use. */
export function buildPrintWorker(needs: PrintWorkerNeeds): PrintWorker {
  const { db, counter } = needs;
  return new PrintWorker({
    db,
    setup: () => needs.setup(),
    receipt: (orderId) => {
      const order = counter === null ? undefined : getOutboxInternetOrder(db, orderId);
      return order === undefined || counter === null
        ? undefined
        : ReceiptView.parse(receiptOf(db, order, counter));
    },
    returnPaper: (returnId) => withStore(db, returnId, returnPaperOf(db, returnId)),
    changed: () => needs.changed(),
    log: (line) => needs.log(line),
    ...(needs.retry === undefined ? {} : { retry: needs.retry }),
    ...(needs.timeouts === undefined ? {} : { timeouts: needs.timeouts }),
    spoolerEnv: spoolerEnvironment(needs.env),
  });
}
