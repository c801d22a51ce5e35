// The names the cache knows for an order's ids: its customer (the company's name), its warehouse and
// each product (name and code). The Orders screen's fix form shows them beside the ids, so that a
// person corrects an order by what things are called.
import { z } from 'zod';
import type { Db } from '../database.ts';
import { prepared } from '../prepared.ts';
import { companyNames } from './companies.ts';
import { lazy } from '../../common/lazy.ts';

export interface ProductName {
  readonly name?: string;
  readonly code?: string;
}

export interface OrderNames {
  readonly customer?: string;
  readonly warehouse?: string;
  /** By product id; a product the cache does not hold is absent. */
  readonly products: Readonly<Record<string, ProductName>>;
}

export interface OrderIds {
  readonly customerId?: number | undefined;
  readonly warehouseId?: number | undefined;
  readonly items: readonly { readonly productId: number }[];
}

const ProductRow = lazy(() =>
  z.object({
    productId: z.int(),
    productName: z.string().nullable(),
    productCode: z.string().nullable(),
  }),
);

export function orderNames(db: Db, order: OrderIds): OrderNames {
  const customer =
    order.customerId === undefined ? undefined : companyNames(db, [order.customerId]).get(order.customerId);
  const warehouse =
    order.warehouseId === undefined
      ? undefined
      : z
          .string()
          .optional()
          .parse(prepared(db, 'SELECT name FROM warehouse WHERE id = ?').pluck().get(order.warehouseId));
  return {
    ...(customer === undefined ? {} : { customer }),
    ...(warehouse === undefined ? {} : { warehouse }),
    products: productNames(
      db,
      order.items.map((i) => i.productId),
    ),
  };
}

/** Each product's name and code, from its first stock item (they are the same in every warehouse). */
function productNames(db: Db, productIds: readonly number[]): Record<string, ProductName> {
  const rows = prepared(
    db,
    `SELECT productId, productName, productCode FROM stock_item
     WHERE id IN (SELECT min(id) FROM stock_item WHERE productId IN (SELECT value FROM json_each(?)) GROUP BY productId)`,
  ).all(JSON.stringify([...new Set(productIds)]));
  const out: Record<string, ProductName> = Object.create(null) as Record<string, ProductName>;
  for (const row of z.array(ProductRow).parse(rows)) {
    out[String(row.productId)] = {
      ...(row.productName === null || row.productName === '' ? {} : { name: row.productName }),
      ...(row.productCode === null || row.productCode === '' ? {} : { code: row.productCode }),
    };
  }
  return out;
}
