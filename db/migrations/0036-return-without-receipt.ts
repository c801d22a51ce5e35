import type { Migration } from './types.ts';

/**
 * A return without a receipt (issue 37, point 3): the customer brings goods, the product is scanned
 * and the manager confirms the price. No sale is named.
 *
 * - `till_return.saleSessionId` and `saleOrderId` may be NULL (both or neither): a return without a
 *   receipt. The table is built again as migration 34 did (SQLite cannot drop NOT NULL), its children
 *   keeping their rows with the foreign keys deferred.
 * - `till_return_item`: what such a return took back per line, as no sold line says it: the product,
 *   its name and VAT rate, the unit price the manager confirmed (exact decimal text) the till's warehouse and walk-in
 *   customer then (whom its document is booked to).
 *   Its `till_return_line` rows carry the quantity and refund as any return's do (the journal, the X/Z
 *   report's sums read those).
 */
export const returnWithoutReceipt: Migration = {
  version: 36,
  name: 'return-without-receipt',
  up: `
    PRAGMA defer_foreign_keys = ON;
    CREATE TABLE till_return_before AS SELECT * FROM till_return;
    DROP TABLE till_return;
    CREATE TABLE till_return (
      id              INTEGER PRIMARY KEY,
      number          INTEGER NOT NULL UNIQUE CHECK (number > 0),
      prefix          TEXT NOT NULL,
      saleSessionId   INTEGER,
      saleOrderId     INTEGER,
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
      saleTill        TEXT,
      exchangeOrderId INTEGER REFERENCES outbox_order (id),
      CHECK ((saleSessionId IS NULL) = (saleOrderId IS NULL)),
      CHECK (saleSessionId IS NOT NULL OR (managerApproved = 1 AND saleTill IS NULL AND route IS NOT 'delete'))
    ) STRICT;
    INSERT INTO till_return SELECT id, number, prefix, saleSessionId, saleOrderId, createdAt, shiftId, cashierId,
        refundMinor, managerApproved, clientReference, route, state, documentOrderId, stateNote, bookedAt, printCount,
        saleTill, exchangeOrderId
      FROM till_return_before;
    DROP TABLE till_return_before;
    CREATE INDEX till_return_sale ON till_return (saleSessionId);
    CREATE INDEX till_return_shift ON till_return (shiftId) WHERE shiftId IS NOT NULL;
    CREATE INDEX till_return_unsettled ON till_return (state) WHERE state IN ('waiting', 'back-office');
    CREATE INDEX till_return_exchange ON till_return (exchangeOrderId) WHERE exchangeOrderId IS NOT NULL;

    CREATE TABLE till_return_item (
      returnId      INTEGER NOT NULL REFERENCES till_return (id),
      lineNo        INTEGER NOT NULL,
      productId     INTEGER NOT NULL,
      productCode   TEXT,
      name          TEXT NOT NULL,
      kind          TEXT NOT NULL CHECK (kind IN ('unit', 'weight', 'price')),
      unitOfMeasure TEXT,
      vatRate       REAL NOT NULL,
      unitPrice     TEXT NOT NULL,
      warehouseId   INTEGER,
      customerId    INTEGER,
      PRIMARY KEY (returnId, lineNo)
    ) STRICT;
  `,
};
