import { describe, expect, it } from 'vitest';
import { tempDbFile } from '../test/support/fixtures.ts';
import {
  addPending,
  cardByBarcode,
  catalogCounts,
  clearSyncProgress,
  companyNames,
  deleteStockItems,
  discoverCompanies,
  discoveredCompanyIds,
  findCompanies,
  orderNames,
  ftsQuery,
  pendingCount,
  pendingKeys,
  productUnits,
  owedAtTill,
  receivablesOwed,
  removePending,
  replaceCompanyCards,
  replaceProductUnits,
  replaceWarehouses,
  saveSyncState,
  searchStock,
  stockItemByBarcode,
  stockItemsByBarcode,
  stockItemIdsBeforeMark,
  syncState,
  upsertReceivables,
  upsertRepresentatives,
  upsertStockItems,
  warehouses,
  type StockItemInput,
} from './catalog/index.ts';
import {
  catalogFileFor,
  catalogFileOf,
  openCatalog,
  openDatabase,
  schemaVersion,
  type Db,
} from './database.ts';
import { catalogMigrations, migrations } from './migrations/index.ts';

/** A new SQLite file of this test (removed when it finishes). */
const tempFile = (): string => tempDbFile('catalog');

const T1 = '2026-01-01T10:00:00.000Z';
const T2 = '2026-01-02T10:00:00.000Z';

function item(id: number, over: Partial<StockItemInput> = {}): StockItemInput {
  return {
    id,
    warehouseId: 1,
    productId: id,
    barcode: `859000000${String(id).padStart(4, '0')}`,
    productCode: `P-${id}`,
    productName: `Product ${id}`,
    unitOfMeasure: 'ks',
    price: 10 + id,
    quantityInStock: 5,
    quantityAvailable: 4,
    quantityBlocked: 1,
    quantityOrdered: 0,
    lastModify: '2026-01-01T09:00:00',
    ...over,
  };
}

describe('the catalog file (migration 2, moved out of the app file by migration 5)', () => {
  const catalogTables = [
    'warehouse',
    'stock_item',
    'product_unit',
    'company_card',
    'company_representative',
    'financial_receivable',
    'discovered_company',
    'sync_state',
    'sync_pending',
    'product_search',
  ];
  const tablesIn = (d: Db, schema: string): unknown[] =>
    d.prepare(`SELECT name FROM ${schema}.sqlite_master WHERE type = 'table'`).pluck().all();

  it('lives in its own file beside the app file, attached, and its data survives a reopen', () => {
    const file = tempFile();
    const db = openDatabase(file);
    upsertStockItems(db, [item(1, { productName: 'Žluťoučký kůň' })], { syncedAt: T1, mark: 1 });
    expect(tablesIn(db, 'main')).not.toContain('stock_item');
    for (const t of catalogTables) expect(tablesIn(db, 'catalog')).toContain(t);
    db.close();
    expect(catalogFileFor(file)).toBe(file.replace(/\.sqlite$/, '.catalog.sqlite'));
    const alone = openCatalog(catalogFileFor(file), { readonly: true });
    expect(alone.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(searchStock(alone, 'zlut kun').map((r) => r.productId)).toEqual([1]);
    alone.close();
    const again = openDatabase(file);
    expect(searchStock(again, 'zlut kun').map((r) => r.productId)).toEqual([1]);
    expect(catalogFileOf(again)).toBe(catalogFileFor(file));
    again.close();
  });

  it('an app file of schema 4 loses its catalog tables (a cache, synced again) and keeps its orders', () => {
    const file = tempFile();
    const v4 = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 4) });
    v4.prepare('INSERT INTO stock_item (id, warehouseId, productId, syncedAt) VALUES (1, 1, 1, ?)').run(T1);
    v4.prepare(
      `INSERT INTO outbox_order (client_reference, state, payload, created_at, updated_at)
       VALUES ('ref-1', 'queued', '{}', ?, ?)`,
    ).run(T1, T1);
    v4.close();
    const db = openDatabase(file);
    expect(schemaVersion(db)).toBe(migrations.at(-1)?.version);
    for (const t of catalogTables) expect(tablesIn(db, 'main')).not.toContain(t);
    expect(db.prepare('SELECT count(*) FROM stock_item').pluck().get()).toBe(0);
    expect(db.prepare('SELECT client_reference FROM outbox_order').pluck().all()).toEqual(['ref-1']);
    db.close();
  });
});

