// Fault injection switched at run time (programmatically or over /__sim/faults), so tests provoke
// slow, broken and missing answers from the same running instance.
import { z } from 'zod';

const matchShape = {
  /** Regex over the HTTP method (e.g. "POST"); absent = any. */
  method: z.string().optional(),
  /** Regex over the URL path without query (e.g. "^/api/stock-items"); absent = any. */
  path: z.string().optional(),
  /** Chance in [0, 1] that the fault applies to a matching request; default 1. */
  probability: z.number().min(0).max(1).optional(),
  /** Applies to this many matching requests, then switches itself off; absent = until reset. */
  times: z.number().int().positive().optional(),
};

export const latencyFaultSchema = z.object({
  ms: z.number().int().min(0).max(600_000),
  jitterMs: z.number().int().min(0).max(600_000).optional(),
  ...matchShape,
});
export const dropFaultSchema = z.object(matchShape);
export const statusFaultSchema = z.object({
  status: z.number().int().min(400).max(599),
  retryAfterSeconds: z.number().int().min(0).optional(),
  /** The Retry-After header's raw text, absurd ones included (`9999999999999`); wins over retryAfterSeconds. */
  retryAfter: z.string().max(200).optional(),
  /**
   * The handler runs and commits first, then this status replaces its answer: an instance that
   * stored the order and failed in a later step, or a proxy's 502/504 after the upstream wrote.
   */
  afterCommit: z.boolean().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  ...matchShape,
});
export const offlineFaultSchema = z.object({
  /** refuse: stop listening (connection refused); destroy: accept and destroy every request. */
  mode: z.enum(['refuse', 'destroy']).optional(),
  /** Back online by itself after this long. */
  forMs: z.number().int().positive().optional(),
});

export const faultConfigSchema = z
  .object({
    latency: latencyFaultSchema.nullable().optional(),
    dropBeforeHandler: dropFaultSchema.nullable().optional(),
    dropAfterCommit: dropFaultSchema.nullable().optional(),
    forceStatus: z.array(statusFaultSchema).optional(),
    offline: z.union([z.boolean(), offlineFaultSchema]).optional(),
  })
  .strict();

export type LatencyFault = z.infer<typeof latencyFaultSchema>;
export type DropFault = z.infer<typeof dropFaultSchema>;
export type StatusFault = z.infer<typeof statusFaultSchema>;
export type OfflineFault = z.infer<typeof offlineFaultSchema>;
export type FaultConfig = z.infer<typeof faultConfigSchema>;

export interface FaultState {
  readonly latency?: LatencyFault;
  readonly dropBeforeHandler?: DropFault;
  readonly dropAfterCommit?: DropFault;
  readonly forceStatus: readonly StatusFault[];
  readonly offline: false | { readonly mode: 'refuse' | 'destroy'; readonly until?: string };
}

interface Armed<T> {
  fault: T;
  remaining: number;
}

/** What the server does for offline switches (it owns the listening socket). */
export interface OfflineSwitch {
  goOffline(mode: 'refuse' | 'destroy'): Promise<void>;
  goOnline(): Promise<void>;
}

export class FaultController {
  #latency: Armed<LatencyFault> | undefined;
  #dropBefore: Armed<DropFault> | undefined;
  #dropAfter: Armed<DropFault> | undefined;
  #status: Armed<StatusFault>[] = [];
  #offline: FaultState['offline'] = false;
  #offlineTimer: NodeJS.Timeout | undefined;
  readonly #held = new Set<() => void>();
  #switch: OfflineSwitch | undefined;
  readonly #random: () => number;

  constructor(random: () => number = Math.random) {
    this.#random = random;
  }

  /** Wired by the server once it listens. */
  attach(offlineSwitch: OfflineSwitch): void {
    this.#switch = offlineSwitch;
  }

  latency(fault: LatencyFault | null): void {
    this.#latency = arm(fault);
  }
  dropBeforeHandler(fault: DropFault | null = {}): void {
    this.#dropBefore = arm(fault);
  }
  dropAfterCommit(fault: DropFault | null = {}): void {
    this.#dropAfter = arm(fault);
  }
  /** Adds a forced-status rule (rules are checked in the order added). */
  forceStatus(fault: StatusFault): void {
    const armed = arm(fault);
    if (armed) this.#status.push(armed);
  }
  clearForcedStatus(): void {
    this.#status = [];
  }

