// Typed queries over the offline catalog (migration 0002): what sync writes and what the counter,
// the stock screen and the CLI read. Writers never open their own transaction: the caller (sync)
// wraps a whole page together with its cursor, so a page and its bookkeeping commit as one.
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';

type Maybe<T> = T | null | undefined;

/** Resource names used in sync_state / sync_pending and in sync progress and counts. */
export const catalogResources = [
  'warehouses',
  'stockItems',
  'productUnits',
  'companyRepresentatives',
  'financialReceivables',
  'companyCards',
] as const;
export type CatalogResource = (typeof catalogResources)[number];

// ---------------------------------------------------------------------------------------------
// Warehouses

export interface WarehouseInput {
  id: number;
  name: string;
  number?: Maybe<string>;
  isInactive?: Maybe<boolean>;
}
export interface CachedWarehouse {
  id: number;
  name: string;
  number?: string;
  isInactive?: boolean;
  syncedAt: string;
}

/** Replaces the whole list (it is small and comes in one response). */
export function replaceWarehouses(db: Db, list: readonly WarehouseInput[], syncedAt: string): void {
  const ids = list.map((w) => w.id);
  prepared(db, `DELETE FROM warehouse WHERE id NOT IN (SELECT value FROM json_each(?))`).run(
    JSON.stringify(ids),
  );
  const upsert = prepared(
    db,
    `INSERT INTO warehouse (id, name, number, isInactive, syncedAt) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, number = excluded.number,
       isInactive = excluded.isInactive, syncedAt = excluded.syncedAt`,
  );
  for (const w of list) upsert.run(w.id, w.name, w.number ?? null, bool(w.isInactive), syncedAt);
}

export function warehouses(db: Db): CachedWarehouse[] {
  const rows = prepared(db, 'SELECT * FROM warehouse ORDER BY id').all() as Record<string, unknown>[];
  return rows.map((r) => fromRow<CachedWarehouse>(r, warehouseBooleans));
}
const warehouseBooleans = new Set(['isInactive']);

// ---------------------------------------------------------------------------------------------
// Stock items

/** The stock item fields the app stores (SPEC.md names); sync asks for exactly these (limitFields). */
export const stockItemFields = [
  'id',
  'warehouseId',
  'productId',
  'barcode',
  'productCode',
  'supplierProductCode',
  'productName',
  'brand',
  'unitOfMeasure',
  'price',
  'priceWoVat',
  'vatRate',
  'quantityInStock',
  'quantityAvailable',
  'quantityBlocked',
  'quantityOrdered',
  'prohibitionOfSale',
  'isInactive',
  'lastModify',
  'warehouseName',
  'warehouseNumber',
  'prohibitionOfDiscounts',
] as const;

export interface StockItemInput {
  id: number;
  warehouseId: number;
  productId: number;
  barcode?: Maybe<string>;
  productCode?: Maybe<string>;
  supplierProductCode?: Maybe<string>;
  productName?: Maybe<string>;
  brand?: Maybe<string>;
  unitOfMeasure?: Maybe<string>;
  price?: Maybe<number>;
  priceWoVat?: Maybe<number>;
  vatRate?: Maybe<number>;
  quantityInStock?: Maybe<number>;
  quantityAvailable?: Maybe<number>;
  quantityBlocked?: Maybe<number>;
  quantityOrdered?: Maybe<number>;
  prohibitionOfSale?: Maybe<boolean>;
  isInactive?: Maybe<boolean>;
  lastModify?: Maybe<string>;
  warehouseName?: Maybe<string>;
  warehouseNumber?: Maybe<string>;
  prohibitionOfDiscounts?: Maybe<boolean>;
}

