// Test helpers that change the sim's data behind the API's back (a price change, a new card, ...),
// as an operator of a real instance would. Exposed programmatically and under /__sim/.
import { ApiError } from './errors.ts';
import { ean13 } from './ean.ts';
import { financialReceivableColumns, jsonToColumn, rowToJson, stockItemColumns } from './fields.ts';
import type { AuthState } from './auth.ts';
import { companyExists, insertCompanyCard, type NewCompanyCard } from './api/companies.ts';
import { listOrders, markOrderDependent } from './api/orders.ts';
import { stockItemSchema, type InternetOrder } from './schemas.ts';
import { DocTable, type SimDb } from './store.ts';
import { nowDateTime } from './time.ts';

export type StockItemPatch = Record<string, unknown>;

export interface AdminOrder extends InternetOrder {
  readonly hasDependents: boolean;
}

export interface NewClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly permissions: readonly string[];
}

export interface SimAdmin {
  /** Every stored internet order, oldest first. */
  listOrders(): AdminOrder[];
  /** Changes fields of a stock item (and its lastModify to now unless given); returns the row. */
  mutateStockItem(id: number, patch: StockItemPatch): Record<string, unknown>;
  /** Adds a stock item; without an existing productId a new product is made (valid EAN-13). */
  addStockItem(partial: StockItemPatch): Record<string, unknown>;
  removeStockItem(id: number): boolean;
  addCompanyCard(card: NewCompanyCard): Record<string, unknown>;
  /** Every card stored under a company id, whether or not the company exists (a lenient instance's). */
  companyCards(companyId: number): Record<string, unknown>[];
  /** Token requests received (any outcome), for one client or all. */
  tokenRequestCount(clientId?: string): number;
  resetTokenRequestCount(): void;
  /** Invalidates issued tokens, so the next API call answers 401. */
  revokeTokens(clientId?: string): void;
  /** Marks an order as having a dependent delivery note (delete then answers 400). */
  markOrderDependent(orderId: number, dependent?: boolean): boolean;
  addClient(client: NewClient): void;
  /** Every stock item as the API would send it with all fields, in id order: the instance's truth. */
  stockItems(): Record<string, unknown>[];
  /** Every receivable still to be paid (the isPaid: false rule), all fields, in id order. */
  openReceivables(): Record<string, unknown>[];
  /** Books a receivable (a customer's invoice) with the next id; its fields as the API sends them. */
  addReceivable(fields: Record<string, unknown>): Record<string, unknown>;
}

const fieldNames = new Set(stockItemColumns.map((f) => f.name));

function checkPatch(patch: StockItemPatch): void {
  const unknown = Object.keys(patch).filter((k) => !fieldNames.has(k));
  if (unknown.length > 0)
    throw new ApiError(400, { messages: [`Unknown stock item fields: ${unknown.join(', ')}.`] });
  const parsed = stockItemSchema
    .partial()
    .safeParse(Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== null)));
  if (!parsed.success)
    throw new ApiError(400, {
      messages: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    });
}