describe('catalog file migration 7 (gtinKey)', () => {
  it('keys the GTINs cached before it, so a label finds its padded catalog code without a sync', () => {
    const file = catalogFileFor(tempFile());
    const v6 = openDatabase(file, { migrations: catalogMigrations.slice(0, 6) });
    const insert = v6.prepare(
      'INSERT INTO stock_item (id, warehouseId, productId, barcode, syncedAt) VALUES (?, 1, ?, ?, ?)',
    );
    insert.run(1, 1, '05901234123457', T1);
    insert.run(2, 2, '0000096385074', T1);
    insert.run(3, 3, '000123', T1);
    insert.run(4, 4, '12345678901A', T1);
    v6.close();
    const db = openCatalog(file);
    expect(db.prepare('SELECT id, gtinKey FROM stock_item ORDER BY id').all()).toEqual([
      { id: 1, gtinKey: '05901234123457' },
      { id: 2, gtinKey: '00000096385074' },
      { id: 3, gtinKey: null },
      { id: 4, gtinKey: null },
    ]);
    expect(stockItemByBarcode(db, '5901234123457', 1)?.id).toBe(1);
    expect(stockItemByBarcode(db, '96385074', 1)?.id).toBe(2);
    expect(stockItemByBarcode(db, '123', 1)).toBeUndefined();
    db.close();
  });

  it('keys each row written by the rule of a scan, and the lookups use its index', () => {
    const d = openCatalog(catalogFileFor(tempFile()));
    upsertStockItems(
      d,
      [
        item(1, { barcode: '00036000291452' }),
        item(2, { barcode: '40170725' }),
        item(3, { barcode: 'POUKAZ-0500' }),
        item(4, { barcode: '5901234123457', warehouseId: 2, productId: 4 }),
      ],
      { syncedAt: T1, mark: 1 },
    );
    expect(d.prepare('SELECT gtinKey FROM stock_item ORDER BY id').pluck().all()).toEqual([
      '00036000291452',
      '00000040170725',
      null,
      '05901234123457',
    ]);
    expect(stockItemByBarcode(d, '036000291452', 1)?.id).toBe(1);
    expect(stockItemByBarcode(d, '0000040170725', 1)?.id).toBe(2);
    expect(stockItemByBarcode(d, 'poukaz-0500', 1)).toBeUndefined();
    // The key follows the barcode, however the row is changed.
    d.prepare("UPDATE stock_item SET barcode = '0040170725' WHERE id = 2").run();
    expect(stockItemByBarcode(d, '40170725', 1)).toBeUndefined();
    d.prepare("UPDATE stock_item SET barcode = '040170725000' WHERE id = 2").run();
    expect(stockItemByBarcode(d, '0040170725000', 1)?.id).toBe(2);
    expect(stockItemsByBarcode(d, '05901234123457').map((i) => i.id)).toEqual([4]);
    expect(searchStock(d, '36000291452000').map((r) => r.productId)).toEqual([]);
    expect(searchStock(d, '036000291452').map((r) => [r.productId, r.matchedBy])).toEqual([[1, 'barcode']]);
    const plan = d
      .prepare("EXPLAIN QUERY PLAN SELECT * FROM stock_item WHERE (barcode = 'x' OR gtinKey = 'y')")
      .all()
      .map((r) => (r as { detail: string }).detail)
      .join('; ');
    expect(plan).toContain('stock_item_gtin_key');
    expect(plan).not.toMatch(/SCAN stock_item(?! USING)/);
    d.close();
  });
});

