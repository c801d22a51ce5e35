// What a manager settles by hand for a return's document (main/returns/settle.ts): a sale's order
// whose DELETE went unanswered and that the manager found gone from the instance is recorded
// cancelled, as the outbox's own cancel records it, with the bookkeeping of migration 25.
import type { Db } from '../../db/database.ts';
import { getOutboxOrder, recordOutboxOutcome, type OutboxOrder } from '../../db/outbox.ts';

/** Order `id`, sent, recorded cancelled on the instance by a manager's word; undefined when not sent. */
export function recordDeletedByHand(db: Db, id: number, note: string, now: Date): OutboxOrder | undefined {
  const order = getOutboxOrder(db, id);
  if (order?.state !== 'sent') return undefined;
  // Its instance id is kept: the record says which order the instance no longer has.
  return recordOutboxOutcome(
    db,
    id,
    ['sent'],
    { state: 'cancelled', remoteId: order.remoteId, messages: [note] },
    now,
  );
}
