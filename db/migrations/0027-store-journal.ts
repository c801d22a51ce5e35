import type { Migration } from './types.ts';

/**
 * The store's journal (issue 38): what this till did that the other tills of the store should know,
 * one row per event, numbered by this till alone (seq, never reused: AUTOINCREMENT), written in the
 * transaction that does it. A closed sale is written by the counter's closing step (db/journal.ts
 * appendSale); a shift opened or closed, cash paid in or out, a sale parked or recalled and an
 * order's acknowledgement by the instance are written by the triggers below, in the statement that
 * makes them, whichever code runs it. The other tills' events land in store_event, once per
 * (till, seq) however often the hub delivers them.
 */
export const storeJournal: Migration = {
  version: 27,
  name: 'store-journal',
  up: `
    CREATE TABLE journal (
      seq  INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL,
      body TEXT NOT NULL CHECK (json_valid(body))
    ) STRICT;

    CREATE TABLE store_event (
      till TEXT NOT NULL,
      seq  INTEGER NOT NULL,
      kind TEXT NOT NULL,
      body TEXT NOT NULL CHECK (json_valid(body)),
      receivedAt TEXT NOT NULL, -- this till's clock when it arrived: compared with this till's sync only
      PRIMARY KEY (till, seq)
    ) STRICT;
    CREATE INDEX store_event_kind ON store_event (kind);

    CREATE TRIGGER journal_shift_open AFTER INSERT ON shift
      BEGIN
        INSERT INTO journal (kind, body) VALUES ('shift-open',
          json_object('shiftId', NEW.id, 'floatMinor', NEW.floatMinor, 'openedAt', NEW.openedAt));
      END;
    CREATE TRIGGER journal_shift_close AFTER UPDATE OF state ON shift
      WHEN NEW.state = 'closed' AND OLD.state IS NOT 'closed'
      BEGIN
        INSERT INTO journal (kind, body) VALUES ('shift-close',
          json_object('shiftId', NEW.id, 'countedMinor', NEW.countedMinor,
                      'expectedMinor', NEW.expectedMinor, 'closedAt', NEW.closedAt));
      END;
    CREATE TRIGGER journal_cash_move AFTER INSERT ON shift_cash_move
      BEGIN
        INSERT INTO journal (kind, body) VALUES ('cash-move',
          json_object('shiftId', NEW.shiftId, 'direction', NEW.direction,
                      'amountMinor', NEW.amountMinor, 'reason', NEW.reason));
      END;
    CREATE TRIGGER journal_parked AFTER UPDATE OF parkedAt ON shopping_session
      WHEN NEW.parkedAt IS NOT NULL AND OLD.parkedAt IS NULL
      BEGIN
        INSERT INTO journal (kind, body) VALUES ('parked', json_object('sessionId', NEW.id));
      END;
    CREATE TRIGGER journal_unparked AFTER UPDATE OF parkedAt, state ON shopping_session
      WHEN OLD.parkedAt IS NOT NULL AND (NEW.parkedAt IS NULL OR NEW.state IS NOT 'open')
      BEGIN
        INSERT INTO journal (kind, body) VALUES ('unparked', json_object('sessionId', NEW.id));
      END;
    CREATE TRIGGER journal_acknowledged AFTER INSERT ON order_acknowledged
      BEGIN
        INSERT INTO journal (kind, body) VALUES ('acknowledged',
          json_object('orderId', NEW.orderId, 'at', NEW.at));
      END;
  `,
};
