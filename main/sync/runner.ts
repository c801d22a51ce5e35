// Runs the catalog sync (main/sync, CATALOG owner) for the app: one run at a time, on demand, on a
// schedule, and when the instance comes back, on a worker thread (runSyncInWorker) so that parsing
// and writing pages never delays a scan on the core's event loop; turns its events into the
// contract's progress view (throttled: a bar does not need more than ~10 updates a second).
import { english, say, type Said } from '../../contract/core-words.ts';
import { syncStates, type CatalogResource } from '../../db/catalog/index.ts';
import type { Db } from '../../db/database.ts';
import type { SyncStatusView } from '../../contract/contract.ts';
import type { ServiceConfig } from '../service/index.ts';
import { whatWasFound } from './discovery.ts';
import { localPid } from './run-lock.ts';
import type { ResourceReport, SyncEvent, SyncFailure, SyncReport } from './events.ts';
import { allResources } from './sync.ts';
import { runSyncInWorker } from './worker.ts';

type ResourceView = SyncStatusView['resources'][number];

export interface SyncRunnerOptions {
  readonly db: Db;
  /** The worker makes its own client and its own connection to the db's file. */
  readonly service: ServiceConfig;
  readonly onStatus: (status: SyncStatusView) => void;
  readonly onFinished?: (report: SyncReport) => void;
  /** The worker's client heard from the token endpoint (a token, or 400/401). */
  readonly onCredentials?: (accepted: boolean) => void;
  readonly log: (line: string) => void;
  /** The next run is a full pass (the cache may hold another instance's rows). */
  readonly fullFirst?: boolean;
  /** The longest a run may take (SyncOptions.passDeadlineMs; default 15 min). */
  readonly passDeadlineMs?: number;
  /** The core's TillWork buffer: the sync gives way to the till's calls (till-work.ts). */
  readonly tillWork?: SharedArrayBuffer;
}

const EMIT_EVERY_MS = 100;

export class SyncRunner {
  readonly #o: SyncRunnerOptions;
  readonly #live = new Map<CatalogResource, ResourceView>();
  #running: Promise<void> | null = null;
  #abort: AbortController | null = null;
  /** The last run asked for found another sync of this data folder running, and did nothing. */
  #elsewhere: SyncStatusView['runningElsewhere'];
  #full: boolean;
  #timer: NodeJS.Timeout | undefined;
  #lastEmit = 0;
  #pendingEmit: NodeJS.Timeout | undefined;
  /** stop() was called: the runner's instance is being shut down, and no run may start on it. */
  #stopped = false;

  constructor(options: SyncRunnerOptions) {
    this.#o = options;
    this.#full = options.fullFirst ?? false;
  }

  get running(): boolean {
    return this.#running !== null;
  }

