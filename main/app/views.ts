// Module data -> the contract's view shapes. Only named fields are copied: the renderer gets what the
// screens show and nothing else.
import type { CachedWarehouse, StockSearchResult } from '../../db/catalog/index.ts';
import type { OutboxEntryView, StockProductView, WarehouseView } from '../../preload/contract.ts';
import type { OutboxEntry } from '../outbox/index.ts';

export function warehouseView(w: CachedWarehouse): WarehouseView {
  return {
    id: w.id,
    name: w.name,
    ...(w.number === undefined ? {} : { number: w.number }),
    ...(w.isInactive === undefined ? {} : { isInactive: w.isInactive }),
  };
}

export function stockProductView(r: StockSearchResult): StockProductView {
  return {
    productId: r.productId,
    ...(r.productCode === undefined ? {} : { productCode: r.productCode }),
    ...(r.productName === undefined ? {} : { productName: r.productName }),
    ...(r.barcode === undefined ? {} : { barcode: r.barcode }),
    ...(r.unitOfMeasure === undefined ? {} : { unitOfMeasure: r.unitOfMeasure }),
    ...(r.price === undefined ? {} : { price: r.price }),
    syncedAt: r.syncedAt,
    warehouses: r.items.map((i) => ({
      warehouseId: i.warehouseId,
      ...(i.warehouseName === undefined ? {} : { warehouseName: i.warehouseName }),
      ...(i.quantityInStock === undefined ? {} : { quantityInStock: i.quantityInStock }),
      ...(i.quantityAvailable === undefined ? {} : { quantityAvailable: i.quantityAvailable }),
      ...(i.quantityBlocked === undefined ? {} : { quantityBlocked: i.quantityBlocked }),
      ...(i.quantityOrdered === undefined ? {} : { quantityOrdered: i.quantityOrdered }),
    })),
  };
}

export function outboxEntryView(e: OutboxEntry): OutboxEntryView {
  // The outbox entry is already the INTERFACES.md shape; the contract's output schema strips the rest.
  return { ...e };
}
