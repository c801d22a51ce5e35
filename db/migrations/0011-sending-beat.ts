import type { Migration } from './types.ts';

/**
 * A `sending` order's lease gets a beat: a counter its sender raises while the request is in flight
 * (and at every claim, so it never repeats for one order). Another process calls the sender gone when
 * the beat has not moved for a while on its own monotonic clock, so no two processes' wall clocks are
 * compared. sending_until (migration 7), such a wall-clock end, is no longer written or read.
 */
export const sendingBeat: Migration = {
  version: 11,
  name: 'sending-beat',
  up: `ALTER TABLE outbox_order ADD COLUMN sending_beat INTEGER;`,
};
