// Whether the instance answers: the one owner of online/offline. Probes are cheap (GET /api/health,
// no token) and never throw. A call that just got (or missed) an answer reports it, as fresher
// evidence than the last probe, so everyone who listens (the status bar, the outbox) knows at once.
// Two ways to probe: on a period whatever the last answer (the app's status bar), or, with no period,
// only while the instance does not answer, spaced out by a backoff (a sender on its own: the CLI,
// the tests) so that nothing is asked while all is well.
import { backoffDelay, DEFAULT_PROBE_BACKOFF, type BackoffPolicy } from './backoff.ts';

export interface ConnectivityOptions {
  readonly probe: () => Promise<boolean>;
  /** Probe on this period, online or not. Without it, probes run only while offline (offlineBackoff). */
  readonly onlineEveryMs?: number;
  /** The spacing of probes while offline when there is no period. */
  readonly offlineBackoff?: BackoffPolicy;
  readonly random?: () => number;
  /** Where a listener's failure is told (it never reaches the caller that reported). */
  readonly log?: (message: string) => void;
}

export class ConnectivityMonitor {
  readonly #options: ConnectivityOptions;
  readonly #listeners = new Set<(online: boolean) => void>();
  #online: boolean | null = null;
  #started = false;
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  #checking: Promise<boolean> | undefined;
  /** Probes in a row that found the instance unreachable (the offline backoff grows with them). */
  #misses = 0;
  /** Counts reports: a probe that was under way when one came carries older news. */
  #reports = 0;

  constructor(options: ConnectivityOptions) {
    this.#options = options;
  }

  /** null until a probe or a report says. */
  get online(): boolean | null {
    return this.#online;
  }

  /** Unreachable, and probing until the instance answers again. */
  get probing(): boolean {
    return this.#started && !this.#stopped && this.#online === false;
  }

  /** Called on every change of online/offline; returns the unsubscribe function. */
  subscribe(listener: (online: boolean) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** With a period: probes now and on the period. Without: probes from now on whenever offline. */
  start(): void {
    this.#started = true;
    this.#stopped = false;
    if (this.#periodic()) void this.check();
    else if (this.#online === false) this.#scheduleOffline();
  }

  /** Probes now (coalescing concurrent calls) and reschedules the next probe. */
  check(): Promise<boolean> {
    this.#checking ??= this.#probe().finally(() => {
      this.#checking = undefined;
    });
    return this.#checking;
  }

  /** A call that just failed or succeeded over the network is fresher evidence than the last probe. */
  report(online: boolean): void {
    this.#reports += 1;
    this.#set(online);
    if (this.#periodic()) return;
    if (online) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#misses = 0;
    } else if (this.#timer === undefined && this.#checking === undefined) this.#scheduleOffline();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async #probe(): Promise<boolean> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const reports = this.#reports;
    let online = false;
    try {
      online = await this.#options.probe();
    } catch {
      online = false;
    }
    if (this.#stopped) return online;
    // A report that came while the probe was under way is newer: it stands.
    if (reports === this.#reports) this.#set(online);
    if (this.#periodic()) {
      this.#timer = setTimeout(() => void this.check(), this.#options.onlineEveryMs);
      this.#timer.unref();
    } else if (this.#online === false) {
      this.#misses += 1;
      this.#scheduleOffline();
    } else this.#misses = 0;
    return online;
  }

  /** Without a period: the next probe while offline, later after each miss. */
  #scheduleOffline(): void {
    if (!this.#started || this.#stopped) return;
    clearTimeout(this.#timer);
    const policy = this.#options.offlineBackoff ?? DEFAULT_PROBE_BACKOFF;
    const delay = backoffDelay(policy, this.#misses + 1, this.#options.random);
    this.#timer = setTimeout(() => void this.check(), delay);
    this.#timer.unref();
  }

  #periodic(): boolean {
    return this.#options.onlineEveryMs !== undefined;
  }

  #set(online: boolean): void {
    if (this.#online === online) return;
    this.#online = online;
    for (const listener of this.#listeners) {
      try {
        listener(online);
      } catch (error) {
        this.#options.log?.(
          `connectivity: a listener failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
}