  /** Whole instance offline. `refuse` (default) closes the listening socket; `destroy` keeps it but kills requests. */
  async setOffline(on: boolean | OfflineFault): Promise<void> {
    clearTimeout(this.#offlineTimer);
    this.#offlineTimer = undefined;
    if (on === false) {
      if (this.#offline !== false) {
        this.#offline = false;
        await this.#switch?.goOnline();
      }
      return;
    }
    const options = on === true ? {} : on;
    const mode = options.mode ?? 'refuse';
    if (this.#offline !== false && this.#offline.mode !== mode) await this.#switch?.goOnline();
    const until =
      options.forMs === undefined ? undefined : new Date(Date.now() + options.forMs).toISOString();
    this.#offline = until === undefined ? { mode } : { mode, until };
    await this.#switch?.goOffline(mode);
    if (options.forMs !== undefined) {
      this.#offlineTimer = setTimeout(() => void this.setOffline(false), options.forMs);
      this.#offlineTimer.unref();
    }
  }

  /** Applies a whole configuration: listed kinds are replaced, others kept (null switches one off). */
  async apply(config: FaultConfig): Promise<void> {
    if (config.latency !== undefined) this.latency(config.latency);
    if (config.dropBeforeHandler !== undefined) this.dropBeforeHandler(config.dropBeforeHandler);
    if (config.dropAfterCommit !== undefined) this.dropAfterCommit(config.dropAfterCommit);
    if (config.forceStatus !== undefined) {
      this.clearForcedStatus();
      for (const f of config.forceStatus) this.forceStatus(f);
    }
    if (config.offline !== undefined) await this.setOffline(config.offline);
  }

  async reset(): Promise<void> {
    this.#latency = undefined;
    this.#dropBefore = undefined;
    this.#dropAfter = undefined;
    this.#status = [];
    await this.setOffline(false);
  }

  state(): FaultState {
    const state: {
      -readonly [K in keyof FaultState]: FaultState[K];
    } = { forceStatus: this.#status.map((a) => a.fault), offline: this.#offline };
    if (this.#latency) state.latency = this.#latency.fault;
    if (this.#dropBefore) state.dropBeforeHandler = this.#dropBefore.fault;
    if (this.#dropAfter) state.dropAfterCommit = this.#dropAfter.fault;
    return state;
  }

  get offlineMode(): 'refuse' | 'destroy' | undefined {
    return this.#offline === false ? undefined : this.#offline.mode;
  }

  /**
   * Waits `ms` (a latency fault's delay), unless `releaseHeld` ends the wait sooner: a test holds an
   * answer for as long as it needs to look, not for a time a loaded machine may overrun.
   */
  async hold(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#held.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#held.add(done);
    });
  }

  /** Requests waiting in `hold` now. */
  get heldCount(): number {
    return this.#held.size;
  }

  /** Lets every held request go on at once; returns how many there were. */
  releaseHeld(): number {
    const held = [...this.#held];
    for (const done of held) done();
    return held.length;
  }

  /** Milliseconds to delay this request (0 for none). */
  takeLatency(method: string, path: string): number {
    const f = this.#take(this.#latency, method, path, () => (this.#latency = undefined));
    if (!f) return 0;
    return f.ms + (f.jitterMs ? Math.floor(this.#random() * (f.jitterMs + 1)) : 0);
  }

  takeDropBefore(method: string, path: string): boolean {
    return this.#take(this.#dropBefore, method, path, () => (this.#dropBefore = undefined)) !== undefined;
  }

  takeDropAfter(method: string, path: string): boolean {
    return this.#take(this.#dropAfter, method, path, () => (this.#dropAfter = undefined)) !== undefined;
  }

  /** A forced status for this request: `before` the handler runs, or `afterCommit` (see StatusFault). */
  takeStatus(
    method: string,
    path: string,
    phase: 'before' | 'afterCommit' = 'before',
  ): StatusFault | undefined {
    for (const armed of this.#status) {
      if ((armed.fault.afterCommit === true) !== (phase === 'afterCommit')) continue;
      const f = this.#take(
        armed,
        method,
        path,
        () => (this.#status = this.#status.filter((a) => a !== armed)),
      );
      if (f) return f;
    }
    return undefined;
  }

  #take<T extends DropFault>(
    armed: Armed<T> | undefined,
    method: string,
    path: string,
    disarm: () => void,
  ): T | undefined {
    if (!armed) return undefined;
    const f = armed.fault;
    if (f.method !== undefined && !new RegExp(f.method, 'i').test(method)) return undefined;
    if (f.path !== undefined && !new RegExp(f.path).test(path)) return undefined;
    if (f.probability !== undefined && this.#random() >= f.probability) return undefined;
    armed.remaining -= 1;
    if (armed.remaining <= 0) disarm();
    return f;
  }
}

function arm<T extends DropFault>(fault: T | null): Armed<T> | undefined {
  if (fault === null) return undefined;
  // Validate regexes now, so a bad pattern fails the caller rather than a later request.
  if (fault.method !== undefined) new RegExp(fault.method, 'i');
  if (fault.path !== undefined) new RegExp(fault.path);
  return { fault, remaining: fault.times ?? Number.POSITIVE_INFINITY };
}
