// A parked sale recalled at any till of the store (issue 38, point 3). With the store hub in reach,
// a recall first claims the sale in the hub's claims bucket (create-if-absent: main/hub StoreHub
// claimParked), so two tills can never recall the same parked sale: the loser hears which till has
// it. Another till's parked sale is then taken over here (Counter.takeOver); this till's own is
// recalled as before. Without the hub a till recalls only its own parked sales, unclaimed (it may
// be cut off from a till that took one over meanwhile: docs/assumptions.md "Parked sales across the
// store"); another till's needs the hub and says so.
import { words } from '../../contract/core-words.ts';
import type { ParkedClaimOutcome, ParkedKey } from '../../contract/store.ts';
import type { Db } from '../../db/database.ts';
import { lastParkSeq, storeParkedSale } from '../../db/store-parked.ts';
import { CounterError, type Counter, type PricedSession } from './counter.ts';

/** The store's claims on parked sales as the counter uses them (main/areas wires the hub's). */
export interface ParkedClaims {
  /** This till's name in the store. */
  readonly till: string;
  /** The hub is in reach now (the other tills' parked sales are listed only then). */
  connected(): boolean;
  claim(key: ParkedKey): Promise<ParkedClaimOutcome>;
  release(key: ParkedKey): Promise<void>;
}

export interface Recalled {
  readonly session: PricedSession;
  readonly parked: PricedSession | null;
}

/** Recalls parked sale `id` (of till `till`, this till's when absent), claimed first when a hub is in reach. */
export async function recallInStore(
  counter: Counter,
  db: Db,
  claims: ParkedClaims | null,
  id: number,
  till?: string,
): Promise<Recalled> {
  if (till !== undefined && till !== claims?.till) return takeOverInStore(counter, db, claims, id, till);
  const parkSeq = claims?.connected() === true ? lastParkSeq(db, id) : undefined;
  if (claims === null || parkSeq === undefined) return counter.recall(id);
  const key = { till: claims.till, sessionId: id, parkSeq };
  const answer = await claims.claim(key).catch((): ParkedClaimOutcome => ({ outcome: 'offline' }));
  if (answer.outcome === 'taken') throw taken(answer.by);
  // The hub went away on the way: this till's own sale is recalled as without a hub.
  if (answer.outcome === 'offline') return counter.recall(id);
  return released(claims, key, () => counter.recall(id));
}

async function takeOverInStore(
  counter: Counter,
  db: Db,
  claims: ParkedClaims | null,
  id: number,
  till: string,
): Promise<Recalled> {
  if (claims === null || !claims.connected()) throw offline();
  const sale = storeParkedSale(db, till, id);
  if (sale === undefined) throw new CounterError('not-parked', words('notParked', { sessionId: id }));
  // Its credit is a return that till plans against the receipt: taken over, the credit would be lost.
  const receipt = sale.body.exchangeReceipt;
  if (receipt !== undefined)
    throw new CounterError('parked-exchange', words('parkedExchange', { till, receipt }));
  const key = { till, sessionId: id, parkSeq: sale.parkSeq };
  const answer = await claims.claim(key).catch((): ParkedClaimOutcome => ({ outcome: 'offline' }));
  if (answer.outcome === 'offline') throw offline();
  if (answer.outcome === 'taken') throw taken(answer.by);
  return released(claims, key, () => counter.takeOver(till, id));
}

/** Runs the recall; a claim whose recall then failed is given back. */
async function released(claims: ParkedClaims, key: ParkedKey, recall: () => Recalled): Promise<Recalled> {
  try {
    return recall();
  } catch (error) {
    await claims.release(key).catch(() => undefined);
    throw error;
  }
}

function taken(by: string): CounterError {
  return new CounterError('parked-taken', words('parkedTaken', { till: by }));
}

function offline(): CounterError {
  return new CounterError('store-offline', words('parkedStoreOffline'));
}