describe('catalog file migration 2 (prohibitionOfDiscounts)', () => {
  it('adds the column, keeps the rows, and makes the next stock-item sync a full pass', () => {
    const file = catalogFileFor(tempFile());
    const v1 = openDatabase(file, { migrations: catalogMigrations.slice(0, 1) });
    v1.prepare('INSERT INTO stock_item (id, warehouseId, productId, syncedAt) VALUES (1, 1, 1, ?)').run(T1);
    saveSyncState(v1, 'stockItems', { lastCompleteAt: T1, lastFullAt: T1, watermark: '2026-01-01T09:00:00' });
    v1.close();
    const db = openCatalog(file);
    expect(schemaVersion(db)).toBe(catalogMigrations.length);
    expect(db.prepare('SELECT count(*) FROM stock_item').pluck().get()).toBe(1);
    // No full pass and no watermark on record: sync starts with a full pass that fills the column.
    expect(syncState(db, 'stockItems')).toMatchObject({ lastCompleteAt: T1 });
    expect(syncState(db, 'stockItems').lastFullAt).toBeUndefined();
    expect(syncState(db, 'stockItems').watermark).toBeUndefined();
    upsertStockItems(db, [item(2, { prohibitionOfDiscounts: true })], { syncedAt: T2, mark: 2 });
    expect(stockItemByBarcode(db, item(2).barcode ?? '', 1)?.prohibitionOfDiscounts).toBe(true);
    db.close();
  });
});

