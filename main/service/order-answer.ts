// What an instance's answer to an internet order tells (SPEC.md shows neither the payload nor the
// answer), and what of the order an instance can take. A 2xx is taken as the instance saying it
// stored the order only with proof that it is the instance's answer: the order's positive id, in the
// body's `id` or in a Location on the instance naming exactly the order endpoint + `/{id}`. Any other
// 2xx (`{}` or `{"status":"ok"}` from a captive portal or a proxy, a Location `/login/1`, a page that
// is not JSON) proves nothing: the caller holds the order in doubt. Taking such an id would make a
// later cancel DELETE someone else's order. What it booked comes from the body's `total`, else its
// lines' totals, and only within what a till can book (else: unsaid).
import { z } from 'zod';
import { header, parseJson, type RawResponse } from './http.ts';
import { ServiceError } from './errors.ts';
import type { InternetOrderPayload } from './schemas.ts';
import { minorOf, sumMinor, type Minor } from '../../common/money.ts';
import { lazy } from '../../common/lazy.ts';

export interface OrderAcknowledgement {
  /** The stored order's id on the instance, from its body or its Location. */
  readonly id: number;
  /** What the instance booked, in minor units: its total, else its lines' summed; undefined when unsaid. */
  readonly bookedMinor: Minor | undefined;
  /**
   * When the instance answered by its own clock (the answer's Date header, ISO UTC); undefined when
   * absent or unreadable. Retention takes it as a second witness beside the till's clock.
   */
  readonly instanceTime?: string | undefined;
}

/** Where the order was posted: its method and path, and the instance's base URL (origin and prefix). */
export interface OrderAnswerContext {
  readonly method: string;
  readonly path: string;
  readonly base: string;
}

/**
 * The largest amount (in the instance's units) read as booked: far beyond any till's sale, and its
 * cents (and a sum of many lines) stay exact integers.
 */
const MAX_AMOUNT = 1e11;
const MAX_BOOKED_MINOR = 1e13;
const MAX_ID = 2_147_483_647;

/** Type-checked, range-checked later: an amount out of bounds is unsaid, not a refused answer. */
const money = lazy(() => z.number().refine(Number.isFinite, 'must be a finite number'));

/** Lenient on presence (every field may be missing), strict on type, as every reading of the service. */
const StoredOrderAnswer = lazy(() =>
  z.object({
    id: z.int().optional(),
    total: money.optional(),
    items: z.array(z.object({ total: money.optional() })).optional(),
  }),
);

/** The acknowledgement in a 2xx answer; a ServiceError (may have reached the server) when it proves nothing. */
export function readOrderAnswer(response: RawResponse, where: OrderAnswerContext): OrderAcknowledgement {
  const idFromLocation = locationId(header(response, 'location'), where);
  const unexpected = (what: string): ServiceError =>
    new ServiceError({
      kind: 'invalid-response',
      message: `${where.method} ${where.path} answered ${response.status} with ${what}`,
      status: response.status,
      mayHaveReachedServer: true,
    });
  const noId = 'no order id (neither a positive id in its body nor a Location naming the order)';
  if (response.text.trim() === '') {
    if (idFromLocation === undefined) throw unexpected(`no body and ${noId}`);
    return { id: idFromLocation, bookedMinor: undefined, instanceTime: answerDate(response) };
  }
  let json: unknown;
  try {
    json = parseJson(response.text);
  } catch {
    throw unexpected('a body that is not JSON');
  }
  const parsed = StoredOrderAnswer.safeParse(json);
  if (!parsed.success || typeof json !== 'object' || json === null || Array.isArray(json))
    throw unexpected('a body that is not the stored order');
  const order = parsed.data;
  const id = isOrderId(order.id) ? order.id : idFromLocation;
  if (id === undefined) throw unexpected(noId);
  return { id, bookedMinor: bookedMinorOf(order), instanceTime: answerDate(response) };
}

/** The answer's Date header as ISO UTC (RFC 9110: an origin server with a clock sends one). */
function answerDate(response: RawResponse): string | undefined {
  const value = header(response, 'date');
  const ms = value === undefined ? Number.NaN : Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

function isOrderId(id: number | undefined): id is number {
  return id !== undefined && Number.isSafeInteger(id) && id > 0 && id <= MAX_ID;
}

/**
 * The id in a Location on the instance's own origin whose path is exactly the order endpoint's (below
 * the instance's prefix) + `/{positive id}`, nothing after it; anything else names no order.
 */
function locationId(location: string | undefined, where: OrderAnswerContext): number | undefined {
  if (location === undefined) return undefined;
  let base: URL;
  let named: URL;
  try {
    base = new URL(where.base);
    const prefix = base.pathname.replace(/\/+$/, '');
    named = new URL(location.trim(), `${base.origin}${prefix}${where.path}`);
    if (named.origin !== base.origin || named.search !== '' || named.hash !== '') return undefined;
    const match = /^\/([1-9]\d{0,9})$/.exec(named.pathname.slice(`${prefix}${where.path}`.length));
    if (!named.pathname.startsWith(`${prefix}${where.path}/`) || match === null) return undefined;
    const id = Number(match[1]);
    return isOrderId(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/** A booked amount in minor units, or undefined when it is beyond a till or not in whole minor units. */
function bookedMinor(amount: number | undefined): Minor | undefined {
  if (amount === undefined || Math.abs(amount) > MAX_AMOUNT) return undefined;
  return minorOf(amount);
}

function bookedMinorOf(order: z.infer<typeof StoredOrderAnswer>): Minor | undefined {
  if (order.total !== undefined) return bookedMinor(order.total);
  const lines = (order.items ?? []).map((l) => bookedMinor(l.total));
  if (lines.length === 0 || lines.some((c) => c === undefined)) return undefined;
  const sum = sumMinor(lines.flatMap((c) => (c === undefined ? [] : [c])));
  return Math.abs(sum) <= MAX_BOOKED_MINOR ? sum : undefined;
}

/** The optional item fields Counter sends (the order file's price and what came off it). */
const OPTIONAL_ITEM_FIELDS = ['price', 'discountAmount'] as const;

/**
 * The order as the instance can take it: the optional item fields its description does not show are
 * left out (a strict instance would refuse the order for them, and a lenient one ignores them
 * anyway). `described` undefined: the instance does not say, so everything goes.
 */
export function orderForInstance(
  order: InternetOrderPayload,
  described: ReadonlySet<string> | undefined,
): { order: InternetOrderPayload; withheld: string[] } {
  if (described === undefined) return { order, withheld: [] };
  // Names compared without case: a description written in PascalCase ("Price") shows the field too.
  const shown = new Set([...described].map((f) => f.toLowerCase()));
  const withheld = OPTIONAL_ITEM_FIELDS.filter(
    (f) => !shown.has(f.toLowerCase()) && order.items.some((i) => i[f] !== undefined),
  );
  if (withheld.length === 0) return { order, withheld };
  const items = order.items.map(({ price, discountAmount, ...item }) => ({
    ...item,
    ...(price === undefined || withheld.includes('price') ? {} : { price }),
    ...(discountAmount === undefined || withheld.includes('discountAmount') ? {} : { discountAmount }),
  }));
  return { order: { ...order, items }, withheld: [...withheld] };
}
