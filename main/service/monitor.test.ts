// The connection monitor on a fake clock: when it probes (on a period, or only while offline with a
// growing backoff), what its listeners hear, and that a report is fresher than a probe under way.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectivityMonitor } from './monitor.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The instance's health as the test sets it, and when it was asked (fake clock ms). */
function instance() {
  const state = { up: true, asked: [] as number[] };
  const probe = (): Promise<boolean> => {
    state.asked.push(Date.now());
    return Promise.resolve(state.up);
  };
  return { state, probe };
}

function heard(monitor: ConnectivityMonitor): boolean[] {
  const changes: boolean[] = [];
  monitor.subscribe((online) => changes.push(online));
  return changes;
}

// random 0: each backoff wait is exactly half its cap (50, 100, 200, 400, 400 ms for these figures).
const BACKOFF = { offlineBackoff: { baseMs: 100, maxMs: 800 }, random: () => 0 };

describe('without a period (a sender on its own)', () => {
  it('probes only while offline, ever less often, and stops once the instance answers', async () => {
    const { state, probe } = instance();
    const monitor = new ConnectivityMonitor({ probe, ...BACKOFF });
    const changes = heard(monitor);
    monitor.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.asked).toEqual([]);
    expect(monitor.online).toBeNull();

    state.up = false;
    monitor.report(false);
    expect(monitor.online).toBe(false);
    expect(monitor.probing).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    // From 10 000: +50, +100, +200, +400 (the cap's half), +400 ...
    expect(state.asked).toEqual([10_050, 10_150, 10_350, 10_750]);

    state.up = true;
    await vi.advanceTimersByTimeAsync(400);
    expect(state.asked.at(-1)).toBe(11_150);
    expect(monitor.online).toBe(true);
    expect(monitor.probing).toBe(false);
    expect(changes).toEqual([false, true]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.asked).toHaveLength(5);
  });

  it('before start, or after stop, a report is heard but nothing is probed', async () => {
    const { state, probe } = instance();
    state.up = false;
    const monitor = new ConnectivityMonitor({ probe, ...BACKOFF });
    const changes = heard(monitor);
    monitor.report(false);
    expect(monitor.probing).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(state.asked).toEqual([]);
    // Started while offline: the probes begin.
    monitor.start();
    await vi.advanceTimersByTimeAsync(60);
    expect(state.asked).toEqual([5_050]);
    monitor.stop();
    expect(monitor.probing).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(state.asked).toHaveLength(1);
    expect(changes).toEqual([false]);
  });

  it('an answer reported while offline ends the probing and resets the backoff', async () => {
    const { state, probe } = instance();
    state.up = false;
    const monitor = new ConnectivityMonitor({ probe, ...BACKOFF });
    monitor.start();
    monitor.report(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(state.asked).toEqual([50, 150]);
    monitor.report(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(state.asked).toHaveLength(2);
    monitor.report(false);
    await vi.advanceTimersByTimeAsync(60);
    expect(state.asked).toEqual([50, 150, 5_250]);
  });
});

describe('with a period (the app)', () => {
  it('probes at start and on the period; a report is heard at once, between probes', async () => {
    const { state, probe } = instance();
    const monitor = new ConnectivityMonitor({ probe, onlineEveryMs: 3_000 });
    const changes = heard(monitor);
    monitor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(monitor.online).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    monitor.report(false);
    expect(monitor.online).toBe(false);
    expect(monitor.probing).toBe(true);
    expect(changes).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(state.asked).toEqual([0, 3_000]);
    expect(monitor.online).toBe(true);
    expect(changes).toEqual([true, false, true]);
    monitor.stop();
  });

  it('a report that comes while a probe is under way is fresher: the probe does not undo it', async () => {
    let answer: (online: boolean) => void = () => undefined;
    const monitor = new ConnectivityMonitor({
      probe: () => new Promise<boolean>((resolve) => (answer = resolve)),
      onlineEveryMs: 3_000,
    });
    const changes = heard(monitor);
    const checked = monitor.check();
    monitor.report(false);
    answer(true);
    await checked;
    expect(monitor.online).toBe(false);
    expect(changes).toEqual([false]);
    monitor.stop();
  });

  it('a listener that throws is logged, and the others still hear', () => {
    const logged: string[] = [];
    const monitor = new ConnectivityMonitor({
      probe: () => Promise.resolve(true),
      onlineEveryMs: 3_000,
      log: (line) => logged.push(line),
    });
    monitor.subscribe(() => {
      throw new Error('boom');
    });
    const changes = heard(monitor);
    monitor.report(false);
    expect(changes).toEqual([false]);
    expect(logged).toEqual(['connectivity: a listener failed: boom']);
  });
});
