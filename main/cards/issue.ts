// A card issued at the till (issue 39): checked field by field in the cashier's words, then stored as
// a card document in the outbox and cached in one transaction (nothing stored half), so every later
// sale of this till finds it offline; the outbox sends it (main/outbox/card-channel.ts).
import {
  CARD_BARCODE_MAX,
  CARD_NAME_MAX,
  PERSON_EMAIL_MAX,
  PERSON_NAME_MAX,
  PERSON_PHONE_MAX,
  say,
  type CardDocument,
  type CardIssueInput,
  type Said,
} from '../../contract/contract.ts';
import { durably, writeTransaction, type Db } from '../../db/database.ts';
import { appendIssuedCard } from '../../db/journal.ts';
import { cacheIssuedCard, cardByBarcode, companyCards, knownCompanyName } from '../../db/catalog/index.ts';
import { CoreError } from '../ground/index.ts';
import { cardFields, insertOutboxDocument, type EntryOf } from '../outbox/index.ts';
import type { ScanResolver } from '../counter/index.ts';
import type { ScanResult } from '../service/index.ts';

/** What checking and storing a card needs. */
export interface CardIssueDeps {
  readonly db: Db;
  /** Tells a product's code or a misread one from a new card's (the counter's own rules). */
  readonly resolver: ScanResolver;
  readonly warehouseId: number | null;
  /** Asks the instance whether a code is a card already; null: the cache only (offline, the CLI's --offline). */
  readonly cards: {
    scanCard(sessionId: number, barcode: string, signal?: AbortSignal): Promise<ScanResult>;
  } | null;
  /** The instance the document is for (its outbox key); undefined: none stored. */
  readonly instance: string | undefined;
  /**
   * Whether the instance has a company the cache does not know (the CLI on a folder not synced):
   * true/false as it answered, undefined when it could not be asked. Absent: the cache decides.
   */
  readonly companyOnInstance?: (companyId: number) => Promise<boolean | undefined>;
  /** Months a card is valid when the cashier gives no last day (Settings). */
  readonly validityMonths: number;
  readonly now: () => Date;
}

/** How long the instance is asked whether the code is a card already before the cache alone decides. */
const ASK_MS = 1500;

/** Checks the card (CoreError 'invalid-input' by field, in the cashier's words) and the document it makes. */
export async function checkCard(deps: CardIssueDeps, input: CardIssueInput): Promise<CardDocument> {
  const barcode = input.barcode.trim();
  const name = input.name.trim();
  const errors: Record<string, Said[]> = {};
  const refuse = (field: string, said: Said): void => {
    (errors[field] ??= []).push(said);
  };
  if (!(await companyKnown(deps, input.companyId)))
    refuse('companyId', say('cardCompanyUnknown', { companyId: input.companyId }));
  if (barcode === '') refuse('barcode', say('cardBarcodeMissing'));
  else if (barcode.length > CARD_BARCODE_MAX)
    refuse('barcode', say('cardBarcodeTooLong', { length: barcode.length, max: CARD_BARCODE_MAX }));
  else {
    const why = barcodeRefusal(deps, barcode) ?? (await instanceRefusal(deps, barcode));
    for (const said of why ?? []) refuse('barcode', said);
  }
  if (name === '') refuse('name', say('cardNameMissing'));
  else if (name.length > CARD_NAME_MAX)
    refuse('name', say('cardNameTooLong', { length: name.length, max: CARD_NAME_MAX }));
  const validTo = input.validTo ?? defaultValidTo(deps.now(), deps.validityMonths);
  if (validTo < isoDay(deps.now())) refuse('validTo', say('cardValidToPast', { day: validTo }));
  const person = personOf(input, refuse);
  const fields = Object.keys(errors);
  if (fields.length > 0) {
    const said = fields.flatMap((f) => errors[f] ?? []);
    throw new CoreError(
      'invalid-input',
      said,
      Object.fromEntries(fields.map((f) => [f, (errors[f] ?? []).map((s) => englishOf(s))])),
      // The screens say each field's refusal beside its field, in the cashier's language.
      errors,
    );
  }
  return {
    companyId: input.companyId,
    barcode,
    name,
    validFrom: `${isoDay(deps.now())}T00:00:00`,
    validTo: `${validTo}T23:59:59`,
    ...discountOf(deps.db, input.companyId),
    ...(person === undefined ? {} : { person }),
  };
}

