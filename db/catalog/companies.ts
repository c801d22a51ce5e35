// Companies as the catalog knows them: their cards (company_card), their representatives
// (company_representative) and the companies discovered through either or through receivables
// (discovered_company), whose cards sync fetches one company at a time.
import { z } from 'zod';
import type { Db } from '../database.ts';
import { IssuedCardBody } from '../journal.ts';
import { prepared } from '../prepared.ts';
import {
  column,
  parseRow,
  itemToRow,
  intList,
  parseJsonObject,
  upsertSql,
  type InputOf,
  type RowOf,
} from './rows.ts';
import { lazy } from '../../common/lazy.ts';

// ---------------------------------------------------------------------------------------------
// Company cards

const CompanyCardRow = lazy(() =>
  z.object({
    id: column.int,
    companyId: column.int,
    barcode: column.optionalText,
    discount: column.optionalReal,
    discountAmount: column.optionalReal,
    discountGroupId: column.optionalInt,
    guid: column.optionalText,
    isBillingEnabled: column.optionalFlag,
    isInvalid: column.optionalFlag,
    lastModify: column.optionalText,
    name: column.optionalText,
    note: column.optionalText,
    validFrom: column.optionalText,
    validTo: column.optionalText,
    syncedAt: column.text,
  }),
);
export type CompanyCardRow = RowOf<typeof CompanyCardRow>;
export type CachedCompanyCard = z.output<typeof CompanyCardRow>;
export type CompanyCardInput = InputOf<Omit<CachedCompanyCard, 'syncedAt'>>;

export function rowToCompanyCard(row: unknown): CachedCompanyCard {
  return parseRow(CompanyCardRow, row);
}

export function companyCardToRow(card: CompanyCardInput, syncedAt: string): CompanyCardRow {
  return itemToRow(CompanyCardRow, card, { syncedAt });
}

const upsertCard = upsertSql('company_card', CompanyCardRow.keyof().options, 'replace');

/** Stores one card (e.g. resolved online by a scan) and discovers its company. */
export function upsertCompanyCard(db: Db, card: CompanyCardInput, syncedAt: string): void {
  prepared(db, upsertCard).run(companyCardToRow(card, syncedAt));
  discoverCompanies(db, [card.companyId], 'card', syncedAt);
}

/** Replaces every card of one company with the list the service gave for it. */
export function replaceCompanyCards(
  db: Db,
  companyId: number,
  cards: Iterable<CompanyCardInput>,
  syncedAt: string,
): void {
  // A card issued here and not yet on the instance (a negative id) is not the list's to drop.
  prepared(db, 'DELETE FROM company_card WHERE companyId = ? AND id > 0').run(companyId);
  for (const card of cards) upsertCompanyCard(db, card, syncedAt);
}

/**
 * A card issued at this till, cached at once so every later sale finds it offline. Until the instance
 * has it, its id is its outbox entry's negated (the instance's ids are positive): no synced card takes
 * its place, and the instance's card replaces it when the entry is sent (settleIssuedCard).
 */
export function cacheIssuedCard(
  db: Db,
  entryId: number,
  card: Omit<CompanyCardInput, 'id'>,
  at: string,
): void {
  upsertCompanyCard(db, { ...card, id: -entryId }, at);
}

/** The instance stored (or held) the card of outbox entry `entryId`: its card replaces the till's. */
export function settleIssuedCard(db: Db, entryId: number, card: CompanyCardInput, at: string): void {
  prepared(db, 'DELETE FROM company_card WHERE id = ?').run(-entryId);
  upsertCompanyCard(db, card, at);
}

/** The card of an outbox entry given up (discarded): no later sale finds it. */
export function dropIssuedCard(db: Db, entryId: number): void {
  prepared(db, 'DELETE FROM company_card WHERE id = ?').run(-entryId);
}

