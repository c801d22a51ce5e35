// `pos sync [--full]`: syncs the offline catalog. Progress per resource on stderr; --json prints one
// object with the count of cached rows per resource. Exit 4 when the service cannot be reached,
// 3 when it refuses the credentials, 1 when some resource failed (the others are still synced).
// While another sync holds the data folder's catalog (the app's, another `pos sync`), it says so and
// waits for that one to end, then runs: it never ends "done" having done nothing.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/database.ts';
import {
  localPid,
  runningElsewhere,
  runSyncInWorker,
  whatWasFound,
  type ResourceReport,
  type SyncEvent,
  type SyncReport,
} from '../sync/index.ts';
import { CliError, defineCommand, EXIT, type CommandContext } from './command.ts';

/** How often a waiting sync looks whether the catalog is free. */
const FREE_POLL_MS = 500;

export const command = defineCommand({
  summary: 'sync warehouses, stock items, product units, representatives, receivables and company cards',
  usage: '[--full] [--page-size N] [--deadline SECONDS]',
  options: {
    full: { type: 'boolean', description: 'a full pass (also removes rows the service no longer has)' },
    'page-size': { type: 'string', description: 'rows per page of paginated resources (default 500)' },
    deadline: {
      type: 'string',
      description: 'the longest the whole sync may take, retries included (default 900 s)',
    },
  },
  async run(ctx) {
    const config = ctx.serviceConfig();
    // On a worker thread with a capped heap: the same run, within a fixed memory budget.
    const report = await whenFree(ctx, () =>
      runSyncInWorker(ctx.db(), config, {
        mode: ctx.flag('full') ? 'full' : 'auto',
        ...pageSizeOption(ctx.int('page-size', { min: 1, max: 5000 })),
        ...deadlineOption(ctx.int('deadline', { min: 1, max: 7 * 24 * 3600 })),
        signal: ctx.signal,
        onEvent: progressPrinter((line) => ctx.log(line)),
      }),
    );
    if (report.cancelled) ctx.log(cancelled(ctx.signal));
    if (report.unreachable) {
      throw new CliError(
        EXIT.unreachable,
        `The service at ${config.baseUrl} could not be reached; the cache is unchanged.`,
      );
    }
    if (report.refused) {
      throw new CliError(EXIT.config, report.refused.message, { failure: report.refused });
    }
    return { json: jsonOf(report), text: summary(report), exitCode: syncExitCode(report) };
  },
});

/**
 * The run's report once it ran: while another sync holds the catalog, says so once and waits until
 * that one ends (or is gone: a killed holder is taken over at once, run-lock.ts), then runs again.
 * SIGINT while waiting ends with exit 1: nothing was done.
 */
async function whenFree(ctx: CommandContext, run: () => Promise<SyncReport>): Promise<SyncReport> {
  let said = false;
  for (;;) {
    const report = await run();
    const other = report.runningElsewhere;
    if (other === undefined) return report;
    if (!said) ctx.log(`${alreadyRunning(other)}; waiting for it to end, then syncing.`);
    said = true;
    await untilFree(ctx.db(), ctx.signal);
    if (ctx.signal.aborted) {
      throw new CliError(
        EXIT.failure,
        `${alreadyRunning(other)}; cancelled${bySignal(ctx.signal)} while waiting: nothing was done.`,
      );
    }
  }
}

/** Resolves once no live run holds the catalog, or on the signal. */
async function untilFree(db: Db, signal: AbortSignal): Promise<void> {
  while (!signal.aborted && runningElsewhere(db) !== undefined) {
    await sleep(FREE_POLL_MS, undefined, { signal }).catch(() => undefined);
  }
}

function alreadyRunning(run: NonNullable<SyncReport['runningElsewhere']>): string {
  const pid = localPid(run.owner);
  return (
    `A sync is already running on this data folder (${pid === undefined ? run.owner : `process ${pid}`}, ` +
    `started ${run.startedAt})`
  );
}

function cancelled(signal: AbortSignal): string {
  return `Sync cancelled${bySignal(signal)}: what was synced is kept, and the next sync resumes where this one stopped.`;
}

/** " (SIGINT)": the signal the CLI's entry point names as the abort's reason, if one did. */
function bySignal(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  return typeof reason === 'string' && reason.startsWith('SIG') ? ` (${reason})` : '';
}

