// Sync's worker threads yield the CPU to the core's thread on a busy machine.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Linux: nice this thread (not the process) so that, on a busy machine, the core's thread (a scan)
 * gets the CPU before the sync does. /proc/thread-self names this thread's id; setpriority takes
 * it. Elsewhere (or when refused) the sync simply runs at normal priority.
 */
export function lowerThreadPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {
    // Not Linux, or not permitted: nothing to do.
  }
}
