// PaginationRequest -> SQL. limitFields and orderBy are checked against the resource's field list
// (unknown names are a 400 naming them), then become column lists; filters become WHERE terms, so
// a page over 100k rows is an indexed query, never a scan in JavaScript.
import { validationError, type Violation } from './errors.ts';
import { createPrng } from './prng.ts';
import { rawRowsToJson, type FieldDef } from './fields.ts';
import type { SimDb } from './store.ts';

export interface PageRequest {
  readonly limitFields?: readonly string[] | null;
  readonly orderBy?: readonly string[] | null;
  readonly pageNumber?: number | null;
  readonly pageSize?: number | null;
}

export interface WhereClause {
  readonly sql: string;
  readonly params: readonly unknown[];
  /**
   * An index to force when the page is ordered by id only. SQLite cannot see the selectivity of a
   * bound range, and otherwise walks the whole table in id order to find a handful of changed rows.
   */
  readonly indexWhenById?: string;
}

export interface PaginatedResult {
  currentPage: number;
  data: Record<string, unknown>[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

/** Page size applied when a request asks for a non-positive size other than -1 (SPEC "Limits"). */
export const DEFAULT_PAGE_SIZE = 10;

function fieldIndex(fields: readonly FieldDef[]): Map<string, FieldDef> {
  return new Map(fields.map((f) => [f.name.toLowerCase(), f]));
}

export function resolveLimitFields(
  fields: readonly FieldDef[],
  names: readonly string[] | null | undefined,
): {
  fields: FieldDef[];
  violations: Violation[];
} {
  if (names === null || names === undefined || names.length === 0)
    return { fields: [...fields], violations: [] };
  const index = fieldIndex(fields);
  const chosen: FieldDef[] = [];
  const violations: Violation[] = [];
  names.forEach((name, i) => {
    const field = index.get(name.trim().toLowerCase());
    if (!field) {
      violations.push({
        property: `LimitFields[${i}]`,
        code: 'UnknownField',
        message: `Unknown field '${name}' in LimitFields.`,
        params: { field: name },
      });
    } else if (!chosen.includes(field)) chosen.push(field);
  });
  return { fields: chosen, violations };
}

export function resolveOrderBy(
  fields: readonly FieldDef[],
  entries: readonly string[] | null | undefined,
  /** Lower-case names of view fields the instance refuses to sort by. */
  unsortable: ReadonlySet<string> = new Set(),
): {
  sql: string[];
  violations: Violation[];
} {
  const index = fieldIndex(fields);
  const sql: string[] = [];
  const violations: Violation[] = [];
  (entries ?? []).forEach((entry, i) => {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)(?:\s+(asc|desc))?\s*$/i.exec(entry);
    const field = m?.[1] === undefined ? undefined : index.get(m[1].toLowerCase());
    if (!m || !field) {
      const name = m?.[1] ?? entry;
      violations.push({
        property: `OrderBy[${i}]`,
        code: 'UnknownField',
        message: m
          ? `Unknown field '${name}' in OrderBy.`
          : `OrderBy entry '${entry}' is not valid: use 'Field' or 'Field desc'.`,
        params: { field: name },
      });
      return;
    }
    if (unsortable.has(field.name.toLowerCase())) {
      violations.push({
        property: `OrderBy[${i}]`,
        code: 'NotSortable',
        message: `Field '${field.name}' cannot be used in OrderBy in this view.`,
        params: { field: field.name },
      });
      return;
    }
    sql.push(`"${field.name}" ${m[2]?.toLowerCase() === 'desc' ? 'DESC' : 'ASC'}`);
  });
  return { sql, violations };
}

export interface PageQuery {
  readonly db: SimDb;
  readonly table: string;
  readonly fields: readonly FieldDef[];
  readonly request: PageRequest;
  readonly where: readonly WhereClause[];
  /** Violations found in the filter, reported together with limitFields/orderBy ones. */
  readonly filterViolations?: readonly Violation[];
  /** The instance's page cap: no page is larger, also for pageSize -1 or omitted (SPEC: "applied"). */
  readonly maxPageSize?: number | undefined;
  /** Lower-case names of view fields the instance refuses in orderBy. */
  readonly unsortable?: ReadonlySet<string>;
  /**
   * Set when the instance cannot sort by id: rows that tie on the requested keys (all rows, with no
   * orderBy) come in an order that changes from request to request, as on a database without a
   * unique tie-breaker; offset pages then skip and repeat rows. Each request passes a new value.
   */
  readonly unstableSalt?: number | undefined;
}

/**
 * id, or (unstable) a permutation drawn from the request's salt: (id * a + b) mod a prime, with a
 * and b from a PRNG seeded by the salt, so consecutive requests' orders are unrelated.
 */
function tieBreaker(direction: 'ASC' | 'DESC', salt: number | undefined): string {
  if (salt === undefined) return `"id" ${direction}`;
  const prng = createPrng(salt);
  const prime = 4_294_967_291;
  return `(("id" * ${prng.int(1, prime - 1)} + ${prng.int(0, prime - 1)}) % ${prime}) ${direction}`;
}

/** An ORDER BY term of the inner query, for the outer one (which joins the rows as t). */
function onTable(term: string): string {
  return term.startsWith('"') ? `t.${term}` : term.replace('"id"', 't."id"');
}

export function paginate(q: PageQuery): PaginatedResult {
  const limit = resolveLimitFields(q.fields, q.request.limitFields);
  const order = resolveOrderBy(q.fields, q.request.orderBy, q.unsortable);
  const violations = [...(q.filterViolations ?? []), ...limit.violations, ...order.violations];
  if (violations.length > 0) throw validationError(violations);

  const whereSql = q.where.length > 0 ? `WHERE ${q.where.map((w) => `(${w.sql})`).join(' AND ')}` : '';
  const params = q.where.flatMap((w) => w.params);
  const totalCount = q.db
    .prepare(`SELECT COUNT(*) FROM ${q.table} ${whereSql}`)
    .pluck()
    .get(params) as number;

  const requested = q.request.pageSize;
  const asked =
    requested === undefined || requested === null || requested === -1
      ? Number.POSITIVE_INFINITY
      : requested <= 0
        ? DEFAULT_PAGE_SIZE
        : requested;
  const size = Math.min(asked, q.maxPageSize ?? Number.POSITIVE_INFINITY);
  const all = size === Number.POSITIVE_INFINITY;
  const pageSize = all ? totalCount : size;
  const currentPage = Math.max(1, q.request.pageNumber ?? 1);
  const totalPages = all ? (totalCount > 0 ? 1 : 0) : Math.ceil(totalCount / pageSize);
  const offset = all ? (currentPage - 1) * totalCount : (currentPage - 1) * pageSize;

  // id last, so rows with equal sort keys keep one order across pages; in the direction of the last
  // key, so an index on that key serves the whole ORDER BY (50x faster on 100k rows).
  const lastDirection = order.sql.at(-1)?.endsWith('DESC') ? 'DESC' : 'ASC';
  const orderSql = order.sql.some((s) => s.startsWith('"id" '))
    ? order.sql
    : [...order.sql, tieBreaker(lastDirection, q.unstableSalt)];
  const columns = limit.fields.map((f) => `t."${f.name}"`).join(', ');
  const byIdOnly = orderSql.every((s) => s.startsWith('"id" '));
  const hint = byIdOnly ? q.where.find((w) => w.indexWhenById !== undefined)?.indexWhenById : undefined;
  const indexed = hint === undefined ? '' : `INDEXED BY ${hint}`;
  // Sort ids only, then fetch the page's wide rows: sorting 100k full rows is what would be slow.
  const rows = q.db
    .prepare(
      `SELECT ${columns}
       FROM (SELECT id FROM ${q.table} ${indexed} ${whereSql} ORDER BY ${orderSql.join(', ')} LIMIT ? OFFSET ?) page
       JOIN ${q.table} t ON t.id = page.id
       ORDER BY ${orderSql.map(onTable).join(', ')}`,
    )
    .raw()
    .all([...params, all ? -1 : pageSize, Math.min(offset, Number.MAX_SAFE_INTEGER)]) as unknown[][];

  return {
    currentPage,
    data: rawRowsToJson(limit.fields, rows),
    hasNextPage: currentPage < totalPages,
    hasPreviousPage: currentPage > 1,
    pageSize,
    totalCount,
    totalPages,
  };
}
