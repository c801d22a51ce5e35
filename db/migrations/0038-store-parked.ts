import type { Migration } from './types.ts';

/**
 * Parked sales recalled at any till of the store (issue 38, point 3).
 *
 * - The journal's `parked` event carries the sale as it was set aside (version 2): its lines as
 *   scanned (the columns a line is made of again), its customer, walk-in customer and warehouse, so
 *   another till can list it and take it over while the instance is away. The trigger builds it in
 *   the statement that parks the sale, as migration 27's did, whichever code parks it.
 * - `store_parked`: the other tills' sales parked now, as their journals told this till: written when
 *   a `parked` event is applied, removed by its `unparked` event or by a `parked-taken` event (a till
 *   took it over). One row per (till, session): what the list reads, without walking the journal.
 * - `shopping_session.takenBy`: this till's parked sale another till took over (its name); the
 *   session is then closed here as cancelled (it was never sold here, and no shift counts it: a
 *   parked session has no shift).
 */
export const storeParked: Migration = {
  version: 38,
  name: 'store-parked',
  up: `
    ALTER TABLE shopping_session ADD COLUMN takenBy TEXT;

    CREATE TABLE store_parked (
      till       TEXT NOT NULL,
      sessionId  INTEGER NOT NULL,
      parkSeq    INTEGER NOT NULL, -- the parked event's number in that till's journal
      body       TEXT NOT NULL CHECK (json_valid(body)),
      receivedAt TEXT NOT NULL,    -- this till's clock when it arrived: the list's order
      PRIMARY KEY (till, sessionId)
    ) STRICT;

    -- A parked sale's last parked event here: what a claim to recall it names.
    CREATE INDEX journal_parked ON journal (CAST(json_extract(body, '$.sessionId') AS INTEGER), seq)
      WHERE kind = 'parked';
    -- The takes this till journalled: looked at when another till's parked event arrives.
    CREATE INDEX journal_parked_taken ON journal (seq) WHERE kind = 'parked-taken';

    DROP TRIGGER journal_parked;
    CREATE TRIGGER journal_parked AFTER UPDATE OF parkedAt ON shopping_session
      WHEN NEW.parkedAt IS NOT NULL AND OLD.parkedAt IS NULL
      BEGIN
        INSERT INTO journal (kind, body) VALUES ('parked', json_object(
          'v', 2,
          'sessionId', NEW.id,
          'parkedAt', NEW.parkedAt,
          'warehouseId', NEW.warehouseId,
          'customer', json(CASE WHEN NEW.customerCompanyId IS NULL OR NEW.customerCard IS NULL THEN NULL
            ELSE json_object('companyId', NEW.customerCompanyId, 'card', json(NEW.customerCard),
                             'source', NEW.customerSource, 'owesMinor', NEW.customerOwesMinor) END),
          'walkIn', json(NEW.walkIn),
          -- json(): a subquery's value loses its JSON type, and would be kept as a string.
          'lines', json((SELECT json_group_array(json_object(
                      'stockItemId', l.stockItemId, 'productId', l.productId, 'productCode', l.productCode,
                      'name', l.name, 'barcode', l.barcode, 'kind', l.kind, 'quantity', l.quantity,
                      'unitOfMeasure', l.unitOfMeasure, 'unitPrice', l.unitPrice, 'vatRate', l.vatRate,
                      'fixedTotalMinor', l.fixedTotalMinor, 'noDiscount', l.noDiscount,
                      'priceEntered', l.priceEntered, 'adjustment', json(l.adjustment), 'addedAt', l.addedAt))
                    FROM (SELECT * FROM shopping_session_line
                           WHERE sessionId = NEW.id AND removedAt IS NULL ORDER BY id) l))));
      END;
  `,
};
