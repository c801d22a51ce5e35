import type { Migration } from './types.ts';

/**
 * When the instance acknowledged an order, by the instance's own clock (`instance_acknowledged_at`,
 * ISO UTC): the Date of its answer. The till's clock can be set wrong (a dead CMOS battery, a clock
 * synced weekly) and put right again; the instance's is another witness, so retention never judges an
 * order's age by the till's clock alone (main/outbox/compaction.ts, docs/assumptions.md "Retention").
 * NULL where the answer carried no readable Date, for a repeat settled by 409, an order marked sent
 * by a person, and every order acknowledged before this migration.
 */
export const orderInstanceTime: Migration = {
  version: 22,
  name: 'order-instance-time',
  up: `
    ALTER TABLE outbox_order ADD COLUMN instance_acknowledged_at TEXT;
    CREATE INDEX outbox_order_instance_acknowledged ON outbox_order (instance_acknowledged_at)
      WHERE instance_acknowledged_at IS NOT NULL;
  `,
};
