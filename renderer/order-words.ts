// What an order's state and errors mean, in words a cashier understands (issue 17 item 9). Pure: the
// Orders screen shows `headline` and folds `detail` (the service's own words, codes, the missing
// permission) away.
import type { OutboxEntryView, OutboxState } from '../preload/contract.ts';

export type OrderFacts = Pick<
  OutboxEntryView,
  'state' | 'code' | 'permission' | 'messages' | 'nextAttemptAt' | 'fieldErrors'
>;

export interface OrderWords {
  readonly headline: string;
  /** The technical detail, one line each; empty when there is none. */
  readonly detail: readonly string[];
}

/** The short state name a row shows. */
export const STATE_LABEL: Record<OutboxState, string> = {
  queued: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  'needs-fix': 'Needs a fix',
  blocked: 'Not allowed',
  'in-doubt': 'Maybe sent',
  discarded: 'Discarded',
  cancelled: 'Cancelled',
};

/** The states each filter of the Orders list shows. */
export const FILTERS = {
  all: null,
  attention: ['needs-fix', 'blocked', 'in-doubt'],
  waiting: ['queued', 'sending'],
  sent: ['sent'],
  closed: ['discarded', 'cancelled'],
} as const satisfies Record<string, readonly OutboxState[] | null>;
export type OrderFilter = keyof typeof FILTERS;

export const FILTER_LABEL: Record<OrderFilter, string> = {
  all: 'All',
  attention: 'Needs attention',
  waiting: 'Waiting',
  sent: 'Sent',
  closed: 'Closed',
};

export function inFilter(state: OutboxState, filter: OrderFilter): boolean {
  const states: readonly OutboxState[] | null = FILTERS[filter];
  return states === null || states.includes(state);
}

/** Finds by the order's client reference or the instance's order id (part of either, any case). */
export function matchesReference(
  entry: Pick<OutboxEntryView, 'clientReference' | 'remoteId' | 'id'>,
  text: string,
): boolean {
  const t = text.trim().toLowerCase();
  if (t === '') return true;
  return [entry.clientReference, entry.remoteId === undefined ? undefined : String(entry.remoteId)].some(
    (v) => v?.toLowerCase().includes(t) === true,
  );
}

const UNREACHABLE = /could not reach|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|offline/i;
const TIMED_OUT = /timed out|ETIMEDOUT|TIMEOUT/i;
const CREDENTIALS = /credential|client secret|unauthori[sz]ed|invalid_client|\b401\b/i;
const BUSY = /too many|\b429\b|rate limit/i;

/** The headline and the folded detail of an order. `now` decides "today" for the next try's time. */
export function describeOrder(entry: OrderFacts, now = Date.now()): OrderWords {
  const messages = entry.messages ?? [];
  const detail = [
    ...messages,
    ...(entry.code === undefined ? [] : [`Code: ${entry.code}`]),
    ...(entry.permission === undefined ? [] : [`Missing permission: ${entry.permission}`]),
  ];
  const said = (re: RegExp) =>
    messages.some((m) => re.test(m)) || (entry.code !== undefined && re.test(entry.code));
  const nextTry =
    entry.nextAttemptAt === undefined ? '' : ` Next try at ${formatTime(entry.nextAttemptAt, now)}.`;
  const words = (headline: string): OrderWords => ({ headline, detail });

  switch (entry.state) {
    case 'queued':
      if (said(UNREACHABLE))
        return words(
          'Waiting to be sent: the service cannot be reached. It goes out by itself when the connection is back.',
        );
      if (said(TIMED_OUT))
        return words(
          `Waiting to be sent: the service answers too slowly. It is tried again by itself.${nextTry}`,
        );
      if (said(CREDENTIALS))
        return words(
          "Waiting to be sent: the service refuses this terminal's sign-in. A manager checks the client id and secret in Settings.",
        );
      if (said(BUSY))
        return words(`Waiting to be sent: the service is busy. It is tried again by itself.${nextTry}`);
      return words(`Waiting to be sent. It goes out by itself when the service answers.${nextTry}`);
    case 'sending':
      return words('Being sent now.');
    case 'sent':
      return words('Sent: the service accepted it.');
    case 'needs-fix': {
      const fields = Object.keys(entry.fieldErrors ?? {}).length;
      return words(
        fields === 0
          ? 'Not sent: the service refused it as it is. Correct it below and send it again.'
          : `Not sent: the service refused ${fields === 1 ? 'one field' : `${fields} fields`}. Correct ${fields === 1 ? 'it' : 'them'} below and send it again.`,
      );
    }
    case 'blocked':
      if (entry.permission !== undefined)
        return words(
          'Not sent: this terminal is not allowed to place orders. Ask the administrator to grant the permission, then send it again.',
        );
      if (messages.some((m) => /does not offer|\b404\b|not available/i.test(m)))
        return words(
          'Not sent: the service does not take orders from the counter. Send it again once it does.',
        );
      return words('Not sent: the service does not allow it. Ask the administrator, then send it again.');
    case 'in-doubt':
      return words(
        'Maybe sent: no clear answer came back. Look the order up on the instance by its reference before sending it again.',
      );
    case 'discarded':
      return words('Discarded: never sent. Kept for the record.');
    case 'cancelled':
      return words('Cancelled on the instance.');
  }
}

/** "14:32" today, "24 Nov 14:32" another day (local time). */
export function formatTime(iso: string, now = Date.now()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (at.toDateString() === new Date(now).toDateString()) return time;
  const date = at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
  return `${date} ${time}`;
}
