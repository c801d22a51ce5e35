// The financial_receivable table: what customers owe, copied by full passes (mark and sweep).
import { z } from 'zod';
import type { Db } from '../database.ts';
import { prepared } from '../prepared.ts';
import {
  column,
  fieldsOf,
  itemToRow,
  parseRow,
  round2,
  upsertSql,
  type InputOf,
  type RowOf,
} from './rows.ts';
import { lazy } from '../../common/lazy.ts';

/** The receivable fields the app stores and their columns; sync asks for exactly these. */
const receivableColumns = {
  id: column.int,
  customerId: column.optionalInt,
  customerName: column.optionalText,
  documentType: column.optionalText,
  variableSymbol: column.optionalText,
  internalNumber: column.optionalInt,
  amount: column.optionalReal,
  alreadyPaid: column.optionalReal,
  currency: column.optionalText,
  date: column.optionalText,
  dueDate: column.optionalText,
  paidOnDate: column.optionalText,
};
export const financialReceivableFields = fieldsOf(receivableColumns);

const FinancialReceivableRow = lazy(() =>
  z.object({
    ...receivableColumns,
    syncedAt: column.text,
  }),
);
/** The row as written: with the number of the full pass that saw it (read back by the sweep only). */
const MarkedReceivableRow = lazy(() => FinancialReceivableRow.extend({ syncMark: column.int }));
export type FinancialReceivableRow = RowOf<typeof MarkedReceivableRow>;
export type CachedFinancialReceivable = z.output<typeof FinancialReceivableRow>;
export type FinancialReceivableInput = InputOf<Omit<CachedFinancialReceivable, 'syncedAt'>>;

export function rowToReceivable(row: unknown): CachedFinancialReceivable {
  return parseRow(FinancialReceivableRow, row);
}

export function receivableToRow(
  r: FinancialReceivableInput,
  options: { syncedAt: string; mark: number },
): FinancialReceivableRow {
  return itemToRow(MarkedReceivableRow, r, { syncedAt: options.syncedAt, syncMark: options.mark });
}

const upsert = upsertSql('financial_receivable', MarkedReceivableRow.keyof().options, 'replace');

export function upsertReceivables(
  db: Db,
  list: readonly FinancialReceivableInput[],
  options: { syncedAt: string; mark: number },
): void {
  for (const r of list) prepared(db, upsert).run(receivableToRow(r, options));
}

/** Marks receivables the pass `mark` saw but could not read: their last good copy stays. */
export function markReceivables(db: Db, ids: readonly number[], mark: number): void {
  prepared(
    db,
    'UPDATE financial_receivable SET syncMark = ? WHERE id IN (SELECT value FROM json_each(?))',
  ).run(mark, JSON.stringify(ids));
}

export interface ReceivablesOwed {
  companyId: number;
  /** Receivables with something left to pay (amount - alreadyPaid > 0), oldest due first. */
  items: (CachedFinancialReceivable & { owed: number })[];
  /** Sum owed per currency ('' when the service gave none). */
  totals: { currency: string; owed: number }[];
}

/** What a customer still owes, from the cache. */
export function receivablesOwed(db: Db, companyId: number): ReceivablesOwed {
  const rows = prepared(
    db,
    `SELECT * FROM financial_receivable
     WHERE customerId = ? AND coalesce(amount, 0) - coalesce(alreadyPaid, 0) > 0
     ORDER BY dueDate, id`,
  ).all(companyId);
  const items = rows.map((r) => {
    const rec = rowToReceivable(r);
    return { ...rec, owed: round2((rec.amount ?? 0) - (rec.alreadyPaid ?? 0)) };
  });
  const totals = new Map<string, number>();
  for (const i of items) totals.set(i.currency ?? '', round2((totals.get(i.currency ?? '') ?? 0) + i.owed));
  return { companyId, items, totals: [...totals].map(([currency, owed]) => ({ currency, owed })) };
}

/**
 * The currency most receivables in the cache carry (a valid ISO 4217 code), or undefined when none
 * does: the instance's books currency, which the prices (SPEC.md gives them none) are taken to be in.
 */
export function commonCurrency(db: Db): string | undefined {
  const value: unknown = prepared(
    db,
    `SELECT upper(trim(currency)) FROM financial_receivable
     WHERE length(trim(currency)) = 3 AND upper(trim(currency)) GLOB '[A-Z][A-Z][A-Z]'
     GROUP BY upper(trim(currency)) ORDER BY count(*) DESC, upper(trim(currency)) LIMIT 1`,
  )
    .pluck()
    .get();
  return typeof value === 'string' ? value : undefined;
}
