import type { Migration } from './types.ts';

/**
 * Shifts at this till (one file is one till) and who works it. Money here is in integer minor units
 * (haléře, cents), never REAL.
 *
 * - `cashier`: who may sign in at the till, with their own PIN's scrypt hash; a cashier who leaves
 *   is marked removed, never deleted, so the reports that name them still can.
 * - `till_cashier`: who is signed in now (one row at most), so the CLI and the app agree.
 * - `shift`: opened with the float counted into the drawer, closed with the cash counted; one open
 *   at a time (the partial unique index). At close it keeps what was expected, the difference, whether
 *   it was over the limit in Settings and the manager gave the PIN for it, and the Z report as it was
 *   then (JSON), which nothing changes afterwards.
 * - `shift_cash_move`: cash paid into or out of the drawer during a shift, with its reason.
 * - `shopping_session` gains the shift a sale was closed (or voided) in, who did it, and its total;
 *   `sale_vat` and `sale_payment` keep each closed sale's totals per VAT rate and per way of paying,
 *   written in the transaction that closes it, so the reports add up stored figures in SQL.
 * - `order_acknowledged` and `order_cancelled`: when an order was acknowledged by the instance (it
 *   went `sent`) and when it was cancelled there, with the shift and cashier of that moment. Triggers
 *   on the outbox's state write them, whichever process changed it (the app, `pos outbox`), in the
 *   same transaction as the change.
 */
export const shifts: Migration = {
  version: 17,
  name: 'shifts',
  up: `
    CREATE TABLE cashier (
      id        INTEGER PRIMARY KEY,
      name      TEXT NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 60),
      pinHash   TEXT NOT NULL,
      createdAt TEXT NOT NULL,
      removedAt TEXT
    ) STRICT;
    CREATE UNIQUE INDEX cashier_name ON cashier (name) WHERE removedAt IS NULL;

    CREATE TABLE till_cashier (
      till       INTEGER PRIMARY KEY CHECK (till = 1),
      cashierId  INTEGER NOT NULL REFERENCES cashier (id),
      signedInAt TEXT NOT NULL
    ) STRICT;

    CREATE TABLE shift (
      id              INTEGER PRIMARY KEY,
      state           TEXT NOT NULL CHECK (state IN ('open', 'closed')),
      openedAt        TEXT NOT NULL,
      openedBy        INTEGER REFERENCES cashier (id),
      floatMinor      INTEGER NOT NULL CHECK (floatMinor >= 0),
      closedAt        TEXT,
      closedBy        INTEGER REFERENCES cashier (id),
      countedMinor    INTEGER CHECK (countedMinor IS NULL OR countedMinor >= 0),
      expectedMinor   INTEGER,
      differenceMinor INTEGER,
      overLimit       INTEGER CHECK (overLimit IS NULL OR overLimit IN (0, 1)),
      managerApproved INTEGER CHECK (managerApproved IS NULL OR managerApproved IN (0, 1)),
      zReport         TEXT CHECK (zReport IS NULL OR json_valid(zReport)),
      CHECK ((state = 'open') = (closedAt IS NULL)),
      CHECK (state = 'open' OR (countedMinor IS NOT NULL AND zReport IS NOT NULL))
    ) STRICT;
    CREATE UNIQUE INDEX shift_one_open ON shift (state) WHERE state = 'open';

    CREATE TABLE shift_cash_move (
      id          INTEGER PRIMARY KEY,
      shiftId     INTEGER NOT NULL REFERENCES shift (id),
      direction   TEXT NOT NULL CHECK (direction IN ('in', 'out')),
      amountMinor INTEGER NOT NULL CHECK (amountMinor > 0),
      reason      TEXT NOT NULL CHECK (length(trim(reason)) > 0),
      cashierId   INTEGER REFERENCES cashier (id),
      at          TEXT NOT NULL
    ) STRICT;
    CREATE INDEX shift_cash_move_shift ON shift_cash_move (shiftId, id);

    ALTER TABLE shopping_session ADD COLUMN shiftId INTEGER REFERENCES shift (id);
    ALTER TABLE shopping_session ADD COLUMN cashierId INTEGER REFERENCES cashier (id);
    ALTER TABLE shopping_session ADD COLUMN totalMinor INTEGER;
    CREATE INDEX shopping_session_shift ON shopping_session (shiftId, state) WHERE shiftId IS NOT NULL;

    CREATE TABLE sale_vat (
      sessionId  INTEGER NOT NULL REFERENCES shopping_session (id),
      vatRate    REAL NOT NULL,
      baseMinor  INTEGER NOT NULL,
      vatMinor   INTEGER NOT NULL,
      grossMinor INTEGER NOT NULL,
      PRIMARY KEY (sessionId, vatRate)
    ) STRICT;

    CREATE TABLE sale_payment (
      sessionId   INTEGER NOT NULL REFERENCES shopping_session (id),
      method      TEXT NOT NULL CHECK (method IN ('cash', 'card', 'unsaid')),
      amountMinor INTEGER NOT NULL,  -- what this way of paying paid of the sale's total
      givenMinor  INTEGER NOT NULL,  -- cash handed over (card: the amount charged)
      changeMinor INTEGER NOT NULL CHECK (changeMinor >= 0),
      PRIMARY KEY (sessionId, method)
    ) STRICT;

    CREATE TABLE order_acknowledged (
      orderId INTEGER PRIMARY KEY REFERENCES outbox_order (id),
      at      TEXT NOT NULL
    ) STRICT;
    INSERT INTO order_acknowledged (orderId, at)
      SELECT id, updated_at FROM outbox_order WHERE remote_id IS NOT NULL;
    CREATE TRIGGER order_acknowledged_when_sent AFTER UPDATE OF state ON outbox_order
      WHEN NEW.state = 'sent' AND OLD.state IS NOT 'sent'
      BEGIN
        INSERT OR IGNORE INTO order_acknowledged (orderId, at) VALUES (NEW.id, NEW.updated_at);
      END;

    CREATE TABLE order_cancelled (
      orderId   INTEGER PRIMARY KEY REFERENCES outbox_order (id),
      at        TEXT NOT NULL,
      shiftId   INTEGER REFERENCES shift (id),
      cashierId INTEGER REFERENCES cashier (id)
    ) STRICT;
    CREATE INDEX order_cancelled_shift ON order_cancelled (shiftId) WHERE shiftId IS NOT NULL;
    CREATE TRIGGER order_cancelled_when_cancelled AFTER UPDATE OF state ON outbox_order
      WHEN NEW.state = 'cancelled' AND OLD.state IS NOT 'cancelled'
      BEGIN
        INSERT OR IGNORE INTO order_cancelled (orderId, at, shiftId, cashierId) VALUES (
          NEW.id,
          NEW.updated_at,
          (SELECT id FROM shift WHERE state = 'open'),
          (SELECT cashierId FROM till_cashier WHERE till = 1)
        );
      END;
  `,
};