/** Whether the card of outbox entry `entryId` is still the till's own in the cache (not settled). */
export function isIssuedCardPending(db: Db, entryId: number): boolean {
  return prepared(db, 'SELECT 1 FROM company_card WHERE id = ?').get(-entryId) !== undefined;
}

/** Whether a cached card was issued at this till and is not on the instance yet. */
export function isIssuedHere(card: Pick<CachedCompanyCard, 'id'>): boolean {
  return card.id < 0;
}

/**
 * The cached card with this barcode (the counter's offline customer lookup), valid or not: the
 * instance's (synced) first, then one issued at this till, then one another till of the store issued
 * (its journal event, through the store hub) that this till's cache does not have yet.
 */
export function cardByBarcode(db: Db, barcode: string): CachedCompanyCard | undefined {
  const row = prepared(
    db,
    'SELECT * FROM company_card WHERE barcode = ? ORDER BY id < 0, abs(id) LIMIT 1',
  ).get(barcode);
  return row === undefined ? storeIssuedCard(db, barcode) : rowToCompanyCard(row);
}

/**
 * Ids of cards another till issued, as this till shows them: negative like a card issued here (not on
 * the instance yet: isIssuedHere), below every outbox entry's negated id so the two never meet.
 */
const STORE_CARD_ID_BASE = 1_000_000_000_000;

function storeIssuedCard(db: Db, barcode: string): CachedCompanyCard | undefined {
  const row = prepared(
    db,
    `SELECT rowid AS eventId, body, receivedAt FROM main.store_event
      WHERE kind = 'card' AND json_extract(body, '$.barcode') = ? ORDER BY rowid LIMIT 1`,
  ).get(barcode);
  if (row === undefined) return undefined;
  const event = z.object({ eventId: z.int(), body: z.string(), receivedAt: z.string() }).parse(row);
  const card = IssuedCardBody.safeParse(JSON.parse(event.body));
  if (!card.success) return undefined;
  return rowToCompanyCard(
    companyCardToRow({ ...card.data, id: -(STORE_CARD_ID_BASE + event.eventId) }, event.receivedAt),
  );
}

export function companyCards(db: Db, companyId: number): CachedCompanyCard[] {
  return prepared(db, 'SELECT * FROM company_card WHERE companyId = ? ORDER BY id')
    .all(companyId)
    .map(rowToCompanyCard);
}

// ---------------------------------------------------------------------------------------------
// Company representatives

const CompanyRepresentativeRow = lazy(() =>
  z.object({
    id: column.int,
    companyId: column.optionalInt,
    name: column.optionalText,
    surname: column.optionalText,
    email: column.optionalText,
    phone: column.optionalText,
    data: column.text,
    syncedAt: column.text,
    syncMark: column.int,
  }),
);
export type CompanyRepresentativeRow = RowOf<typeof CompanyRepresentativeRow>;

/** A representative as the service gives it (its JSON is kept whole in the data column). */
export type CompanyRepresentativeInput = InputOf<
  Omit<z.output<typeof CompanyRepresentativeRow>, 'data' | 'syncedAt' | 'syncMark'>
>;

export function representativeToRow(
  r: CompanyRepresentativeInput,
  options: { syncedAt: string; mark: number },
): CompanyRepresentativeRow {
  return itemToRow(CompanyRepresentativeRow, r, {
    data: JSON.stringify(r),
    syncedAt: options.syncedAt,
    syncMark: options.mark,
  });
}

const upsertRepresentative = upsertSql(
  'company_representative',
  CompanyRepresentativeRow.keyof().options,
  'replace',
);

export function upsertRepresentatives(
  db: Db,
  list: readonly CompanyRepresentativeInput[],
  options: { syncedAt: string; mark: number },
): void {
  for (const r of list) prepared(db, upsertRepresentative).run(representativeToRow(r, options));
}

/** A company's representatives as the service sent them. */
export function companyRepresentatives(db: Db, companyId: number): Record<string, unknown>[] {
  return prepared(db, 'SELECT data FROM company_representative WHERE companyId = ? ORDER BY id')
    .pluck()
    .all(companyId)
    .map(parseJsonObject);
}

