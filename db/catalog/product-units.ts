// The product_unit table: each product's units, replaced whole (the service lists them in one
// response). The row keeps the unit as the service sent it (data, JSON) beside the columns it is
// looked up by.
import { z } from 'zod';
import type { Db } from '../database.ts';
import { prepared } from '../prepared.ts';
import {
  column,
  itemToRow,
  parseJsonObject,
  upsertSql,
  type InputOf,
  type Maybe,
  type RowOf,
} from './rows.ts';
import { lazy } from '../../common/lazy.ts';

const ProductUnitRow = lazy(() =>
  z.object({
    id: column.int,
    productId: column.int,
    unitId: column.optionalInt,
    unit: column.optionalInt,
    unitOrder: column.optionalInt,
    guid: column.optionalText,
    isInvisible: column.optionalFlag,
    quantityCoefficient: column.optionalReal,
    data: column.text,
    syncedAt: column.text,
  }),
);
export type ProductUnitRow = RowOf<typeof ProductUnitRow>;

/** A unit as the service gives it (its JSON is kept whole in the data column); its product may be named. */
export type ProductUnitInput = InputOf<
  Omit<z.output<typeof ProductUnitRow>, 'productId' | 'data' | 'syncedAt'>
> & {
  productId?: Maybe<number>;
};

export function productUnitToRow(productId: number, u: ProductUnitInput, syncedAt: string): ProductUnitRow {
  return itemToRow(ProductUnitRow, u, { productId, data: JSON.stringify(u), syncedAt });
}

const insert = upsertSql('product_unit', ProductUnitRow.keyof().options, 'replace');

/** Replaces one product's units (the service lists them all in one response). */
export function replaceProductUnits(
  db: Db,
  productId: number,
  units: Iterable<ProductUnitInput>,
  syncedAt: string,
): void {
  prepared(db, 'DELETE FROM product_unit WHERE productId = ?').run(productId);
  for (const u of units) prepared(db, insert).run(productUnitToRow(productId, u, syncedAt));
}

/** A product's units as the service sent them, in unitOrder. */
export function productUnits(db: Db, productId: number): Record<string, unknown>[] {
  return prepared(db, 'SELECT data FROM product_unit WHERE productId = ? ORDER BY unitOrder, id')
    .pluck()
    .all(productId)
    .map(parseJsonObject);
}

/** Deletes units of products no longer stocked (after a full pass of stock items). */
export function deleteUnitsOfUnstockedProducts(db: Db): number {
  return prepared(
    db,
    'DELETE FROM product_unit WHERE productId NOT IN (SELECT productId FROM stock_item)',
  ).run().changes;
}
