// The stock_item table and its search: product_search (FTS5), one row per product, kept in step
// with the stock items' names. Writers run inside the caller's page transaction.
import { z } from 'zod';
import type { Db } from '../database.ts';
import { prepared } from '../prepared.ts';
import {
  column,
  compact,
  fieldsOf,
  itemToRow,
  parseRow,
  intList,
  intValue,
  upsertSql,
  type InputOf,
  type RowOf,
} from './rows.ts';
import { roundQuantity } from '../../common/money.ts';
import { stockItemsPassStartedAt, stockItemsSyncedAt } from './sync-state.ts';
import { lazy } from '../../common/lazy.ts';

/** One stock item's figures as cached, and when the instance gave them (at the earliest). */
export interface StockFigures {
  readonly stockItemId: number;
  readonly productId: number;
  readonly warehouseId: number;
  /** ISO UTC: the figures include every order the instance had acknowledged before then. */
  readonly asOf: string;
}

/**
 * What the counter sells by: quantityAvailable (what is in stock less what is blocked for other
 * orders), else quantityInStock when the instance sends only that, less what was sold here since;
 * undefined when it sends neither (an unknown stock is no empty one).
 */
export function availableNow(
  figures: { readonly quantityAvailable?: number | undefined; readonly quantityInStock?: number | undefined },
  soldHere = 0,
): number | undefined {
  const available = figures.quantityAvailable ?? figures.quantityInStock;
  if (available === undefined || !Number.isFinite(available)) return undefined;
  return roundQuantity(available - soldHere);
}

/** The stock item fields the app stores (SPEC.md names) and their columns; sync asks for exactly these. */
const stockItemColumns = {
  id: column.int,
  warehouseId: column.int,
  productId: column.int,
  barcode: column.optionalText,
  productCode: column.optionalText,
  supplierProductCode: column.optionalText,
  productName: column.optionalText,
  brand: column.optionalText,
  unitOfMeasure: column.optionalText,
  price: column.optionalReal,
  priceWoVat: column.optionalReal,
  vatRate: column.optionalReal,
  quantityInStock: column.optionalReal,
  quantityAvailable: column.optionalReal,
  quantityBlocked: column.optionalReal,
  quantityOrdered: column.optionalReal,
  prohibitionOfSale: column.optionalFlag,
  isInactive: column.optionalFlag,
  lastModify: column.optionalText,
  warehouseName: column.optionalText,
  warehouseNumber: column.optionalText,
  prohibitionOfDiscounts: column.optionalFlag,
  isInactiveInWarehouse: column.optionalFlag,
};
export const stockItemFields = fieldsOf(stockItemColumns);

/** A stock_item row read back: SPEC.md names, plus when sync last confirmed it (the mark is left out). */
const StockItemRow = lazy(() =>
  z.object({
    ...stockItemColumns,
    /** ISO UTC time from which this row is known to be current (its write, or a later complete sync). */
    syncedAt: column.text,
  }),
);
/** The row as written: with the number of the full pass that saw it (read back by the sweep only). */
const MarkedStockItemRow = lazy(() => StockItemRow.extend({ syncMark: column.int }));
export type StockItemRow = RowOf<typeof MarkedStockItemRow>;
/** A stock item as cached: SPEC.md names, absent fields left out, plus when sync last confirmed it. */
export type CachedStockItem = z.output<typeof StockItemRow>;
export type StockItemInput = InputOf<Omit<CachedStockItem, 'syncedAt'>>;

/** The row's fields; `freshness` (the last complete stock-item sync) may make its syncedAt later. */
export function rowToStockItem(row: unknown, freshness: string | undefined): CachedStockItem {
  const item = parseRow(StockItemRow, row);
  // An incremental run does not rewrite unchanged rows, yet it confirms them: a row is current
  // as of the later of its own write and the last complete stock item sync.
  if (freshness !== undefined && freshness > item.syncedAt) item.syncedAt = freshness;
  return item;
}

export function stockItemToRow(
  it: StockItemInput,
  options: { syncedAt: string; mark: number },
): StockItemRow {
  return itemToRow(MarkedStockItemRow, it, { syncedAt: options.syncedAt, syncMark: options.mark });
}

/**
 * The one key of every form of a GTIN: a barcode of all digits of a GTIN length (EAN-8, UPC-A,
 * EAN-13, GTIN-14, or one of them zero-padded to such a length) padded to 14 digits; null for any
 * other code (an internal code, Code 128 text), which matches only as written. The same rule as the
 * stock_item.gtinKey column SQLite computes from the barcode (catalog migration 7). Leading zeros
 * change no GS1 check digit: a misread stays a misread.
 */
export function gtinKey(barcode: string | null | undefined): string | null {
  if (barcode === null || barcode === undefined || !/^(\d{8}|\d{12,14})$/.test(barcode)) return null;
  return barcode.padStart(14, '0');
}

/** What an upsert compares the new row with: a changed one means new units or a new search row. */
const PreviousStockItem = lazy(() =>
  z
    .object({
      lastModify: column.optionalText,
      productName: column.optionalText,
      brand: column.optionalText,
      productId: column.int,
    })
    .optional(),
);
const SearchRow = lazy(() =>
  z.object({ productName: column.optionalText, brand: column.optionalText }).optional(),
);

