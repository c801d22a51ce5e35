import type { Migration } from './types.ts';

/**
 * Catalog file, version 7: a stock item's gtinKey, its barcode as a GTIN-14 (zero-padded to 14
 * digits) when the barcode is all digits of a GTIN length (8, 12, 13 or 14), else NULL. Catalogs fed
 * from GS1 data pools list `05901234123457` for the EAN-13 `5901234123457` on the label; a scan of
 * any form finds the item by this one key (db/catalog/stock-items.ts gtinKey computes a scan's key by
 * the same rule). A column SQLite computes from the barcode: no writer can leave it stale, and rows
 * cached before it have it at once. Leading zeros change no GS1 check digit: padding never makes a
 * misread a match.
 */
export const gtinKey: Migration = {
  version: 7,
  name: 'gtin-key',
  up: `
    ALTER TABLE stock_item ADD COLUMN gtinKey TEXT GENERATED ALWAYS AS (
      CASE WHEN length(barcode) IN (8, 12, 13, 14) AND barcode NOT GLOB '*[^0-9]*'
        THEN substr('00000000000000' || barcode, -14) END
    ) VIRTUAL;
    CREATE INDEX stock_item_gtin_key ON stock_item (gtinKey);
  `,
};
