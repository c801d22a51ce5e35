import type { Migration } from './types.ts';

/**
 * Shopping sessions at the counter: stored from the first scan, so a crash or restart loses
 * nothing. One session is open at a time per terminal (the partial unique index); closing it
 * records the outbox order made in the same transaction. Amounts are as shown to the cashier
 * (gross, VAT included); lines keep what the scan resolved, so a later sync does not reprice an
 * open session.
 */
export const counterSessions: Migration = {
  version: 4,
  name: 'counter-sessions',
  up: `
    CREATE TABLE shopping_session (
      id                INTEGER PRIMARY KEY,
      state             TEXT NOT NULL CHECK (state IN ('open', 'closed', 'cancelled')),
      warehouseId       INTEGER,
      createdAt         TEXT NOT NULL,
      updatedAt         TEXT NOT NULL,
      closedAt          TEXT,
      customerCompanyId INTEGER,
      customerCard      TEXT CHECK (customerCard IS NULL OR json_valid(customerCard)), -- the CompanyCard (JSON)
      customerSource    TEXT CHECK (customerSource IS NULL OR customerSource IN ('online', 'offline')),
      customerOwes      REAL,    -- what the customer still owes (receivables), where known
      outboxOrderId     INTEGER  -- the order made when the session closed
    ) STRICT;
    CREATE UNIQUE INDEX shopping_session_one_open ON shopping_session (state) WHERE state = 'open';

    CREATE TABLE shopping_session_line (
      id            INTEGER PRIMARY KEY,
      sessionId     INTEGER NOT NULL REFERENCES shopping_session (id) ON DELETE CASCADE,
      stockItemId   INTEGER,
      productId     INTEGER NOT NULL,
      productCode   TEXT,
      name          TEXT NOT NULL,
      barcode       TEXT,             -- the code as scanned
      kind          TEXT NOT NULL CHECK (kind IN ('unit', 'weight', 'price')),
      quantity      REAL NOT NULL CHECK (quantity > 0),
      unitOfMeasure TEXT,
      unitPrice     REAL NOT NULL,    -- gross price per unit when scanned
      vatRate       REAL NOT NULL,    -- percent
      fixedTotal    REAL,             -- a price-embedded label's amount: the line total as printed
      addedAt       TEXT NOT NULL
    ) STRICT;
    CREATE INDEX shopping_session_line_session ON shopping_session_line (sessionId, id);
  `,
};