const upsertStockItem = upsertSql('stock_item', MarkedStockItemRow.keyof().options, 'update');

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
    const old = parseRow(
      PreviousStockItem,
      prepared(db, 'SELECT lastModify, productName, brand, productId FROM stock_item WHERE id = ?').get(
        it.id,
      ),
    );
    const row = stockItemToRow(it, options);
    prepared(db, upsertStockItem).run(row);
    if (!old || (old.lastModify ?? null) !== row.lastModify || old.productId !== it.productId) {
      changed.add(it.productId);
    }
    if (!old || (old.productName ?? null) !== row.productName || (old.brand ?? null) !== row.brand) {
      names.set(it.productId, { name: row.productName, brand: row.brand });
    }
  }
  for (const [productId, n] of names) {
    // A product is stocked in many warehouses: its search row is rewritten only when it differs.
    const current = parseRow(
      SearchRow,
      prepared(db, 'SELECT productName, brand FROM product_search WHERE rowid = ?').get(productId),
    );
    if (!current || (current.productName ?? null) !== n.name || (current.brand ?? null) !== n.brand) {
      prepared(db, 'INSERT OR REPLACE INTO product_search (rowid, productName, brand) VALUES (?, ?, ?)').run(
        productId,
        n.name,
        n.brand,
      );
    }
  }
  return { changedProductIds: [...changed] };
}

/** Stock item ids a full pass has not seen (mark older than `mark`): candidates for the sweep. */
export function stockItemIdsBeforeMark(db: Db, mark: number, limit: number): number[] {
  return intList.parse(
    prepared(db, 'SELECT id FROM stock_item WHERE syncMark < ? ORDER BY id LIMIT ?').pluck().all(mark, limit),
  );
}

/** How many stock items the cache holds; with `mark`, only those a pass marked with it. */
export function countStockItems(db: Db, mark?: number): number {
  return mark === undefined
    ? intValue.parse(prepared(db, 'SELECT count(*) FROM stock_item').pluck().get())
    : intValue.parse(prepared(db, 'SELECT count(*) FROM stock_item WHERE syncMark = ?').pluck().get(mark));
}

/** Marks the cached stock items among `ids` as seen by the pass `mark` (ids the cache lacks are passed over). */
export function markStockItems(db: Db, ids: readonly number[], mark: number): void {
  prepared(db, 'UPDATE stock_item SET syncMark = ? WHERE id IN (SELECT value FROM json_each(?))').run(
    mark,
    JSON.stringify(ids),
  );
}

/** The ids of `ids` the cache lacks; with `mark`, also those it holds unmarked by that pass. */
export function stockItemIdsNotCached(db: Db, ids: readonly number[], mark?: number): number[] {
  return mark === undefined
    ? intList.parse(
        prepared(db, 'SELECT value FROM json_each(?) WHERE value NOT IN (SELECT id FROM stock_item)')
          .pluck()
          .all(JSON.stringify(ids)),
      )
    : intList.parse(
        prepared(
          db,
          'SELECT value FROM json_each(?) WHERE value NOT IN (SELECT id FROM stock_item WHERE syncMark = ?)',
        )
          .pluck()
          .all(JSON.stringify(ids), mark),
      );
}

/** Deletes stock items by id and the search rows of products left without any stock item. */
export function deleteStockItems(db: Db, ids: readonly number[]): number {
  if (ids.length === 0) return 0;
  const json = JSON.stringify(ids);
  const products = intList.parse(
    prepared(db, 'SELECT DISTINCT productId FROM stock_item WHERE id IN (SELECT value FROM json_each(?))')
      .pluck()
      .all(json),
  );
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
  return intList.parse(
    prepared(db, 'SELECT DISTINCT productId FROM stock_item ORDER BY productId').pluck().all(),
  );
}

export function stockItemById(db: Db, id: number): CachedStockItem | undefined {
  const row = prepared(db, 'SELECT * FROM stock_item WHERE id = ?').get(id);
  return row === undefined ? undefined : rowToStockItem(row, stockItemsSyncedAt(db));
}

/** The product's stock item in this warehouse (an order's line, priced for its receipt). */
export function stockItemOfProduct(
  db: Db,
  productId: number,
  warehouseId: number,
): CachedStockItem | undefined {
  const row = prepared(
    db,
    'SELECT * FROM stock_item WHERE productId = ? AND warehouseId = ? ORDER BY id LIMIT 1',
  ).get(productId, warehouseId);
  return row === undefined ? undefined : rowToStockItem(row, stockItemsSyncedAt(db));
}

/**
 * Matches the barcode as written or, for a GTIN, in any of its forms (the same gtinKey). `+@`: the
 * statement is not planned again at every call (db/prepared.ts).
 */
const sameCode = '(barcode = +@barcode OR gtinKey = +@key)';

/**
 * The product with this barcode in this warehouse (the counter's scan lookup): as written, else a
 * GTIN listed in another form (`05901234123457` for a scanned `5901234123457`, and back).
 */
