// Typed queries of the till's cashiers and who is signed in (migration 17). A cashier's PIN is kept
// only as its hash (main/shift/cashiers.ts makes it). No function here opens a transaction.
import { z } from 'zod';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';
import { lazy } from '../common/lazy.ts';

const CashierRow = lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    pinHash: z.string(),
    createdAt: z.string(),
    removedAt: z.string().nullable(),
  }),
);
export type CashierRow = z.output<typeof CashierRow>;

export function insertCashier(db: Db, cashier: { name: string; pinHash: string; now: Date }): CashierRow {
  const info = prepared(db, 'INSERT INTO cashier (name, pinHash, createdAt) VALUES (?, ?, ?)').run(
    cashier.name,
    cashier.pinHash,
    cashier.now.toISOString(),
  );
  const row = getCashier(db, Number(info.lastInsertRowid));
  if (row === undefined) throw new Error('The cashier was not stored.');
  return row;
}

export function getCashier(db: Db, id: number): CashierRow | undefined {
  const row: unknown = prepared(db, 'SELECT * FROM cashier WHERE id = ?').get(id);
  return row === undefined ? undefined : CashierRow.parse(row);
}

/** The cashiers who may sign in (not removed), by name. */
export function activeCashiers(db: Db): CashierRow[] {
  const rows: unknown[] = prepared(
    db,
    'SELECT * FROM cashier WHERE removedAt IS NULL ORDER BY name COLLATE NOCASE, id',
  ).all();
  return rows.map((r) => CashierRow.parse(r));
}

export function activeCashierCount(db: Db): number {
  const n: unknown = prepared(db, 'SELECT count(*) FROM cashier WHERE removedAt IS NULL').pluck().get();
  return typeof n === 'number' ? n : 0;
}

export function activeCashierNamed(db: Db, name: string): CashierRow | undefined {
  const row: unknown = prepared(db, 'SELECT * FROM cashier WHERE name = ? AND removedAt IS NULL').get(name);
  return row === undefined ? undefined : CashierRow.parse(row);
}

export function setCashierPin(db: Db, id: number, pinHash: string): boolean {
  return (
    prepared(db, 'UPDATE cashier SET pinHash = ? WHERE id = ? AND removedAt IS NULL').run(pinHash, id)
      .changes === 1
  );
}

/** Marks a cashier removed (kept for the reports that name them) and signs them out. */
export function removeCashier(db: Db, id: number, now: Date): boolean {
  prepared(db, 'DELETE FROM till_cashier WHERE cashierId = ?').run(id);
  return (
    prepared(db, 'UPDATE cashier SET removedAt = ? WHERE id = ? AND removedAt IS NULL').run(
      now.toISOString(),
      id,
    ).changes === 1
  );
}

/** Who works the till now: the cashier signed in, if any. */
export function signedInCashier(db: Db): { cashier: CashierRow; since: string } | undefined {
  const row: unknown = prepared(
    db,
    `SELECT c.*, t.signedInAt FROM till_cashier t JOIN cashier c ON c.id = t.cashierId
      WHERE t.till = 1 AND c.removedAt IS NULL`,
  ).get();
  if (row === undefined) return undefined;
  const parsed = CashierRow.extend({ signedInAt: z.string() }).parse(row);
  const { signedInAt, ...cashier } = parsed;
  return { cashier, since: signedInAt };
}

export function signIn(db: Db, cashierId: number, now: Date): void {
  prepared(
    db,
    `INSERT INTO till_cashier (till, cashierId, signedInAt) VALUES (1, ?, ?)
       ON CONFLICT (till) DO UPDATE SET cashierId = excluded.cashierId, signedInAt = excluded.signedInAt`,
  ).run(cashierId, now.toISOString());
}

export function signOut(db: Db): void {
  prepared(db, 'DELETE FROM till_cashier WHERE till = 1').run();
}
