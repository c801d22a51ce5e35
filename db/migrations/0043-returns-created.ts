import type { Migration } from './types.ts';

/**
 * Orders lists the till's returns a page at a time, newest first and ties broken by id
 * (db/returns.ts returnListings): this index walks them in that order from where a page starts, so a
 * page reads its own rows only, however many years of returns are behind it.
 */
export const returnsCreated: Migration = {
  version: 43,
  name: 'returns-created',
  up: `CREATE INDEX till_return_created ON till_return (createdAt, id);`,
};
