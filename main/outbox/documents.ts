// Documents other than orders on the outbox's one machine (issue 39). The sender (sender.ts) claims,
// leases, beats, records outcomes and recovers interrupted attempts for every kind alike; only the
// exchange with the instance is the kind's: a DocumentChannel sends one claimed entry and says what
// its answer means (an AttemptOutcome, as an order's). An order's channel is the sender's own.
import type { DocumentKind } from '../../contract/documents.ts';
import type { OutboxOrder } from '../../db/outbox.ts';
import type { AttemptContext, AttemptOutcome } from './attempt-outcome.ts';

/** The outbox entries of one kind. */
export type EntryOf<K extends DocumentKind> = Extract<OutboxOrder, { readonly kind: K }>;

export interface DocumentChannel<K extends DocumentKind> {
  /**
   * Sends the entry (committed `sending`, its attempts counted) once. A channel whose kind has no
   * client reference the instance recognises reads before it posts again (settlesDoubtByReading):
   * a document is never stored twice.
   */
  send(entry: EntryOf<K>, context: AttemptContext): Promise<AttemptOutcome>;
  /**
   * In-doubt entries of this kind are taken by every pass, whatever the instance says of client
   * references: the channel settles the doubt by reading the instance before any post.
   */
  readonly settlesDoubtByReading: boolean;
}

/** The channels of the kinds other than orders; a kind without one is blocked, never guessed at. */
export interface DocumentChannels {
  readonly card?: DocumentChannel<'card'>;
}

/** The kinds whose in-doubt entries a pass may take without the instance recognising references. */
export function kindsSettledByReading(channels: DocumentChannels): DocumentKind[] {
  const kinds: DocumentKind[] = [];
  if (channels.card?.settlesDoubtByReading === true) kinds.push('card');
  return kinds;
}
