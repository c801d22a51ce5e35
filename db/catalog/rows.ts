// What the catalog modules share: the column types rows are checked against when read, the
// conversions between SQLite's values and the API's, and the types derived from a row's schema.
//
// A table's schema (zod) is its one declaration: its input is the row SQLite returns (NULL columns,
// 0/1 flags), its output the cached shape the app reads (absent fields, booleans).
import { z } from 'zod';

export type Maybe<T> = T | null | undefined;

/** What a writer may be given for a cached shape: each optional field may also be null. */
export type InputOf<T> = { [K in keyof T]: undefined extends T[K] ? Maybe<Exclude<T[K], undefined>> : T[K] };

/** A row as SQLite returns it and as a writer binds it: every column present, NULL where empty. */
export type RowOf<S extends z.ZodType> = { [K in keyof z.input<S>]-?: Exclude<z.input<S>[K], undefined> };

/** Column types: a NULL column is an absent field, a 0/1 flag a boolean. */
export const column = {
  int: z.number().int(),
  real: z.number(),
  text: z.string(),
  optionalInt: z
    .number()
    .int()
    .nullable()
    .transform((v) => v ?? undefined)
    .optional(),
  optionalReal: z
    .number()
    .nullable()
    .transform((v) => v ?? undefined)
    .optional(),
  optionalText: z
    .string()
    .nullable()
    .transform((v) => v ?? undefined)
    .optional(),
  optionalFlag: z
    .union([z.literal(0), z.literal(1)])
    .nullable()
    .transform((v) => (v === null ? undefined : v === 1))
    .optional(),
};

/** A flag column's value: NULL when the service left the field out. */
export function flagToSql(value: Maybe<boolean>): 0 | 1 | null {
  return value === undefined || value === null ? null : value ? 1 : 0;
}

/** The value with its undefined fields left out (a row's NULL columns are absent fields). */
export function compact<T extends object>(value: T): T {
  const out = { ...value };
  for (const key in out) if (out[key] === undefined) Reflect.deleteProperty(out, key);
  return out;
}

/** The columns of a plucked statement that returns ids (or any integers). */
export const intList = z.array(column.int);
/** A count(*) or other single integer. */
export const intValue = column.int;

/** A JSON column holding an object as the service sent it. */
const jsonObject = z.record(z.string(), z.unknown());
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

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
