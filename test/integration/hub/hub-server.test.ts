// The store hub's server as Counter configures it, run for real (nats-server with JetStream in a
// temporary folder, on loopback): a device without a till's credential can neither connect nor
// read nor publish; a till publishes under its own name only; the till hosting the hub starts the
// server again when it dies (kill -9).
import { connect } from '@nats-io/transport-node';
import { describe, expect, it } from 'vitest';
import { HubServer, journalSubject } from '../../../main/hub/index.ts';
import { tempDir } from '../../support/fixtures.ts';
import { freePort, startTestHub } from '../../support/nats-hub.ts';
import { tillUsers } from '../../support/store-till.ts';

describe('the store hub server', () => {
  it('refuses a device without a till credential, and a wrong password', async () => {
    const hub = await startTestHub(tillUsers('till1'));
    await expect(connect({ servers: hub.url, reconnect: false })).rejects.toThrow(/Authorization Violation/);
    await expect(
      connect({ servers: hub.url, user: 'till1', pass: 'guess', reconnect: false }),
    ).rejects.toThrow(/Authorization Violation/);
    const nc = await connect({
      servers: hub.url,
      user: 'till1',
      pass: hub.password('till1'),
      reconnect: false,
    });
    await nc.close();
  });

  it('lets a till publish journal events under its own name only', async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2'));
    const listener = await connect({
      servers: hub.url,
      user: 'till2',
      pass: hub.password('till2'),
      reconnect: false,
    });
    const seen: string[] = [];
    const sub = listener.subscribe('store.journal.>', {
      callback: (_e, m) => {
        seen.push(m.subject);
      },
    });
    await listener.flush();
    const till1 = await connect({
      servers: hub.url,
      user: 'till1',
      pass: hub.password('till1'),
      reconnect: false,
    });
    const refused: string[] = [];
    void (async () => {
      for await (const s of till1.status()) if (s.type === 'error') refused.push(s.error.message);
    })();
    till1.publish(journalSubject('till2'), 'forged');
    till1.publish(journalSubject('till1'), 'own');
    await till1.flush();
    await expect.poll(() => seen).toEqual(['store.journal.till1']);
    await expect.poll(() => refused.join()).toMatch(/Permissions Violation/);
    sub.unsubscribe();
    await till1.close();
    await listener.close();
  });

  it('starts the server again after kill -9 when this till hosts it', async () => {
    const port = await freePort();
    const users = tillUsers('till1');
    const server = new HubServer({ dir: tempDir('hosted'), port, users, restartMs: 50 });
    await server.start();
    try {
      const first = server.pid;
      expect(first).toBeDefined();
      process.kill(first ?? 0, 'SIGKILL');
      await expect.poll(() => server.starts, { timeout: 30_000 }).toBe(2);
      await server.ready();
      const nc = await connect({
        servers: server.url,
        user: 'till1',
        pass: users[0]?.password,
        reconnect: false,
      });
      await nc.close();
      expect(server.pid).not.toBe(first);
    } finally {
      await server.stop();
    }
  });
});
