// What an order's state and errors mean, in words a cashier understands. Pure: the Orders screen
// shows `headline`, then the instance's own words where they are its reason for refusing the order
// (`instanceSays`, as it wrote them, introduced as its), and folds `detail` (the code, the missing
// permission, Counter's technical lines) away. The words come from the orders catalogue through `t`.
import type { TFunction } from 'i18next';
import { TILL_PRICES_NOT_TAKEN, type OutboxEntryView, type OutboxState } from '../../contract/contract.ts';
import { sameAmount } from '../../common/money.ts';
import { formatTime } from '../format/format.ts';
import type { orders } from '../i18n/en/orders.ts';

type OrdersKey = keyof typeof orders;

export type OrderFacts = Pick<
  OutboxEntryView,
  'state' | 'code' | 'permission' | 'messages' | 'nextAttemptAt' | 'fieldErrors' | 'bookedTotal' | 'summary'
>;

export interface OrderWords {
  readonly headline: string;
  /** The instance's reason for refusing the order (needs-fix, or a 403), as it wrote it. */
  readonly instanceSays: readonly string[];
  /** The technical detail in `t`'s language (code, missing permission), one line each. */
  readonly detail: readonly string[];
  /** Counter's own technical lines (the transport's, a note), in English as the log has them. */
  readonly record: readonly string[];
}

/** The key of the short state name a row shows (orders namespace). */
export const STATE_LABEL = {
  queued: 'stateQueued',
  sending: 'stateSending',
  sent: 'stateSent',
  'needs-fix': 'stateNeedsFix',
  blocked: 'stateBlocked',
  'in-doubt': 'stateInDoubt',
  discarded: 'stateDiscarded',
  cancelled: 'stateCancelled',
} as const satisfies Record<OutboxState, OrdersKey>;

/** The states each filter of the Orders list shows. */
export const FILTERS = {
  all: null,
  attention: ['needs-fix', 'blocked', 'in-doubt'],
  waiting: ['queued', 'sending'],
  sent: ['sent'],
  closed: ['discarded', 'cancelled'],
} as const satisfies Record<string, readonly OutboxState[] | null>;
export type OrderFilter = keyof typeof FILTERS;

/** The key of each filter's name (orders namespace). */
export const FILTER_LABEL = {
  all: 'filterAll',
  attention: 'filterAttention',
  waiting: 'filterWaiting',
  sent: 'filterSent',
  closed: 'filterClosed',
} as const satisfies Record<OrderFilter, OrdersKey>;

export function inFilter(state: OutboxState, filter: OrderFilter): boolean {
  const states: readonly OutboxState[] | null = FILTERS[filter];
  return states === null || states.includes(state);
}

/** Finds by the order's client reference or the instance's order id (part of either, any case). */
export function matchesReference(
  entry: Pick<OutboxEntryView, 'clientReference' | 'remoteId' | 'id' | 'receiptNumber'>,
  text: string,
): boolean {
  const t = text.trim().toLowerCase();
  if (t === '') return true;
  return [
    entry.clientReference,
    entry.remoteId === undefined ? undefined : String(entry.remoteId),
    entry.receiptNumber,
  ].some((v) => v?.toLowerCase().includes(t) === true);
}

const UNREACHABLE = /could not reach|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|offline/i;
const TIMED_OUT = /timed out|ETIMEDOUT|TIMEOUT/i;
const CREDENTIALS = /credential|client secret|unauthori[sz]ed|invalid_client|\b401\b/i;
const BUSY = /too many|\b429\b|rate limit/i;

/**
 * The headline and the folded detail of an order, in `t`'s language; `time` writes the next try's
 * time (the screens' formatTime by default), `price` an amount (a sent order the instance booked at
 * another total than the sale's says both).
 */
export function describeOrder(
  entry: OrderFacts,
  t: TFunction<'orders'>,
  time: (iso: string) => string = formatTime,
  price: (amount: number) => string = (amount) => amount.toFixed(2),
): OrderWords {
  const messages = entry.messages ?? [];
  // A needs-fix order's messages and a 403's are the instance's words (its answer to this order);
  // any other state's are Counter's technical lines (the transport, a note) and stay folded.
  const fromInstance =
    entry.state === 'needs-fix' || (entry.state === 'blocked' && entry.permission !== undefined);
  const byField = new Set(Object.values(entry.fieldErrors ?? {}).flat());
  const instanceSays = fromInstance ? messages.filter((m) => !byField.has(m)) : [];
  const record = fromInstance ? [] : messages;
  const detail = [
    ...(entry.code === undefined ? [] : [t('detailCode', { code: entry.code })]),
    ...(entry.permission === undefined ? [] : [t('detailPermission', { permission: entry.permission })]),
  ];
  const said = (re: RegExp) =>
    messages.some((m) => re.test(m)) || (entry.code !== undefined && re.test(entry.code));
  const words = (headline: string): OrderWords => ({ headline, instanceSays, detail, record });
  const withNextTry = (headline: string): OrderWords =>
    words(
      entry.nextAttemptAt === undefined
        ? headline
        : `${headline} ${t('nextTryAt', { time: time(entry.nextAttemptAt) })}`,
    );

  switch (entry.state) {
    case 'queued':
      if (said(UNREACHABLE)) return words(t('queuedUnreachable'));
      if (said(TIMED_OUT)) return withNextTry(t('queuedTimedOut'));
      if (said(CREDENTIALS)) return words(t('queuedCredentials'));
      if (said(BUSY)) return withNextTry(t('queuedBusy'));
      return withNextTry(t('queued'));
    case 'sending':
      return words(t('sending'));
    case 'sent': {
      const booked = entry.bookedTotal;
      const total = entry.summary?.total;
      if (booked === undefined && entry.code === TILL_PRICES_NOT_TAKEN) return words(t('sentPricesUnknown'));
      if (booked === undefined || total === undefined || sameAmount(booked, total)) return words(t('sent'));
      return words(t('sentBookedOther', { booked: price(booked), total: price(total) }));
    }
    case 'needs-fix': {
      const count = Object.keys(entry.fieldErrors ?? {}).length;
      return words(count === 0 ? t('needsFix') : t('needsFixFields', { count }));
    }
    case 'blocked':
      if (entry.permission !== undefined) return words(t('blockedPermission'));
      if (messages.some((m) => /does not offer|\b404\b|not available/i.test(m)))
        return words(t('blockedNotOffered'));
      return words(t('blocked'));
    case 'in-doubt':
      return words(t('inDoubt'));
    case 'discarded':
      return words(t('discarded'));
    case 'cancelled':
      return words(t('cancelled'));
  }
}
