import type { Migration } from './types.ts';

/**
 * Returns at any till of the store (issue 38, point 3): a return may take back a sale another till
 * made, known here only from that till's journal.
 *
 * - `till_return.saleTill`: the till whose sale it takes back; NULL for this till's own. For another
 *   till's sale, `saleSessionId` and `saleOrderId` are that till's numbers, so they can no longer
 *   reference this file's rows: the table is built again without those two foreign keys (SQLite
 *   cannot drop a constraint). Its children (lines, refunds, print jobs) keep their rows and their
 *   references by name: with the foreign keys deferred, dropping the old table counts their rows as
 *   orphans and putting each return back into the new one counts them found again, so the commit
 *   finds none missing (a row whose return were gone would still fail it).
 * - `store_sold_line`: the lines of other tills' sales as paid (as `sold_line` holds this till's, the
 *   unit price as its decimal text), written when their sale event is applied, so a return's lines,
 *   VAT and goods read the same way whichever till sold them.
 * - the journal's return-line event names the sale's till, so the other tills know whose sale it was.
 */
export const storeReturns: Migration = {
  version: 34,
  name: 'store-returns',
  up: `
    PRAGMA defer_foreign_keys = ON;
    CREATE TABLE till_return_before AS SELECT * FROM till_return;
    DROP TABLE till_return;
    CREATE TABLE till_return (
      id              INTEGER PRIMARY KEY,
      number          INTEGER NOT NULL UNIQUE CHECK (number > 0),
      prefix          TEXT NOT NULL,
      saleSessionId   INTEGER NOT NULL,
      saleOrderId     INTEGER NOT NULL,
      createdAt       TEXT NOT NULL,
      shiftId         INTEGER REFERENCES shift (id),
      cashierId       INTEGER REFERENCES cashier (id),
      refundMinor     INTEGER NOT NULL CHECK (refundMinor >= 0),
      managerApproved INTEGER NOT NULL DEFAULT 0 CHECK (managerApproved IN (0, 1)),
      clientReference TEXT NOT NULL UNIQUE,
      route           TEXT CHECK (route IS NULL OR route IN ('claim', 'negative-order', 'delete', 'back-office')),
      state           TEXT NOT NULL CHECK (state IN ('waiting', 'document', 'back-office', 'booked')),
      documentOrderId INTEGER REFERENCES outbox_order (id),
      stateNote       TEXT,
      bookedAt        TEXT,
      printCount      INTEGER NOT NULL DEFAULT 0 CHECK (printCount >= 0),
      saleTill        TEXT
    ) STRICT;
    INSERT INTO till_return (id, number, prefix, saleSessionId, saleOrderId, createdAt, shiftId, cashierId,
        refundMinor, managerApproved, clientReference, route, state, documentOrderId, stateNote, bookedAt, printCount)
      SELECT id, number, prefix, saleSessionId, saleOrderId, createdAt, shiftId, cashierId,
        refundMinor, managerApproved, clientReference, route, state, documentOrderId, stateNote, bookedAt, printCount
        FROM till_return_before;
    DROP TABLE till_return_before;
    CREATE INDEX till_return_sale ON till_return (saleSessionId);
    CREATE INDEX till_return_shift ON till_return (shiftId) WHERE shiftId IS NOT NULL;
    CREATE INDEX till_return_unsettled ON till_return (state) WHERE state IN ('waiting', 'back-office');

    DROP TRIGGER journal_return_line;
    CREATE TRIGGER journal_return_line AFTER INSERT ON till_return_line
      BEGIN
        INSERT INTO journal (kind, body) SELECT 'return-line',
          json_object('returnId', r.id, 'saleOrderId', r.saleOrderId, 'saleTill', r.saleTill, 'lineNo', NEW.lineNo,
                      'quantityMilli', NEW.quantityMilli, 'refundMinor', NEW.refundMinor)
          FROM till_return r WHERE r.id = NEW.returnId;
      END;

    CREATE TABLE store_sold_line (
      till          TEXT NOT NULL,
      sessionId     INTEGER NOT NULL,
      lineNo        INTEGER NOT NULL CHECK (lineNo >= 0),
      orderId       INTEGER NOT NULL,
      warehouseId   INTEGER,
      productId     INTEGER NOT NULL,
      productCode   TEXT,
      name          TEXT NOT NULL,
      kind          TEXT NOT NULL CHECK (kind IN ('unit', 'weight', 'price')),
      quantityMilli INTEGER NOT NULL CHECK (quantityMilli > 0),
      unitOfMeasure TEXT,
      unitPrice     TEXT NOT NULL,
      vatRate       REAL NOT NULL,
      grossMinor    INTEGER NOT NULL CHECK (grossMinor >= 0),
      paidMinor     INTEGER NOT NULL CHECK (paidMinor >= 0),
      PRIMARY KEY (till, sessionId, lineNo)
    ) STRICT;
    CREATE INDEX store_sold_line_order ON store_sold_line (till, orderId);
  `,
};