  /** Starts a run unless one is running or the runner was stopped; returns at once with the status. */
  start(options: { full?: boolean } = {}): SyncStatusView {
    if (this.#stopped) return this.status();
    if (options.full === true) this.#full = true;
    if (this.#running === null) {
      this.#abort = new AbortController();
      this.#elsewhere = undefined;
      for (const resource of allResources) this.#live.set(resource, this.#idle(resource, 'idle'));
      this.#running = this.#run(this.#abort.signal).finally(() => {
        this.#running = null;
        this.#abort = null;
        this.#emit(true);
      });
      this.#emit(true);
    }
    return this.status();
  }

  /**
   * Stops the running sync: its requests are aborted at once and it ends after the page it is
   * committing (what committed stays; the next run resumes from there). Returns at once with the
   * status; nothing happens when no sync runs.
   */
  cancel(): SyncStatusView {
    if (this.#abort !== null && !this.#abort.signal.aborted) {
      this.#o.log('sync: cancel asked');
      this.#abort.abort();
      this.#emit(true);
    }
    return this.status();
  }

  /** Periodic runs; 0 turns the schedule off. */
  schedule(intervalMinutes: number): void {
    clearInterval(this.#timer);
    if (intervalMinutes <= 0 || this.#stopped) return;
    this.#timer = setInterval(() => this.start(), intervalMinutes * 60_000);
    this.#timer.unref();
  }

  status(): SyncStatusView {
    const states = new Map(syncStates(this.#o.db).map((s) => [s.resource, s]));
    const resources = allResources.map((resource) => {
      const live = this.#live.get(resource);
      const lastSyncedAt = states.get(resource)?.lastCompleteAt ?? null;
      return live === undefined ? this.#idle(resource, 'idle', lastSyncedAt) : { ...live, lastSyncedAt };
    });
    return {
      running: this.running,
      ...(this.#abort?.signal.aborted === true ? { cancelling: true } : {}),
      ...(this.#elsewhere === undefined ? {} : { runningElsewhere: this.#elsewhere }),
      resources,
      lastSyncedAt: states.get('stockItems')?.lastCompleteAt ?? null,
      ...(this.#stopped ? { stopped: true } : {}),
    };
  }

  /** Ends the schedule and the run under way; from here on, start() starts nothing. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    clearTimeout(this.#pendingEmit);
    this.#abort?.abort();
    await this.#running;
  }

  async #run(signal: AbortSignal): Promise<void> {
    const mode = this.#full ? 'full' : 'auto';
    const started = Date.now();
    let gaveWay = 0;
    this.#o.log(`sync: started (${mode})`);
    try {
      const report = await runSyncInWorker(this.#o.db, this.#o.service, {
        mode,
        signal,
        onEvent: (event) => this.#onEvent(event),
        ...(this.#o.tillWork === undefined ? {} : { tillWork: this.#o.tillWork }),
        onGaveWay: () => gaveWay++,
        ...(this.#o.onCredentials === undefined ? {} : { onCredentials: this.#o.onCredentials }),
        ...(this.#o.passDeadlineMs === undefined ? {} : { passDeadlineMs: this.#o.passDeadlineMs }),
      });
      this.#elsewhere = elsewhereOf(report);
      if (this.#elsewhere !== undefined) {
        this.#o.log(
          `sync: another sync of this data folder runs (since ${this.#elsewhere.startedAt}): nothing done`,
        );
        return;
      }
      if (report.unreachable || report.refused !== undefined) {
        const words = report.unreachable
          ? ownWords(say('offline'))
          : report.refused === undefined
            ? ownWords(say('credentialsRefused'))
            : failureWords(report.refused);
        for (const resource of allResources) {
          this.#live.set(resource, { ...this.#idle(resource, 'failed'), ...words });
        }
      } else if (mode === 'full' && !report.cancelled) this.#full = false;
      // The report is the last word on each resource (a quick incremental run may emit no progress).
      for (const r of report.resources) {
        const view = this.#idle(r.resource, stateOf(r));
        this.#live.set(r.resource, {
          ...view,
          done: r.count,
          // Not synced whole: what is cached, of no known total.
          total: r.status === 'ok' ? r.count : null,
          ...(r.status === 'failed' ? failureWords(r.failure) : {}),
          ...foundOf(r),
        });
      }
      for (const r of report.resources) {
        if (r.lastModifyRefused === undefined) continue;
        const { lastModify, why } = r.lastModifyRefused;
        this.#o.log(
          `sync: ${r.resource}: the instance's lastModify ${JSON.stringify(lastModify)} is ${why}: not taken as the watermark`,
        );
      }
      // A run whose thread was ended after a cancel reports no resource: the one under way was cut off.
      if (report.cancelled) this.#cutOff('cancelled');
      const failed = report.resources.filter((r) => r.status !== 'ok').map((r) => r.resource);
      if (report.deadlineMs !== undefined)
        this.#o.log(`sync: stopped at its deadline (${report.deadlineMs} ms); the next run resumes`);
      this.#o.log(
        `sync: finished in ${Date.now() - started} ms${report.unreachable ? ', instance unreachable' : ''}` +
          (failed.length > 0 ? `, not synced: ${failed.join(', ')}` : '') +
          (gaveWay > 0 ? `, gave way to the till ${gaveWay} times` : ''),
      );
      this.#o.onFinished?.(report);
    } catch (error) {
      this.#o.log(`sync failed: ${error instanceof Error ? error.message : 'unknown error'}`);
      this.#cutOff('failed');
    }
  }

  /** Resources still shown as running when the run ended without their report. */
  #cutOff(state: 'failed' | 'cancelled'): void {
    for (const [resource, view] of this.#live) {
      if (view.state !== 'running') continue;
      this.#live.set(resource, {
        ...view,
        state,
        ...(state === 'failed' ? ownWords(say('syncFailed')) : {}),
      });
    }
  }

  #onEvent(event: SyncEvent): void {
    const current = this.#live.get(event.resource) ?? this.#idle(event.resource, 'idle');
    switch (event.type) {
      case 'started':
        this.#live.set(event.resource, { ...current, state: 'running', done: 0, total: null });
        this.#emit(true);
        return;
      case 'progress':
        this.#live.set(event.resource, {
          ...current,
          state: 'running',
          done: event.done,
          total: event.total,
        });
        this.#emit(false);
        return;
      case 'retry':
        this.#live.set(event.resource, {
          ...current,
          message: `retrying: ${event.failure.message}`,
          messageSaid: [say('syncRetrying'), ...(event.failure.said ?? [])],
        });
        this.#emit(false);
        return;
      case 'finished': {
        const r = event.report;
        const failed = r.status !== 'ok';
        const view: ResourceView = {
          ...current,
          state: stateOf(r),
          done: failed ? current.done : r.count,
          total: failed ? current.total : r.count,
        };
        delete view.message;
        delete view.messageSaid;
        if (r.status === 'failed') Object.assign(view, failureWords(r.failure));
        this.#live.set(event.resource, { ...view, ...foundOf(r) });
        this.#emit(true);
        return;
      }
    }
  }

  #idle(
    resource: CatalogResource,
    state: ResourceView['state'],
    lastSyncedAt: string | null = null,
  ): ResourceView {
    return { resource, state, done: 0, total: null, lastSyncedAt };
  }

  #emit(now: boolean): void {
    const elapsed = Date.now() - this.#lastEmit;
    if (now || elapsed >= EMIT_EVERY_MS) {
      clearTimeout(this.#pendingEmit);
      this.#pendingEmit = undefined;
      this.#lastEmit = Date.now();
      this.#o.onStatus(this.status());
    } else {
      this.#pendingEmit ??= setTimeout(() => {
        this.#pendingEmit = undefined;
        this.#emit(true);
      }, EMIT_EVERY_MS - elapsed);
    }
  }
}