// ---------------------------------------------------------------------------------------------
// Discovered companies

export type DiscoverySource = 'representative' | 'receivable' | 'card';

/** Records companies whose cards sync should fetch; returns the ids that were new. */
export function discoverCompanies(
  db: Db,
  companyIds: Iterable<number>,
  source: DiscoverySource,
  at: string,
): number[] {
  const insert = prepared(
    db,
    'INSERT INTO discovered_company (companyId, source, discoveredAt) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const added: number[] = [];
  for (const id of new Set(companyIds)) if (insert.run(id, source, at).changes > 0) added.push(id);
  return added;
}

export function discoveredCompanyIds(db: Db): number[] {
  return intList.parse(
    prepared(db, 'SELECT companyId FROM discovered_company ORDER BY companyId').pluck().all(),
  );
}

// ---------------------------------------------------------------------------------------------
// Company names

/**
 * The name a cashier knows each company by. SPEC.md's companies have no name of their own; the
 * instance's invoices do: the customerName of the company's latest cached receivable (a company's
 * own name, "Vinotéka Kříž v.o.s."), else the name on its first named card ("Věrnostní karta 1"),
 * else its first representative's name and surname; companies with none are absent from the map.
 * The card comes second: it names the card, not who holds it.
 */
export function companyNames(db: Db, companyIds: Iterable<number>): Map<number, string> {
  const ids = JSON.stringify([...new Set(companyIds)]);
  const rows = prepared(
    db,
    `SELECT companyId, name FROM (
       SELECT customerId AS companyId, customerName AS name, 0 AS pref, -id AS id FROM financial_receivable
         WHERE trim(coalesce(customerName, '')) <> ''
       UNION ALL
       SELECT companyId, name, 1, id FROM company_card WHERE trim(coalesce(name, '')) <> ''
       UNION ALL
       SELECT companyId, trim(coalesce(name, '') || ' ' || coalesce(surname, '')), 2, id
         FROM company_representative WHERE trim(coalesce(name, '') || coalesce(surname, '')) <> ''
     ) WHERE companyId IN (SELECT value FROM json_each(?)) ORDER BY companyId, pref, id`,
  ).all(ids);
  const names = new Map<number, string>();
  for (const row of z.array(z.object({ companyId: z.int(), name: z.string() })).parse(rows))
    if (!names.has(row.companyId)) names.set(row.companyId, row.name.trim());
  return names;
}

/**
 * A company the cache knows, by its name there, or "Company N" when it has none; undefined for a
 * company neither synced nor scanned.
 */
export function knownCompanyName(db: Db, companyId: number): string | undefined {
  const name = companyNames(db, [companyId]).get(companyId);
  if (name !== undefined) return name;
  const known = prepared(db, 'SELECT 1 FROM discovered_company WHERE companyId = ?').pluck().get(companyId);
  return known === undefined ? undefined : `Company ${companyId}`;
}

export interface CompanyMatch {
  readonly companyId: number;
  readonly name: string | undefined;
}

/**
 * Known companies (discovered by sync or scans) whose id is `text`, or whose card or representative
 * names contain every word of it, case- and diacritics-insensitive; by name, at most `limit`.
 */
export function findCompanies(db: Db, text: string, limit = 20): CompanyMatch[] {
  const words = fold(text).split(/\s+/).filter(Boolean);
  const ids = discoveredCompanyIds(db);
  const names = companyNames(db, ids);
  const matches: CompanyMatch[] = [];
  for (const companyId of ids) {
    const name = names.get(companyId);
    const byId = words.length === 1 && words[0] === String(companyId);
    const haystack = fold(name ?? '');
    if (byId || (words.length > 0 && words.every((w) => haystack.includes(w))))
      matches.push({ companyId, name });
  }
  return matches
    .sort((a, b) => (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff') || a.companyId - b.companyId)
    .slice(0, limit);
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}
