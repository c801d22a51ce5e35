// Typed queries of the drawer_opening table (migration 18): the cash drawer opened without a sale,
// when and by whom, and in which shift (migration 24). A shift's X and Z reports count its own: by
// the shift recorded with each, never by the clock's times, which can be set back or forward.
import { z } from 'zod';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';
import { lazy } from '../common/lazy.ts';

export interface DrawerOpening {
  readonly id: number;
  readonly at: string;
  readonly reason: 'no-sale';
  /** The manager (the PIN was given) or the till (no PIN is set). */
  readonly by: 'manager' | 'till';
}

const Row = lazy(() =>
  z.object({
    id: z.number().int(),
    at: z.string(),
    reason: z.literal('no-sale'),
    by: z.enum(['manager', 'till']),
    shiftId: z.number().int().nullable(),
  }),
);

export function recordDrawerOpening(db: Db, by: DrawerOpening['by'], now: Date): DrawerOpening {
  const id = prepared(
    db,
    `INSERT INTO drawer_opening (at, reason, by, shiftId)
       VALUES (?, 'no-sale', ?, (SELECT id FROM shift WHERE state = 'open'))`,
  ).run(now.toISOString(), by).lastInsertRowid;
  return { id: Number(id), at: now.toISOString(), reason: 'no-sale', by };
}

/** The openings made in shift `shiftId`, in the order they were made. */
export function drawerOpenings(db: Db, shiftId: number): DrawerOpening[] {
  const rows = prepared(db, 'SELECT * FROM drawer_opening WHERE shiftId = ? ORDER BY id').all(shiftId);
  return rows.map((row) => Row.parse(row));
}
