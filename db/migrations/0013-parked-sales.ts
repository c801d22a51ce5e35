import type { Migration } from './types.ts';

/**
 * A sale set aside (parked) while the cashier serves someone else, recalled later, even after a
 * restart. A parked session stays open (nothing was ordered or voided) and says since when it is
 * parked; the one session at the counter is the open one that is not parked, so the index that
 * allows one open session at a time now counts only those.
 */
export const parkedSales: Migration = {
  version: 13,
  name: 'parked-sales',
  up: `
    ALTER TABLE shopping_session ADD COLUMN parkedAt TEXT;
    DROP INDEX shopping_session_one_open;
    CREATE UNIQUE INDEX shopping_session_one_open ON shopping_session (state)
      WHERE state = 'open' AND parkedAt IS NULL;
    CREATE INDEX shopping_session_parked ON shopping_session (parkedAt) WHERE parkedAt IS NOT NULL;
  `,
};