/** A stock item as cached: SPEC.md names, absent fields left out, plus when sync last confirmed it. */
export interface CachedStockItem {
  id: number;
  warehouseId: number;
  productId: number;
  barcode?: string;
  productCode?: string;
  supplierProductCode?: string;
  productName?: string;
  brand?: string;
  unitOfMeasure?: string;
  price?: number;
  priceWoVat?: number;
  vatRate?: number;
  quantityInStock?: number;
  quantityAvailable?: number;
  quantityBlocked?: number;
  quantityOrdered?: number;
  prohibitionOfSale?: boolean;
  isInactive?: boolean;
  lastModify?: string;
  warehouseName?: string;
  warehouseNumber?: string;
  prohibitionOfDiscounts?: boolean;
  /** ISO UTC time from which this row is known to be current (its write, or a later complete sync). */
  syncedAt: string;
}
const stockBooleans = new Set(['prohibitionOfSale', 'isInactive', 'prohibitionOfDiscounts']);

export interface StockUpsertResult {
  /** Products with a new row or a changed lastModify: their units need fetching. */
  changedProductIds: number[];
}

/** Writes one page of stock items (call inside the page's transaction). */
export function upsertStockItems(
  db: Db,
  items: readonly StockItemInput[],
  options: { syncedAt: string; mark: number },
): StockUpsertResult {
  const changed = new Set<number>();
  const names = new Map<number, { name: string | null; brand: string | null }>();
  for (const it of items) {
    const old = prepared(db, stockSql.old).get(it.id) as
      | { lastModify: string | null; productName: string | null; brand: string | null; productId: number }
      | undefined;
    prepared(db, stockSql.upsert).run(
      it.id,
      it.warehouseId,
      it.productId,
      it.barcode ?? null,
      it.productCode ?? null,
      it.supplierProductCode ?? null,
      it.productName ?? null,
      it.brand ?? null,
      it.unitOfMeasure ?? null,
      it.price ?? null,
      it.priceWoVat ?? null,
      it.vatRate ?? null,
      it.quantityInStock ?? null,
      it.quantityAvailable ?? null,
      it.quantityBlocked ?? null,
      it.quantityOrdered ?? null,
      bool(it.prohibitionOfSale),
      bool(it.isInactive),
      it.lastModify ?? null,
      it.warehouseName ?? null,
      it.warehouseNumber ?? null,
      bool(it.prohibitionOfDiscounts),
      options.syncedAt,
      options.mark,
    );
    if (!old || old.lastModify !== (it.lastModify ?? null) || old.productId !== it.productId) {
      changed.add(it.productId);
    }
    if (!old || old.productName !== (it.productName ?? null) || old.brand !== (it.brand ?? null)) {
      names.set(it.productId, { name: it.productName ?? null, brand: it.brand ?? null });
    }
  }
  for (const [productId, n] of names) {
    // A product is stocked in many warehouses: its search row is rewritten only when it differs.
    const current = prepared(db, stockSql.searchRow).get(productId) as
      { productName: string | null; brand: string | null } | undefined;
    if (current?.productName !== n.name || current.brand !== n.brand)
      prepared(db, stockSql.search).run(productId, n.name, n.brand);
  }
  return { changedProductIds: [...changed] };
}

/** Stock item ids a full pass has not seen (mark older than `mark`): candidates for the sweep. */
export function stockItemIdsBeforeMark(db: Db, mark: number, limit: number): number[] {
  return prepared(db, 'SELECT id FROM stock_item WHERE syncMark < ? ORDER BY id LIMIT ?')
    .pluck()
    .all(mark, limit) as number[];
}

/** Deletes stock items by id and the search rows of products left without any stock item. */
export function deleteStockItems(db: Db, ids: readonly number[]): number {
  if (ids.length === 0) return 0;
  const json = JSON.stringify(ids);
  const products = prepared(
    db,
    'SELECT DISTINCT productId FROM stock_item WHERE id IN (SELECT value FROM json_each(?))',
  )
    .pluck()
    .all(json) as number[];
  const deleted = prepared(db, 'DELETE FROM stock_item WHERE id IN (SELECT value FROM json_each(?))').run(
    json,
  ).changes;
  prepared(
    db,
    `DELETE FROM product_search WHERE rowid IN (SELECT value FROM json_each(?))
       AND NOT EXISTS (SELECT 1 FROM stock_item WHERE productId = product_search.rowid)`,
  ).run(JSON.stringify(products));
  return deleted;
}

