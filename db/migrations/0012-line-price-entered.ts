import type { Migration } from './types.ts';

/**
 * A line whose price was entered at the till (by a manager, the stock item having no usable price in
 * the catalog) says so: its receipt and the order's note show it, so the back office can tell a
 * price the instance set from one typed at the counter.
 */
export const linePriceEntered: Migration = {
  version: 12,
  name: 'line-price-entered',
  up: `ALTER TABLE shopping_session_line ADD COLUMN priceEntered INTEGER NOT NULL DEFAULT 0 CHECK (priceEntered IN (0, 1));`,
};
