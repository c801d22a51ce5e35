// Stock items and financial receivables: the two filter-paginated resources.
import type { z } from 'zod';
import { errorResultSchema } from '../errors.ts';
import { financialReceivableColumns, stockItemColumns } from '../fields.ts';
import { paginate, resolveLimitFields, resolveOrderBy, type WhereClause } from '../pagination.ts';
import type { Violation } from '../errors.ts';
import type { FieldDef } from '../fields.ts';
import { json, validateBody, type RouteDef, type SimContext } from '../routes.ts';
import {
  paginationRequestSchema,
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

/** A filter with the fields the instance ignores taken out: it answers as if they were not set. */
function honoured<F extends object>(filter: F | null | undefined, ignored: ReadonlySet<string>): Partial<F> {
  if (!filter) return {};
  return Object.fromEntries(Object.entries(filter).filter(([k]) => !ignored.has(k))) as Partial<F>;
}

export function stockItemWhere(filter: Partial<StockItemFilter> | null | undefined): WhereClause[] {
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

function receivableWhere(filter: Partial<ReceivableFilter> | null | undefined): WhereClause[] {
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

/** A filter field the instance does not know: 400 naming it, like a field its view lacks. */
function rejectedFilterViolations(raw: unknown, rejected: ReadonlySet<string>): Violation[] {
  if (typeof raw !== 'object' || raw === null) return [];
  return Object.entries(raw).flatMap(([name, value]) =>
    rejected.has(name) && value !== null && value !== undefined
      ? [
          {
            property: `Filter.${name.charAt(0).toUpperCase()}${name.slice(1)}`,
            code: 'UnknownField',
            message: `Unknown filter field '${name}'.`,
            params: { field: name },
          },
        ]
      : [],
  );
}

/** limitFields/orderBy names are checked with the rest of the body, so all violations come back at once. */
function pageRules(
  ctx: SimContext,
  fields: readonly FieldDef[],
): (raw: Record<string, unknown>) => Violation[] {
  return (raw) => [
    ...rejectedFilterViolations(raw['filter'], ctx.rejectedFilters),
    ...resolveLimitFields(fields, stringsOf(raw['limitFields'])).violations,
    ...resolveOrderBy(fields, stringsOf(raw['orderBy']), ctx.unsortableFields).violations,
  ];
}

/** The instance's own view of a resource: its fields but those it leaves out. */
function viewOf(fields: readonly FieldDef[], exclude: ReadonlySet<string>): FieldDef[] {
  return fields.filter((f) => !exclude.has(f.name));
}

/** One of SPEC.md's filter-paginated resources: what sets it apart from the other. */
interface PagedResource<F extends z.ZodObject> {
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly tag: string;
  readonly permission: string;
  readonly requestSchema: ReturnType<typeof paginationRequestSchema<F>>;
  readonly pageSchema: z.ZodType;
  readonly table: string;
  /** The instance's view of the resource (viewOf). */
  readonly view: readonly FieldDef[];
  readonly where: (filter: Partial<z.infer<F>>) => WhereClause[];
}

export function stockRoutes(ctx: SimContext): RouteDef[] {
  // Without id among its sortable fields the instance has no unique tie-breaker: a new shuffle of
  // tied rows for every request (pagination.ts).
  let requests = 0;
  const ordering = () =>
    ctx.unsortableFields.has('id')
      ? { unsortable: ctx.unsortableFields, unstableSalt: ++requests }
      : { unsortable: ctx.unsortableFields };
  /** POST {path}: one page of the resource's rows, as the instance filters, limits and sorts them. */
  const pagedRoute = <F extends z.ZodObject>(resource: PagedResource<F>): RouteDef => ({
    method: 'POST',
    path: resource.path,
    operationId: resource.operationId,
    summary: resource.summary,
    tag: resource.tag,
    auth: 'token',
    permission: resource.permission,
    body: resource.requestSchema,
    responses: {
      200: { description: 'One page', schema: resource.pageSchema },
      400: { description: 'Invalid request', schema: errorResultSchema },
    },
    handler: ({ body }) => {
      const request = validateBody(resource.requestSchema, body, pageRules(ctx, resource.view));
      return json(
        paginate({
          db: ctx.db,
          table: resource.table,
          fields: resource.view,
          request,
          where: resource.where(honoured(request.filter, ctx.ignoredFilters)),
          maxPageSize: ctx.maxPageSize,
          ...ordering(),
        }),
      );
    },
  });
  return [
    pagedRoute({
      path: '/api/stock-items/filter-paginated',
      operationId: 'filterStockItems',
      summary: 'Stock items, filtered and paginated.',
      tag: 'Catalog',
      permission: 'Permissions.StockItems.View',
      requestSchema: stockItemPageRequestSchema,
      pageSchema: stockItemPageSchema,
      table: 'stock_item',
      view: viewOf(stockItemColumns, ctx.stockItemViewExclude),
      where: stockItemWhere,
    }),
    pagedRoute({
      path: '/api/finances/financial-receivables/filter-paginated',
      operationId: 'filterFinancialReceivables',
      summary: 'Financial receivables, filtered and paginated.',
      tag: 'Finance',
      permission: 'Permissions.FinancialReceivables.View',
      requestSchema: receivablePageRequestSchema,
      pageSchema: receivablePageSchema,
      table: 'financial_receivable',
      view: viewOf(financialReceivableColumns, ctx.receivableViewExclude),
      where: receivableWhere,
    }),
  ];
}
