// What the catalog modules share: the column types rows are checked against when read, the
// conversions between SQLite's values and the API's, and the types derived from a row's schema.
//
// A table's schema (zod) is its one declaration: its input is the row SQLite returns (an optional
// field is a column that may be NULL, a flag 0/1), its output the cached shape the app reads (absent
// fields, booleans).
import { z } from 'zod';
import { lazy } from '../../common/lazy.ts';

export type Maybe<T> = T | null | undefined;

/** What a writer may be given for a cached shape: each optional field may also be null. */
export type InputOf<T> = { [K in keyof T]: undefined extends T[K] ? Maybe<Exclude<T[K], undefined>> : T[K] };

/**
 * A row as SQLite returns it and as a writer binds it: every column present, NULL where the schema
 * makes the field optional.
 */
export type RowOf<S extends z.ZodType> = {
  [K in keyof z.input<S>]-?: undefined extends z.input<S>[K]
    ? Exclude<z.input<S>[K], undefined> | null
    : z.input<S>[K];
};

/** Column types: an optional field is a column that may be NULL, a flag a 0/1 column read as a boolean. */
export const column = {
  int: z.number().int(),
  real: z.number(),
  text: z.string(),
  optionalInt: z.number().int().optional(),
  optionalReal: z.number().optional(),
  optionalText: z.string().optional(),
  optionalFlag: z
    .union([z.literal(0), z.literal(1)])
    .transform((v) => v === 1)
    .optional(),
};

/** The fields a table stores from the service, in order: sync asks for exactly these (limitFields). */
export function fieldsOf<C extends Record<string, z.ZodType>>(columns: C): readonly (keyof C & string)[] {
  // Object.keys gives exactly C's own keys: the columns are an object literal of schemas.
  return Object.keys(columns);
}

/** The row checked against its schema, its NULL columns left out (absent fields). */
export function parseRow<S extends z.ZodType>(schema: S, row: unknown): z.output<S> {
  return schema.parse(withoutNulls(row));
}

function withoutNulls(row: unknown): unknown {
  if (typeof row !== 'object' || row === null) return row;
  // Over the keys, not entries: every stock item a scan reads comes through here.
  const source = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) if (source[key] !== null) out[key] = source[key];
  return out;
}

/** A flag column's value: NULL when the service left the field out. */
export function flagToSql(value: Maybe<boolean>): 0 | 1 | null {
  return value === undefined || value === null ? null : value ? 1 : 0;
}

/**
 * The row a writer binds for one cached item: each column of the table's schema from `set` (what the
 * writer fills in itself: when sync saw it, its mark, the item as JSON) or else from the item as the
 * service gave it, an absent field NULL, a flag 0/1. Only the schema's columns: a field the service
 * added is not bound.
 */
export function itemToRow<S extends z.ZodObject, F extends Partial<RowOf<S>>>(
  schema: S,
  item: InputOf<Omit<z.output<S>, keyof F>>,
  set: F,
): RowOf<S> {
  const given: Record<string, unknown> = item;
  const fixed: Record<string, unknown> = set;
  const row: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = key in fixed ? fixed[key] : given[key];
    row[key] = typeof value === 'boolean' ? flagToSql(value) : (value ?? null);
  }
  // Each column is the item's field (its type is the column's, by InputOf) or the writer's own.
  return row as RowOf<S>;
}

/** The value with its undefined fields left out. */
export function compact<T extends object>(value: T): T {
  const out = { ...value };
  for (const key in out) if (out[key] === undefined) Reflect.deleteProperty(out, key);
  return out;
}

/** The columns of a plucked statement that returns ids (or any integers). */
export const intList = lazy(() => z.array(column.int));
/** A count(*) or other single integer. */
export const intValue = column.int;

/** A JSON column holding an object as the service sent it. */
const jsonObject = lazy(() => z.record(z.string(), z.unknown()));
export function parseJsonObject(text: unknown): Record<string, unknown> {
  return jsonObject.parse(JSON.parse(column.text.parse(text)));
}

/** An upsert of every column of a row, by name (`@column` parameters bound from the row object). */
export function upsertSql(table: string, columns: readonly string[], conflict: 'replace' | 'update'): string {
  const names = columns.join(', ');
  const values = columns.map((c) => `@${c}`).join(', ');
  if (conflict === 'replace') return `INSERT OR REPLACE INTO ${table} (${names}) VALUES (${values})`;
  const [key, ...rest] = columns;
  return `INSERT INTO ${table} (${names}) VALUES (${values})
    ON CONFLICT (${key}) DO UPDATE SET ${rest.map((c) => `${c} = excluded.${c}`).join(', ')}`;
}
