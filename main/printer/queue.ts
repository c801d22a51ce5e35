// What goes into the print queue: a sale's receipt when it closes (stored in the transaction that
// places its order, so a sale never exists without its receipt's job), and a reprint asked for from
// Orders or the Sale screen. Storing a job is all selling waits for; the worker prints it.
import type { Tender } from '../../contract/contract.ts';
import type { Db } from '../../db/database.ts';
import {
  hasReceiptJob,
  hasReturnJob,
  insertDrawerJob,
  insertReceiptJob,
  insertReturnJob,
  type PrintJob,
} from '../../db/print-jobs.ts';

/**
 * How long after a cash sale its receipt still opens the drawer. A receipt that waited for a printer
 * that was off prints later without opening it: nobody may be at the till to close it then.
 */
export const KICK_WINDOW_MS = 2 * 60_000;

/** A sale paid wholly or partly in cash opens the drawer; one paid by card alone never does. */
export function paidInCash(tender: Tender | null | undefined): boolean {
  return tender?.parts.some((part) => part.method === 'cash') ?? false;
}

/** The receipt of the sale that placed order `orderId`, printed as it closes. */
export function queueSaleReceipt(db: Db, orderId: number, tender: Tender | null, now: Date): PrintJob {
  return insertReceiptJob(db, orderId, {
    copy: 'none',
    kickUntil: paidInCash(tender) ? new Date(now.getTime() + KICK_WINDOW_MS) : null,
    now,
  });
}

/**
 * What a closed sale sends to the printer: its receipt when receipts print by themselves (with the
 * drawer's pulse when paid in cash), else the pulse alone for a cash sale: the drawer opens for the
 * change whether or not the receipt prints. Nothing for a card sale without its receipt.
 */
export function queueSale(
  db: Db,
  sale: { readonly orderId: number; readonly tender: Tender | null; readonly at: Date },
  printReceipt: boolean,
): PrintJob | undefined {
  if (printReceipt) return queueSaleReceipt(db, sale.orderId, sale.tender, sale.at);
  if (!paidInCash(sale.tender)) return undefined;
  return insertDrawerJob(db, sale.orderId, {
    kickUntil: new Date(sale.at.getTime() + KICK_WINDOW_MS),
    now: sale.at,
  });
}

/** A reprint of order `orderId`'s receipt: a copy when it was printed (or queued) before. No drawer. */
export function queueReprint(db: Db, orderId: number, now: Date): PrintJob {
  return insertReceiptJob(db, orderId, {
    copy: hasReceiptJob(db, orderId) ? 'reprint' : 'none',
    kickUntil: null,
    now,
  });
}

/**
 * A return's receipt, queued in the transaction that makes the return. Cash paid out opens the drawer
 * while the cashier is still there to count it out, as a cash sale's receipt does.
 */
export function queueReturnReceipt(db: Db, returnId: number, cashOut: boolean, now: Date): PrintJob {
  return insertReturnJob(db, returnId, {
    copy: 'none',
    kickUntil: cashOut ? new Date(now.getTime() + KICK_WINDOW_MS) : null,
    now,
  });
}

/** A reprint of return `returnId`'s receipt: a copy (KOPIE) when it was printed or queued before. No drawer. */
export function queueReturnReprint(db: Db, returnId: number, now: Date): PrintJob {
  return insertReturnJob(db, returnId, {
    copy: hasReturnJob(db, returnId) ? 'reprint' : 'none',
    kickUntil: null,
    now,
  });
}
