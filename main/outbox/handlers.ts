// The outbox's calls (outbox.*): the Orders screen's list and the operator's actions.
import { say } from '../../contract/core-words.ts';
import type { Db } from '../../db/database.ts';
import { listOutboxOrders, type OutboxOrder } from '../../db/outbox.ts';
import type { OutboxEntryView } from '../../contract/contract.ts';
import { configured, CoreError, numericId, type GuardedAction, type Handlers } from '../ground/index.ts';
import { entryView } from './entry.ts';
import type { Outbox } from './outbox.ts';

export interface OutboxDeps {
  /** The database in use: its orders are listed even without an instance to send them. */
  db(): Db;
  /** The sender of the instance in use; null when none is configured. */
  outbox(): Outbox | null;
  /** What the list shows of an order (total, lines, customer), from its sale or the cache. */
  summary(order: OutboxOrder): OutboxEntryView['summary'];
  /** The cache's names for the order's ids, for the fix form. */
  names(order: OutboxOrder): OutboxEntryView['names'];
  /** Throws (CoreError 'locked') while a manager PIN guards `what` and was not given. */
  guard(what: GuardedAction): void;
}

type OutboxCalls =
  'outbox.list' | 'outbox.replay' | 'outbox.resend' | 'outbox.discard' | 'outbox.cancel' | 'outbox.markSent';

export function outboxHandlers(deps: OutboxDeps): Pick<Handlers, OutboxCalls> {
  const list = (): OutboxEntryView[] =>
    (deps.outbox()?.list() ?? listOutboxOrders(deps.db())).map((order) => ({
      ...entryView(order),
      summary: deps.summary(order),
      names: deps.names(order),
    }));
  return {
    'outbox.list': () => Promise.resolve(list()),
    'outbox.replay': async () => {
      // The cashier asked: orders still waiting out a backoff go now too.
      await configured(deps.outbox()).replay({ ignoreSchedule: true });
      return list();
    },
    'outbox.resend': async ({ id, order }) => {
      const outbox = configured(deps.outbox());
      const current = outbox.get(numericId(id));
      if (current === undefined)
        throw new CoreError('not-found', [say('orderNotInOutbox', { id: String(id) })]);
      const sent =
        current.state === 'in-doubt' ? await outbox.resend(current.id) : await outbox.edit(current.id, order);
      return { ...entryView(sent), names: deps.names(sent) };
    },
    'outbox.discard': ({ id }) => {
      deps.guard('lockedDiscard');
      configured(deps.outbox()).discard(numericId(id));
      return Promise.resolve(list());
    },
    'outbox.cancel': async ({ id }) => {
      deps.guard('lockedCancel');
      return entryView(await configured(deps.outbox()).cancel(numericId(id)));
    },
    'outbox.markSent': ({ id, remoteId }) => {
      deps.guard('lockedMarkSent');
      return Promise.resolve(entryView(configured(deps.outbox()).markSent(numericId(id), remoteId)));
    },
  };
}
