// The catalog's calls: sync.* (the app's runner) and what reads the synced cache (stock.search,
// warehouses.list), with the cache's rows turned into the contract's views. Only named fields are
// copied: the renderer gets what the screens show and nothing else.
import { stockItemId, warehouseId } from '../../contract/ids.ts';
import {
  availableNow,
  findCompanies,
  searchStock,
  stockFigures,
  stockItemsSyncedAt,
  warehouses,
  type CachedWarehouse,
  type StockFigures,
  type StockSearchResult,
} from '../../db/catalog/index.ts';
import type { Db } from '../../db/database.ts';
import type { StockProductView, WarehouseView } from '../../contract/contract.ts';
import { configured, type Handlers } from '../ground/index.ts';
import type { SyncRunner } from './runner.ts';

/** What one other till of the store sold of a stock item since its figures (main/outbox's). */
export interface SoldAtTill {
  readonly till: string;
  readonly quantity: number;
}
import { syncStatus } from './status.ts';

export interface SyncDeps {
  /** The database in use: the cache is read even without an instance to sync it from. */
  db(): Db;
  /** The runner of the instance in use; null when none is configured. */
  runner(): SyncRunner | null;
  /** What this till sold of each stock item that its cached figures do not show yet (the outbox's). */
  soldHere(figures: readonly StockFigures[]): Map<number, number>;
  /** What each other till of the store sold of each stock item that the figures do not show yet. */
  soldInStore(figures: readonly StockFigures[]): Map<number, readonly SoldAtTill[]>;
}

type SyncCalls =
  'sync.now' | 'sync.cancel' | 'sync.status' | 'stock.search' | 'warehouses.list' | 'companies.find';

export function syncHandlers(deps: SyncDeps): Pick<Handlers, SyncCalls> {
  return {
    'sync.now': ({ full }) => Promise.resolve(configured(deps.runner()).start({ full: full === true })),
    // Nothing to cancel without an instance: the status says no sync runs.
    'sync.cancel': () => Promise.resolve(deps.runner()?.cancel() ?? syncStatus(deps.db(), null)),
    'sync.status': () => Promise.resolve(syncStatus(deps.db(), deps.runner())),
    'stock.search': (input) => {
      const db = deps.db();
      const found = searchStock(db, input.text, {
        ...(input.warehouseId === undefined ? {} : { warehouseId: input.warehouseId }),
        limit: input.limit ?? 200,
      });
      const figures = stockFigures(
        db,
        found.flatMap((r) => r.items.map((i) => i.id)),
      );
      const sold = deps.soldHere(figures);
      const store = deps.soldInStore(figures);
      return Promise.resolve({
        products: found.map((r) => stockProductView(r, sold, store)),
        syncedAt: stockItemsSyncedAt(db) ?? null,
      });
    },
    'warehouses.list': () => Promise.resolve(warehouses(deps.db()).map(warehouseView)),
    'companies.find': ({ text }) =>
      Promise.resolve(
        findCompanies(deps.db(), text).map((c) => ({
          companyId: c.companyId,
          ...(c.name === undefined ? {} : { name: c.name }),
        })),
      ),
  };
}

function warehouseView(w: CachedWarehouse): WarehouseView {
  return {
    id: warehouseId(w.id),
    name: w.name,
    ...(w.number === undefined ? {} : { number: w.number }),
    ...(w.isInactive === undefined ? {} : { isInactive: w.isInactive }),
  };
}

/**
 * A product found, each warehouse's figures with what this till sold there since (`sold`, by stock
 * item) and what the other tills of the store did (`store`).
 */
function stockProductView(
  r: StockSearchResult,
  sold: ReadonlyMap<number, number>,
  store: ReadonlyMap<number, readonly SoldAtTill[]>,
): StockProductView {
  return {
    productId: r.productId,
    ...(r.productCode === undefined ? {} : { productCode: r.productCode }),
    ...(r.productName === undefined ? {} : { productName: r.productName }),
    ...(r.barcode === undefined ? {} : { barcode: r.barcode }),
    ...(r.unitOfMeasure === undefined ? {} : { unitOfMeasure: r.unitOfMeasure }),
    ...(r.price === undefined ? {} : { price: r.price }),
    syncedAt: r.syncedAt,
    warehouses: r.items.map((i) => {
      const soldThere = sold.get(i.id);
      const others = store.get(i.id);
      const soldByOthers = (others ?? []).reduce((sum, t) => sum + t.quantity, 0);
      const available = availableNow(i, (soldThere ?? 0) + soldByOthers);
      return {
        warehouseId: warehouseId(i.warehouseId),
        stockItemId: stockItemId(i.id),
        ...(i.warehouseName === undefined ? {} : { warehouseName: i.warehouseName }),
        ...(i.quantityInStock === undefined ? {} : { quantityInStock: i.quantityInStock }),
        ...(i.quantityAvailable === undefined ? {} : { quantityAvailable: i.quantityAvailable }),
        ...(i.quantityBlocked === undefined ? {} : { quantityBlocked: i.quantityBlocked }),
        ...(i.quantityOrdered === undefined ? {} : { quantityOrdered: i.quantityOrdered }),
        ...(soldThere === undefined ? {} : { soldHere: soldThere }),
        ...(others === undefined ? {} : { soldInStore: others.map((t) => ({ ...t })) }),
        ...(available === undefined ? {} : { availableNow: available }),
      };
    }),
  };
}
