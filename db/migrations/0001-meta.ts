import type { Migration } from './types.ts';

/** Key/value settings that are not secret (secrets live in the credential store, encrypted). */
export const meta: Migration = {
  version: 1,
  name: 'meta',
  up: `
    CREATE TABLE setting (
      key   TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT;
  `,
};
