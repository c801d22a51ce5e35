import type { Migration } from './types.ts';

/**
 * Goods taken back at the till (issue 37). Money in integer minor units, quantities in thousandths
 * (`quantityMilli`, a weighed line's grams), so "never more than sold" is integer arithmetic.
 *
 * - `sold_line`: each closed sale's lines as the customer paid for them (`paidMinor`: after the line's
 *   own discount, the card's percent and its share of the card's amount off), written in the
 *   transaction that closes the sale. Compaction drops `shopping_session_line`, never these: they are
 *   what a return is made against, however old the sale.
 * - `till_return`: a return, its number in the till's own gap-free series (P1-V000001), the sale it
 *   takes back, who did it, its refund, and where its document is (`route`, `state`): the outbox's
 *   states, or `back-office` until a manager marks it `booked`. `documentOrderId` is the outbox order
 *   that carries it to the instance (a negative order, or the sale's own order for a DELETE).
 * - `till_return_line`: what came back of each sold line and what it refunded.
 * - `till_return_refund`: what each tender paid out (cash after rounding, with the rounding).
 */
export const returns: Migration = {
  version: 26,
  name: 'returns',
  up: `
    CREATE TABLE sold_line (
      sessionId     INTEGER NOT NULL REFERENCES shopping_session (id),
      lineNo        INTEGER NOT NULL CHECK (lineNo >= 0),
      productId     INTEGER NOT NULL,
      productCode   TEXT,
      name          TEXT NOT NULL,
      kind          TEXT NOT NULL CHECK (kind IN ('unit', 'weight', 'price')),
      quantityMilli INTEGER NOT NULL CHECK (quantityMilli > 0),
      unitOfMeasure TEXT,
      unitPrice     REAL NOT NULL,
      vatRate       REAL NOT NULL,
      grossMinor    INTEGER NOT NULL CHECK (grossMinor >= 0),
      paidMinor     INTEGER NOT NULL CHECK (paidMinor >= 0),
      PRIMARY KEY (sessionId, lineNo)
    ) STRICT;

    CREATE TABLE till_return (
      id              INTEGER PRIMARY KEY,
      number          INTEGER NOT NULL UNIQUE CHECK (number > 0),
      prefix          TEXT NOT NULL,
      saleSessionId   INTEGER NOT NULL REFERENCES shopping_session (id),
      saleOrderId     INTEGER NOT NULL REFERENCES outbox_order (id),
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
      printCount      INTEGER NOT NULL DEFAULT 0 CHECK (printCount >= 0)
    ) STRICT;
    CREATE INDEX till_return_sale ON till_return (saleSessionId);
    CREATE INDEX till_return_shift ON till_return (shiftId) WHERE shiftId IS NOT NULL;
    CREATE INDEX till_return_unsettled ON till_return (state) WHERE state IN ('waiting', 'back-office');

    CREATE TABLE till_return_line (
      returnId      INTEGER NOT NULL REFERENCES till_return (id),
      lineNo        INTEGER NOT NULL,
      quantityMilli INTEGER NOT NULL CHECK (quantityMilli > 0),
      refundMinor   INTEGER NOT NULL CHECK (refundMinor >= 0),
      PRIMARY KEY (returnId, lineNo)
    ) STRICT;

    CREATE TABLE till_return_refund (
      returnId      INTEGER NOT NULL REFERENCES till_return (id),
      method        TEXT NOT NULL CHECK (method IN ('cash', 'card')),
      amountMinor   INTEGER NOT NULL CHECK (amountMinor >= 0),
      roundingMinor INTEGER NOT NULL DEFAULT 0 CHECK (roundingMinor = 0 OR method = 'cash'),
      PRIMARY KEY (returnId, method)
    ) STRICT;
  `,
};