/** Every product that has at least one cached stock item. */
export function stockedProductIds(db: Db): number[] {
  return prepared(db, 'SELECT DISTINCT productId FROM stock_item ORDER BY productId')
    .pluck()
    .all() as number[];
}

export function stockItemById(db: Db, id: number): CachedStockItem | undefined {
  const row = prepared(db, 'SELECT * FROM stock_item WHERE id = ?').get(id) as
    Record<string, unknown> | undefined;
  return row ? toStockItem(row, stockFreshness(db)) : undefined;
}

/** The product with this exact barcode in this warehouse (the counter's scan lookup). */
export function stockItemByBarcode(
  db: Db,
  barcode: string,
  warehouseId: number,
): CachedStockItem | undefined {
  const row = prepared(db, stockSql.byBarcode).get(barcode, warehouseId) as
    Record<string, unknown> | undefined;
  return row ? toStockItem(row, stockFreshness(db)) : undefined;
}

/** Every warehouse's stock item with this exact barcode. */
export function stockItemsByBarcode(db: Db, barcode: string): CachedStockItem[] {
  const rows = prepared(db, 'SELECT * FROM stock_item WHERE barcode = ? ORDER BY productId, warehouseId').all(
    barcode,
  );
  const fresh = stockFreshness(db);
  return (rows as Record<string, unknown>[]).map((r) => toStockItem(r, fresh));
}

/** One product's result of a stock search: its product fields and its stock in each warehouse. */
export interface StockSearchResult {
  productId: number;
  productName?: string;
  productCode?: string;
  supplierProductCode?: string;
  barcode?: string;
  brand?: string;
  unitOfMeasure?: string;
  price?: number;
  priceWoVat?: number;
  vatRate?: number;
  /** How the product matched: exact barcode, code prefix, or name words. */
  matchedBy: 'barcode' | 'code' | 'name';
  /** The oldest syncedAt of its items: how old the data shown is. */
  syncedAt: string;
  /** One entry per warehouse holding it (only the asked warehouse when one is given). */
  items: CachedStockItem[];
}

export interface StockSearchOptions {
  warehouseId?: number;
  /** Maximum number of products (default 50). */
  limit?: number;
}

/**
 * Offline search: exact barcode, then product code and supplier product code by prefix (case-
 * insensitive), then name and brand words in any order, each a prefix, case- and
 * diacritics-insensitive. Results are grouped by product, in that order of match kinds.
 */
export function searchStock(db: Db, text: string, options: StockSearchOptions = {}): StockSearchResult[] {
  const query = text.trim();
  const limit = Math.max(1, Math.min(options.limit ?? 50, 1000));
  if (query === '') return [];
  const wh = options.warehouseId ?? null;
  const found = new Map<number, StockSearchResult['matchedBy']>();
  const take = (ids: readonly number[], kind: StockSearchResult['matchedBy']): void => {
    for (const id of ids) if (found.size < limit && !found.has(id)) found.set(id, kind);
  };
  take(prepared(db, stockSql.searchBarcode).pluck().all(query, wh, wh, limit) as number[], 'barcode');
  if (found.size < limit) {
    const upper = `${query}\uffff`;
    take(prepared(db, stockSql.searchCode).pluck().all(query, upper, wh, wh, limit) as number[], 'code');
    if (found.size < limit)
      take(
        prepared(db, stockSql.searchSupplierCode).pluck().all(query, upper, wh, wh, limit) as number[],
        'code',
      );
  }
  const match = ftsQuery(query);
  if (found.size < limit && match !== undefined) {
    take(prepared(db, stockSql.searchName).pluck().all(match, wh, wh, limit) as number[], 'name');
  }
  if (found.size === 0) return [];
  const rows = prepared(db, stockSql.itemsOfProducts).all(
    JSON.stringify([...found.keys()]),
    wh,
    wh,
  ) as Record<string, unknown>[];
  const fresh = stockFreshness(db);
  const byProduct = new Map<number, CachedStockItem[]>();
  for (const r of rows) {
    const item = toStockItem(r, fresh);
    const list = byProduct.get(item.productId) ?? [];
    list.push(item);
    byProduct.set(item.productId, list);
  }
  const results: StockSearchResult[] = [];
  for (const [productId, matchedBy] of found) {
    const items = byProduct.get(productId);
    const first = items?.[0];
    if (!items || !first) continue;
    results.push(
      withoutUndefined({
        productId,
        productName: first.productName,
        productCode: first.productCode,
        supplierProductCode: first.supplierProductCode,
        barcode: first.barcode,
        brand: first.brand,
        unitOfMeasure: first.unitOfMeasure,
        price: first.price,
        priceWoVat: first.priceWoVat,
        vatRate: first.vatRate,
        matchedBy,
        syncedAt: items.reduce((min, i) => (i.syncedAt < min ? i.syncedAt : min), first.syncedAt),
        items,
      }),
    );
  }
  return results;
}

