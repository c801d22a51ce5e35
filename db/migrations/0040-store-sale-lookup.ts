import type { Migration } from './types.ts';

/**
 * Another till's sale found by what the cashier scanned or typed at the Returns screen (its receipt's
 * QR reference or its printed number) by index, not by opening every sale event of the store
 * (db/journal.ts storeSalesByText). The receipt number is indexed upper-cased, as it is compared.
 */
export const storeSaleLookup: Migration = {
  version: 40,
  name: 'store-sale-lookup',
  up: `
    CREATE INDEX store_event_sale_reference
      ON store_event (json_extract(body, '$.reference')) WHERE kind = 'sale';
    CREATE INDEX store_event_sale_receipt
      ON store_event (upper(json_extract(body, '$.receipt'))) WHERE kind = 'sale';
  `,
};
