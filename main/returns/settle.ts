// What a manager settles of a return's document by hand (issue 37, point 7): a return "to book in
// the back office" marked booked there once it is (never by itself), and a return whose DELETE went
// unanswered (in doubt: the sale's order may or may not be gone from the instance) settled by what
// the manager found on the instance. Each in one write transaction.
import { words } from '../../contract/core-words.ts';
import { writeTransaction, type Db } from '../../db/database.ts';
import {
  formatReturnNumber,
  getReturn,
  setReturnRoute,
  unrouteReturn,
  type ReturnRow,
} from '../../db/returns.ts';
import { getOutboxOrder, recordDeletedByHand } from '../outbox/index.ts';
import { ReturnError } from './returns.ts';

function mustGet(db: Db, id: number): ReturnRow {
  const r = getReturn(db, id);
  if (r === undefined) throw new ReturnError('unknown-return', words('returnNotFound', { id }));
  return r;
}

/** Marks a back-office return booked there (by a manager); ReturnError when it is not on that list. */
export function markReturnBooked(db: Db, id: number, now: Date): ReturnRow {
  return writeTransaction(db, () => {
    const r = mustGet(db, id);
    if (r.state !== 'back-office')
      throw new ReturnError(
        'not-back-office',
        words('returnNotBackOffice', { number: formatReturnNumber(r.prefix, r.number) }),
      );
    setReturnRoute(db, id, {
      route: 'back-office',
      state: 'booked',
      note: r.stateNote,
      at: now.toISOString(),
    });
    return mustGet(db, id);
  });
}

/** A DELETE's return whose sale's order is still recorded sent: the DELETE's answer never came. */
export function deleteInDoubt(db: Db, r: ReturnRow): boolean {
  if (r.route !== 'delete' || r.state !== 'document' || r.documentOrderId === null) return false;
  return getOutboxOrder(db, r.documentOrderId)?.state === 'sent';
}

/**
 * Settles a return in doubt by what the manager found on the instance: `deleted` (the sale's order is
 * gone there) records that order cancelled, the return then booked; not deleted, the return waits
 * for its route again (the order is there: a DELETE now is no guess).
 */
export function settleReturn(db: Db, id: number, deleted: boolean, now: Date): ReturnRow {
  return writeTransaction(db, () => {
    const r = mustGet(db, id);
    const number = formatReturnNumber(r.prefix, r.number);
    if (!deleteInDoubt(db, r) || r.documentOrderId === null)
      throw new ReturnError('not-in-doubt', words('returnNotInDoubt', { number }));
    if (deleted)
      recordDeletedByHand(
        db,
        r.documentOrderId,
        `Deleted on the instance as return ${number}, as the manager found.`,
        now,
      );
    else unrouteReturn(db, id, 'The manager found the order still on the instance.');
    return mustGet(db, id);
  });
}
