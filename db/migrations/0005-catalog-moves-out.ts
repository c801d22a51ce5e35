import type { Migration } from './types.ts';

/**
 * The catalog leaves this file for a file of its own beside it (db/database.ts `catalogFileFor`),
 * attached to this file's connections. A sync commits its pages to that file, so its write lock is
 * never the one a scan, a session or an order waits for. The catalog is a cache of the service: its
 * rows are not carried over; the next sync fills the new file (a full pass, having no watermark).
 */
export const catalogMovesOut: Migration = {
  version: 5,
  name: 'catalog-moves-out',
  up: `
    DROP TABLE product_search;
    DROP TABLE stock_item;
    DROP TABLE warehouse;
    DROP TABLE product_unit;
    DROP TABLE company_card;
    DROP TABLE company_representative;
    DROP TABLE financial_receivable;
    DROP TABLE discovered_company;
    DROP TABLE sync_state;
    DROP TABLE sync_pending;
  `,
};
