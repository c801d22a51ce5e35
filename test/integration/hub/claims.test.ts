// Two tills returning the same sold line at the same instant, through the claims bucket of a real
// nats-server (JetStream KV, compare-and-set): together they never take back more than was sold.
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CLAIMS_BUCKET } from '../../../main/hub/index.ts';
import { startTestHub } from '../../support/nats-hub.ts';
import { joinHub, openTillDb, tillUsers } from '../../support/store-till.ts';

describe('return claims across tills', () => {
  it(
    'lets only one of two tills claim the same units of a line at once, every time',
    { timeout: 120_000 },
    async () => {
      const hub = await startTestHub(tillUsers('till1', 'till2'));
      const one = joinHub(openTillDb('one'), 'till1', hub);
      const two = joinHub(openTillDb('two'), 'till2', hub);
      await expect.poll(() => one.status().connected && two.status().connected).toBe(true);
      for (let lineNo = 0; lineNo < 20; lineNo++) {
        // A line of 3 sold at till 3; each till wants 2 back at the same instant.
        const line = { till: 'till3', orderId: 77, lineNo };
        const outcomes = await Promise.all([
          one.claimReturn(line, 2000, 3000),
          two.claimReturn(line, 2000, 3000),
        ]);
        expect(outcomes.map((o) => o.outcome).sort()).toEqual(['claimed', 'exceeds']);
        // The third unit is still there for either.
        await expect(one.claimReturn(line, 1000, 3000)).resolves.toEqual({
          outcome: 'claimed',
          claimedMilli: 3000,
        });
        await expect(two.claimReturn(line, 1, 3000)).resolves.toMatchObject({ outcome: 'exceeds' });
      }
    },
  );

  it('says offline when the hub is out of reach, claiming nothing', async () => {
    const hub = await startTestHub(tillUsers('till1'));
    const one = joinHub(openTillDb('one'), 'till1', hub);
    await expect.poll(() => one.status().connected).toBe(true);
    await hub.kill9();
    await expect.poll(() => one.status().connected).toBe(false);
    await expect(one.claimReturn({ till: 'till2', orderId: 1, lineNo: 0 }, 1000, 1000)).resolves.toEqual({
      outcome: 'offline',
    });
  });

  it('joins the hub only with its claims bucket, made again after it could not be made', async () => {
    const hub = await startTestHub(tillUsers('till1', 'admin'));
    // A stream already taking the bucket's subjects: while it stands the bucket cannot be made
    // (nats-server says "subjects overlap", as it may for a moment when two tills make it at once).
    const nc = await connect({ servers: hub.url, user: 'admin', pass: hub.password('admin') });
    onTestFinished(() => nc.close());
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: 'blocker', subjects: [`$KV.${CLAIMS_BUCKET}.>`] });
    const log: string[] = [];
    const one = joinHub(openTillDb('one'), 'till1', hub, { log: (line) => log.push(line) });
    await expect.poll(() => log.filter((line) => /subjects overlap/.test(line)).length).toBeGreaterThan(1);
    // Not connected while its claims cannot be settled: the counter says the hub is out of reach.
    expect(one.status().connected).toBe(false);
    const parked = { till: 'till2', sessionId: 1, parkSeq: 1 };
    await expect(one.claimParked(parked)).resolves.toEqual({ outcome: 'offline' });

    await jsm.streams.delete('blocker');
    await expect.poll(() => one.status().connected).toBe(true);
    await expect(one.claimParked(parked)).resolves.toEqual({ outcome: 'claimed' });
    await expect(one.claimReturn({ till: 'till2', orderId: 1, lineNo: 0 }, 1000, 1000)).resolves.toEqual({
      outcome: 'claimed',
      claimedMilli: 1000,
    });
  });
});
