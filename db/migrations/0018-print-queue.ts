import type { Migration } from './types.ts';

/**
 * The receipt printer's queue and the cash drawer's openings, in the till's file beside the orders.
 *
 * - `print_job`: one printing of an order's receipt. Stored before a byte goes to the printer (in the
 *   transaction that closes the sale, for the receipt printed on placing it), so a printer that is off
 *   loses nothing: the job waits `queued` and is tried again. `printing` is set, naming the process,
 *   before its bytes are written, and `printed` after the printer took them. A job found `printing`
 *   whose process is gone (the app died mid-write) may or may not have printed: it is queued again as
 *   a copy (`copy` = 'interrupted'), so a receipt is never lost and never printed twice as an
 *   original. A reprint asked for is a copy from the start ('reprint'). `failed`: a job that cannot
 *   be printed at all (its receipt could not be made), set aside so it does not hold up the others.
 *   `kickUntil`: a cash sale's receipt opens the drawer when it prints before then, not later.
 * - `drawer_opening`: the drawer opened without a sale ("open drawer"), when and by whom, for the
 *   shift's X and Z reports.
 */
export const printQueue: Migration = {
  version: 18,
  name: 'print-queue',
  up: `
    CREATE TABLE print_job (
      id            INTEGER PRIMARY KEY,
      kind          TEXT NOT NULL,
      orderId       INTEGER REFERENCES outbox_order (id),
      copy          TEXT NOT NULL DEFAULT 'none' CHECK (copy IN ('none', 'reprint', 'interrupted')),
      kickUntil     TEXT,
      state         TEXT NOT NULL CHECK (state IN ('queued', 'printing', 'printed', 'failed')),
      attempts      INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      nextAttemptAt INTEGER,
      problem       TEXT,
      detail        TEXT,
      owner         TEXT,
      createdAt     TEXT NOT NULL,
      updatedAt     TEXT NOT NULL,
      printedAt     TEXT,
      CHECK ((state = 'printed') = (printedAt IS NOT NULL))
    ) STRICT;
    CREATE INDEX print_job_waiting ON print_job (id) WHERE state IN ('queued', 'printing');
    CREATE INDEX print_job_order ON print_job (orderId) WHERE orderId IS NOT NULL;

    CREATE TABLE drawer_opening (
      id     INTEGER PRIMARY KEY,
      at     TEXT NOT NULL,
      reason TEXT NOT NULL CHECK (reason IN ('no-sale')),
      by     TEXT NOT NULL CHECK (by IN ('manager', 'till'))
    ) STRICT;
    CREATE INDEX drawer_opening_at ON drawer_opening (at);
  `,
};
