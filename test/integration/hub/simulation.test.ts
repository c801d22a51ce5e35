// The store simulation at small numbers (issue 38, point 5; the bench runs it at 10 tills x 1,000
// sales): tills in this process against one real nats-server, each till's network cut at random while
// it sells (the connection dropped without a word, new ones refused for a while) and the hub killed
// with kill -9 on the way, which the hosting supervisor (HubServer) brings back. Every till ends with
// every other till's events once each, as that till wrote them, and none of its own as another's.
import { describe, expect, it } from 'vitest';
import { simulateStore } from '../../support/store-sim.ts';

describe('a store of tills with random disconnects', () => {
  it('ends with every event once on every till', { timeout: 300_000 }, async () => {
    const result = await simulateStore({
      tills: 4,
      sales: 25,
      meanGapMs: 40,
      cuts: { meanMs: 400, maxMs: 800 },
      hubKills: 1,
      seed: 7,
      timeoutMs: 240_000,
    });
    expect(result.problems).toEqual([]);
    // A shift and 25 sales at each till; each of them at the three others.
    expect(result.events).toBe(4 * 26);
    expect(result.applied).toBe(4 * 26 * 3);
    expect(result.everyTillMs).toHaveLength(4 * 25);
    // The disconnects and the kill really happened.
    expect(result.cuts).toBeGreaterThan(0);
    expect(result.hubKills).toBe(1);
  });
});
