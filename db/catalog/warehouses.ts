// The warehouse table: the whole list, replaced by each sync (it is small and comes in one response).
import { z } from 'zod';
import type { Db } from '../database.ts';
import { prepared } from '../prepared.ts';
import { column, itemToRow, parseRow, upsertSql, type InputOf, type RowOf } from './rows.ts';
import { lazy } from '../../common/lazy.ts';

const WarehouseRow = lazy(() =>
  z.object({
    id: column.int,
    name: column.text,
    number: column.optionalText,
    isInactive: column.optionalFlag,
    syncedAt: column.text,
  }),
);
export type WarehouseRow = RowOf<typeof WarehouseRow>;
export type CachedWarehouse = z.output<typeof WarehouseRow>;
export type WarehouseInput = InputOf<Omit<CachedWarehouse, 'syncedAt'>>;

export function rowToWarehouse(row: unknown): CachedWarehouse {
  return parseRow(WarehouseRow, row);
}

export function warehouseToRow(w: WarehouseInput, syncedAt: string): WarehouseRow {
  return itemToRow(WarehouseRow, w, { syncedAt });
}

const upsert = upsertSql('warehouse', WarehouseRow.keyof().options, 'update');

/** Replaces the whole list (it is small and comes in one response). */
export function replaceWarehouses(db: Db, list: readonly WarehouseInput[], syncedAt: string): void {
  prepared(db, 'DELETE FROM warehouse WHERE id NOT IN (SELECT value FROM json_each(?))').run(
    JSON.stringify(list.map((w) => w.id)),
  );
  for (const w of list) prepared(db, upsert).run(warehouseToRow(w, syncedAt));
}

export function warehouses(db: Db): CachedWarehouse[] {
  return prepared(db, 'SELECT * FROM warehouse ORDER BY id').all().map(rowToWarehouse);
}
