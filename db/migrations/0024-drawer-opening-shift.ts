import type { Migration } from './types.ts';

/**
 * The shift a drawer opening without a sale was made in (`drawer_opening.shiftId`, NULL: no shift
 * was open), set when it is recorded. A shift's X and Z reports took theirs by the shift's time
 * (opened to closed), which a clock set back or forward mid-shift made lose or borrow openings;
 * the shift is what cannot move with the clock. Openings recorded before are given theirs by that
 * time once, here: nothing better is known of them.
 */
export const drawerOpeningShift: Migration = {
  version: 24,
  name: 'drawer-opening-shift',
  up: `
    ALTER TABLE drawer_opening ADD COLUMN shiftId INTEGER REFERENCES shift (id);
    UPDATE drawer_opening SET shiftId = (
      SELECT h.id FROM shift h
       WHERE h.openedAt <= drawer_opening.at AND (h.closedAt IS NULL OR drawer_opening.at < h.closedAt)
       ORDER BY h.id DESC LIMIT 1);
    CREATE INDEX drawer_opening_shift ON drawer_opening (shiftId, id) WHERE shiftId IS NOT NULL;
  `,
};
