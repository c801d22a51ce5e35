// Leases on `sending` orders: the process that claims an order names itself in the row, and beats a
// counter there while its request is in flight. Another process (the app while `pos outbox replay`
// runs, the app after a crash, a terminal sharing the data folder) turns the order in-doubt only when
// its sender is really gone: a process of this host that no longer runs, or a sender whose beat has
// not moved for LEASE_MS on the observer's own monotonic clock. Wall clocks are never compared: two
// processes' clocks may be minutes apart, and a clock set back or forward says nothing of a sender.
import { hostname } from 'node:os';
import { parseOwnerName, THIS_HOST, type OwnerName, type ProcessTable } from '../ground/index.ts';
import type { SendingLeaseRow } from '../../db/outbox.ts';

/**
 * Silence after which a sender is taken for gone: far longer than a request may take (connect +
 * headers + body timeouts, 30 s each), and many beats long.
 */
export const LEASE_MS = 5 * 60_000;

/** How often a sender beats while a request is in flight. */
export const HEARTBEAT_MS = 30_000;

/** Why an order's sender is gone, or that it is not. */
export type LeaseVerdict =
  | { readonly stale: false }
  | { readonly stale: true; readonly why: 'unleased' }
  /** Claimed by this very process, which is no longer waiting for its answer. */
  | { readonly stale: true; readonly why: 'abandoned' }
  /** A process of this host that no longer runs (its pid is free, or another program's now). */
  | { readonly stale: true; readonly why: 'gone'; readonly pid: number }
  /** No beat for silentMs of the observer's monotonic clock. */
  | {
      readonly stale: true;
      readonly why: 'silent';
      readonly pid: number;
      readonly host: string;
      readonly silentMs: number;
    };

interface Seen {
  readonly owner: string | null;
  readonly beat: number | null;
  /** Monotonic instant the observer first saw this owner and beat. */
  readonly since: number;
}

/**
 * One observer's view of the leases of other senders. It remembers, per order, the beat it saw and
 * since when on its own monotonic clock; a beat unchanged for LEASE_MS means its sender is gone. An
 * observer that looks once (`pos outbox replay`) therefore never calls a beating sender gone, and a
 * sender of this host that runs is never gone, whatever the clocks say.
 */
export class LeaseWatch {
  private readonly seen = new Map<number, Seen>();
  private readonly self: string;
  private readonly monotonic: () => number;
  private readonly processes: ProcessTable;
  private readonly host: string;

  /** `self`: the observer's own owner name; `monotonic`: its clock (ms, never set back). */
  constructor(self: string, monotonic: () => number, processes: ProcessTable = THIS_HOST, host = hostname()) {
    this.self = self;
    this.monotonic = monotonic;
    this.processes = processes;
    this.host = host;
  }

  /** `inFlightHere`: the orders this observer's own sender is waiting for. */
  judge(lease: SendingLeaseRow, inFlightHere: (id: number) => boolean): LeaseVerdict {
    if (lease.owner === null) return { stale: true, why: 'unleased' };
    if (lease.owner === this.self) {
      return inFlightHere(lease.id) ? { stale: false } : { stale: true, why: 'abandoned' };
    }
    const owner = parseOwnerName(lease.owner);
    if (owner.host === this.host) {
      if (!this.processes.runs(owner.pid)) return { stale: true, why: 'gone', pid: owner.pid };
      const start = owner.start === undefined ? undefined : this.processes.startOf(owner.pid);
      if (start !== undefined) {
        // Its start is known on both sides: the very process, or another under a reused pid.
        return start === owner.start ? { stale: false } : { stale: true, why: 'gone', pid: owner.pid };
      }
    }
    return this.heard(lease, owner);
  }

  /** Forgets orders no longer `sending` (answered, or turned in-doubt). */
  keepOnly(ids: ReadonlySet<number>): void {
    for (const id of this.seen.keys()) if (!ids.has(id)) this.seen.delete(id);
  }

  /** The monotonic instant the first watched lease would go silent, if nothing beats before. */
  nextDeadline(): number | undefined {
    let first: number | undefined;
    for (const s of this.seen.values()) first = Math.min(first ?? Infinity, s.since + LEASE_MS);
    return first;
  }

  private heard(lease: SendingLeaseRow, owner: OwnerName): LeaseVerdict {
    const now = this.monotonic();
    const before = this.seen.get(lease.id);
    if (before === undefined || before.owner !== lease.owner || before.beat !== lease.beat) {
      this.seen.set(lease.id, { owner: lease.owner, beat: lease.beat, since: now });
      return { stale: false };
    }
    const silentMs = now - before.since;
    return silentMs >= LEASE_MS
      ? { stale: true, why: 'silent', pid: owner.pid, host: owner.host, silentMs }
      : { stale: false };
  }
}

/** What is known of a gone sender, for the in-doubt order's message. */
export function goneSenderWords(verdict: LeaseVerdict & { stale: true }): string {
  switch (verdict.why) {
    case 'unleased':
      return 'The process sending this order stopped before an answer was stored.';
    case 'abandoned':
      return 'This process sent the order but no answer to it was stored.';
    case 'gone':
      return `The process that was sending this order (pid ${verdict.pid}) is no longer running, and no answer was stored.`;
    case 'silent':
      return `No sign of life from the process sending this order (pid ${verdict.pid} on ${verdict.host}) for ${Math.floor(verdict.silentMs / 60_000)} minutes, and no answer was stored.`;
  }
}
