import type { Migration } from './types.ts';

/**
 * The other tills' journals read by key, not walked (issue 38's store, at a store's real size).
 *
 * Each scan asks what the store's other tills sold of the product since its figures were read
 * (main/outbox/sold-here.ts soldInStore). That read walked every `sale` event any till ever sent,
 * opened each one's lines, and for each sale looked through every `acknowledged` event for its
 * order: 1,000 sales of another till took 16 ms, 4,000 took 633 ms — per scan, growing with the
 * square of the store's history.
 *
 * - `store_sold_item`: the other tills' sales per item as their journals told them (product,
 *   warehouse, quantity as the order has it) and when this till learnt the instance acknowledged the
 *   order (this till's clock, the first such event): written by the triggers below in the statement
 *   that applies the event, whichever code applies it; filled from the events already here. Read by
 *   product and acknowledgement.
 * - indexes on the event's order for the `acknowledged` and `sale` events, and on the returned sale's
 *   order and the arrival for `return-line` events: a sale looked up by its till and order, what came
 *   back of it, and the returns since the figures were read, without walking the journal.
 *
 * A sale counts as before: with a warehouse, and not cancelled or discarded when it was journaled
 * (json_extract of a missing state is NULL, which NOT IN leaves out, as the walk did). An item without
 * a whole product id or a numeric quantity, or a sale without a whole order id, is left out rather
 * than let one malformed event stop the journal from being applied.
 */
export const storeJournalLookups: Migration = {
  version: 39,
  name: 'store-journal-lookups',
  up: `
    CREATE INDEX store_event_acknowledged_order
      ON store_event (till, CAST(json_extract(body, '$.orderId') AS INTEGER)) WHERE kind = 'acknowledged';
    CREATE INDEX store_event_sale_order
      ON store_event (till, CAST(json_extract(body, '$.orderId') AS INTEGER)) WHERE kind = 'sale';
    CREATE INDEX store_event_return_sale_order
      ON store_event (CAST(json_extract(body, '$.saleOrderId') AS INTEGER)) WHERE kind = 'return-line';
    CREATE INDEX store_event_return_received ON store_event (receivedAt) WHERE kind = 'return-line';

    CREATE TABLE store_sold_item (
      till           TEXT NOT NULL,
      orderId        INTEGER NOT NULL,
      itemNo         INTEGER NOT NULL, -- the item's place in the order's items
      productId      INTEGER NOT NULL,
      warehouseId    INTEGER NOT NULL,
      quantity       REAL NOT NULL,
      acknowledgedAt TEXT,             -- this till's clock when it learnt of the acknowledgement
      PRIMARY KEY (till, orderId, itemNo)
    ) STRICT;
    CREATE INDEX store_sold_item_product ON store_sold_item (productId, acknowledgedAt);

    CREATE TRIGGER store_sold_item_sale AFTER INSERT ON store_event
      WHEN NEW.kind = 'sale' AND json_type(NEW.body, '$.orderId') = 'integer'
        AND json_extract(NEW.body, '$.warehouseId') IS NOT NULL
        AND json_extract(NEW.body, '$.state') NOT IN ('cancelled', 'discarded')
      BEGIN
        INSERT OR IGNORE INTO store_sold_item
            (till, orderId, itemNo, productId, warehouseId, quantity, acknowledgedAt)
          SELECT NEW.till, CAST(json_extract(NEW.body, '$.orderId') AS INTEGER), i.key,
                 CAST(json_extract(i.value, '$.productId') AS INTEGER),
                 CAST(json_extract(NEW.body, '$.warehouseId') AS INTEGER),
                 json_extract(i.value, '$.quantity'),
                 (SELECT min(a.receivedAt) FROM store_event a
                   WHERE a.kind = 'acknowledged' AND a.till = NEW.till
                     AND CAST(json_extract(a.body, '$.orderId') AS INTEGER)
                         = CAST(json_extract(NEW.body, '$.orderId') AS INTEGER))
            FROM json_each(NEW.body, '$.lines') i
           WHERE json_type(i.value, '$.productId') = 'integer'
             AND json_type(i.value, '$.quantity') IN ('integer', 'real');
      END;
    CREATE TRIGGER store_sold_item_acknowledged AFTER INSERT ON store_event
      WHEN NEW.kind = 'acknowledged'
      BEGIN
        UPDATE store_sold_item SET acknowledgedAt = NEW.receivedAt
         WHERE till = NEW.till AND orderId = CAST(json_extract(NEW.body, '$.orderId') AS INTEGER)
           AND (acknowledgedAt IS NULL OR acknowledgedAt > NEW.receivedAt);
      END;

    INSERT OR IGNORE INTO store_sold_item
        (till, orderId, itemNo, productId, warehouseId, quantity, acknowledgedAt)
      SELECT e.till, CAST(json_extract(e.body, '$.orderId') AS INTEGER), i.key,
             CAST(json_extract(i.value, '$.productId') AS INTEGER),
             CAST(json_extract(e.body, '$.warehouseId') AS INTEGER),
             json_extract(i.value, '$.quantity'),
             (SELECT min(a.receivedAt) FROM store_event a
               WHERE a.kind = 'acknowledged' AND a.till = e.till
                 AND CAST(json_extract(a.body, '$.orderId') AS INTEGER)
                     = CAST(json_extract(e.body, '$.orderId') AS INTEGER))
        FROM store_event e
        JOIN json_each(e.body, '$.lines') i
       WHERE e.kind = 'sale' AND json_type(e.body, '$.orderId') = 'integer'
         AND json_extract(e.body, '$.warehouseId') IS NOT NULL
         AND json_extract(e.body, '$.state') NOT IN ('cancelled', 'discarded')
         AND json_type(i.value, '$.productId') = 'integer'
         AND json_type(i.value, '$.quantity') IN ('integer', 'real');
  `,
};
