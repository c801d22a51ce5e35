import { describe, expect, it } from 'vitest';
import { SilenceTimer, type Clock } from './silence.ts';

/** A clock the test moves; `busy` makes the next due timer fire that many ms late, as a blocked thread. */
function manualClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock & { advance(ms: number, busyMs?: number): void } = {
    now: () => now,
    setTimeout: (fn, ms) => {
      timers.set(nextId, { at: now + ms, fn });
      return nextId++;
    },
    clearTimeout: (handle) => {
      timers.delete(handle as number);
    },
    advance: (ms, busyMs = 0) => {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (due === undefined) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at + busyMs);
        due[1].fn();
      }
      now = Math.max(now, end);
    },
  };
  return clock;
}

describe('SilenceTimer', () => {
  it('calls back once the time has passed, not before', () => {
    const clock = manualClock();
    const timer = new SilenceTimer(clock);
    let calls = 0;
    timer.start(100, () => calls++);
    clock.advance(99);
    expect(calls).toBe(0);
    clock.advance(1);
    expect(calls).toBe(1);
    clock.advance(1000);
    expect(calls).toBe(1);
  });

  it('waits another period when its timer fired late (the thread was busy, keys may be queued)', () => {
    const clock = manualClock();
    const timer = new SilenceTimer(clock, { lateMs: 20 });
    let calls = 0;
    timer.start(100, () => calls++);
    clock.advance(100, 300); // fires 300 ms late
    expect(calls).toBe(0);
    clock.advance(99);
    expect(calls).toBe(0);
    clock.advance(1);
    expect(calls).toBe(1);
  });

  it('decides anyway after a bounded number of late fires', () => {
    const clock = manualClock();
    const timer = new SilenceTimer(clock, { lateMs: 20, maxWaits: 2 });
    let calls = 0;
    timer.start(100, () => calls++);
    for (let i = 0; i < 3; i++) clock.advance(100, 50);
    expect(calls).toBe(1);
  });

  it('is cancelled by a new start and by cancel', () => {
    const clock = manualClock();
    const timer = new SilenceTimer(clock);
    const calls: string[] = [];
    timer.start(100, () => calls.push('first'));
    clock.advance(50);
    timer.start(100, () => calls.push('second'));
    clock.advance(60);
    expect(calls).toEqual([]);
    clock.advance(40);
    expect(calls).toEqual(['second']);
    timer.start(100, () => calls.push('third'));
    timer.cancel();
    clock.advance(500);
    expect(calls).toEqual(['second']);
  });
});
