// The tests' skewed clock (skewed-clock.ts) on a real process: its wall clock is a day on, its
// monotonic clock true, and the process spawned is the program itself, with no wrapper between. Debian's
// faketime wrapper refused to start when a killed wrapper had left its semaphore under the pid it was
// given ("faketime: sem_open: File exists", a CI run red); the library itself carries on in that case.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { expect, it } from 'vitest';
import { skewedClockEnv } from './skewed-clock.ts';

const DAY_MS = 24 * 3_600_000;

it('sets a child wall clock a day on, its monotonic clock true, with no wrapper process', async () => {
  const before = Date.now();
  const child = spawn(
    process.execPath,
    ['-e', 'console.log(JSON.stringify({ pid: process.pid, wall: Date.now(), up: process.uptime() }))'],
    { env: { PATH: process.env.PATH ?? '', ...skewedClockEnv('+1d') }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  const [code] = (await once(child, 'close')) as [number | null];
  expect(code).toBe(0);
  const after = Date.now();
  const seen = JSON.parse(out) as { pid: number; wall: number; up: number };
  expect(seen.wall - before).toBeGreaterThanOrEqual(DAY_MS);
  expect(seen.wall - after).toBeLessThanOrEqual(DAY_MS);
  // The monotonic clock is left true: the child's own age is not a day.
  expect(seen.up).toBeLessThan(3_600);
  // The process spawned is node itself (a wrapper would have run it as its own child).
  expect(seen.pid).toBe(child.pid);
});
