// Taking one serial scan that waits in the core (scanner.claim), for the page's own reasons: a
// screen other than the sale is about to apply it (actions/scan-route.ts), or the cashier dropped
// it while held (held-scans.ts). And the word that a call took one (settled: it waits in the core no
// more), which the follower (serial-scanner.ts) listens for. Its own file: the follower reads the
// held scans, so held-scans.ts cannot import from it.
import { PosError } from '../../contract/contract.ts';
import { pos } from './pos.ts';

/** Who hears that a serial scan no longer waits in the core (the follower). */
const listeners = new Set<(id: number) => void>();

/** Listens for serial scans settled by a call's answer. Returns the unsubscribe function. */
export function onSerialScanSettled(listener: (id: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The core answered a call that carried serial scan `id` (session.scan's serialScanId, scanner.claim):
 * whatever it said, the scan is out of the core's list now, so the follower need not look for it
 * there. A call with no answer, or refused before it took the scan, says nothing: the follower looks.
 */
function settled(id: number): void {
  for (const listener of [...listeners]) listener(id);
}

/**
 * Runs session.scan with serial scan `id`: told settled when the core took it, that is, when the call
 * was answered, refused as taken by another call ('scan-taken') or refused for the stock rule's
 * question ('unconfirmed': the handler takes the scan before it asks; the confirmed call after it
 * carries no id).
 */
export async function scanTaking<T>(id: number, call: () => Promise<T>): Promise<T> {
  try {
    const answer = await call();
    settled(id);
    return answer;
  } catch (error) {
    if (error instanceof PosError && (error.code === 'scan-taken' || error.code === 'unconfirmed'))
      settled(id);
    throw error;
  }
}

/** Takes one waiting serial scan: false if taken already, or if the core did not answer. */
export async function claimSerialScan(id: number, code: string): Promise<boolean> {
  try {
    const { claimed } = await pos.invoke('scanner.claim', { id, code });
    settled(id);
    return claimed;
  } catch {
    // The core did not answer: the scan waits there still. Once the queue is idle the follower
    // finds it waiting, takes it and says it was not added (followSerialScans).
    return false;
  }
}
