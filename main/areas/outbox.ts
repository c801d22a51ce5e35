// The outbox area as every shell builds it (the app's Link, `pos order`, `pos outbox`): one Outbox
// over the data folder's database, sending as the given instance, judging an order sent without its
// till prices against the till's synced catalog. Built here and nowhere else, so the app and the CLI
// cannot say different things of the same order.
import type { Db } from '../../db/database.ts';
import { isIssuedCardPending, settleIssuedCard, stockItemOfProduct } from '../../db/catalog/index.ts';
import {
  cardChannel,
  Outbox,
  outboxHandlers,
  type CardIssueService,
  type OrderService,
} from '../outbox/index.ts';
import type { ConnectivityMonitor } from '../service/index.ts';
import { instanceKey } from '../settings/origin.ts';
import type { Area, CallsOf, Till } from './area.ts';

export interface OutboxNeeds {
  readonly db: Db;
  /**
   * Where orders and cards issued here go; OFFLINE for the actions that never send (list, show,
   * discard, mark-sent).
   */
  readonly client: OrderService & CardIssueService;
  /** The instance it sends to: its orders carry its key, and only they are sent here. */
  readonly instance?: { readonly baseUrl: string; readonly demo: boolean };
  /** The app's online/offline monitor, which the outbox reports to and is woken by; else its own. */
  readonly monitor?: ConnectivityMonitor;
  readonly log?: (line: string) => void;
}

export function buildOutbox(needs: OutboxNeeds): Outbox {
  const { db, instance } = needs;
  const log = needs.log ?? (() => undefined);
  return new Outbox(db, needs.client, {
    catalogPrice: (productId, warehouseId) => stockItemOfProduct(db, productId, warehouseId)?.price,
    channels: {
      // A card the instance stored replaces the one the till cached when it issued it.
      card: cardChannel(needs.client, {
        stored: (entry, card) =>
          settleIssuedCard(
            db,
            entry.id,
            { ...card, companyId: card.companyId ?? entry.payload.companyId },
            new Date().toISOString(),
          ),
        // The till's own card still cached: no attempt had the instance's answer (it settles it).
        answeredBefore: (entry) => !isIssuedCardPending(db, entry.id),
        log,
      }),
    },
    ...(instance === undefined ? {} : { instance: instanceKey(instance.baseUrl, instance.demo) }),
    ...(needs.monitor === undefined ? {} : { monitor: needs.monitor }),
    ...(needs.log === undefined ? {} : { log: needs.log }),
  });
}

/** An outbox that never reaches the service: listing and local actions. */
export const OFFLINE: OrderService & CardIssueService = {
  createInternetOrder: () => Promise.reject(new Error('not sending')),
  deleteInternetOrder: () => Promise.reject(new Error('not sending')),
  createCompanyCard: () => Promise.reject(new Error('not sending')),
  companyCardsAnswer: () => Promise.reject(new Error('not sending')),
  createAuthorizedPerson: () => Promise.reject(new Error('not sending')),
  capabilities: () => Promise.resolve({ recognisesClientReference: false }),
  health: () => Promise.resolve(false),
};

/** The outbox area as the app builds it: the Orders screen's list, and the operator's actions. */
export function outboxArea(till: Till): Area<CallsOf<'outbox'>> {
  return {
    handlers: outboxHandlers({
      ...till.summaries,
      outbox: () => till.link()?.outbox ?? null,
      guard: (what) => till.guard(what),
    }),
  };
}
