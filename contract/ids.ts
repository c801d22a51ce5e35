// Ids at the contract's edge, one type per kind (issue 36, docs/glossary.md): an order's id cannot be
// passed where a line's is meant (a compile error), though both are numbers (or the text of one) on
// the wire. zod's brand marks what a schema gives out (the views the screens read, the inputs the core
// handles); what a caller hands in stays a plain number or string, so the screens send back the ids
// they were shown and the CLI the ones typed.
import { z } from 'zod';
import { lazy } from '../common/lazy.ts';

/** How an id travels: Counter's own are numbers; a screen may hand one back as its text. */
const ref = lazy(() => z.union([z.number().int(), z.string()]));

/** An order in the outbox (its row's id): the Orders list, its receipt, a reprint. */
export const OrderId = lazy(() => ref.brand<'OrderId'>());
export type OrderId = z.infer<typeof OrderId>;

/** The instance's id of an order it stored (`remoteId`; `ack.id` in its answer). */
export const RemoteOrderId = lazy(() => ref.brand<'RemoteOrderId'>());
export type RemoteOrderId = z.infer<typeof RemoteOrderId>;

/** A sale (its row in db/sessions.ts). */
export const SaleId = lazy(() => ref.brand<'SaleId'>());
export type SaleId = z.infer<typeof SaleId>;

/** A line of a sale (its row in db/sessions.ts). */
export const LineId = lazy(() => ref.brand<'LineId'>());
export type LineId = z.infer<typeof LineId>;

/** Ids the instance gives its resources (SPEC.md): whole numbers. */
export const StockItemId = lazy(() => z.number().int().brand<'StockItemId'>());
export type StockItemId = z.infer<typeof StockItemId>;
export const CompanyId = lazy(() => z.number().int().brand<'CompanyId'>());
export type CompanyId = z.infer<typeof CompanyId>;
export const CardId = lazy(() => z.number().int().brand<'CardId'>());
export type CardId = z.infer<typeof CardId>;
/** A warehouse of the instance: where the till sells from (Settings), where a product is in stock. */
export const WarehouseId = lazy(() => z.number().int().brand<'WarehouseId'>());
export type WarehouseId = z.infer<typeof WarehouseId>;

/** Counter's own row ids as the contract's ids: where a view is made of a stored row. */
export const orderId = (id: number): OrderId => id as OrderId;
export const remoteOrderId = (id: number | string): RemoteOrderId => id as RemoteOrderId;
export const saleId = (id: number): SaleId => id as SaleId;
export const lineId = (id: number): LineId => id as LineId;
/** The instance's ids as the contract's, where a view is made of a cached row. */
export const stockItemId = (id: number): StockItemId => id as StockItemId;
export const companyId = (id: number): CompanyId => id as CompanyId;
export const cardId = (id: number): CardId => id as CardId;
export const warehouseId = (id: number): WarehouseId => id as WarehouseId;
