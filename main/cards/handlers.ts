// The calls of cards issued at the till (cards.*): what the issue dialog starts from, and the issue.
import { say, type CardIssueView, type CardPrepareView } from '../../contract/contract.ts';
import type { Db } from '../../db/database.ts';
import { knownCompanyName } from '../../db/catalog/index.ts';
import type { Handlers } from '../ground/index.ts';
import { CoreError } from '../ground/index.ts';
import { entryView, type Outbox } from '../outbox/index.ts';
import { ServiceError } from '../service/index.ts';
import { checkCard, defaultValidTo, storeCard, type CardIssueDeps } from './issue.ts';

/** The permission POST /api/companies/{companyId}/cards needs (SPEC.md). */
export const CARD_PERMISSION = 'Permissions.Companies.Create';

/** The part of ServiceClient the permission probe uses: an empty card, which nothing stores. */
export interface CardProbe {
  createCompanyCard(companyId: number, card: Record<string, unknown>, signal?: AbortSignal): Promise<unknown>;
}

export interface CardsDeps {
  db(): Db;
  /** What checking and storing needs, as the till is now. */
  issue(): CardIssueDeps;
  /** The sender of the instance in use; null: the card waits, queued, for one. */
  outbox(): Outbox | null;
  /** The instance's client; null: none configured (the permission is unknown). */
  probe(): CardProbe | null;
  /** Settings' company for retail members, null: none. */
  defaultCompanyId(): number | null;
}

type CardCalls = 'cards.prepare' | 'cards.issue';

/** What the probe learnt of the card permission. */
type Permission = Pick<CardPrepareView, 'permission' | 'missingPermission' | 'emptyCardStored'>;

export function cardsHandlers(deps: CardsDeps): Pick<Handlers, CardCalls> {
  // Instances (their clients) that stored the probe's empty card: asked no more, so an instance
  // that stores what it should refuse gets one stray card from this till, not one per dialog. A
  // probe under way is shared: two calls at once (two pages) ask once.
  const storedProbe = new WeakSet<CardProbe>();
  const asking = new WeakMap<CardProbe, Promise<Permission>>();
  const permissionNow = async (): Promise<Permission> => {
    const probe = deps.probe();
    if (probe === null) return probePermission(null);
    if (storedProbe.has(probe)) return { permission: 'granted', emptyCardStored: true };
    const asked = asking.get(probe) ?? probePermission(probe);
    asking.set(probe, asked);
    try {
      const permission = await asked;
      if (permission.emptyCardStored === true) storedProbe.add(probe);
      return permission;
    } finally {
      asking.delete(probe);
    }
  };
  return {
    'cards.prepare': async () => {
      const issue = deps.issue();
      const permission = await permissionNow();
      const companyId = deps.defaultCompanyId();
      const name = companyId === null ? undefined : knownCompanyName(deps.db(), companyId);
      const view: CardPrepareView = {
        ...permission,
        validTo: defaultValidTo(issue.now(), issue.validityMonths),
        ...(companyId === null || name === undefined ? {} : { company: { companyId, name } }),
      };
      return view;
    },
    'cards.issue': async (input) => {
      const permission = await permissionNow();
      if (permission.permission === 'missing')
        throw new CoreError('forbidden', [say('cardPermissionMissing', { permission: CARD_PERMISSION })]);
      const issue = deps.issue();
      const card = await checkCard(issue, input);
      const entry = storeCard(issue, card);
      // Sent in the background: the card is on the sale at once, online or not (the scan finds it
      // cached); the Orders screen follows its document through the outbox's events.
      const outbox = deps.outbox();
      if (outbox !== null) void outbox.sendPlaced(entry).catch(() => undefined);
      const view: CardIssueView = {
        card: {
          id: -entry.id,
          companyId: card.companyId,
          barcode: card.barcode,
          name: card.name,
          ...(card.validTo === undefined ? {} : { validTo: card.validTo }),
        },
        entry: entryView(entry),
      };
      return view;
    },
  };
}

/**
 * Whether the instance lets this till create cards: an empty card for no company, which an instance
 * refuses before storing anything (403 without the permission, else 400 for the fields). One that
 * stores it anyway (SPEC.md rules that out) grants the permission and has a stray card: said.
 */
export async function probePermission(probe: CardProbe | null): Promise<Permission> {
  if (probe === null) return { permission: 'unknown' };
  try {
    await probe.createCompanyCard(0, {}, AbortSignal.timeout(3000));
    return { permission: 'granted', emptyCardStored: true };
  } catch (error) {
    if (!(error instanceof ServiceError) || error.kind !== 'http') return { permission: 'unknown' };
    if (error.status === 403)
      return { permission: 'missing', missingPermission: error.permission ?? CARD_PERMISSION };
    return error.status === 400 ? { permission: 'granted' } : { permission: 'unknown' };
  }
}
