// Stock items and financial receivables: the two filter-paginated resources.
import type { z } from 'zod';
import { errorResultSchema } from '../errors.ts';
import { financialReceivableFields, stockItemFields } from '../fields.ts';
import { paginate, resolveLimitFields, resolveOrderBy, type WhereClause } from '../pagination.ts';
import type { Violation } from '../errors.ts';
import type { FieldDef } from '../fields.ts';
import { json, validateBody, type RouteDef, type SimContext } from '../routes.ts';
import {
  receivablePageRequestSchema,
  receivablePageSchema,
  stockItemFilterSchema,
  stockItemPageRequestSchema,
  stockItemPageSchema,
  financialReceivableFilterSchema,
} from '../schemas.ts';
import { formatDateTime, parseDateTime } from '../time.ts';

type StockItemFilter = z.infer<typeof stockItemFilterSchema>;
type ReceivableFilter = z.infer<typeof financialReceivableFilterSchema>;

const eq = (column: string, value: unknown): WhereClause => ({ sql: `"${column}" = ?`, params: [value] });

export function stockItemWhere(filter: StockItemFilter | null | undefined): WhereClause[] {
  if (!filter) return [];
  const where: WhereClause[] = [];
  if (filter.warehouseId != null) where.push(eq('warehouseId', filter.warehouseId));
  if (filter.productId != null) where.push(eq('productId', filter.productId));
  if (filter.barcode != null) where.push(eq('barcode', filter.barcode));
  if (filter.productCode != null) where.push(eq('productCode', filter.productCode));
  if (filter.supplierProductCode != null) where.push(eq('supplierProductCode', filter.supplierProductCode));
  if (filter.lastModifyFrom != null) {
    const from = parseDateTime(filter.lastModifyFrom);
    // Truncated to seconds: the stored precision. >= keeps the boundary row (a client re-reads it, never misses it).
    if (from) {
      where.push({
        sql: '"lastModify" >= ?',
        params: [formatDateTime(from)],
        indexWhenById: 'stock_item_last_modify',
      });
    }
  }
  if (filter.ids != null)
    where.push({ sql: '"id" IN (SELECT value FROM json_each(?))', params: [JSON.stringify(filter.ids)] });
  return where;
}

function receivableWhere(filter: ReceivableFilter | null | undefined): WhereClause[] {
  if (!filter) return [];
  const where: WhereClause[] = [];
  if (filter.customerId != null) where.push(eq('customerId', filter.customerId));
  if (filter.isPaid != null) {
    where.push({
      sql: filter.isPaid ? 'amount - COALESCE(alreadyPaid, 0) <= 0' : 'amount - COALESCE(alreadyPaid, 0) > 0',
      params: [],
    });
  }
  return where;
}

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** limitFields/orderBy names are checked with the rest of the body, so all violations come back at once. */
function pageRules(fields: readonly FieldDef[]): (raw: Record<string, unknown>) => Violation[] {
  return (raw) => [
    ...resolveLimitFields(fields, stringsOf(raw['limitFields'])).violations,
    ...resolveOrderBy(fields, stringsOf(raw['orderBy'])).violations,
  ];
}

export function stockRoutes(ctx: SimContext): RouteDef[] {
  // The instance's data-grid view: every stock-item field but those it leaves out.
  const viewFields = stockItemFields.filter((f) => !ctx.stockItemViewExclude.has(f.name));
  return [
    {
      method: 'POST',
      path: '/api/stock-items/filter-paginated',
      operationId: 'filterStockItems',
      summary: 'Stock items, filtered and paginated.',
      tag: 'Catalog',
      auth: 'token',
      permission: 'Permissions.StockItems.View',
      body: stockItemPageRequestSchema,
      responses: {
        200: { description: 'One page', schema: stockItemPageSchema },
        400: { description: 'Invalid request', schema: errorResultSchema },
      },
      handler: ({ body }) => {
        const request = validateBody(stockItemPageRequestSchema, body, pageRules(viewFields));
        return json(
          paginate({
            db: ctx.db,
            table: 'stock_item',
            fields: viewFields,
            request,
            where: stockItemWhere(request.filter),
            maxPageSize: ctx.maxPageSize,
          }),
        );
      },
    },
    {
      method: 'POST',
      path: '/api/finances/financial-receivables/filter-paginated',
      operationId: 'filterFinancialReceivables',
      summary: 'Financial receivables, filtered and paginated.',
      tag: 'Finance',
      auth: 'token',
      permission: 'Permissions.FinancialReceivables.View',
      body: receivablePageRequestSchema,
      responses: {
        200: { description: 'One page', schema: receivablePageSchema },
        400: { description: 'Invalid request', schema: errorResultSchema },
      },
      handler: ({ body }) => {
        const request = validateBody(receivablePageRequestSchema, body, pageRules(financialReceivableFields));
        return json(
          paginate({
            db: ctx.db,
            table: 'financial_receivable',
            fields: financialReceivableFields,
            request,
            where: receivableWhere(request.filter),
            maxPageSize: ctx.maxPageSize,
          }),
        );
      },
    },
  ];
}
