import type { Migration } from './types.ts';

/**
 * Catalog file, version 6: when the last complete pass of a resource started. An incremental
 * stock-item pass confirms the rows it does not rewrite only as of its start: a row the instance
 * changes while the pass walks past it comes in the next pass. What this till sold since a row's
 * figures were read (db/sold-here.ts) is judged against that time, not the pass's end. A file from
 * before it takes the end of its last complete pass, the best it knows, until the next pass.
 */
export const passStart: Migration = {
  version: 6,
  name: 'pass-start',
  up: `
    ALTER TABLE sync_state ADD COLUMN lastCompleteStartedAt TEXT;
    UPDATE sync_state SET lastCompleteStartedAt = lastCompleteAt;
  `,
};
