// Rows a sync could not read: a string or a non-finite number where SPEC.md has a number, a stock
// item without the keys the cache needs. Each is left out and counted, and the first few are named
// in the resource's report (id and field), so one bad row on the instance costs that row and is
// seen, instead of failing the whole resource on every run.
import type { SkippedRow } from '../service/index.ts';
import type { ResourceReport } from './events.ts';

/** How many skipped rows a report names; the count covers all. */
export const NAMED_SKIPPED_ROWS = 10;

export class SkippedRows {
  #count = 0;
  /** Ids counted already: a row met again (a repeated walk, a sweep's lookup) counts once. */
  readonly #ids = new Set<number>();
  readonly #named: SkippedRow[] = [];

  add(rows: readonly SkippedRow[] | undefined): void {
    for (const row of rows ?? []) {
      if (row.id !== undefined) {
        if (this.#ids.has(row.id)) continue;
        this.#ids.add(row.id);
      }
      this.#count += 1;
      if (this.#named.length < NAMED_SKIPPED_ROWS) this.#named.push(row);
    }
  }

  /** The ids of the skipped rows that carry one: rows the instance has, though Counter cannot read them. */
  get ids(): ReadonlySet<number> {
    return this.#ids;
  }

  /** For the resource's report; undefined when no row was skipped. */
  report(): ResourceReport['skipped'] {
    if (this.#count === 0) return undefined;
    return { count: this.#count, rows: this.#named.map((row) => ({ ...row })) };
  }
}

/** A stock item without one of the keys the cache is built on, as a skipped row. */
export function keylessRow(row: { id?: number | undefined }, missing: string): SkippedRow {
  return {
    ...(row.id === undefined ? {} : { id: row.id }),
    field: missing,
    problem: 'absent: a stock item needs its id, productId and warehouseId',
  };
}
