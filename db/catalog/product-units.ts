// The product_unit table: each product's units, replaced whole (the service lists them in one
// response). The row keeps the unit as the service sent it (data, JSON) beside the columns it is
// looked up by.
import { z } from 'zod';
import type { Db } from '../database.ts';
import { prepared } from '../prepared.ts';
import { column, flagToSql, parseJsonObject, upsertSql, type Maybe, type RowOf } from './rows.ts';
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

export function productUnitToRow(productId: number, u: ProductUnitInput, syncedAt: string): ProductUnitRow {
  return {
    id: u.id,
    productId,
    unitId: u.unitId ?? null,
    unit: u.unit ?? null,
    unitOrder: u.unitOrder ?? null,
    guid: u.guid ?? null,
    isInvisible: flagToSql(u.isInvisible),
    quantityCoefficient: u.quantityCoefficient ?? null,
    data: JSON.stringify(u),
    syncedAt,
  };
}

/** A unit as the service sent it (the row's data column). */
export function rowToProductUnit(data: unknown): Record<string, unknown> {
  return parseJsonObject(data);
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
    .map(rowToProductUnit);
}

/** Deletes units of products no longer stocked (after a full pass of stock items). */
export function deleteUnitsOfUnstockedProducts(db: Db): number {
  return prepared(
    db,
    'DELETE FROM product_unit WHERE productId NOT IN (SELECT productId FROM stock_item)',
  ).run().changes;
}
