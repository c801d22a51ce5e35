// The financial_receivable table: what customers owe, copied by full passes (mark and sweep).
import { z } from 'zod';
import { catalogCommits, type Db } from '../database.ts';
import { prepared } from '../prepared.ts';
import { column, fieldsOf, itemToRow, parseRow, upsertSql, type InputOf, type RowOf } from './rows.ts';
import { lazy } from '../../common/lazy.ts';
import { syncState } from './sync-state.ts';
import { roundedMinor, sumKnown, toMajor, type Minor } from '../../common/money.ts';

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
  /**
   * Receivables with something left to pay (amount - alreadyPaid > 0), oldest due first; `owed` is
   * null where that is no amount Counter can hold (an instance's 1e14): not known.
   */
  items: (CachedFinancialReceivable & { owed: number | null })[];
  /** Sum owed per currency (ISO 4217, '' where the service gave none readable); null when it is not known. */
  totals: { currency: string; owed: number | null }[];
}

/**
 * What a customer still owes, from the cache. A receivable's figures are the instance's: one the
 * money module cannot hold makes its sum, and its currency's, not known rather than failing the
 * card's scan and the sale's view (roundedMinor).
 */
export function receivablesOwed(db: Db, companyId: number): ReceivablesOwed {
  const rows = prepared(
    db,
    `SELECT * FROM financial_receivable
     WHERE customerId = ? AND coalesce(amount, 0) - coalesce(alreadyPaid, 0) > 0
     ORDER BY dueDate, id`,
  ).all(companyId);
  const owed = rows.map((r) => {
    const rec = rowToReceivable(r);
    return { rec, minor: roundedMinor((rec.amount ?? 0) - (rec.alreadyPaid ?? 0)) };
  });
  return {
    companyId,
    items: owed.map((o) => ({ ...o.rec, owed: majorOrNull(o.minor) })),
    totals: totalsByCurrency(owed),
  };
}

/** The sums owed per currency, in the order the currencies first come; null where one is not known. */
function totalsByCurrency(
  owed: readonly { rec: CachedFinancialReceivable; minor: Minor | undefined }[],
): ReceivablesOwed['totals'] {
  const byCurrency = new Map<string, (Minor | undefined)[]>();
  for (const o of owed) {
    const currency = currencyCode(o.rec.currency);
    const amounts = byCurrency.get(currency);
    if (amounts === undefined) byCurrency.set(currency, [o.minor]);
    else amounts.push(o.minor);
  }
  return [...byCurrency].map(([currency, amounts]) => ({ currency, owed: majorOrNull(sumKnown(amounts)) }));
}

/** What a customer owes as the till says it: in the currency its prices are shown in, and apart. */
export interface OwedAtTill {
  /** The receivables in the till's currency, or naming none it can read; oldest due first. */
  readonly items: ReceivablesOwed['items'];
  /** Their sum; undefined where one of them is no amount Counter can hold. */
  readonly owed: Minor | undefined;
  /** The sums owed in each other currency, never added to `owed` (null: not known). */
  readonly elsewhere: ReceivablesOwed['totals'];
}

/**
 * A customer's receivables split by the till's currency (Settings', else the receivables' most
 * common): 100 EUR and 500 CZK are never "600" in one. Without a till currency, all are the till's.
 */
export function owedAtTill(owed: ReceivablesOwed, tillCurrency: string | undefined): OwedAtTill {
  const till = tillCurrency === undefined ? undefined : currencyCode(tillCurrency);
  const here = (currency: string | undefined) => {
    const code = currencyCode(currency);
    return till === undefined || code === '' || code === till;
  };
  const items = owed.items.filter((i) => here(i.currency));
  return {
    items,
    owed: sumKnown(items.map((i) => (i.owed === null ? undefined : roundedMinor(i.owed)))),
    elsewhere: owed.totals.filter((t) => !here(t.currency)),
  };
}

/**
 * What `companyId` owes as the till says it (owedAtTill), from the cache; undefined before the
 * receivables were synced completely once (nothing is known of them yet).
 */
export function customerOwes(
  db: Db,
  companyId: number,
  tillCurrency: string | undefined,
): OwedAtTill | undefined {
  if (syncState(db, 'financialReceivables').lastCompleteAt === undefined) return undefined;
  return owedAtTill(receivablesOwed(db, companyId), tillCurrency);
}

/** A currency as an ISO 4217 code ("czk " is CZK), or '' for none the till can read. */
function currencyCode(currency: string | undefined): string {
  const code = (currency ?? '').trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : '';
}

function majorOrNull(amount: Minor | undefined): number | null {
  return amount === undefined ? null : toMajor(amount);
}

/**
 * commonCurrency of one database, worked out again only when another connection has committed to
 * the catalog since: it reads every receivable, and the sale's view and the customer display follow
 * every scan. Receivables are written by the sync alone, on its worker's connection or in another
 * process (pos sync), never on the reader's own, so a change always moves the catalog's data_version.
 */
export class CommonCurrency {
  #last: { db: Db; commits: number; value: string | undefined } | null = null;

  of(db: Db): string | undefined {
    const commits = catalogCommits(db);
    if (commits === undefined) return commonCurrency(db);
    const last = this.#last;
    if (last !== null && last.db === db && last.commits === commits) return last.value;
    const value = commonCurrency(db);
    this.#last = { db, commits, value };
    return value;
  }
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
