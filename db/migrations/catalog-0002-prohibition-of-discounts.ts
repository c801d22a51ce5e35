import type { Migration } from './types.ts';

/**
 * Catalog file, version 2: a stock item's prohibitionOfDiscounts (no customer discount on that line).
 * Rows cached before it have the column empty, so the next stock-item sync is a full pass.
 */
export const prohibitionOfDiscounts: Migration = {
  version: 2,
  name: 'prohibition-of-discounts',
  up: `
    ALTER TABLE stock_item ADD COLUMN prohibitionOfDiscounts INTEGER;
    UPDATE sync_state SET lastFullAt = NULL, watermark = NULL WHERE resource = 'stockItems';
  `,
};
