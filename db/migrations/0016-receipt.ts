import type { Migration } from './types.ts';

/**
 * A receipt of each order, beside the outbox: the till's receipt number (one sequence per till, 1,
 * 2, 3... with no gaps, given in the transaction that closes the sale), the prefix printed before it,
 * the seller's header as Settings had it then (JSON {name, address, registrationNumber, vatNumber}),
 * and how many times it went to the printer (any print after the first is a copy). An order file's
 * order gets a row, without a number, when it is first printed.
 */
export const receipt: Migration = {
  version: 16,
  name: 'receipt',
  up: `
    CREATE TABLE receipt (
      orderId INTEGER PRIMARY KEY REFERENCES outbox_order (id),
      number INTEGER UNIQUE CHECK (number IS NULL OR number > 0),
      prefix TEXT NOT NULL DEFAULT '',
      seller TEXT CHECK (seller IS NULL OR json_valid(seller)),
      printCount INTEGER NOT NULL DEFAULT 0 CHECK (printCount >= 0),
      lastPrintedAt TEXT
    );
  `,
};