/** Stores the card as a queued outbox document and caches it, in one durable transaction. */
export function storeCard(
  deps: Pick<CardIssueDeps, 'db' | 'instance' | 'now'>,
  card: CardDocument,
): EntryOf<'card'> {
  return durably(deps.db, () =>
    writeTransaction(deps.db, () => {
      const entry = insertOutboxDocument(deps.db, 'card', card, {
        ...(deps.instance === undefined ? {} : { instance: deps.instance }),
        now: deps.now(),
      });
      cacheIssuedCard(deps.db, entry.id, cardFields(card), entry.createdAt);
      // The store's other tills learn it through the hub (issue 38's journal), in the same transaction.
      appendIssuedCard(deps.db, { entryId: entry.id, ...cardFields(card) });
      return entry;
    }),
  );
}

/** The cache's own reasons a code cannot be a new card: a card's already, a product's, misread. */
function barcodeRefusal(deps: CardIssueDeps, barcode: string): readonly Said[] | undefined {
  const cached = cardByBarcode(deps.db, barcode);
  if (cached !== undefined) {
    return [
      say('cardBarcodeTaken', {
        barcode,
        card: cached.name ?? `#${cached.id}`,
        company: knownCompanyName(deps.db, cached.companyId) ?? String(cached.companyId),
      }),
    ];
  }
  const product = deps.resolver.resolveProduct(barcode, deps.warehouseId);
  if (product.kind === 'resolved') {
    const r = product.resolution;
    const item = r.kind === 'customer' ? undefined : r.stockItem;
    return [
      say('cardBarcodeIsProduct', { barcode, product: item?.productName ?? item?.productCode ?? barcode }),
    ];
  }
  // Why it is misread (a wrong check digit, ...) in the reader's own words, after ours.
  if (product.reading.kind === 'misread')
    return [say('cardBarcodeInvalid', { barcode }), ...product.reading.said];
  return undefined;
}

/** The instance's word on the code, when it answers in time: a card of a company already. */
async function instanceRefusal(deps: CardIssueDeps, barcode: string): Promise<readonly Said[] | undefined> {
  if (deps.cards === null) return undefined;
  try {
    const found = await deps.cards.scanCard(0, barcode, AbortSignal.timeout(ASK_MS));
    return [
      say('cardBarcodeTaken', {
        barcode,
        card: found.card.name ?? `#${String(found.card.id ?? '?')}`,
        company: knownCompanyName(deps.db, found.companyId) ?? String(found.companyId),
      }),
    ];
  } catch {
    // 404: no card has it. Anything else (offline, slow): the cache decided; the outbox's answer
    // (a 400 naming the barcode) still says it if the instance knows better.
    return undefined;
  }
}

async function companyKnown(deps: CardIssueDeps, companyId: number): Promise<boolean> {
  if (knownCompanyName(deps.db, companyId) !== undefined) return true;
  if (deps.companyOnInstance === undefined) return false;
  // Not asked (offline): taken as given; the instance's answer (400 naming CompanyId) says otherwise.
  return (await deps.companyOnInstance(companyId)) ?? true;
}

function personOf(
  input: CardIssueInput,
  refuse: (field: string, said: Said) => void,
): CardDocument['person'] | undefined {
  const name = input.personName?.trim() ?? '';
  const email = input.email?.trim() ?? '';
  const phone = input.phone?.trim() ?? '';
  if (name === '' && email === '' && phone === '') return undefined;
  if (name === '') refuse('personName', say('cardPersonNeeded'));
  else if (name.length > PERSON_NAME_MAX)
    refuse('personName', say('cardPersonNameTooLong', { length: name.length, max: PERSON_NAME_MAX }));
  if (email !== '' && (email.length > PERSON_EMAIL_MAX || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)))
    refuse('email', say('cardEmailInvalid', { email, max: PERSON_EMAIL_MAX }));
  if (phone !== '' && (phone.length > PERSON_PHONE_MAX || !/^\+?[0-9 ()/-]{3,}$/.test(phone)))
    refuse('phone', say('cardPhoneInvalid', { phone, max: PERSON_PHONE_MAX }));
  return {
    name,
    ...(email === '' ? {} : { email }),
    ...(phone === '' ? {} : { phone }),
  };
}

/** A new card of a company gets the discount its other cards have (a programme's cards share one). */
function discountOf(db: Db, companyId: number): { discount?: number } {
  const discounts = companyCards(db, companyId)
    .map((c) => c.discount)
    .filter((d): d is number => d !== undefined && d > 0);
  return discounts.length === 0 ? {} : { discount: Math.max(...discounts) };
}

function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Today plus Settings' months, the day before (a card issued on 28 Nov for 24 months lasts to 27 Nov). */
export function defaultValidTo(now: Date, months: number): string {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, now.getUTCDate() - 1));
  return isoDay(end);
}

function englishOf(said: Said): string {
  return new CoreError('invalid-input', [said]).message;
}
