// The outbox's calls (outbox.*): the Orders screen's pages and the operator's actions.
import { say } from '../../contract/core-words.ts';
import {
  getOutboxOrder,
  isInternetOrder,
  listOutboxOrders,
  outboxOrdersByIds,
  shownState,
  UNSENT_STATES,
  type OutboxInternetOrder,
  type OutboxOrder,
  type StoredOrderSummary,
} from '../../db/outbox.ts';
import type { InternetOrderPayload, OutboxEntryView } from '../../contract/contract.ts';
import { configured, CoreError, numericId, type GuardedAction, type Handlers } from '../ground/index.ts';
import type { Outbox } from './outbox.ts';
import { cacheIssuedCard } from '../../db/catalog/index.ts';
import { cardFields } from './card-channel.ts';
import { orderView, outboxPage, type SummarySource } from './views.ts';

/**
 * What the calls need: the database in use (its orders are listed even without an instance to send
 * them), how an order without a stored summary is summed up and what its fix form names (views.ts).
 */
export interface OutboxDeps extends SummarySource {
  /** The sender of the instance in use; null when none is configured. */
  outbox(): Outbox | null;
  /** Throws (CoreError 'locked') while a manager PIN guards `what` and was not given. */
  guard(what: GuardedAction): void;
}

type OutboxCalls =
  | 'outbox.list'
  | 'outbox.page'
  | 'outbox.get'
  | 'outbox.replay'
  | 'outbox.resend'
  | 'outbox.discard'
  | 'outbox.cancel'
  | 'outbox.markSent';

export function outboxHandlers(deps: OutboxDeps): Pick<Handlers, OutboxCalls> {
  const view = (order: OutboxOrder): OutboxEntryView => orderView(deps, order);
  const find = (id: number | string): OutboxOrder => {
    const order = getOutboxOrder(deps.db(), numericId(id));
    if (order === undefined) throw new CoreError('not-found', [say('orderNotInOutbox', { id: String(id) })]);
    return order;
  };
  return {
    // The whole history, for tools and tests; the screens page (outbox.page).
    'outbox.list': () => Promise.resolve(listOutboxOrders(deps.db()).map(view)),
    'outbox.page': (input) => Promise.resolve(outboxPage(deps, input)),
    'outbox.get': ({ id }) => Promise.resolve(view(find(id))),
    'outbox.replay': async () => {
      // What waits now, however long the history: the pass can only move these.
      const waiting = listOutboxOrders(deps.db(), UNSENT_STATES).map((o) => o.id);
      // The cashier asked: orders still waiting out a backoff go now too.
      await configured(deps.outbox()).replay({ ignoreSchedule: true });
      return outboxOrdersByIds(deps.db(), waiting)
        .sort((a, b) => a.id - b.id)
        .map(view);
    },
    'outbox.resend': async ({ id, order, card }) => {
      const outbox = configured(deps.outbox());
      const current = find(id);
      if (current.kind === 'card' && card !== undefined && current.state === 'needs-fix') {
        // The till's cached card takes the fixed fields first (synchronously, before the edit's
        // attempt can settle it with the instance's card), so later sales find it as it is sent.
        cacheIssuedCard(deps.db(), current.id, cardFields(card), new Date().toISOString());
        return view(await outbox.edit(current.id, card));
      }
      // In doubt (a pass settling it counts: db/outbox.ts shownState), an order goes again as it is.
      if (shownState(current) === 'in-doubt' || !isInternetOrder(current) || order === undefined)
        return view(await outbox.resend(current.id));
      return view(
        await outbox.edit(current.id, order, (payload, stored) =>
          fixedSummary(deps, current, payload, stored),
        ),
      );
    },
    'outbox.discard': ({ id }) => {
      deps.guard('lockedDiscard');
      return Promise.resolve(view(configured(deps.outbox()).discard(numericId(id))));
    },
    'outbox.cancel': async ({ id }) => {
      deps.guard('lockedCancel');
      return view(await configured(deps.outbox()).cancel(numericId(id)));
    },
    'outbox.markSent': ({ id, remoteId }) => {
      deps.guard('lockedMarkSent');
      return Promise.resolve(view(configured(deps.outbox()).markSent(numericId(id), remoteId)));
    },
  };
}

/**
 * A sale's list row for its fixed order: as many lines as the order now has, and the customer it now
 * goes to by the cache's name (no longer the walk-in customer). What was paid stays the sale's.
 */
function fixedSummary(
  deps: OutboxDeps,
  before: OutboxInternetOrder,
  payload: InternetOrderPayload,
  stored: StoredOrderSummary,
): StoredOrderSummary {
  const lineCount = payload.items.length;
  if (payload.customerId === before.payload.customerId) return { ...stored, lineCount };
  const name = deps.names({ ...before, payload })?.customer;
  const fixed: StoredOrderSummary = { ...stored, lineCount, walkIn: false };
  if (name === undefined) delete fixed.customerName;
  else fixed.customerName = name;
  return fixed;
}
