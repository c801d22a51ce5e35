// The names the store's tills and the hub agree on: a till's name (its hub user), the journal's
// subjects and stream, the consumers, the claims' bucket, and how a hub's address is written (kept
// here, not in server.ts, so reading the hub's setting at start-up loads no server code).
import { z } from 'zod';
import { lazy } from '../../common/lazy.ts';

/** A till's name in the store: its hub user, the last token of its journal's subject. */
export const TillName = lazy(() =>
  z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'A till name is 1 to 32 letters, digits, - or _.'),
);
export type TillName = z.infer<typeof TillName>;

export const JOURNAL_SUBJECT = 'store.journal';
export const JOURNAL_STREAM = 'STORE_JOURNAL';
export const CLAIMS_BUCKET = 'store-claims';

export function journalSubject(till: string): string {
  return `${JOURNAL_SUBJECT}.${till}`;
}

/** The till a journal subject belongs to, or undefined for a subject of no till. */
export function tillOfSubject(subject: string): string | undefined {
  const prefix = `${JOURNAL_SUBJECT}.`;
  if (!subject.startsWith(prefix)) return undefined;
  const till = TillName.safeParse(subject.slice(prefix.length));
  return till.success ? till.data : undefined;
}

/** The message id JetStream dedupes a journal event by: the till and its number there. */
export function messageId(till: string, seq: number): string {
  return `${till}:${seq}`;
}

/** Each till's durable consumer: where it is in the others' journals survives its restarts. */
export function consumerName(till: string): string {
  return `till-${till}`;
}

/** host:port as nats-server and the NATS client read it: an IPv6 address in brackets. */
export function hostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** Where this till reaches a server listening on `host`: loopback for every interface, else `host`. */
export function dialHost(host: string | undefined): string {
  if (host === undefined || host === '0.0.0.0') return '127.0.0.1';
  return host === '::' ? '::1' : host;
}