type Message = Pick<ResourceView, 'message' | 'messageSaid'>;

/** A resource's message in Counter's words: its English and its sentences by key. */
function ownWords(...said: Said[]): Message {
  return { message: english(said), messageSaid: said };
}

/** A resource's failure: its own English, its sentences by key ("Not synced." when it has none). */
function failureWords(failure: SyncFailure | undefined): Message {
  if (failure === undefined) return ownWords(say('syncNotSynced'));
  return { message: failure.message, messageSaid: failure.said ?? [say('syncNotSynced')] };
}

function stateOf(r: ResourceReport): ResourceView['state'] {
  return r.status === 'ok' ? 'done' : r.status;
}

/** Another sync of the data folder ran: when it started, and its pid where it is a process of this host. */
function elsewhereOf(report: SyncReport): SyncStatusView['runningElsewhere'] {
  const other = report.runningElsewhere;
  if (other === undefined) return undefined;
  const pid = localPid(other.owner);
  return { startedAt: other.startedAt, ...(pid === undefined ? {} : { pid }) };
}

/** The report's discoveries as the view's `found` (absent when there are none). */
function foundOf(r: ResourceReport): { found?: string; foundSaid?: Said[] } {
  const found = whatWasFound(r);
  if (found.length === 0) return {};
  return { found: found.map((f) => f.message).join('; '), foundSaid: found.flatMap((f) => f.said) };
}
