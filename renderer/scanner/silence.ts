// Waits for a silence in the key stream: "no key came for N ms".
//
// The page's clock cannot see keys that are still queued. When the main thread is busy (a sync, a
// long render), a scanner's keys wait in Chromium's input queue with their own timestamps, and a
// timer due in the meantime may run before them: ending a burst there would split one scan into
// typing. So a silence is measured in real time from when the last key was handled (not from its
// timestamp, which may be long past), and a timer that fires late (the thread was busy, keys may be
// queued) waits one more period before it decides, a bounded number of times.

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export function windowClock(win: Window): Clock {
  return {
    now: () => win.performance.now(),
    setTimeout: (fn, ms) => win.setTimeout(fn, ms),
    clearTimeout: (handle) => {
      win.clearTimeout(handle as number);
    },
  };
}

export interface SilenceOptions {
  /** A timer firing later than this after its due time means the thread was busy. */
  readonly lateMs: number;
  /** How many times a late timer waits again before it decides anyway (a page busy for good). */
  readonly maxWaits: number;
}

const DEFAULTS: SilenceOptions = { lateMs: 20, maxWaits: 5 };

export class SilenceTimer {
  readonly #clock: Clock;
  readonly #options: SilenceOptions;
  #handle: unknown = undefined;

  constructor(clock: Clock, options: Partial<SilenceOptions> = {}) {
    this.#clock = clock;
    this.#options = { ...DEFAULTS, ...options };
  }

  /** Calls onSilence once `ms` pass with the thread free to handle keys; replaces a pending wait. */
  start(ms: number, onSilence: () => void): void {
    this.cancel();
    this.#arm(ms, onSilence, 0);
  }

  cancel(): void {
    if (this.#handle === undefined) return;
    this.#clock.clearTimeout(this.#handle);
    this.#handle = undefined;
  }

  #arm(ms: number, onSilence: () => void, waits: number): void {
    const due = this.#clock.now() + ms;
    this.#handle = this.#clock.setTimeout(() => {
      this.#handle = undefined;
      const late = this.#clock.now() - due > this.#options.lateMs;
      if (late && waits < this.#options.maxWaits) this.#arm(ms, onSilence, waits + 1);
      else onSilence();
    }, ms);
  }
}