describe('catalog queries', () => {
  function db(): Db {
    return openDatabase(tempFile());
  }

  it('finds names by words in any order, prefixes, without case or diacritics', () => {
    const d = db();
    upsertStockItems(
      d,
      [
        item(1, { productName: 'Žluťoučký kůň', brand: 'Úpěl' }),
        item(2, { productName: 'Kůň hnědý' }),
        item(3, { productName: 'Ďábelské ódy' }),
      ],
      { syncedAt: T1, mark: 1 },
    );
    expect(searchStock(d, 'zlut kun').map((r) => r.productId)).toEqual([1]);
    expect(searchStock(d, 'KUN ZLUTOUCKY').map((r) => r.productId)).toEqual([1]);
    expect(searchStock(d, 'kůň').map((r) => r.productId)).toEqual([1, 2]);
    expect(searchStock(d, 'upel').map((r) => r.productId)).toEqual([1]);
    expect(searchStock(d, 'dabel ody')[0]?.matchedBy).toBe('name');
    expect(searchStock(d, 'kun', { limit: 1 })).toHaveLength(1);
    expect(searchStock(d, 'zebra')).toEqual([]);
    // FTS syntax in user input is inert.
    expect(searchStock(d, '"kun" OR NEAR(')).toEqual([]);
    expect(searchStock(d, '  ')).toEqual([]);
    d.close();
  });

  it('finds by exact barcode and by code prefix, grouped by product with each warehouse', () => {
    const d = db();
    upsertStockItems(
      d,
      [
        item(1, { productId: 7, warehouseId: 1, supplierProductCode: 'SUP-77', quantityInStock: 3 }),
        item(2, {
          productId: 7,
          warehouseId: 2,
          barcode: '8590000000001',
          productCode: 'P-1',
          quantityInStock: 9,
        }),
        item(3, { productId: 8, warehouseId: 1, productCode: 'P-100', prohibitionOfSale: true }),
      ],
      { syncedAt: T1, mark: 1 },
    );
    const byBarcode = searchStock(d, '8590000000001');
    expect(byBarcode).toHaveLength(1);
    expect(byBarcode[0]?.matchedBy).toBe('barcode');
    expect(byBarcode[0]?.items.map((i) => [i.warehouseId, i.quantityInStock])).toEqual([
      [1, 3],
      [2, 9],
    ]);
    expect(searchStock(d, 'p-1').map((r) => r.productId)).toEqual([7, 8]);
    expect(searchStock(d, 'sup-7').map((r) => [r.productId, r.matchedBy])).toEqual([[7, 'code']]);
    expect(searchStock(d, 'P-1', { warehouseId: 2 }).map((r) => r.items.length)).toEqual([1]);
    const only = stockItemByBarcode(d, '8590000000001', 2);
    expect(only).toMatchObject({ id: 2, productId: 7, quantityInStock: 9, syncedAt: T1 });
    expect(stockItemByBarcode(d, '8590000000001', 3)).toBeUndefined();
    const prohibited = searchStock(d, 'P-100')[0]?.items[0];
    expect(prohibited?.prohibitionOfSale).toBe(true);
    expect(prohibited && 'supplierProductCode' in prohibited).toBe(false);
    d.close();
  });

  it('reports changed products, keeps names in step and sweeps unseen rows', () => {
    const d = db();
    expect(upsertStockItems(d, [item(1), item(2)], { syncedAt: T1, mark: 1 }).changedProductIds).toEqual([
      1, 2,
    ]);
    const again = upsertStockItems(
      d,
      [item(1), item(2, { lastModify: '2026-01-02T00:00:00', productName: 'Renamed' })],
      {
        syncedAt: T2,
        mark: 2,
      },
    );
    expect(again.changedProductIds).toEqual([2]);
    expect(searchStock(d, 'renamed').map((r) => r.productId)).toEqual([2]);
    expect(searchStock(d, 'product').map((r) => r.productId)).toEqual([1]);
    upsertStockItems(d, [item(1)], { syncedAt: T2, mark: 3 });
    expect(stockItemIdsBeforeMark(d, 3, 100)).toEqual([2]);
    expect(deleteStockItems(d, [2])).toBe(1);
    expect(searchStock(d, 'renamed')).toEqual([]);
    expect(d.prepare('SELECT count(*) FROM product_search').pluck().get()).toBe(1);
    d.close();
  });

  it('reports syncedAt as the later of the row write and the last complete stock sync', () => {
    const d = db();
    upsertStockItems(d, [item(1)], { syncedAt: T1, mark: 1 });
    expect(stockItemByBarcode(d, item(1).barcode ?? '', 1)?.syncedAt).toBe(T1);
    saveSyncState(d, 'stockItems', { lastCompleteAt: T2 });
    expect(searchStock(d, 'P-1')[0]?.syncedAt).toBe(T2);
    d.close();
  });

  it('stores cards, units, receivables, discovered companies, sync state and pending keys', () => {
    const d = db();
    replaceCompanyCards(
      d,
      5,
      [
        { id: 1, companyId: 5, barcode: 'C1', isInvalid: false, validTo: '2030-01-01T00:00:00', discount: 5 },
        { id: 2, companyId: 5, barcode: 'C2' },
      ],
      T1,
    );
    replaceCompanyCards(d, 5, [{ id: 1, companyId: 5, barcode: 'C1', isInvalid: true }], T2);
    expect(cardByBarcode(d, 'C1')).toEqual({
      id: 1,
      companyId: 5,
      barcode: 'C1',
      isInvalid: true,
      syncedAt: T2,
    });
    expect(cardByBarcode(d, 'C2')).toBeUndefined();
    expect(discoveredCompanyIds(d)).toEqual([5]);
    expect(discoverCompanies(d, [5, 6, 6], 'receivable', T1)).toEqual([6]);

    replaceProductUnits(d, 9, [{ id: 3, productId: 9, unit: 1, quantityCoefficient: 12, guid: 'g' }], T1);
    expect(productUnits(d, 9)).toEqual([
      { id: 3, productId: 9, unit: 1, quantityCoefficient: 12, guid: 'g' },
    ]);

    upsertReceivables(
      d,
      [
        {
          id: 1,
          customerId: 6,
          amount: 100,
          alreadyPaid: 40,
          currency: 'CZK',
          dueDate: '2026-02-01T00:00:00',
        },
        {
          id: 2,
          customerId: 6,
          amount: 10.1,
          alreadyPaid: 0,
          currency: 'CZK',
          dueDate: '2026-01-01T00:00:00',
        },
        { id: 3, customerId: 6, amount: 50, alreadyPaid: 50, currency: 'CZK' },
      ],
      { syncedAt: T1, mark: 1 },
    );
    const owed = receivablesOwed(d, 6);
    expect(owed.items.map((i) => [i.id, i.owed])).toEqual([
      [2, 10.1],
      [1, 60],
    ]);
    expect(owed.totals).toEqual([{ currency: 'CZK', owed: 70.1 }]);

    replaceWarehouses(
      d,
      [
        { id: 1, name: 'Main', number: '01' },
        { id: 2, name: 'Shop', isInactive: true },
      ],
      T1,
    );
    replaceWarehouses(d, [{ id: 2, name: 'Shop 2' }], T2);
    expect(warehouses(d)).toEqual([{ id: 2, name: 'Shop 2', syncedAt: T2 }]);

    expect(syncState(d, 'stockItems')).toEqual({ resource: 'stockItems', fullPass: 0 });
    saveSyncState(d, 'stockItems', { watermark: '2026-01-01T00:00:00', fullPass: 3, cursor: '{"page":2}' });
    saveSyncState(d, 'stockItems', { cursor: null });
    expect(syncState(d, 'stockItems')).toEqual({
      resource: 'stockItems',
      fullPass: 3,
      watermark: '2026-01-01T00:00:00',
    });

    addPending(d, 'productUnits', [3, 1, 2, 2]);
    expect(pendingKeys(d, 'productUnits', 2)).toEqual([1, 2]);
    removePending(d, 'productUnits', [1, 2]);
    expect(pendingCount(d, 'productUnits')).toBe(1);
    saveSyncState(d, 'stockItems', { cursor: '{"page":5}' });
    clearSyncProgress(d);
    expect(pendingCount(d, 'productUnits')).toBe(0);
    expect(syncState(d, 'stockItems')).toEqual({
      resource: 'stockItems',
      fullPass: 3,
      watermark: '2026-01-01T00:00:00',
    });

    expect(catalogCounts(d)).toMatchObject({
      warehouses: 1,
      companyCards: 1,
      productUnits: 1,
      financialReceivables: 3,
    });
    d.close();
  });

  it('lists receivables whose amount the till cannot count as owing an unknown sum, not failing', () => {
    const d = db();
    upsertReceivables(
      d,
      [
        // 10^16 minor units, past 2^53: no amount the money module holds.
        {
          id: 1,
          customerId: 6,
          amount: 1e14,
          alreadyPaid: 0,
          currency: 'CZK',
          dueDate: '2026-01-01T00:00:00',
        },
        {
          id: 2,
          customerId: 6,
          amount: 10.1,
          alreadyPaid: 0,
          currency: 'CZK',
          dueDate: '2026-02-01T00:00:00',
        },
        {
          id: 3,
          customerId: 6,
          amount: 20,
          alreadyPaid: 0.5,
          currency: 'EUR',
          dueDate: '2026-03-01T00:00:00',
        },
        // Each an amount, their sum (2 x 6e15 minor units) not.
        { id: 4, customerId: 7, amount: 6e13, alreadyPaid: 0, currency: 'CZK' },
        { id: 5, customerId: 7, amount: 6e13, alreadyPaid: 0, currency: 'CZK' },
      ],
      { syncedAt: T1, mark: 1 },
    );
    const owed = receivablesOwed(d, 6);
    expect(owed.items.map((i) => [i.id, i.owed])).toEqual([
      [1, null],
      [2, 10.1],
      [3, 19.5],
    ]);
    expect(owed.totals).toEqual([
      { currency: 'CZK', owed: null },
      { currency: 'EUR', owed: 19.5 },
    ]);
    expect(receivablesOwed(d, 7).totals).toEqual([{ currency: 'CZK', owed: null }]);
    d.close();
  });

  it("splits what is owed by the till's currency: others apart, none naming one counted in it", () => {
    const d = db();
    upsertReceivables(
      d,
      [
        { id: 1, customerId: 6, amount: 500, alreadyPaid: 0, currency: 'CZK' },
        { id: 2, customerId: 6, amount: 100, alreadyPaid: 0, currency: ' eur' },
        { id: 3, customerId: 6, amount: 7, alreadyPaid: 2, currency: '' },
        { id: 4, customerId: 6, amount: 1e14, alreadyPaid: 0, currency: 'USD' },
      ],
      { syncedAt: T1, mark: 1 },
    );
    const owed = receivablesOwed(d, 6);
    const inCzk = owedAtTill(owed, 'czk');
    expect(inCzk.items.map((i) => i.id)).toEqual([1, 3]);
    expect(inCzk.owed).toBe(50500);
    expect(inCzk.elsewhere).toEqual([
      { currency: 'EUR', owed: 100 },
      { currency: 'USD', owed: null },
    ]);
    // A till currency among them not known: all are the till's, and one unknown amount makes it unknown.
    expect(owedAtTill(owed, undefined)).toMatchObject({ owed: undefined, elsewhere: [] });
    expect(owedAtTill(owed, 'USD')).toMatchObject({ owed: undefined });
    d.close();
  });

  it('quotes every word of a name query', () => {
    expect(ftsQuery('zlut  kůň!')).toBe('"zlut"* "kůň"*');
    expect(ftsQuery('-- "')).toBeUndefined();
  });
});

