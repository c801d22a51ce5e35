// The outbox's counts: what the status bar shows, and what keeps the instance from being switched.
import type { Db } from '../../db/database.ts';
import { countOutboxOrders, UNSENT_STATES } from '../../db/outbox.ts';

/** The status bar's figures: orders on their way, and orders a person must look at. */
export function outboxCounts(db: Db): { queued: number; needsAttention: number } {
  const c = countOutboxOrders(db);
  return { queued: c.queued + c.sending, needsAttention: c['needs-fix'] + c.blocked + c['in-doubt'] };
}

/** Orders not sent yet: they belong to the instance in use and must not go to another. */
export function unsentCount(db: Db): number {
  const counts = countOutboxOrders(db);
  return UNSENT_STATES.reduce((n, state) => n + counts[state], 0);
}