/**
 * The count of cached rows per resource (INTERFACES.md; a run with nothing to look at prints only
 * these), and beside them what needs a look: the resources that failed (`errors`), the rows skipped
 * as unreadable (`skipped`), the instance's own count where the cache holds another
 * (`instanceCounts`), rows that repeat an id (`repeatedIds`: sent, distinct) and walks stopped at
 * the instance's count while it said more followed (`moreThanCounted`: counted, walked).
 */
function jsonOf(report: SyncReport): Record<string, unknown> {
  const byResource = <T>(pick: (r: ResourceReport) => T | undefined): Record<string, T> | undefined => {
    const entries = report.resources.flatMap((r) => {
      const value = pick(r);
      return value === undefined ? [] : [[r.resource, value] as const];
    });
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  };
  const errors = byResource((r) => (r.status === 'ok' ? undefined : (r.failure ?? { message: r.status })));
  const skipped = byResource((r) => r.skipped);
  const instanceCounts = byResource((r) => (r.instanceCount === r.count ? undefined : r.instanceCount));
  const repeatedIds = byResource((r) => r.repeatedIds);
  const moreThanCounted = byResource((r) => r.moreThanCounted);
  return {
    ...Object.fromEntries(report.resources.map((r) => [r.resource, r.count])),
    ...(errors === undefined ? {} : { errors }),
    ...(skipped === undefined ? {} : { skipped }),
    ...(instanceCounts === undefined ? {} : { instanceCounts }),
    ...(repeatedIds === undefined ? {} : { repeatedIds }),
    ...(moreThanCounted === undefined ? {} : { moreThanCounted }),
    ...(report.deadlineMs === undefined ? {} : { deadlineSeconds: report.deadlineMs / 1000 }),
  };
}

/**
 * 0 all synced; 4 when the service went away after the first check (every resource that failed lost
 * the connection); 1 any other failure or a cancelled run.
 */
export function syncExitCode(
  report: SyncReport,
): typeof EXIT.ok | typeof EXIT.failure | typeof EXIT.unreachable {
  const failed = report.resources.filter((r) => r.status !== 'ok');
  if (failed.length === 0) return report.cancelled ? EXIT.failure : EXIT.ok;
  const lost = failed.every((r) => r.failure?.kind === 'network' || r.failure?.kind === 'timeout');
  return lost ? EXIT.unreachable : EXIT.failure;
}

function summary(report: SyncReport): string {
  return report.resources
    .map((r) => {
      const outcome =
        r.status === 'ok'
          ? `${r.mode}, ${r.fetched} fetched, ${r.removed} removed`
          : `${r.status}: ${r.failure?.message ?? ''}`;
      return `${r.resource.padEnd(24)} ${String(r.count).padStart(8)}  (${outcome})${discovered(r)}`;
    })
    .join('\n');
}

/** What the run learnt of the instance (discovery.ts), after the resource's line. */
function discovered(r: ResourceReport): string {
  const found = whatWasFound(r);
  return found.length === 0 ? '' : `; ${found.map((f) => f.message).join('; ')}`;
}

/** One stderr line per resource start/end, progress at most every 500 ms per resource. */
function progressPrinter(log: (line: string) => void): (event: SyncEvent) => void {
  const last = new Map<string, number>();
  return (event) => {
    switch (event.type) {
      case 'started':
        log(`sync ${event.resource}: ${event.mode}${event.resumed ? ' (resuming)' : ''}`);
        return;
      case 'progress': {
        const now = Date.now();
        if (event.done < event.total && now - (last.get(event.resource) ?? 0) < 500) return;
        last.set(event.resource, now);
        log(`sync ${event.resource}: ${event.done}/${event.total}`);
        return;
      }
      case 'retry':
        log(
          `sync ${event.resource}: retry ${event.attempt} in ${event.delayMs} ms (${event.failure.message})`,
        );
        return;
      case 'finished':
        log(
          `sync ${event.resource}: ${event.report.status}, ${event.report.count} cached` +
            (event.report.failure ? ` - ${event.report.failure.message}` : ''),
        );
        return;
    }
  };
}

function deadlineOption(seconds: number | undefined): { passDeadlineMs?: number } {
  return seconds === undefined ? {} : { passDeadlineMs: seconds * 1000 };
}

function pageSizeOption(pageSize: number | undefined): { pageSize?: number } {
  return pageSize === undefined ? {} : { pageSize };
}
