import { describe, expect, it } from 'vitest';
import {
  LineRef,
  OutboxRef,
  RecallInput,
  type OutboxEntryView,
  type ParkedSaleView,
  type SessionLineView,
  type StockProductView,
  type WarehouseView,
} from './contract.ts';
import {
  lineId,
  orderId,
  saleId,
  warehouseId,
  type LineId,
  type OrderId,
  type SaleId,
  type StockItemId,
  type WarehouseId,
} from './ids.ts';

describe('ids branded per kind', () => {
  it('read as the numbers they are, and one kind is no other (a compile error)', () => {
    const order: OrderId = OutboxRef.parse({ id: 7 }).id;
    const line: LineId = LineRef.parse({ lineId: 3 }).lineId;
    expect([order, line]).toEqual([7, 3]);
    // The check is tsc's: each line below is a type error, and `tsc -b` fails if one stops being one.
    const typeErrors = (entry: OutboxEntryView, row: SessionLineView): unknown[] => [
      // @ts-expect-error an order's id is no line's
      ((id: LineId) => id)(entry.id),
      // @ts-expect-error a line's id is no order's
      ((id: OrderId) => id)(row.id),
      // @ts-expect-error a plain number is no order's id until the core makes it one
      ((id: OrderId) => id)(7),
    ];
    expect(typeof typeErrors).toBe('function');
    expect(orderId(7)).toBe(7);
    expect(lineId(3)).toBe(3);
  });

  it('a parked sale is a sale, and a warehouse is a kind of its own', () => {
    const recalled: SaleId = RecallInput.parse({ id: 4 }).id;
    expect(recalled).toBe(4);
    const typeErrors = (
      parked: ParkedSaleView,
      warehouse: WarehouseView,
      stock: StockProductView['warehouses'][number],
      item: StockItemId,
    ): unknown[] => [
      ((id: SaleId) => id)(parked.id),
      ((id: WarehouseId) => id)(stock.warehouseId),
      // @ts-expect-error a parked sale's id is no line's
      ((id: LineId) => id)(parked.id),
      // @ts-expect-error a warehouse's id is no stock item's
      ((id: StockItemId) => id)(warehouse.id),
      // @ts-expect-error a stock item's id is no warehouse's
      ((id: WarehouseId) => id)(item),
      // @ts-expect-error a plain number is no warehouse's id until the core makes it one
      ((id: WarehouseId) => id)(1),
    ];
    expect(typeof typeErrors).toBe('function');
    expect([saleId(4), warehouseId(2)]).toEqual([4, 2]);
  });
});