export function createAdmin(db: SimDb, auth: AuthState): SimAdmin {
  const getStockItem = (id: number): Record<string, unknown> | undefined => {
    const row = db.prepare('SELECT * FROM stock_item WHERE id = ?').get(id) as
      Record<string, unknown> | undefined;
    return row ? rowToJson(stockItemColumns, row) : undefined;
  };
  const writeStockItem = (row: Record<string, unknown>): void => {
    const cols = stockItemColumns.map((f) => `"${f.name}"`).join(', ');
    db.prepare(
      `INSERT OR REPLACE INTO stock_item (${cols}) VALUES (${stockItemColumns.map(() => '?').join(', ')})`,
    ).run(stockItemColumns.map((f) => jsonToColumn(f, row[f.name])));
  };
  const all = (sql: string): Record<string, unknown>[] => db.prepare(sql).all() as Record<string, unknown>[];
  return {
    stockItems: () => all('SELECT * FROM stock_item ORDER BY id').map((r) => rowToJson(stockItemColumns, r)),
    openReceivables: () =>
      all('SELECT * FROM financial_receivable WHERE amount - COALESCE(alreadyPaid, 0) > 0 ORDER BY id').map(
        (r) => rowToJson(financialReceivableColumns, r),
      ),
    addReceivable(fields) {
      const unknown = Object.keys(fields).filter(
        (k) => !financialReceivableColumns.some((f) => f.name === k),
      );
      if (unknown.length > 0)
        throw new ApiError(400, { messages: [`Unknown receivable fields: ${unknown.join(', ')}.`] });
      const id = db
        .prepare('SELECT coalesce(max(id), 0) + 1 FROM financial_receivable')
        .pluck()
        .get() as number;
      const row: Record<string, unknown> = { ...fields, id };
      const cols = financialReceivableColumns.map((f) => `"${f.name}"`).join(', ');
      db.prepare(
        `INSERT INTO financial_receivable (${cols}) VALUES (${financialReceivableColumns.map(() => '?').join(', ')})`,
      ).run(financialReceivableColumns.map((f) => jsonToColumn(f, row[f.name])));
      return row;
    },
    listOrders: () => listOrders(db).map((o) => ({ ...o.order, hasDependents: o.hasDependents })),
    mutateStockItem(id, patch) {
      checkPatch(patch);
      const current = getStockItem(id);
      if (!current) throw new ApiError(404, { messages: [`Stock item ${id} was not found.`] });
      const next = { ...current, ...patch, id, lastModify: patch['lastModify'] ?? nowDateTime() };
      writeStockItem(next);
      return getStockItem(id) ?? next;
    },
    addStockItem(partial) {
      checkPatch(partial);
      return db.transaction(() => {
        const products = new DocTable(db, 'product');
        // Ids are never reused (a removed item's id must not come back as another item in a client's cache).
        const id = db
          .prepare(
            `SELECT MAX(COALESCE((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'stockItemSeq'), 0),
                        (SELECT COALESCE(MAX(id), 0) FROM stock_item)) + 1`,
          )
          .pluck()
          .get() as number;
        db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('stockItemSeq', ?)").run(String(id));
        const warehouseId = typeof partial['warehouseId'] === 'number' ? partial['warehouseId'] : 1;
        const warehouse = db.prepare('SELECT name, number FROM warehouse WHERE id = ?').get(warehouseId) as
          { name: string; number: string | null } | undefined;
        if (!warehouse) throw new ApiError(400, { messages: [`Warehouse ${warehouseId} does not exist.`] });
        let productId = typeof partial['productId'] === 'number' ? partial['productId'] : undefined;
        let base: Record<string, unknown> = {};
        if (productId !== undefined && products.get(productId)) {
          const sibling = db
            .prepare('SELECT * FROM stock_item WHERE productId = ? LIMIT 1')
            .get(productId) as Record<string, unknown> | undefined;
          if (sibling) base = rowToJson(stockItemColumns, sibling);
        } else {
          const barcode = typeof partial['barcode'] === 'string' ? partial['barcode'] : undefined;
          const created = products.insert(null, (pid) => ({
            id: pid,
            name: partial['productName'] ?? `Nový výrobek ${pid}`,
            code: partial['productCode'] ?? `NEW-${String(pid).padStart(5, '0')}`,
            barcode: barcode ?? ean13('8599999' + String(pid % 100_000).padStart(5, '0')),
            kind: 'plain',
            vatRate: partial['vatRate'] ?? 21,
            price: partial['price'] ?? 99.9,
          }));
          productId = created['id'] as number;
          base = {
            productName: created['name'],
            productCode: created['code'],
            barcode: created['barcode'],
            unitOfMeasure: 'ks',
            vatRate: created['vatRate'],
            price: created['price'],
            quantityInStock: 0,
            quantityAvailable: 0,
            createdAt: nowDateTime(),
          };
          new DocTable(db, 'product_unit').insert(productId, (uid) => ({
            id: uid,
            productId,
            unitId: 1,
            unit: 1,
            unitOrder: 1,
            quantityCoefficient: 1,
            isInvisible: false,
          }));
        }
        const row = {
          ...base,
          ...partial,
          id,
          productId,
          warehouseId,
          warehouseName: warehouse.name,
          warehouseNumber: warehouse.number ?? undefined,
          lastModify: partial['lastModify'] ?? nowDateTime(),
        };
        writeStockItem(row);
        return getStockItem(id) ?? row;
      })();
    },
    removeStockItem: (id) => db.prepare('DELETE FROM stock_item WHERE id = ?').run(id).changes > 0,
    addCompanyCard(card) {
      if (!companyExists(db, card.companyId))
        throw new ApiError(404, { messages: [`Company ${card.companyId} was not found.`] });
      if (
        db.prepare('SELECT 1 FROM company_card_barcode WHERE barcode = ?').get(card.barcode) !== undefined
      ) {
        throw new ApiError(400, {
          messages: [`The Barcode '${card.barcode}' is already used by another card.`],
        });
      }
      return insertCompanyCard(db, { ...card });
    },
    companyCards: (companyId) => new DocTable(db, 'company_card').list(companyId),
    tokenRequestCount: (clientId) => auth.tokenRequestCount(clientId),
    resetTokenRequestCount: () => auth.resetTokenRequests(),
    revokeTokens: (clientId) => auth.revokeTokens(clientId),
    markOrderDependent: (orderId, dependent = true) => markOrderDependent(db, orderId, dependent),
    addClient: (client) =>
      auth.addClient({
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        permissions: new Set(client.permissions),
      }),
  };
}
