import type { Migration } from './types.ts';

/**
 * An outbox that grows for years and still answers in constant time what a sale needs.
 *
 * - `summary`: what the Orders list shows of an order (total, VAT per rate, line count, customer),
 *   stored when the sale closes, so a page of the list reads it instead of pricing every order again.
 *   Rows stored before this migration have none: the list works it out once and stores it.
 * - `compacted_at`: when the order's detail (its lines, on the sale and in the payload) was dropped
 *   after the retention period; the row, its summary and its sale's header stay (docs/assumptions.md).
 * - `outbox_state_count`: how many orders are in each state, kept by triggers, so the status bar's
 *   figures and the Orders filters' counts never count the whole history.
 * - Indexes for the Orders screen's day filter and for compaction's look for old, settled orders.
 */
export const orderHistory: Migration = {
  version: 15,
  name: 'order-history',
  up: `
    ALTER TABLE outbox_order ADD COLUMN summary TEXT CHECK (summary IS NULL OR json_valid(summary));
    ALTER TABLE outbox_order ADD COLUMN compacted_at TEXT;
    CREATE INDEX outbox_order_created ON outbox_order (created_at);
    CREATE INDEX outbox_order_uncompacted ON outbox_order (updated_at) WHERE compacted_at IS NULL;

    CREATE TABLE outbox_state_count (
      state TEXT PRIMARY KEY,
      n     INTEGER NOT NULL
    ) STRICT, WITHOUT ROWID;
    INSERT INTO outbox_state_count (state, n) SELECT state, count(*) FROM outbox_order GROUP BY state;
    CREATE TRIGGER outbox_state_count_insert AFTER INSERT ON outbox_order BEGIN
      INSERT INTO outbox_state_count (state, n) VALUES (NEW.state, 1)
        ON CONFLICT (state) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER outbox_state_count_update AFTER UPDATE OF state ON outbox_order
      WHEN OLD.state IS NOT NEW.state BEGIN
      UPDATE outbox_state_count SET n = n - 1 WHERE state = OLD.state;
      INSERT INTO outbox_state_count (state, n) VALUES (NEW.state, 1)
        ON CONFLICT (state) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER outbox_state_count_delete AFTER DELETE ON outbox_order BEGIN
      UPDATE outbox_state_count SET n = n - 1 WHERE state = OLD.state;
    END;
  `,
};
