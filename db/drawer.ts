// Typed queries of the drawer_opening table (migration 18): the cash drawer opened without a sale,
// when and by whom. A shift's X and Z reports count them between the shift's opening and its close.
import { z } from 'zod';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';

export interface DrawerOpening {
  readonly id: number;
  readonly at: string;
  readonly reason: 'no-sale';
  /** The manager (the PIN was given) or the till (no PIN is set). */
  readonly by: 'manager' | 'till';
}

const Row = z.object({
  id: z.number().int(),
  at: z.string(),
  reason: z.literal('no-sale'),
  by: z.enum(['manager', 'till']),
});

export function recordDrawerOpening(db: Db, by: DrawerOpening['by'], now: Date): DrawerOpening {
  const id = prepared(db, "INSERT INTO drawer_opening (at, reason, by) VALUES (?, 'no-sale', ?)").run(
    now.toISOString(),
    by,
  ).lastInsertRowid;
  return { id: Number(id), at: now.toISOString(), reason: 'no-sale', by };
}

/** The openings from `from` (inclusive) until `until` (exclusive; none: until now), oldest first. */
export function drawerOpenings(db: Db, from: Date, until?: Date): DrawerOpening[] {
  const rows =
    until === undefined
      ? prepared(db, 'SELECT * FROM drawer_opening WHERE at >= ? ORDER BY at, id').all(from.toISOString())
      : prepared(db, 'SELECT * FROM drawer_opening WHERE at >= ? AND at < ? ORDER BY at, id').all(
          from.toISOString(),
          until.toISOString(),
        );
  return rows.map((row) => Row.parse(row));
}
