// One app per data folder. Two apps on one folder (a kiosk restart that left the old web shell
// running, `npm start` twice) mixed their sales: each kept its own sale in memory over the same rows,
// and receipts differed from the screen. The app holds the folder from before it opens a file until
// it closes, and a second app is refused at start, told which process holds it.
//
// The hold is the OS's (db/file-lock.ts, on counter.lock): it goes with its process however that
// ends, so a holder killed (kill -9, a crash) or left a zombie is taken over at once, and a pid
// reused by another process holds nothing. Beside it, counter.lock.json names the holder (pid, host,
// the process's start, when, which app) for the refusal and for a person looking at the folder; it
// is only read, never trusted to hold: a record whose process is gone (or whose pid now belongs to
// another process, told by its start time) is one left behind. The CLI takes no hold: its read-only
// and outbox commands work beside the app, as the outbox's leases and the sync's lock allow.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { ensureDataDir } from '../../db/database.ts';
import { holdFile } from '../../db/file-lock.ts';
import * as cs from '../../common/words/cs.ts';
import * as en from '../../common/words/en.ts';
import * as sk from '../../common/words/sk.ts';
import { THIS_HOST, type ProcessTable } from '../ground/index.ts';
import { fill, printLanguage } from '../printer/setup.ts';
import { lazy } from '../../common/lazy.ts';

export const LOCK_FILE = 'counter.lock';
export const HOLDER_FILE = 'counter.lock.json';

export type AppKind = 'web' | 'electron';

const Holder = lazy(() =>
  z.object({
    pid: z.number().int().positive(),
    host: z.string(),
    /** The process's start (main/ground/process.ts), null where unknown. */
    start: z.string().nullable(),
    startedAt: z.string(),
    app: z.enum(['web', 'electron']),
  }),
);
export type Holder = z.output<typeof Holder>;

/** Another app holds the data folder: its message names the folder and, where known, the process. */
export class FolderInUseError extends Error {
  override name = 'FolderInUseError';
  readonly folder: string;
  readonly holder: Holder | undefined;
  constructor(folder: string, holder: Holder | undefined) {
    super(inUseMessage(folder, holder));
    this.folder = folder;
    this.holder = holder;
  }
}

export interface FolderLock {
  readonly folder: string;
  /** Lets the folder go (again: nothing). */
  release(): void;
}

export interface LockOptions {
  readonly processes?: ProcessTable;
  /** How long a refused app waits for the holder to name itself (it writes its record just after). */
  readonly nameWaitMs?: number;
}

/** Holds `dataDir` for this process, or throws FolderInUseError naming the app that holds it. */
export async function lockDataFolder(
  dataDir: string,
  app: AppKind,
  options: LockOptions = {},
): Promise<FolderLock> {
  const folder = resolve(dataDir);
  ensureDataDir(folder);
  const hold = holdFile(join(folder, LOCK_FILE));
  if (hold === null) {
    throw new FolderInUseError(folder, await liveHolder(folder, options));
  }
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    start: THIS_HOST.startOf(process.pid) ?? null,
    startedAt: new Date().toISOString(),
    app,
  };
  writeHolder(folder, me);
  let held = true;
  return {
    folder,
    release: () => {
      if (!held) return;
      held = false;
      // The record first, while still held: no later holder's record can be removed.
      rmSync(join(folder, HOLDER_FILE), { force: true });
      hold.release();
    },
  };
}

/** Written whole (a temporary file renamed over it), so a reader never sees half of it. */
function writeHolder(folder: string, holder: Holder): void {
  const temp = join(folder, `${HOLDER_FILE}.${String(process.pid)}.tmp`);
  writeFileSync(temp, `${JSON.stringify(holder, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, join(folder, HOLDER_FILE));
}

/**
 * The holder's record once it names a live process. The holder writes it just after it took the
 * folder, so what is read first may be an older one left behind: read again for a while.
 */
async function liveHolder(folder: string, options: LockOptions): Promise<Holder | undefined> {
  const processes = options.processes ?? THIS_HOST;
  const deadline = Date.now() + (options.nameWaitMs ?? 5000);
  for (;;) {
    const holder = readHolder(folder);
    if (holder !== undefined && lives(holder, processes)) return holder;
    if (Date.now() >= deadline) return undefined;
    await sleep(100);
  }
}

function readHolder(folder: string): Holder | undefined {
  try {
    const parsed = Holder.safeParse(JSON.parse(readFileSync(join(folder, HOLDER_FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // none yet, or not JSON
  }
}

/** Another host's process cannot be asked: the hold itself says it lives. */
function lives(holder: Holder, processes: ProcessTable): boolean {
  if (holder.host !== hostname()) return true;
  if (!processes.runs(holder.pid)) return false;
  const start = processes.startOf(holder.pid);
  return holder.start === null || start === undefined || start === holder.start;
}

const APP_NAME: Readonly<Record<AppKind, string>> = { web: 'the web shell', electron: 'the Counter app' };

function inUseMessage(folder: string, holder: Holder | undefined): string {
  const who =
    holder === undefined
      ? `another process holds ${join(folder, LOCK_FILE)} and has not said which`
      : `process ${String(holder.pid)}${holder.host === hostname() ? '' : ` on ${holder.host}`}, ` +
        `${APP_NAME[holder.app]}, started ${holder.startedAt}`;
  return (
    `Counter is already running on the data folder ${folder} (${who}). ` +
    'Only one app may use a data folder at a time, or their sales mix: use the one running, ' +
    'or close it first (or give this one another folder with POS_DATA_DIR).'
  );
}

const STARTUP_WORDS = { cs: cs.startup, sk: sk.startup, en: en.startup } as const;

/**
 * The refusal as the desktop app's error box says it to the cashier: in the OS's language (no
 * screen is up and the folder's Settings are the other app's), English where Counter speaks none of
 * it. The error's own message stays English, for logs and the command line.
 */
export function folderInUseSaid(error: FolderInUseError, osLocale: string): string {
  const w = STARTUP_WORDS[printLanguage('system', osLocale)];
  const holder = error.holder;
  const who =
    holder === undefined
      ? w.holderUnknown
      : fill(holder.host === hostname() ? w.holder : w.holderElsewhere, {
          pid: String(holder.pid),
          host: holder.host,
          app: holder.app === 'web' ? w.appWeb : w.appElectron,
          startedAt: holder.startedAt,
        });
  return fill(w.folderInUse, { folder: error.folder, who });
}
