// This process and the others of its host: the owner name a process writes into what it holds (an
// order being sent, the catalog being synced) and how another process tells whether that holder
// still runs. Below every area, since the outbox and the sync both hold things this way.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';

/**
 * This process's owner name: host/pid/random/start. The start (Linux: the process's start in clock
 * ticks since boot, '-' where unknown) tells a reused pid from the process that claimed the order.
 */
export function newOwnerName(): string {
  return `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}/${processStart(process.pid) ?? '-'}`;
}

/** An owner name read back: its host, pid and start. */
export interface OwnerName {
  readonly host: string;
  readonly pid: number;
  /** Undefined for a name without one (written before starts were recorded, or where unknown). */
  readonly start: string | undefined;
}

export function parseOwnerName(owner: string): OwnerName {
  const [host = '', pid = '', , start] = owner.split('/');
  return { host, pid: Number(pid), start: start === undefined || start === '-' ? undefined : start };
}

/** What an observer can learn of the processes of its own host. */
export interface ProcessTable {
  runs(pid: number): boolean;
  /** The process's start (as newOwnerName writes it), undefined where it cannot be read. */
  startOf(pid: number): string | undefined;
}

export const THIS_HOST: ProcessTable = { runs: processRuns, startOf: processStart };

function processRuns(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // `kill -0` finds a zombie too: a process killed (kill -9 of its process group) whose parent has
  // not reaped it, which on a host whose PID 1 reaps no orphans (a container's) lasts for good. It
  // runs nothing and holds nothing.
  const state = statFields(pid)?.[0];
  return state !== 'Z' && state !== 'X';
}

/** Linux: field 22 of /proc/PID/stat. */
function processStart(pid: number): string | undefined {
  const start = statFields(pid)?.[19];
  return start !== undefined && /^\d+$/.test(start) ? start : undefined;
}

/**
 * Linux: the fields of /proc/PID/stat after the command name (which may hold spaces and
 * parentheses), from field 3 (the state) on; undefined without /proc (macOS, Windows) or once the
 * process is gone.
 */
function statFields(pid: number): string[] | undefined {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}
