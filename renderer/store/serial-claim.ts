// Taking one serial scan that waits in the core (scanner.claim), for the page's own reasons: a
// screen other than the sale is about to apply it (actions/scan-route.ts), or the cashier dropped
// it while held (held-scans.ts). And what each call that carried one was answered (taken: it waits
// in the core no more; or refused), which the follower (serial-scanner.ts) listens for. Its own file:
// the follower reads the held scans, so held-scans.ts cannot import from it.
import { NoAnswerError, PosError } from '../../contract/contract.ts';
import { pos } from './pos.ts';

/**
 * What the answer to a call carrying a serial scan says of it: `taken`, it waits in the core no more;
 * `refused`, the call was refused (by the core, or by the web shell before the core saw it; shown and
 * cued as for any scan) and the scan may not have been taken.
 */
export type SerialScanAnswer = 'taken' | 'refused';

/** Who hears what the calls carrying serial scans were answered (the follower). */
const listeners = new Set<(id: number, code: string, answer: SerialScanAnswer) => void>();

/** Listens for the answers to calls that carried a serial scan. Returns the unsubscribe function. */
export function onSerialScanAnswered(
  listener: (id: number, code: string, answer: SerialScanAnswer) => void,
): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The core answered a call that carried serial scan `id` with `code` (session.scan's serialScanId,
 * scanner.claim): both name the scan, as a core started again may give another scan the same id.
 * Taken: the scan is out of the core's list now, so the follower need not look for it there. Refused:
 * the follower still looks (the core may hold it yet), but the cashier was told already. A call with
 * no answer says nothing: the follower looks, and says the scan was not added if it still waits.
 */
function answered(id: number, code: string, answer: SerialScanAnswer): void {
  for (const listener of [...listeners]) listener(id, code, answer);
}

/**
 * Runs session.scan with serial scan `id`: told taken when the call was answered, refused as taken by
 * another call ('scan-taken') or refused for the stock rule's question ('unconfirmed': the handler
 * takes the scan before it asks; the confirmed call after it carries no id); told refused for any
 * other refusal (the app still starting, a line the contract refuses, no shift, the web shell's own).
 */
export async function scanTaking<T>(id: number, code: string, call: () => Promise<T>): Promise<T> {
  try {
    const answer = await call();
    answered(id, code, 'taken');
    return answer;
  } catch (error) {
    if (error instanceof PosError && !(error instanceof NoAnswerError))
      answered(id, code, error.code === 'scan-taken' || error.code === 'unconfirmed' ? 'taken' : 'refused');
    throw error;
  }
}

/** Takes one waiting serial scan: false if taken already, or if the core did not answer. */
export async function claimSerialScan(id: number, code: string): Promise<boolean> {
  try {
    const { claimed } = await pos.invoke('scanner.claim', { id, code });
    answered(id, code, 'taken');
    return claimed;
  } catch {
    // The core did not answer: the scan waits there still. Once the queue is idle the follower
    // finds it waiting, takes it and says it was not added (followSerialScans).
    return false;
  }
}
