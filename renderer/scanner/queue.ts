// The one way in for every scan, whatever read it: the keyboard wedge (dom.ts, through the app's
// keymap) or a serial scanner in the main process (each line over IPC). Scans are applied one at a
// time, in the order they came: the next waits until the one before is done (its stock question
// answered, its line on screen), and while a dialog, the payment panel or a PIN prompt is open they
// wait for it to close. Nothing here drops a scan: the app's sink says 'wait' and the queue keeps it.
//
// Pure (no DOM, no store): the app registers the sink that applies a scan where the cashier is
// (renderer/actions/attach.ts), and calls resume() when what made scans wait has gone.

/** Who read the code: keystrokes, a paste or one input event (keyboard wedge), or a serial line. */
export type ScanSource = 'keys' | 'paste' | 'input' | 'serial';

export interface DeliveredScan {
  readonly code: string;
  readonly source: ScanSource;
  /** When its first key came (event time, ms); absent for serial lines. */
  readonly startedAt?: number;
  /** Keystrokes that went on across a pause (ScannerConfig.pauseMs): maybe two things joined. */
  readonly paused?: boolean;
  /** The characters as the OS typed them, where a person would see them in a field. */
  readonly typed?: string;
  /**
   * A serial line's id in the core, where it waits until the call that applies it takes it (once,
   * whichever page: session.scan's serialScanId, or scanner.claim first elsewhere).
   */
  readonly serialId?: number;
}

/** The app's answer for the scan at the head of the queue: applied (done when the promise settles),
 * or 'wait' (a dialog is open: the scan stays first in line until resume()). */
export type SinkAnswer = 'wait' | Promise<unknown>;
export type ScanSink = (scan: DeliveredScan) => SinkAnswer;

export class ScanQueue {
  readonly #waiting: DeliveredScan[] = [];
  #sink: ScanSink | null = null;
  #busy = false;
  #draining = false;
  #idleWaiters: (() => void)[] = [];
  #told = 0;
  readonly #listeners = new Set<(waiting: number) => void>();

  /** A scan, in the order read. Applied now if nothing stands before it, otherwise queued. */
  deliver(scan: DeliveredScan): void {
    this.#waiting.push(scan);
    this.#drain();
  }

  /** The app's apply function; scans delivered before it existed are applied now. Returns the removal. */
  setSink(sink: ScanSink): () => void {
    this.#sink = sink;
    this.#drain();
    return () => {
      if (this.#sink === sink) this.#sink = null;
    };
  }

  /** What made scans wait (a dialog) may have gone: try the first one again. */
  resume(): void {
    this.#drain();
  }

  /** How many scans are waiting (not counting one being applied now). */
  waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Resolves once no scan is being applied or waits to be (at once when none is): a key pressed
   * after a scan (F9) acts on the sale as that scan left it, never on the sale before it.
   */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** No scan is being applied or waits to be. */
  isIdle(): boolean {
    return !this.#busy && this.#waiting.length === 0;
  }

  /** Whether a scan is being applied now (the next waits for it). */
  applying(): boolean {
    return this.#busy;
  }

  /** Called with the number of waiting scans each time it changes. Returns the unsubscribe. */
  subscribe(listener: (waiting: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #drain(): void {
    // Applying a scan may call back in here (it changes a dialog's store, and the app resumes the
    // queue on every such change): the loop below already goes on, and a nested pass would apply the
    // same first scan again, deeper and deeper, until the stack overflowed inside whatever ran then
    // (once inside React's scheduler, which then painted nothing more).
    if (this.#draining) return;
    this.#draining = true;
    try {
      this.#drainNow();
    } finally {
      this.#draining = false;
    }
    this.#tell();
    if (this.isIdle() && this.#idleWaiters.length > 0) {
      const waiters = this.#idleWaiters;
      this.#idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  #drainNow(): void {
    while (!this.#busy && this.#sink !== null && this.#waiting.length > 0) {
      const next = this.#waiting[0];
      if (next === undefined) break;
      let answer: SinkAnswer;
      try {
        answer = this.#sink(next);
      } catch {
        // The sink failed before it started (it says why itself): the scan is not taken twice.
        this.#waiting.shift();
        continue;
      }
      if (answer === 'wait') break;
      this.#waiting.shift();
      this.#busy = true;
      const done = (): void => {
        this.#busy = false;
        this.#drain();
      };
      void answer.then(done, done);
    }
  }

  #tell(): void {
    const count = this.#waiting.length;
    if (count === this.#told) return;
    this.#told = count;
    for (const l of this.#listeners) l(count);
  }
}

/** The page's one queue: keyboard scans and serial lines go in through deliverScan. */
export const scanQueue = new ScanQueue();

/**
 * Delivers a scan into the page's queue: applied where the cashier is, in order, once nothing stands
 * before it. The serial scanner's lines come in here as whole codes (`source: 'serial'`, line end
 * already cut off); the keyboard wedge's scans too (renderer/actions/attach.ts).
 */
export function deliverScan(
  code: string,
  source: ScanSource,
  more: Omit<DeliveredScan, 'code' | 'source'> = {},
): void {
  scanQueue.deliver({ code, source, ...more });
}
