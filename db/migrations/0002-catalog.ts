import type { Migration } from './types.ts';

/**
 * The offline catalog: what sync copies from the service, plus the sync bookkeeping that makes it
 * resumable. Column names keep SPEC.md's spelling so rows map 1:1 onto the service's fields.
 *
 * - `syncedAt` (ISO UTC) is when sync last wrote or confirmed the row; `syncMark` is the number of
 *   the full pass that last saw it (mark-and-sweep: a full pass deletes rows with an older mark).
 * - Booleans are 0/1; a field the service left out (null) is NULL.
 */
export const catalog: Migration = {
  version: 2,
  name: 'catalog',
  up: `
    CREATE TABLE warehouse (
      id         INTEGER PRIMARY KEY,
      name       TEXT NOT NULL,
      number     TEXT,
      isInactive INTEGER,
      syncedAt   TEXT NOT NULL
    ) STRICT;

    CREATE TABLE stock_item (
      id                  INTEGER PRIMARY KEY,
      warehouseId         INTEGER NOT NULL,
      productId           INTEGER NOT NULL,
      barcode             TEXT,
      productCode         TEXT,
      supplierProductCode TEXT,
      productName         TEXT,
      brand               TEXT,
      unitOfMeasure       TEXT,
      price               REAL,
      priceWoVat          REAL,
      vatRate             REAL,
      quantityInStock     REAL,
      quantityAvailable   REAL,
      quantityBlocked     REAL,
      quantityOrdered     REAL,
      prohibitionOfSale   INTEGER,
      isInactive          INTEGER,
      lastModify          TEXT,
      warehouseName       TEXT,
      warehouseNumber     TEXT,
      syncedAt            TEXT NOT NULL,
      syncMark            INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    CREATE INDEX stock_item_barcode ON stock_item (barcode);
    -- NOCASE indexes serve case-insensitive prefix ranges on codes.
    CREATE INDEX stock_item_product_code ON stock_item (productCode COLLATE NOCASE);
    CREATE INDEX stock_item_supplier_code ON stock_item (supplierProductCode COLLATE NOCASE);
    CREATE INDEX stock_item_product ON stock_item (productId, warehouseId);
    CREATE INDEX stock_item_mark ON stock_item (syncMark);

    -- Product names for search, one row per product (rowid = productId), kept by db/catalog.ts.
    -- remove_diacritics 2 folds every diacritic: "zlut kun" matches "Žluťoučký kůň".
    CREATE VIRTUAL TABLE product_search USING fts5 (
      productName, brand,
      tokenize = 'unicode61 remove_diacritics 2'
    );

    CREATE TABLE product_unit (
      id                  INTEGER PRIMARY KEY,
      productId           INTEGER NOT NULL,
      unitId              INTEGER,
      unit                INTEGER,
      unitOrder           INTEGER,
      guid                TEXT,
      isInvisible         INTEGER,
      quantityCoefficient REAL,
      data                TEXT NOT NULL, -- the whole ProductUnit as the service sent it (JSON)
      syncedAt            TEXT NOT NULL
    ) STRICT;
    CREATE INDEX product_unit_product ON product_unit (productId);

    CREATE TABLE company_card (
      id               INTEGER PRIMARY KEY,
      companyId        INTEGER NOT NULL,
      barcode          TEXT,
      discount         REAL,
      discountAmount   REAL,
      discountGroupId  INTEGER,
      guid             TEXT,
      isBillingEnabled INTEGER,
      isInvalid        INTEGER,
      lastModify       TEXT,
      name             TEXT,
      note             TEXT,
      validFrom        TEXT,
      validTo          TEXT,
      syncedAt         TEXT NOT NULL
    ) STRICT;
    CREATE INDEX company_card_barcode ON company_card (barcode);
    CREATE INDEX company_card_company ON company_card (companyId);

    CREATE TABLE company_representative (
      id        INTEGER PRIMARY KEY,
      companyId INTEGER,
      name      TEXT,
      surname   TEXT,
      email     TEXT,
      phone     TEXT,
      data      TEXT NOT NULL, -- the whole CompanyRepresentative (JSON)
      syncedAt  TEXT NOT NULL,
      syncMark  INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    CREATE INDEX company_representative_company ON company_representative (companyId);

    CREATE TABLE financial_receivable (
      id             INTEGER PRIMARY KEY,
      customerId     INTEGER,
      customerName   TEXT,
      documentType   TEXT,
      variableSymbol TEXT,
      internalNumber INTEGER,
      amount         REAL,
      alreadyPaid    REAL,
      currency       TEXT,
      date           TEXT,
      dueDate        TEXT,
      paidOnDate     TEXT,
      syncedAt       TEXT NOT NULL,
      syncMark       INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    CREATE INDEX financial_receivable_customer ON financial_receivable (customerId);

    -- SPEC.md has no company list: companies are discovered (representatives, receivables, cards
    -- resolved online) and their cards fetched one company at a time.
    CREATE TABLE discovered_company (
      companyId    INTEGER PRIMARY KEY,
      source       TEXT NOT NULL, -- 'representative' | 'receivable' | 'card'
      discoveredAt TEXT NOT NULL
    ) STRICT;

    -- One row per synced resource.
    CREATE TABLE sync_state (
      resource       TEXT PRIMARY KEY,
      lastCompleteAt TEXT,    -- end of the last run that finished this resource (ISO UTC)
      lastFullAt     TEXT,    -- end of the last complete full pass
      watermark      TEXT,    -- lastModify from which the next incremental pass asks (service time)
      fullPass       INTEGER NOT NULL DEFAULT 0, -- number of the latest full pass started (the mark)
      cursor         TEXT,    -- JSON of an unfinished pass, NULL when none
      lastError      TEXT,
      lastErrorAt    TEXT
    ) STRICT;

    -- Keys still to fetch for per-key resources (product units per product, cards per company):
    -- a killed run resumes with exactly the keys it had not committed.
    CREATE TABLE sync_pending (
      resource TEXT NOT NULL,
      key      INTEGER NOT NULL,
      PRIMARY KEY (resource, key)
    ) STRICT, WITHOUT ROWID;
  `,
};
