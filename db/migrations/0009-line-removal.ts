import type { Migration } from './types.ts';

/**
 * A removed session line is kept, marked with when it was removed: the cashier can take the removal
 * back for a few seconds (undo), and the record of a sale shows what was taken off it, as a till's
 * journal does. Every query of a session's lines reads only the lines not removed.
 */
export const lineRemoval: Migration = {
  version: 9,
  name: 'line-removal',
  up: `ALTER TABLE shopping_session_line ADD COLUMN removedAt TEXT;`,
};