export function stockItemByBarcode(
  db: Db,
  barcode: string,
  warehouseId: number,
): CachedStockItem | undefined {
  const row = prepared(
    db,
    `SELECT * FROM stock_item WHERE ${sameCode} AND warehouseId = +@warehouseId
      ORDER BY barcode = @barcode DESC, id LIMIT 1`,
  ).get({ barcode, key: gtinKey(barcode), warehouseId });
  return row === undefined ? undefined : rowToStockItem(row, stockItemsSyncedAt(db));
}

/** Every warehouse's stock item with this barcode, as written or as another form of its GTIN. */
export function stockItemsByBarcode(db: Db, barcode: string): CachedStockItem[] {
  const rows = prepared(
    db,
    `SELECT * FROM stock_item WHERE ${sameCode} ORDER BY barcode = @barcode DESC, productId, warehouseId`,
  ).all({ barcode, key: gtinKey(barcode) });
  const fresh = stockItemsSyncedAt(db);
  return rows.map((r) => rowToStockItem(r, fresh));
}

const FiguresRow = lazy(() =>
  z.object({
    stockItemId: column.int,
    productId: column.int,
    warehouseId: column.int,
    syncedAt: column.text,
  }),
);

/**
 * When each stock item's figures were read from the instance, at the earliest: the request of the
 * page that brought the row, or the start of the last complete pass, which confirms every row it
 * did not rewrite. Items not cached are left out.
 */
export function stockFigures(db: Db, ids: readonly number[]): StockFigures[] {
  const passStart = stockItemsPassStartedAt(db);
  const rows = prepared(
    db,
    `SELECT id AS stockItemId, productId, warehouseId, syncedAt FROM stock_item
      WHERE id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids));
  return rows.map((r) => {
    const { syncedAt, ...figures } = parseRow(FiguresRow, r);
    return { ...figures, asOf: passStart !== undefined && passStart > syncedAt ? passStart : syncedAt };
  });
}

// ---------------------------------------------------------------------------------------------
// Search

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

const whFilter = '(? IS NULL OR warehouseId = ?)';
const searchSql = {
  barcode: `SELECT DISTINCT productId FROM stock_item WHERE (barcode = ? OR gtinKey = ?) AND ${whFilter}
       ORDER BY productId LIMIT ?`,
  code: `SELECT DISTINCT productId FROM stock_item
       WHERE productCode COLLATE NOCASE >= ? AND productCode COLLATE NOCASE < ? AND ${whFilter}
       ORDER BY productCode COLLATE NOCASE LIMIT ?`,
  supplierCode: `SELECT DISTINCT productId FROM stock_item
       WHERE supplierProductCode COLLATE NOCASE >= ? AND supplierProductCode COLLATE NOCASE < ? AND ${whFilter}
       ORDER BY supplierProductCode COLLATE NOCASE LIMIT ?`,
  // No ORDER BY rank: ranking every match of a one-letter prefix over a million products costs
  // far more than the cashier gains; matches come in product id order.
  name: `SELECT rowid FROM product_search WHERE product_search MATCH ?
         AND (? IS NULL OR EXISTS (SELECT 1 FROM stock_item WHERE productId = product_search.rowid AND warehouseId = ?))
       LIMIT ?`,
  itemsOfProducts: `SELECT * FROM stock_item WHERE productId IN (SELECT value FROM json_each(?)) AND ${whFilter}
       ORDER BY productId, warehouseId`,
};

/**
 * Offline search: barcode (as written, or a GTIN in another form), then product code and supplier
 * product code by prefix (case-insensitive), then name and brand words in any order, each a prefix, case- and
 * diacritics-insensitive. Results are grouped by product, in that order of match kinds.
 */
export function searchStock(db: Db, text: string, options: StockSearchOptions = {}): StockSearchResult[] {
  const query = text.trim();
  const limit = Math.max(1, Math.min(options.limit ?? 50, 1000));
  if (query === '') return [];
  const wh = options.warehouseId ?? null;
  const found = new Map<number, StockSearchResult['matchedBy']>();
  const take = (sql: string, args: unknown[], kind: StockSearchResult['matchedBy']): void => {
    if (found.size >= limit) return;
    const ids = intList.parse(
      prepared(db, sql)
        .pluck()
        .all(...args, wh, wh, limit),
    );
    for (const id of ids) if (found.size < limit && !found.has(id)) found.set(id, kind);
  };
  take(searchSql.barcode, [query, gtinKey(query)], 'barcode');
  const upper = `${query}\uffff`;
  take(searchSql.code, [query, upper], 'code');
  take(searchSql.supplierCode, [query, upper], 'code');
  const match = ftsQuery(query);
  if (match !== undefined) take(searchSql.name, [match], 'name');
  if (found.size === 0) return [];
  const rows = prepared(db, searchSql.itemsOfProducts).all(JSON.stringify([...found.keys()]), wh, wh);
  const fresh = stockItemsSyncedAt(db);
  const byProduct = new Map<number, CachedStockItem[]>();
  for (const r of rows) {
    const item = rowToStockItem(r, fresh);
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
      compact({
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
