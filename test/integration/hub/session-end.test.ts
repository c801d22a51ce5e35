// A till's session with the hub that ends before it is under way (here: a nats-server without
// JetStream, so the JetStream calls fail) is said in the log and tried again; the connection's end
// after it is no error of anyone's. It was an unhandled rejection, which ends a Node process (the
// store-hub bench died of it).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { listening, natsServerBinary } from '../../../main/hub/index.ts';
import { tempDir } from '../../support/fixtures.ts';
import { freePort } from '../../support/nats-hub.ts';
import { joinHub, openTillDb } from '../../support/store-till.ts';

describe('a session with the hub that fails while it starts', () => {
  it('is logged and tried again, with no unhandled rejection', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const file = join(tempDir('no-jetstream'), 'nats.conf');
    writeFileSync(
      file,
      `listen: "127.0.0.1:${port}"\nauthorization { users: [ { user: "till1", password: "pw-till1" } ] }\n`,
    );
    const server = spawn(natsServerBinary(), ['-c', file], { stdio: 'ignore' });
    onTestFinished(() => {
      server.kill('SIGKILL');
    });
    await expect.poll(() => listening('127.0.0.1', port), { timeout: 30_000 }).toBe(true);
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    onTestFinished(() => {
      process.off('unhandledRejection', note);
    });
    const lines: string[] = [];
    const hub = joinHub(
      openTillDb('a'),
      'till1',
      { url: `nats://127.0.0.1:${port}`, password: () => 'pw-till1' },
      {
        log: (line) => lines.push(line),
      },
    );
    // Two sessions tried and ended (the second proves the first's end did not stop the till's link).
    await expect
      .poll(() => lines.filter((l) => /jetstream/i.test(l)).length, { timeout: 30_000 })
      .toBeGreaterThan(1);
    await hub.close();
    // The connection's end is seen after the session's failure: give it the turn it needs.
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
    expect(hub.status().connected).toBe(false);
  });
});
