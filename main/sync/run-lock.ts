// One sync at a time on a data folder. A run takes the catalog's sync_run row before it writes
// anything and beats in it while it runs; a second run (the app and `pos sync`, or two `pos sync`)
// finds it held and says so instead of writing beside it, where both used to fail "database is
// locked". A holder that is gone (a process of this host that no longer runs; elsewhere, one silent
// for STALE_MS) does not hold the catalog: a killed sync never blocks the next.
import { hostname } from 'node:os';
import {
  beatSyncRun,
  currentSyncRun,
  releaseSyncRun,
  takeSyncRun,
  type SyncRun,
} from '../../db/catalog/index.ts';
import type { Db } from '../../db/database.ts';
import { THIS_HOST, type ProcessTable } from '../ground/index.ts';

/** How often a run shows it lives. */
export const BEAT_MS = 10_000;
/** Silence after which a run of another host is taken for gone (this host's are asked directly). */
export const STALE_MS = 5 * 60_000;

/** Another run holds the catalog: its owner (host/pid/…) and since when. */
export interface HeldElsewhere {
  owner: string;
  startedAt: string;
}

export type Taken = { taken: true; release(): void } | ({ taken: false } & HeldElsewhere);

/** Takes the catalog for `owner` and beats while it is held; or names the run that holds it. */
export function takeCatalog(
  db: Db,
  owner: string,
  startedAt: string,
  processes: ProcessTable = THIS_HOST,
): Taken {
  const now = Date.now();
  const holder = takeSyncRun(db, { owner, startedAt, beatAt: now }, (h) => isGone(h, now, processes));
  if (holder.owner !== owner) return { taken: false, owner: holder.owner, startedAt: holder.startedAt };
  const beat = setInterval(() => beatSyncRun(db, owner, Date.now()), BEAT_MS);
  beat.unref();
  return {
    taken: true,
    release: () => {
      clearInterval(beat);
      releaseSyncRun(db, owner);
    },
  };
}

/** The run holding the catalog now, if one does and it lives. */
export function runningElsewhere(db: Db, processes: ProcessTable = THIS_HOST): HeldElsewhere | undefined {
  const holder = currentSyncRun(db);
  if (holder === undefined || isGone(holder, Date.now(), processes)) return undefined;
  return { owner: holder.owner, startedAt: holder.startedAt };
}

/** `host/pid/…`: the pid when the owner is a process of this host. */
export function localPid(owner: string): number | undefined {
  const [host, pid] = owner.split('/');
  return host === hostname() && pid !== undefined && /^\d+$/.test(pid) ? Number(pid) : undefined;
}

function isGone(holder: SyncRun, now: number, processes: ProcessTable): boolean {
  const [host, pid, , start] = holder.owner.split('/');
  if (host === hostname()) {
    const n = Number(pid);
    if (!processes.runs(n)) return true;
    const started = start === undefined || start === '-' ? undefined : processes.startOf(n);
    // Its start is known on both sides: the very process, or another under a reused pid.
    if (started !== undefined) return started !== start;
  }
  return now - holder.beatAt > STALE_MS;
}
