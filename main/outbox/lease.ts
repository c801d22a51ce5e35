// Leases on `sending` orders: the process that claims an order names itself, and promises an answer
// before the lease runs out. Another process (the app while `pos outbox replay` runs, or the app
// after a crash) turns an order in-doubt only when its lease is stale, never while its sender lives.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';

/** Longer than a request may take (connect + headers + body timeouts, 30 s each) with room to spare. */
export const LEASE_MS = 5 * 60_000;

/** This process's owner name: host/pid/random (a reused pid is not the same owner). */
export function newLeaseOwner(): string {
  return `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
}

/**
 * Stale: no lease at all (written before leases existed), run out, or held by a process of this host
 * that no longer runs. A lease of another host is trusted until it runs out.
 */
export function isStaleLease(
  lease: { owner: string | null; untilMs: number | null },
  nowMs: number,
  self: string,
): boolean {
  if (lease.owner === null || lease.untilMs === null) return true;
  if (lease.owner === self) return lease.untilMs < nowMs;
  if (lease.untilMs < nowMs) return true;
  const [host, pid] = lease.owner.split('/');
  return host === hostname() && !processRuns(Number(pid));
}

function processRuns(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
