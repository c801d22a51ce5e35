// A store hub for tests: the real nats-server (Debian's, installed by .ci/run), on loopback with
// JetStream in a temporary folder, configured by the product's own hubConfig (one user per till).
// The test can kill it with SIGKILL, start it again on the same port with its storage kept or
// wiped. Never a mocked server.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { onTestFinished } from 'vitest';
import { listening, natsServerBinary, writeHubConfig, type HubUser } from '../../main/hub/index.ts';
import { sharedTempDir, tempDir } from './fixtures.ts';

export interface TestHub {
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  readonly pid: number | undefined;
  /** kill -9: no goodbye to any client, nothing flushed. */
  kill9(): Promise<void>;
  /** Starts it again on the same port; `wipe` first deletes its JetStream storage. */
  start(options?: { wipe?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

/** A free loopback port (the OS's choice, let go at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/**
 * Starts a hub for these tills. Made in a test, it stops when the test finishes; `shared` (for a
 * beforeAll) keeps it for the file, the caller stops it.
 */
export async function startTestHub(
  users: readonly HubUser[],
  options: { shared?: boolean } = {},
): Promise<TestHub> {
  const dir = options.shared === true ? sharedTempDir('hub') : tempDir('hub');
  const port = await freePort();
  const file = writeHubConfig({ dir, port, users });
  let child: ChildProcess | null = null;
  const up = async () => {
    child = spawn(natsServerBinary(), ['-c', file], { stdio: 'ignore' });
    const deadline = Date.now() + 30_000;
    while (!(await listening('127.0.0.1', port))) {
      if (Date.now() > deadline) throw new Error('nats-server did not start');
      await sleep(25);
    }
  };
  const down = async (signal: NodeJS.Signals) => {
    const c: ChildProcess | null = child;
    child = null;
    if (c === null || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((resolve) => c.once('exit', resolve));
    c.kill(signal);
    await exited;
  };
  await up();
  const hub: TestHub = {
    url: `nats://127.0.0.1:${port}`,
    port,
    dir,
    get pid() {
      const c: ChildProcess | null = child;
      return c?.pid;
    },
    kill9: () => down('SIGKILL'),
    async start(options = {}) {
      await down('SIGTERM');
      if (options.wipe === true) rmSync(`${dir}/jetstream`, { recursive: true, force: true });
      await up();
    },
    stop: () => down('SIGTERM'),
  };
  if (options.shared !== true) onTestFinished(() => hub.stop());
  return hub;
}
