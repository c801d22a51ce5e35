// Taking one serial scan that waits in the core (scanner.claim), for the page's own reasons: a
// screen other than the sale is about to apply it (actions/scan-route.ts), or the cashier dropped
// it while held (held-scans.ts). Its own file: the follower (serial-scanner.ts) reads the held
// scans, so held-scans.ts cannot import from it.
import { pos } from './pos.ts';

/** Takes one waiting serial scan: false if taken already, or if the core did not answer. */
export async function claimSerialScan(id: number, code: string): Promise<boolean> {
  try {
    return (await pos.invoke('scanner.claim', { id, code })).claimed;
  } catch {
    // The core did not answer: the scan waits there still. Once the queue is idle the follower
    // finds it waiting, takes it and says it was not added (followSerialScans).
    return false;
  }
}
