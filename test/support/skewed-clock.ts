// A process whose wall clock is set wrong, as on a till whose clock is off: libfaketime preloaded into
// that process alone, its monotonic clock left true (timers and timeouts run at the real pace).
//
// Not Debian's `faketime` wrapper: it makes a semaphore and a shared memory segment named after its own
// pid and removes them only when it exits by itself. A wrapper killed (a test's kill -9, a stopped process
// group) leaves them in /dev/shm, and a later wrapper that gets the same pid refuses to start: "faketime:
// sem_open: File exists" (CI, 2026-11-30: returns.test.ts's next-day shell never started). The library
// needs neither when no clock is shared between processes, and here none is.
import { existsSync } from 'node:fs';

const TRIPLETS: Readonly<Record<string, string>> = {
  x64: 'x86_64-linux-gnu',
  arm64: 'aarch64-linux-gnu',
};

/** Where Debian's libfaketime package puts the library (or a build from source under /usr/local). */
function libfaketime(): string {
  const triplet = TRIPLETS[process.arch] ?? `${process.arch}-linux-gnu`;
  const candidates = [
    `/usr/lib/${triplet}/faketime/libfaketime.so.1`,
    '/usr/local/lib/faketime/libfaketime.so.1',
  ];
  const found = candidates.find((path) => existsSync(path));
  // A preload that is not found only makes the loader warn, and the process would run on the true
  // clock: a test of a skewed clock would pass without one.
  if (found === undefined) throw new Error(`libfaketime not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * The environment that sets a child's wall clock `offset` from the true one, in libfaketime's terms
 * ('+1d' the next day, '-10m', '+365d', '-5h'); nothing for no offset (the true clock). Merge it last
 * into the child's environment.
 */
export function skewedClockEnv(offset: string | undefined): Record<string, string> {
  if (offset === undefined) return {};
  return {
    LD_PRELOAD: libfaketime(),
    FAKETIME: offset,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  };
}
