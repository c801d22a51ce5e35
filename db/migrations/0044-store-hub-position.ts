import type { Migration } from './types.ts';

/**
 * Where this till is in the store hub's stream (main/hub/store-hub.ts): the stream's sequence of the
 * last journal message it applied (or acknowledged as its own), written in the transaction that
 * applies it. A consumer the till makes again (one the hub never answered, or one gone) starts after
 * it instead of delivering the whole store's journal afresh, when it is the same stream: the one
 * made at `streamCreated` (a hub whose folder was wiped or replaced, or another store's hub, makes
 * its stream anew and numbers from 1), still holding at `streamSeq` the message the till applied
 * there (`messageId`, the hub's time of it `storedAt` in nanoseconds: a hub put back from an older
 * copy of its folder, or one that lost its last messages, may number other messages so). One row.
 */
export const storeHubPosition: Migration = {
  version: 44,
  name: 'store-hub-position',
  up: `
    CREATE TABLE store_hub_position (
      id            INTEGER PRIMARY KEY CHECK (id = 1),
      streamCreated TEXT NOT NULL,
      streamSeq     INTEGER NOT NULL CHECK (streamSeq > 0),
      messageId     TEXT,
      storedAt      TEXT NOT NULL
    ) STRICT;
  `,
};
