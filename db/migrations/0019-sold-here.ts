import type { Migration } from './types.ts';

/**
 * What this till sold that the instance's stock figures do not show yet (db/sold-here.ts) is looked
 * up by when each order was acknowledged: only the orders acknowledged after a stock item's figures
 * were read count, so an index on the time keeps the look-up to the recent ones however long the
 * history grows (orders not acknowledged at all come from outbox_order_state).
 */
export const soldHere: Migration = {
  version: 19,
  name: 'sold-here',
  up: `CREATE INDEX order_acknowledged_at ON order_acknowledged (at);`,
};
