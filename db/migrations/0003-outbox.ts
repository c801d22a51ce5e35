import type { Migration } from './types.ts';

/**
 * Internet orders waiting for, being sent to, or sent to the service. A row is never deleted:
 * discarded and cancelled orders keep their history. client_reference is made before the first
 * attempt and sent as Idempotency-Key on every attempt, which makes a replay recognisable.
 * next_attempt_at is epoch milliseconds (compared, never shown); created_at/updated_at are ISO text.
 */
export const outbox: Migration = {
  version: 3,
  name: 'outbox',
  up: `
    CREATE TABLE outbox_order (
      id                INTEGER PRIMARY KEY,
      client_reference  TEXT    NOT NULL UNIQUE,
      payload           TEXT    NOT NULL CHECK (json_valid(payload)),
      state             TEXT    NOT NULL CHECK (state IN
                          ('queued', 'sending', 'sent', 'needs-fix', 'blocked', 'in-doubt', 'discarded', 'cancelled')),
      attempts          INTEGER NOT NULL DEFAULT 0,
      created_at        TEXT    NOT NULL,
      updated_at        TEXT    NOT NULL,
      next_attempt_at   INTEGER,
      remote_id         INTEGER,
      field_errors      TEXT    CHECK (field_errors IS NULL OR json_valid(field_errors)),
      messages          TEXT    CHECK (messages IS NULL OR json_valid(messages)),
      error_id          TEXT,
      code              TEXT,
      permission        TEXT,
      origin_session_id INTEGER
    ) STRICT;
    -- The sender walks each state oldest first: (state, id) makes that a range scan.
    CREATE INDEX outbox_order_state ON outbox_order (state, id);
    CREATE INDEX outbox_order_session ON outbox_order (origin_session_id) WHERE origin_session_id IS NOT NULL;
  `,
};
