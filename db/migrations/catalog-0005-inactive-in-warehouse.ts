import type { Migration } from './types.ts';

/**
 * Catalog file, version 5: a stock item's isInactiveInWarehouse (the product is retired in that
 * warehouse only), which the counter warns about like isInactive. Rows cached before it have the
 * column empty, so the next stock-item sync is a full pass.
 */
export const inactiveInWarehouse: Migration = {
  version: 5,
  name: 'inactive-in-warehouse',
  up: `
    ALTER TABLE stock_item ADD COLUMN isInactiveInWarehouse INTEGER;
    UPDATE sync_state SET lastFullAt = NULL, watermark = NULL WHERE resource = 'stockItems';
  `,
};
