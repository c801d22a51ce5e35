// The one way in for every scan, whatever read it: the keyboard wedge (dom.ts, through the app's
// keymap) or a serial scanner in the main process (each line over IPC). Scans are applied one at a
// time, in the order they came: the next waits until the one before is done (its stock question
// answered, its line on screen), and while a dialog, the payment panel or a PIN prompt is open they
// wait for it to close. Nothing here drops a scan: the app's sink says 'wait' and the queue keeps it
// (or 'pass': it waits, and the scans after it are asked, as the new card's dialog takes its own).
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
  /** Where it was made, stamped as it came (ScanQueue.setStamp); absent before the app stamps. */
  readonly made?: ScanMade;
}

/**
 * Where a scan was made, as the app stamps it the moment it comes: a scan that waited (behind a
 * stock question, under the payment panel) is applied there, not wherever the cashier has moved to
 * by its turn (F11 pressed meanwhile made a sale's scan a receipt lookup). Plain values: the app's
 * names (screen, sale id) mean nothing here.
 */
export interface ScanMade {
  /** The screen the cashier was on (the app's name for it). */
  readonly screen: string;
  /** Made into something that takes a scan itself: the scanner test pad, the new card's dialog. */
  readonly into?: 'test-pad' | 'card';
  /** The sale on the counter then (its id as the app has it), if one was shown. */
  readonly sale?: string | number;
  /** A bare `3*` typed before it, which this scan took: the field's text and the quantity. */
  readonly typed?: { readonly entry: string; readonly quantity: number };
  /**
   * Keys typed just before it (a serial line) were still held back by the keyboard's scanner: the
   * `3*` they make is not in the field yet, so it is taken when the scan is applied.
   */
  readonly typedLater?: true;
}

/**
 * The app's answer for a scan: applied (done when the promise settles); 'wait' (a dialog is open: it
 * stays first in line, and every scan after it waits too, until resume()); or 'pass' (it waits, but
 * the scans after it are asked: the new card's dialog takes the scans made into it while the sale's
 * wait, in their own order, behind it).
 */
export type SinkAnswer = 'wait' | 'pass' | Promise<unknown>;
export type ScanSink = (scan: DeliveredScan) => SinkAnswer;

export class ScanQueue {
  readonly #waiting: DeliveredScan[] = [];
  #sink: ScanSink | null = null;
  #stamp: ((scan: DeliveredScan) => DeliveredScan) | null = null;
  #busy = false;
  /** The scan being applied now (taken out of #waiting), until its promise settles. */
  #applying: DeliveredScan | null = null;
  /** Where in #waiting the scan being applied was taken from (after the scans passed over). */
  #takenAt = 0;
  #draining = false;
  #idleWaiters: (() => void)[] = [];
  #told = 0;
  readonly #listeners = new Set<(waiting: number) => void>();
  readonly #watchers = new Set<() => void>();

  /** A scan, in the order read. Applied now if nothing stands before it, otherwise queued. */
  deliver(scan: DeliveredScan): void {
    this.#waiting.push(this.#stamp === null ? scan : this.#stamp(scan));
    this.#drain();
  }

  /**
   * The app's stamp, run on each scan as it comes (before it waits for anything): where it was made.
   * Returns the removal.
   */
  setStamp(stamp: (scan: DeliveredScan) => DeliveredScan): () => void {
    this.#stamp = stamp;
    return () => {
      if (this.#stamp === stamp) this.#stamp = null;
    };
  }

  /**
   * A scan the sink took out to apply and found it must wait after all (a dialog opened during a
   * round trip it made first): back where it was taken from, before the scans that came after it
   * (and after those passed over before it: 'pass').
   */
  putBack(scan: DeliveredScan): void {
    this.#waiting.splice(Math.min(this.#takenAt, this.#waiting.length), 0, scan);
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

  /** The scans not done yet, in order: the one being applied now, then those waiting. */
  unfinished(): readonly DeliveredScan[] {
    return this.#applying === null ? [...this.#waiting] : [this.#applying, ...this.#waiting];
  }

  /**
   * Called after anything may have changed what is unfinished (a scan came, was taken, was done):
   * the page keeps them over a reload (store/scans-over-reload.ts). Returns the unsubscribe.
   */
  watch(watcher: () => void): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
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
    for (const w of this.#watchers) w();
    if (this.isIdle() && this.#idleWaiters.length > 0) {
      const waiters = this.#idleWaiters;
      this.#idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  #drainNow(): void {
    // The first scan not passed over ('pass'): those before it stay, in order, for the next drain.
    let at = 0;
    while (!this.#busy && this.#sink !== null && at < this.#waiting.length) {
      const next = this.#waiting[at];
      if (next === undefined) break;
      let answer: SinkAnswer;
      try {
        answer = this.#sink(next);
      } catch {
        // The sink failed before it started (it says why itself): the scan is not taken twice.
        this.#waiting.splice(at, 1);
        continue;
      }
      if (answer === 'wait') break;
      if (answer === 'pass') {
        at += 1;
        continue;
      }
      this.#waiting.splice(at, 1);
      this.#busy = true;
      this.#applying = next;
      this.#takenAt = at;
      const done = (): void => {
        this.#busy = false;
        this.#applying = null;
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
