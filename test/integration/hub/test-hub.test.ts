// The tests' own store hub (test/support/nats-hub.ts) is only ever the server its test started: a
// hub killed with -9 and started again on its port finds another server there (another test's hub
// on the same till names, as in one CI run where a till listed nothing of another for 30 s) and
// says so, instead of letting the test's tills talk to that one. Real nats-servers on loopback.
import { describe, expect, it } from 'vitest';
import { HubServer } from '../../../main/hub/index.ts';
import { tempDir } from '../../support/fixtures.ts';
import { freePort, startTestHub } from '../../support/nats-hub.ts';
import { tillUsers } from '../../support/store-till.ts';

describe("the tests' store hub", () => {
  it('refuses to take another server on its port for itself when started again', async () => {
    const hub = await startTestHub(tillUsers('till1'));
    await hub.kill9();
    const other = new HubServer({ dir: tempDir('other-hub'), port: hub.port, users: tillUsers('till1') });
    await other.start();
    try {
      await expect(hub.start()).rejects.toThrow(`port ${hub.port}`);
    } finally {
      await other.stop();
    }
    await hub.start();
    expect(hub.pid).toBeDefined();
  });

  it("keeps the server's own log across a kill -9 and a start, for a failed test to print", async () => {
    const hub = await startTestHub(tillUsers('till1'));
    await hub.kill9();
    await hub.start();
    const log = hub.logTail(1000);
    expect(log.match(/Starting nats-server/g)).toHaveLength(2);
    expect(log.match(/Server is ready/g)).toHaveLength(2);
  });

  it('hands out ports the OS does not pick for itself, each once in turn', async () => {
    const ports = [await freePort(), await freePort(), await freePort()];
    expect(new Set(ports).size).toBe(3);
    for (const port of ports) expect(port).toBeLessThan(32_768);
  });
});
