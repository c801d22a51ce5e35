import { describe, expect, it } from 'vitest';
import { giveWayTo, TillWork } from './till-work.ts';

/** Runs `gate` and says whether it waited (told onWait) and how long it took, in ms. */
async function through(
  till: TillWork,
  options: { quietMs?: number; maxWaitMs?: number },
): Promise<{ waited: number; ms: number }> {
  let waited = 0;
  const gate = giveWayTo(till.buffer, { ...options, onWait: () => waited++ });
  const start = performance.now();
  await gate();
  return { waited, ms: performance.now() - start };
}

describe('TillWork and its gate', () => {
  it('lets the sync go at once when the till has done nothing', async () => {
    expect((await through(new TillWork(), { maxWaitMs: 600_000 })).waited).toBe(0);
  });

  it('holds the gate while a call runs and for the quiet after it', async () => {
    const till = new TillWork();
    const end = till.begin();
    let passed = false;
    let told: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => (told = resolve));
    const gate = giveWayTo(till.buffer, { quietMs: 40, maxWaitMs: 600_000, onWait: () => told() });
    const through = gate().then(() => (passed = true));
    await waiting;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(passed).toBe(false);
    const ended = performance.now();
    end();
    await through;
    // Timers never fire early: the quiet was waited out after the end.
    expect(performance.now() - ended).toBeGreaterThanOrEqual(39);
  });

  it('counts a call once however often it is ended', async () => {
    const till = new TillWork();
    const first = till.begin();
    const second = till.begin();
    first();
    first();
    // One call still runs: the gate waits its whole bound.
    const { waited, ms } = await through(till, { quietMs: 0, maxWaitMs: 30 });
    expect(waited).toBe(1);
    expect(ms).toBeGreaterThanOrEqual(29);
    second();
    expect((await through(till, { quietMs: 0, maxWaitMs: 600_000 })).waited).toBe(0);
  });

  it('lets a cancelled sync go at once, even while it waits', async () => {
    const till = new TillWork();
    till.begin(); // never ended
    const cancel = new AbortController();
    let waiting: () => void = () => undefined;
    const waited = new Promise<void>((resolve) => (waiting = resolve));
    const gate = giveWayTo(till.buffer, {
      maxWaitMs: 600_000,
      signal: cancel.signal,
      onWait: () => waiting(),
    });
    const through = gate();
    await waited;
    cancel.abort();
    await through; // the 10 min bound would time the test out
    expect(await giveWayTo(till.buffer, { maxWaitMs: 600_000, signal: cancel.signal })()).toBeUndefined();
  });
});
