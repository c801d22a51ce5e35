// The cards area (issue 39): a card issued at the till, checked against the cache and the instance,
// stored as an outbox document and cached at once, sent by the outbox's card channel.
import type { Db } from '../../db/database.ts';
import type { BarcodeReader } from '../barcode/index.ts';
import { cardsHandlers, type CardIssueDeps } from '../cards/index.ts';
import { ScanResolver } from '../counter/index.ts';
import type { SettingsStore } from '../settings/store.ts';
import type { Area, CallsOf, Till } from './area.ts';

export interface CardIssueNeeds {
  readonly db: Db;
  readonly settings: SettingsStore;
  /** The label rules in Settings, compiled: the counter's own. */
  reader(): BarcodeReader;
  readonly cards: CardIssueDeps['cards'];
  /** The instance the card's document is for (the outbox's key). */
  readonly instance: string | undefined;
  now(): Date;
  readonly companyOnInstance?: CardIssueDeps['companyOnInstance'];
}

/**
 * What a card issued at the till is checked and stored with, as the app and `pos card issue` both
 * check it: the counter's own rules (Settings' label rules) tell a product's code or a misread one
 * from a new card's, in the till's warehouse, valid for Settings' months.
 */
export function cardIssue(needs: CardIssueNeeds): CardIssueDeps {
  const settings = needs.settings.read();
  return {
    db: needs.db,
    resolver: new ScanResolver({ db: needs.db, reader: () => needs.reader() }),
    warehouseId: settings.warehouseId,
    cards: needs.cards,
    instance: needs.instance,
    validityMonths: settings.cardValidityMonths,
    now: () => needs.now(),
    ...(needs.companyOnInstance === undefined ? {} : { companyOnInstance: needs.companyOnInstance }),
  };
}

export function cardsArea(till: Till): Area<CallsOf<'cards'>> {
  const issue = (): CardIssueDeps => {
    const link = till.link();
    return cardIssue({
      db: till.db(),
      settings: till.settings,
      reader: () => till.reader(),
      cards: link?.client ?? null,
      instance: link?.outbox?.instance,
      now: () => new Date(till.now()),
    });
  };
  return {
    handlers: cardsHandlers({
      db: () => till.db(),
      issue,
      outbox: () => till.link()?.outbox ?? null,
      probe: () => till.link()?.client ?? null,
      defaultCompanyId: () => till.settings.read().cardCompanyId,
    }),
  };
}
