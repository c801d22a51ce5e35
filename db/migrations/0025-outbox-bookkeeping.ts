import type { Migration } from './types.ts';

/**
 * When an order was acknowledged (order_acknowledged) and cancelled (order_cancelled, with the shift
 * open then) is the outbox's bookkeeping: db/outbox.ts writes it where it changes the order's state
 * (recordOutboxOutcome). Migration 17 (the shifts') wrote it by triggers, away from the outbox's code;
 * they go. The tables and what they hold stay.
 */
export const outboxBookkeeping: Migration = {
  version: 25,
  name: 'outbox-bookkeeping',
  up: `
    DROP TRIGGER order_acknowledged_when_sent;
    DROP TRIGGER order_cancelled_when_cancelled;
  `,
};
