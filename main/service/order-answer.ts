// What an instance's answer to an internet order tells (SPEC.md shows neither the payload nor the
// answer), and what of the order an instance can take. A 2xx is the instance saying it stored the
// order, whatever its body lacks: the order's id comes from the body's `id`, else from the Location
// header, and what it booked from the body's `total`, else its lines' totals. A body that is not the
// instance's (not JSON, not an object: a captive portal's page) proves nothing and is refused.
import { z } from 'zod';
import { header, parseJson, type RawResponse } from './http.ts';
import { ServiceError } from './errors.ts';
import type { InternetOrderPayload } from './schemas.ts';

export interface OrderAcknowledgement {
  /** The stored order's id on the instance; undefined when neither its body nor Location says it. */
  readonly id: number | undefined;
  /** What the instance booked, in minor units: its total, else its lines' summed; undefined when unsaid. */
  readonly bookedCents: number | undefined;
}

const money = z.number().refine(Number.isFinite, 'must be a finite number');

/** Lenient on presence (every field may be missing), strict on type, as every reading of the service. */
const StoredOrderAnswer = z.object({
  id: z.int().optional(),
  total: money.optional(),
  items: z.array(z.object({ total: money.optional() })).optional(),
});

/**
 * The acknowledgement in a 2xx answer. An empty body is an answer where the instance said Created
 * (201), or named the order in Location; a body that is not a JSON object is not the instance's.
 */
export function readOrderAnswer(
  response: RawResponse,
  where: { method: string; path: string },
): OrderAcknowledgement {
  const idFromLocation = locationId(header(response, 'location'));
  const unexpected = (what: string): ServiceError =>
    new ServiceError({
      kind: 'invalid-response',
      message: `${where.method} ${where.path} answered ${response.status} with ${what}`,
      status: response.status,
      mayHaveReachedServer: true,
    });
  if (response.text.trim() === '') {
    if (response.status !== 201 && idFromLocation === undefined) throw unexpected('no body and no Location');
    return { id: idFromLocation, bookedCents: undefined };
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
  return { id: order.id ?? idFromLocation, bookedCents: bookedCentsOf(order) };
}

/** `/api/documents/orders/internet/123` (absolute or not, a trailing slash allowed) -> 123. */
function locationId(location: string | undefined): number | undefined {
  const match = location === undefined ? null : /\/(\d{1,10})\/?(?:[?#].*)?$/.exec(location);
  const id = match === null ? undefined : Number(match[1]);
  return id !== undefined && id <= 2_147_483_647 ? id : undefined;
}

function bookedCentsOf(order: z.infer<typeof StoredOrderAnswer>): number | undefined {
  if (order.total !== undefined) return Math.round(order.total * 100);
  const lines = order.items ?? [];
  if (lines.length === 0 || lines.some((l) => l.total === undefined)) return undefined;
  return lines.reduce((sum, l) => sum + Math.round((l.total ?? 0) * 100), 0);
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