describe('company names', () => {
  it('names a company by its invoices, else its first named card, else its representative, and finds it by words or id', () => {
    const db = openDatabase(tempFile());
    upsertReceivables(
      db,
      [
        { id: 70, customerId: 4, customerName: 'Vinotéka Kříž v.o.s.', amount: 10, alreadyPaid: 0 },
        { id: 71, customerId: 4, customerName: '  ', amount: 10, alreadyPaid: 0 },
      ],
      { syncedAt: T1, mark: 1 },
    );
    replaceCompanyCards(db, 4, [{ id: 40, companyId: 4, barcode: 'C4', name: 'Věrnostní karta 1' }], T1);
    discoverCompanies(db, [4], 'receivable', T1);
    expect(companyNames(db, [4]).get(4)).toBe('Vinotéka Kříž v.o.s.');
    expect(findCompanies(db, 'vinoteka')).toEqual([{ companyId: 4, name: 'Vinotéka Kříž v.o.s.' }]);
    replaceCompanyCards(
      db,
      1,
      [
        { id: 11, companyId: 1, barcode: 'C1' },
        { id: 12, companyId: 1, barcode: 'C2', name: 'Pekařství Šťastný' },
      ],
      T1,
    );
    upsertRepresentatives(db, [{ id: 5, companyId: 2, name: 'Jana', surname: 'Dvořáková' }], {
      syncedAt: T1,
      mark: 1,
    });
    discoverCompanies(db, [1, 2, 3], 'receivable', T1);
    expect([...companyNames(db, [1, 2, 3])]).toEqual([
      [1, 'Pekařství Šťastný'],
      [2, 'Jana Dvořáková'],
    ]);
    expect(findCompanies(db, 'stastny PEK')).toEqual([{ companyId: 1, name: 'Pekařství Šťastný' }]);
    expect(findCompanies(db, 'dvorak')).toEqual([{ companyId: 2, name: 'Jana Dvořáková' }]);
    expect(findCompanies(db, '3')).toEqual([{ companyId: 3, name: undefined }]);
    expect(findCompanies(db, 'nobody')).toEqual([]);
    expect(findCompanies(db, '  ')).toEqual([]);
    db.close();
  });
});

describe("an order's names", () => {
  it('names the customer, the warehouse and each product (name and code) the cache knows, by id', () => {
    const db = openDatabase(tempFile());
    replaceWarehouses(db, [{ id: 1, name: 'Prodejna Brno' }], T1);
    upsertStockItems(db, [item(7), item(8, { warehouseId: 1, productName: 'Rohlík', productCode: 'R-8' })], {
      syncedAt: T1,
      mark: 1,
    });
    replaceCompanyCards(db, 4, [{ id: 40, companyId: 4, barcode: 'C4', name: 'Pekařství Šťastný' }], T1);
    expect(
      orderNames(db, {
        customerId: 4,
        warehouseId: 1,
        items: [{ productId: 8 }, { productId: 7 }, { productId: 99 }],
      }),
    ).toEqual({
      customer: 'Pekařství Šťastný',
      warehouse: 'Prodejna Brno',
      products: { '7': { name: 'Product 7', code: 'P-7' }, '8': { name: 'Rohlík', code: 'R-8' } },
    });
    // Ids the cache does not hold have no name: nothing is made up.
    expect(orderNames(db, { customerId: 5, warehouseId: 2, items: [] })).toEqual({ products: {} });
    db.close();
  });
});
