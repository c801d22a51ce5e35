import type { Migration } from './types.ts';

/**
 * A `sending` order carries a lease: which process sends it (host/pid/random) and until when. An
 * order whose lease ran out, or whose process is gone, may have reached the service: it becomes
 * in-doubt, while an order another live process (the app, `pos order`) is sending is left alone.
 */
export const sendingLease: Migration = {
  version: 7,
  name: 'sending-lease',
  up: `ALTER TABLE outbox_order ADD COLUMN sending_owner TEXT;
       ALTER TABLE outbox_order ADD COLUMN sending_until INTEGER;`,
};