/**
 * An FTS5 MATCH expression: every word of the text as a quoted prefix term (implicit AND, any
 * order). Quoting makes user input inert (no FTS operators); undefined when there is no word.
 */
export function ftsQuery(text: string): string | undefined {
  const words = text.match(/[\p{L}\p{N}]+/gu);
  if (!words) return undefined;
  return words.map((w) => `"${w}"*`).join(' ');
}

// ---------------------------------------------------------------------------------------------
// Product units

export interface ProductUnitInput {
  id: number;
  productId?: Maybe<number>;
  unitId?: Maybe<number>;
  unit?: Maybe<number>;
  unitOrder?: Maybe<number>;
  guid?: Maybe<string>;
  isInvisible?: Maybe<boolean>;
  quantityCoefficient?: Maybe<number>;
}

/** Replaces one product's units (the service lists them all in one response). */
export function replaceProductUnits(
  db: Db,
  productId: number,
  units: readonly ProductUnitInput[],
  syncedAt: string,
): void {
  prepared(db, 'DELETE FROM product_unit WHERE productId = ?').run(productId);
  const insert = prepared(
    db,
    `INSERT OR REPLACE INTO product_unit
       (id, productId, unitId, unit, unitOrder, guid, isInvisible, quantityCoefficient, data, syncedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const u of units) {
    insert.run(
      u.id,
      productId,
      u.unitId ?? null,
      u.unit ?? null,
      u.unitOrder ?? null,
      u.guid ?? null,
      bool(u.isInvisible),
      u.quantityCoefficient ?? null,
      JSON.stringify(u),
      syncedAt,
    );
  }
}

/** A product's units as the service sent them, in unitOrder. */
export function productUnits(db: Db, productId: number): Record<string, unknown>[] {
  const rows = prepared(db, 'SELECT data FROM product_unit WHERE productId = ? ORDER BY unitOrder, id')
    .pluck()
    .all(productId) as string[];
  return rows.map((d) => JSON.parse(d) as Record<string, unknown>);
}

/** Deletes units of products no longer stocked (after a full pass of stock items). */
export function deleteUnitsOfUnstockedProducts(db: Db): number {
  return prepared(
    db,
    'DELETE FROM product_unit WHERE productId NOT IN (SELECT productId FROM stock_item)',
  ).run().changes;
}

// ---------------------------------------------------------------------------------------------
// Company cards

export interface CompanyCardInput {
  id: number;
  companyId: number;
  barcode?: Maybe<string>;
  discount?: Maybe<number>;
  discountAmount?: Maybe<number>;
  discountGroupId?: Maybe<number>;
  guid?: Maybe<string>;
  isBillingEnabled?: Maybe<boolean>;
  isInvalid?: Maybe<boolean>;
  lastModify?: Maybe<string>;
  name?: Maybe<string>;
  note?: Maybe<string>;
  validFrom?: Maybe<string>;
  validTo?: Maybe<string>;
}
export interface CachedCompanyCard {
  id: number;
  companyId: number;
  barcode?: string;
  discount?: number;
  discountAmount?: number;
  discountGroupId?: number;
  guid?: string;
  isBillingEnabled?: boolean;
  isInvalid?: boolean;
  lastModify?: string;
  name?: string;
  note?: string;
  validFrom?: string;
  validTo?: string;
  syncedAt: string;
}
const cardBooleans = new Set(['isBillingEnabled', 'isInvalid']);

/** Stores one card (e.g. resolved online by a scan) and discovers its company. */
export function upsertCompanyCard(db: Db, card: CompanyCardInput, syncedAt: string): void {
  prepared(
    db,
    `INSERT OR REPLACE INTO company_card (id, companyId, barcode, discount, discountAmount, discountGroupId,
       guid, isBillingEnabled, isInvalid, lastModify, name, note, validFrom, validTo, syncedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    card.id,
    card.companyId,
    card.barcode ?? null,
    card.discount ?? null,
    card.discountAmount ?? null,
    card.discountGroupId ?? null,
    card.guid ?? null,
    bool(card.isBillingEnabled),
    bool(card.isInvalid),
    card.lastModify ?? null,
    card.name ?? null,
    card.note ?? null,
    card.validFrom ?? null,
    card.validTo ?? null,
    syncedAt,
  );
  discoverCompanies(db, [card.companyId], 'card', syncedAt);
}

/** Replaces every card of one company with the list the service gave for it. */
export function replaceCompanyCards(
  db: Db,
  companyId: number,
  cards: readonly CompanyCardInput[],
  syncedAt: string,
): void {
  prepared(db, 'DELETE FROM company_card WHERE companyId = ?').run(companyId);
  for (const card of cards) upsertCompanyCard(db, card, syncedAt);
}

/** The cached card with this barcode (the counter's offline customer lookup), valid or not. */
export function cardByBarcode(db: Db, barcode: string): CachedCompanyCard | undefined {
  const row = prepared(db, 'SELECT * FROM company_card WHERE barcode = ? ORDER BY id LIMIT 1').get(
    barcode,
  ) as Record<string, unknown> | undefined;
  return row ? fromRow<CachedCompanyCard>(row, cardBooleans) : undefined;
}

export function companyCards(db: Db, companyId: number): CachedCompanyCard[] {
  const rows = prepared(db, 'SELECT * FROM company_card WHERE companyId = ? ORDER BY id').all(companyId);
  return (rows as Record<string, unknown>[]).map((r) => fromRow<CachedCompanyCard>(r, cardBooleans));
}

// ---------------------------------------------------------------------------------------------
// Company representatives

export interface CompanyRepresentativeInput {
  id: number;
  companyId?: Maybe<number>;
  name?: Maybe<string>;
  surname?: Maybe<string>;
  email?: Maybe<string>;
  phone?: Maybe<string>;
}

export function upsertRepresentatives(
  db: Db,
  list: readonly CompanyRepresentativeInput[],
  options: { syncedAt: string; mark: number },
): void {
  const upsert = prepared(
    db,
    `INSERT OR REPLACE INTO company_representative (id, companyId, name, surname, email, phone, data, syncedAt, syncMark)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const r of list) {
    upsert.run(
      r.id,
      r.companyId ?? null,
      r.name ?? null,
      r.surname ?? null,
      r.email ?? null,
      r.phone ?? null,
      JSON.stringify(r),
      options.syncedAt,
      options.mark,
    );
  }
}

/** A company's representatives as the service sent them. */
export function companyRepresentatives(db: Db, companyId: number): Record<string, unknown>[] {
  const rows = prepared(db, 'SELECT data FROM company_representative WHERE companyId = ? ORDER BY id')
    .pluck()
    .all(companyId) as string[];
  return rows.map((d) => JSON.parse(d) as Record<string, unknown>);
}

// ---------------------------------------------------------------------------------------------
// Financial receivables

/** The receivable fields the app stores; sync asks for exactly these (limitFields). */
export const financialReceivableFields = [
  'id',
  'customerId',
  'customerName',
  'documentType',
  'variableSymbol',
  'internalNumber',
  'amount',
  'alreadyPaid',
  'currency',
  'date',
  'dueDate',
  'paidOnDate',
] as const;

export interface FinancialReceivableInput {
  id: number;
  customerId?: Maybe<number>;
  customerName?: Maybe<string>;
  documentType?: Maybe<string>;
  variableSymbol?: Maybe<string>;
  internalNumber?: Maybe<number>;
  amount?: Maybe<number>;
  alreadyPaid?: Maybe<number>;
  currency?: Maybe<string>;
  date?: Maybe<string>;
  dueDate?: Maybe<string>;
  paidOnDate?: Maybe<string>;
}
export interface CachedFinancialReceivable {
  id: number;
  customerId?: number;
  customerName?: string;
  documentType?: string;
  variableSymbol?: string;
  internalNumber?: number;
  amount?: number;
  alreadyPaid?: number;
  currency?: string;
  date?: string;
  dueDate?: string;
  paidOnDate?: string;
  syncedAt: string;
}

export function upsertReceivables(
  db: Db,
  list: readonly FinancialReceivableInput[],
  options: { syncedAt: string; mark: number },
): void {
  const upsert = prepared(
    db,
    `INSERT OR REPLACE INTO financial_receivable (id, customerId, customerName, documentType, variableSymbol,
       internalNumber, amount, alreadyPaid, currency, date, dueDate, paidOnDate, syncedAt, syncMark)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const r of list) {
    upsert.run(
      r.id,
      r.customerId ?? null,
      r.customerName ?? null,
      r.documentType ?? null,
      r.variableSymbol ?? null,
      r.internalNumber ?? null,
      r.amount ?? null,
      r.alreadyPaid ?? null,
      r.currency ?? null,
      r.date ?? null,
      r.dueDate ?? null,
      r.paidOnDate ?? null,
      options.syncedAt,
      options.mark,
    );
  }
}

export interface ReceivablesOwed {
  companyId: number;
  /** Receivables with something left to pay (amount - alreadyPaid > 0), oldest due first. */
  items: (CachedFinancialReceivable & { owed: number })[];
  /** Sum owed per currency ('' when the service gave none). */
  totals: { currency: string; owed: number }[];
}

/** What a customer still owes, from the cache. */
export function receivablesOwed(db: Db, companyId: number): ReceivablesOwed {
  const rows = prepared(
    db,
    `SELECT * FROM financial_receivable
       WHERE customerId = ? AND coalesce(amount, 0) - coalesce(alreadyPaid, 0) > 0
       ORDER BY dueDate, id`,
  ).all(companyId) as Record<string, unknown>[];
  const items = rows.map((r) => {
    const rec = fromRow<CachedFinancialReceivable>(r, new Set());
    return { ...rec, owed: round2((rec.amount ?? 0) - (rec.alreadyPaid ?? 0)) };
  });
  const totals = new Map<string, number>();
  for (const i of items) totals.set(i.currency ?? '', round2((totals.get(i.currency ?? '') ?? 0) + i.owed));
  return { companyId, items, totals: [...totals].map(([currency, owed]) => ({ currency, owed })) };
}

// ---------------------------------------------------------------------------------------------
// Discovered companies

export type DiscoverySource = 'representative' | 'receivable' | 'card';

/** Records companies whose cards sync should fetch; returns the ids that were new. */
export function discoverCompanies(
  db: Db,
  companyIds: Iterable<number>,
  source: DiscoverySource,
  at: string,
): number[] {
  const insert = prepared(
    db,
    'INSERT INTO discovered_company (companyId, source, discoveredAt) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const added: number[] = [];
  for (const id of new Set(companyIds)) if (insert.run(id, source, at).changes > 0) added.push(id);
  return added;
}

export function discoveredCompanyIds(db: Db): number[] {
  return prepared(db, 'SELECT companyId FROM discovered_company ORDER BY companyId')
    .pluck()
    .all() as number[];
}

// ---------------------------------------------------------------------------------------------
// Mark-and-sweep for list resources (representatives, receivables)

/** Deletes rows of a full pass's table that the pass `mark` did not see. */
export function sweepBeforeMark(
  db: Db,
  table: 'company_representative' | 'financial_receivable',
  mark: number,
): number {
  return prepared(db, `DELETE FROM ${table} WHERE syncMark < ?`).run(mark).changes;
}

// ---------------------------------------------------------------------------------------------
// Sync state and pending keys

export interface SyncState {
  resource: CatalogResource;
  lastCompleteAt?: string;
  lastFullAt?: string;
  watermark?: string;
  fullPass: number;
  cursor?: string;
  lastError?: string;
  lastErrorAt?: string;
  /** What sync learnt of the instance for this resource (JSON, main/sync/instance-profile.ts). */
  profile?: string;
}

export function syncState(db: Db, resource: CatalogResource): SyncState {
  const row = prepared(db, 'SELECT * FROM sync_state WHERE resource = ?').get(resource) as
    Record<string, unknown> | undefined;
  return row ? fromRow<SyncState>(row, new Set()) : { resource, fullPass: 0 };
}

export function syncStates(db: Db): SyncState[] {
  return catalogResources.map((r) => syncState(db, r));
}

/** Updates some fields of a resource's sync state; `null` clears a field. */
export function saveSyncState(
  db: Db,
  resource: CatalogResource,
  patch: { [K in keyof Omit<SyncState, 'resource'>]?: SyncState[K] | null },
): void {
  prepared(db, 'INSERT INTO sync_state (resource) VALUES (?) ON CONFLICT DO NOTHING').run(resource);
  for (const [key, value] of Object.entries(patch) as [string, string | number | null | undefined][]) {
    if (value === undefined) continue;
    if (!syncStateColumns.has(key)) throw new Error(`unknown sync_state column ${key}`);
    prepared(db, `UPDATE sync_state SET ${key} = ? WHERE resource = ?`).run(value, resource);
  }
}
const syncStateColumns = new Set([
  'lastCompleteAt',
  'lastFullAt',
  'watermark',
  'fullPass',
  'cursor',
  'lastError',
  'lastErrorAt',
  'profile',
]);

/**
 * Forgets unfinished passes (cursors and keys still to fetch) but keeps every cached row: for when
 * the instance changed, so the next run starts a fresh pass instead of resuming another instance's.
 */
export function clearSyncProgress(db: Db): void {
  db.transaction(() => {
    prepared(db, 'UPDATE sync_state SET cursor = NULL').run();
    prepared(db, 'DELETE FROM sync_pending').run();
  })();
}

export function addPending(db: Db, resource: CatalogResource, keys: Iterable<number>): void {
  const insert = prepared(
    db,
    'INSERT INTO sync_pending (resource, key) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );
  for (const k of keys) insert.run(resource, k);
}

/** Pending keys in ascending order, after `after` (so a key that keeps failing is not retried in a loop). */
export function pendingKeys(
  db: Db,
  resource: CatalogResource,
  limit: number,
  after: number = Number.MIN_SAFE_INTEGER,
): number[] {
  return prepared(db, 'SELECT key FROM sync_pending WHERE resource = ? AND key > ? ORDER BY key LIMIT ?')
    .pluck()
    .all(resource, after, limit) as number[];
}

export function pendingCount(db: Db, resource: CatalogResource): number {
  return prepared(db, 'SELECT count(*) FROM sync_pending WHERE resource = ?').pluck().get(resource) as number;
}

export function removePending(db: Db, resource: CatalogResource, keys: Iterable<number>): void {
  const del = prepared(db, 'DELETE FROM sync_pending WHERE resource = ? AND key = ?');
  for (const k of keys) del.run(resource, k);
}

// ---------------------------------------------------------------------------------------------
// Counts

export type CatalogCounts = Record<CatalogResource, number> & { discoveredCompanies: number };

export function catalogCounts(db: Db): CatalogCounts {
  const count = (table: string): number =>
    prepared(db, `SELECT count(*) FROM ${table}`).pluck().get() as number;
  return {
    warehouses: count('warehouse'),
    stockItems: count('stock_item'),
    productUnits: count('product_unit'),
    companyRepresentatives: count('company_representative'),
    financialReceivables: count('financial_receivable'),
    companyCards: count('company_card'),
    discoveredCompanies: count('discovered_company'),
  };
}

// ---------------------------------------------------------------------------------------------
// Helpers

function bool(value: Maybe<boolean>): number | null {
  return value === undefined || value === null ? null : value ? 1 : 0;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Maps a row to its API shape: NULL columns left out, 0/1 columns to booleans, bookkeeping dropped. */
// The row's columns are the shape's fields by construction of the tables (SPEC.md names).
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
function fromRow<T>(row: Record<string, unknown>, booleans: ReadonlySet<string>): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === null || key === 'syncMark') continue;
    out[key] = booleans.has(key) ? value === 1 : value;
  }
  return out as T;
}

function toStockItem(row: Record<string, unknown>, freshness: string | undefined): CachedStockItem {
  const item = fromRow<CachedStockItem>(row, stockBooleans);
  // An incremental run does not rewrite unchanged rows, yet it confirms them: a row is current
  // as of the later of its own write and the last complete stock item sync.
  if (freshness !== undefined && freshness > item.syncedAt) item.syncedAt = freshness;
  return item;
}

function stockFreshness(db: Db): string | undefined {
  return syncState(db, 'stockItems').lastCompleteAt;
}

// The stock statements' text, built once; the statements themselves are cached by prepared().
const stockCols = stockItemFields.join(', ');
const whFilter = '(? IS NULL OR warehouseId = ?)';
const stockSql = {
  old: 'SELECT lastModify, productName, brand, productId FROM stock_item WHERE id = ?',
  upsert: `INSERT INTO stock_item (${stockCols}, syncedAt, syncMark)
       VALUES (${[...stockItemFields, 'syncedAt', 'syncMark'].map(() => '?').join(', ')})
       ON CONFLICT (id) DO UPDATE SET
       ${[...stockItemFields.slice(1), 'syncedAt', 'syncMark'].map((c) => `${c} = excluded.${c}`).join(', ')}`,
  search: 'INSERT OR REPLACE INTO product_search (rowid, productName, brand) VALUES (?, ?, ?)',
  searchRow: 'SELECT productName, brand FROM product_search WHERE rowid = ?',
  byBarcode: 'SELECT * FROM stock_item WHERE barcode = ? AND warehouseId = ? ORDER BY id LIMIT 1',
  searchBarcode: `SELECT DISTINCT productId FROM stock_item WHERE barcode = ? AND ${whFilter} ORDER BY productId LIMIT ?`,
  searchCode: `SELECT DISTINCT productId FROM stock_item
       WHERE productCode COLLATE NOCASE >= ? AND productCode COLLATE NOCASE < ? AND ${whFilter}
       ORDER BY productCode COLLATE NOCASE LIMIT ?`,
  searchSupplierCode: `SELECT DISTINCT productId FROM stock_item
       WHERE supplierProductCode COLLATE NOCASE >= ? AND supplierProductCode COLLATE NOCASE < ? AND ${whFilter}
       ORDER BY supplierProductCode COLLATE NOCASE LIMIT ?`,
  // No ORDER BY rank: ranking every match of a one-letter prefix over a million products costs
  // far more than the cashier gains; matches come in product id order.
  searchName: `SELECT rowid FROM product_search WHERE product_search MATCH ?
         AND (? IS NULL OR EXISTS (SELECT 1 FROM stock_item WHERE productId = product_search.rowid AND warehouseId = ?))
       LIMIT ?`,
  itemsOfProducts: `SELECT * FROM stock_item WHERE productId IN (SELECT value FROM json_each(?)) AND ${whFilter}
       ORDER BY productId, warehouseId`,
} as const;
