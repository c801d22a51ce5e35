// The core marks the sale's calls as the till's work and its sync gives way to them
// (main/sync/till-work.ts), against the real sim: a sync run while the sale's calls keep coming says
// it waited for them; one run beside nothing but a page's polled reads never waits.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../contract/contract.ts';
import { Core } from '../../../main/core/core.ts';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { demoEnv, tempDir } from '../../support/fixtures.ts';

let sim: RunningSim;
const cores: Core[] = [];
beforeAll(async () => {
  sim = await startSim({ size: 'small', port: 0 });
});
afterAll(() => sim.close());
afterEach(async () => {
  for (const c of cores.splice(0)) await c.close();
});

function value(envelope: Envelope): unknown {
  if (!envelope.ok) throw new Error(`call failed: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}

/** A core on the sim whose log lines are kept. */
async function core(): Promise<{ c: Core; log: string[] }> {
  const log: string[] = [];
  const c = await Core.create({
    dataDir: tempDir('till-work'),
    credentials: new MemoryCredentialStore(),
    env: demoEnv(sim.url),
    autoSync: false,
    log: (line) => log.push(line),
  });
  cores.push(c);
  return { c, log };
}

/** Starts a sync and calls `meanwhile` until the run's "finished" line is logged; returns that line. */
async function syncBeside(c: Core, log: string[], meanwhile: () => Promise<unknown>): Promise<string> {
  const finished = () => log.find((line) => line.startsWith('sync: finished'));
  value(await c.invoke('sync.now', { full: true }));
  while (finished() === undefined) {
    await meanwhile();
    // A turn of the event loop: the sync worker's messages (and its log lines) come as tasks.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return finished() ?? '';
}

describe("the sync and the till's own calls", () => {
  it('gives way while the sale is worked on', { timeout: 120_000 }, async () => {
    const { c, log } = await core();
    // Two cashier's hands at once, so one of the sale's calls is nearly always running: voiding an
    // empty sale is the sale's call that needs nothing set up.
    const line = await syncBeside(c, log, () =>
      Promise.all([c.invoke('session.cancel', {}), c.invoke('session.cancel', {})]),
    );
    expect(line).toMatch(/, gave way to the till \d+ times$/);
    expect(line).not.toContain('not synced');
  });

  it("never waits for a page's polled reads", { timeout: 120_000 }, async () => {
    const { c, log } = await core();
    const line = await syncBeside(c, log, () =>
      Promise.all([c.invoke('sync.status', {}), c.invoke('session.current', {})]),
    );
    expect(line).toMatch(/^sync: finished in \d+ ms$/);
  });
});
