// The till's own work comes before the sync's. The core marks each call of the sale (session.*: a
// scan, a line edited, the sale closed; not its reads) while it runs; the sync's worker thread, at
// its gates (before it decodes an answer, before it writes a page), waits while such a call runs or
// one ended less than QUIET_MS ago, and goes on after MAX_WAIT_MS in any case, so a sync always
// moves. The two threads share one small SharedArrayBuffer: no message, no lock.
//
// Why not the OS's priority: a sync thread at nice 10 took the CPU from nothing but a scan when the
// machine was idle, and was starved when anything else was busy (demo start-up sync: 20 s idle, 89 s
// with a busy loop on each core, 24 s at nice 0 under the same loops), and an unprivileged process
// cannot lower the nice again once the scans stop.

/** Layout: [calls in flight: Int32 at 0] [monotonic ns when the last one ended: BigInt64 at 8]. */
const BYTES = 16;

/** After a call ends, the page paints its answer and may read again: the sync waits this long more. */
export const QUIET_MS = 150;
/** How often a waiting gate looks again while a call runs. */
const POLL_MS = 10;
/** The longest one gate waits: during a long storm of scans the sync still does a page a second. */
export const MAX_WAIT_MS = 1000;

/** The core's side: marks the till's calls. */
export class TillWork {
  readonly buffer = new SharedArrayBuffer(BYTES);
  readonly #inFlight = new Int32Array(this.buffer, 0, 1);
  readonly #lastEnd = new BigInt64Array(this.buffer, 8, 1);

  /** A call begins; the returned function ends it (call it once, in a finally). */
  begin(): () => void {
    Atomics.add(this.#inFlight, 0, 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      Atomics.store(this.#lastEnd, 0, process.hrtime.bigint());
      Atomics.sub(this.#inFlight, 0, 1);
    };
  }
}

export interface GiveWayOptions {
  quietMs?: number;
  maxWaitMs?: number;
  /** Told each time a gate has to wait (the worker reports it; tests wait for it). */
  onWait?: () => void;
  /** The run's cancel: a cancelled sync waits for nothing (it stops at its next check). */
  signal?: AbortSignal;
}

/**
 * The sync's side: a gate to await before each piece of work. Resolves at once when the till is
 * quiet; otherwise once it is, or after maxWaitMs.
 */
export function giveWayTo(buffer: SharedArrayBuffer, options: GiveWayOptions = {}): () => Promise<void> {
  const inFlight = new Int32Array(buffer, 0, 1);
  const lastEnd = new BigInt64Array(buffer, 8, 1);
  const quietNs = BigInt(options.quietMs ?? QUIET_MS) * 1_000_000n;
  const maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
  return async () => {
    const deadline = performance.now() + maxWaitMs;
    let told = false;
    for (;;) {
      const running = Atomics.load(inFlight, 0);
      // Monotonic time of this process (every thread reads the same clock): no wall-clock change
      // can make the till look busy forever; a value from the future would only last maxWaitMs.
      const sinceEnd = process.hrtime.bigint() - Atomics.load(lastEnd, 0);
      const left = deadline - performance.now();
      if ((running === 0 && sinceEnd >= quietNs) || left <= 0 || options.signal?.aborted === true) return;
      if (!told) options.onWait?.();
      told = true;
      // A call in flight: look again soon (a scan's call takes a few ms); then the quiet's rest.
      const quietLeft = running > 0 ? POLL_MS : Number(quietNs - sinceEnd) / 1_000_000;
      await sleep(Math.min(left, quietLeft), options.signal);
    }
  };
}

/**
 * Waits `ms`, or until `signal` aborts (then resolves: the gate's loop sees the abort). Not retry.ts's
 * sleep: this file is the core's light entry into main/sync and imports none of the engine
 * (test/integration/startup/lazy-libraries.test.ts).
 */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(1, Math.ceil(ms)));
    signal?.addEventListener('abort', done, { once: true });
  });
}
