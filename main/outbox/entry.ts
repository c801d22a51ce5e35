// The outbox entry of INTERFACES.md, as the CLI prints it and the UI shows it. Fields without a
// value are left out (like the service's own JSON). Extra fields beyond INTERFACES.md are additions.
import { z } from 'zod';
import { OutboxState } from '../../contract/order.ts';
import { shownState, type OutboxOrder, type StoredOrderSummary } from '../../db/outbox.ts';
import type { OutboxEntryView } from '../../contract/contract.ts';
import { InternetOrderPayload } from '../../contract/order.ts';
import { CardDocument, DocumentKind } from '../../contract/documents.ts';
import { orderId, remoteOrderId } from '../../contract/ids.ts';
import { toMajor } from '../../common/money.ts';
import { lazy } from '../../common/lazy.ts';

export const OutboxEntry = lazy(() =>
  z.object({
    id: z.int(),
    state: OutboxState,
    attempts: z.int(),
    createdAt: z.string(),
    remoteId: z.int().optional(),
    /** What the instance said it booked (its answer's total, major units), when it said. */
    bookedTotal: z.number().optional(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
    messages: z.array(z.string()).optional(),
    errorId: z.string().optional(),
    code: z.string().optional(),
    // Additions: what an operator needs to look an order up or to know when it is tried next.
    clientReference: z.string(),
    permission: z.string().optional(),
    updatedAt: z.string(),
    nextAttemptAt: z.string().optional(),
    originSessionId: z.int().optional(),
    /** The instance the order is for ('demo' or the instance's origin); only its sender sends it. */
    instance: z.string().optional(),
    /** What the entry carries (contract/documents.ts); an order's entry says 'order'. */
    kind: DocumentKind,
    /** The order, for an entry of kind 'order' (INTERFACES.md's order file). */
    order: InternetOrderPayload.optional(),
    /** The card, for an entry of kind 'card' (issued at the till). */
    card: CardDocument.optional(),
    /** The entry this one waits for (an order waits for its customer's card to reach the instance). */
    waitsFor: z.int().optional(),
  }),
);
export type OutboxEntry = z.infer<typeof OutboxEntry>;

export function toOutboxEntry(o: OutboxOrder): OutboxEntry {
  return {
    id: o.id,
    state: o.state,
    attempts: o.attempts,
    createdAt: o.createdAt,
    ...(o.remoteId !== null && { remoteId: o.remoteId }),
    ...(o.bookedMinor !== null && { bookedTotal: toMajor(o.bookedMinor) }),
    ...(o.fieldErrors !== null && { fieldErrors: o.fieldErrors }),
    ...(o.messages !== null && { messages: o.messages }),
    ...(o.errorId !== null && { errorId: o.errorId }),
    ...(o.code !== null && { code: o.code }),
    clientReference: o.clientReference,
    ...(o.permission !== null && { permission: o.permission }),
    updatedAt: o.updatedAt,
    ...(o.nextAttemptAt !== null && { nextAttemptAt: isoTime(o.nextAttemptAt) }),
    ...(o.originSessionId !== null && { originSessionId: o.originSessionId }),
    ...(o.instance !== null && { instance: o.instance }),
    kind: o.kind,
    ...(o.kind === 'order' ? { order: o.payload } : { card: o.payload }),
    ...(o.dependsOn !== null && { waitsFor: o.dependsOn }),
  };
}

/**
 * An order as the contract shows it: the INTERFACES.md entry, its stored summary and when it was
 * compacted; the output schema strips the rest.
 */
export function entryView(order: OutboxOrder): OutboxEntryView {
  const { id, remoteId, ...entry } = toOutboxEntry(order);
  return {
    ...entry,
    state: shownState(order),
    id: orderId(id),
    ...(remoteId === undefined ? {} : { remoteId: remoteOrderId(remoteId) }),
    ...(order.summary === null ? {} : { summary: listSummary(order.summary) }),
    ...(order.compactedAt === null ? {} : { compactedAt: order.compactedAt }),
  };
}

/** What a list row shows of a stored summary. */
export function listSummary(summary: StoredOrderSummary): NonNullable<OutboxEntryView['summary']> {
  return {
    total: summary.total,
    lineCount: summary.lineCount,
    ...(summary.customerName === undefined ? {} : { customerName: summary.customerName }),
    walkIn: summary.walkIn,
  };
}

/** Any stored instant renders: one beyond what a Date holds shows as the nearest one it does. */
function isoTime(ms: number): string {
  const LIMIT = 8.64e15; // ECMAScript's time value range
  return new Date(Math.min(LIMIT, Math.max(-LIMIT, ms))).toISOString();
}
