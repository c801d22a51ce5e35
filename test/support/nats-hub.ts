// A store hub for tests: the real nats-server (Debian's, installed by .ci/run), on loopback with
// JetStream in a temporary folder, configured by the product's own hubConfig (one user per till).
// The test can kill it with SIGKILL, start it again on the same port with its storage kept or
// wiped. Never a mocked server. The server keeps its own log in the hub's folder (COUNTER_HUB_TRACE=1
// adds its debug and protocol trace: every request and what was sent back) and a test that fails
// prints its end: a till whose pull hears nothing looks the same from the till whether the server
// sent nothing or never had the request.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { onTestFinished } from 'vitest';
import { answersAsHub, natsServerBinary, writeHubConfig, type HubUser } from '../../main/hub/index.ts';
import { sharedTempDir, tempDir } from './fixtures.ts';
import { freePort } from './ports.ts';

export { freePort } from './ports.ts';

/** Where a till finds a hub, and the password each user logs in with there. */
export interface HubLogin {
  readonly url: string;
  password(user: string): string;
}

export interface TestHub extends HubLogin {
  /** The hub's address with `till`'s name and password in it (as POS_STORE_HUB takes it). */
  tillUrl(till: string): string;
  readonly port: number;
  readonly dir: string;
  readonly pid: number | undefined;
  /** nats-server's log: every start of it on this hub, one after the other. */
  readonly logFile: string;
  /** The last `lines` lines of that log. */
  logTail(lines?: number): string;
  /** kill -9: no goodbye to any client, nothing flushed. */
  kill9(): Promise<void>;
  /** Starts it again on the same port; `wipe` first deletes its JetStream storage. */
  start(options?: { wipe?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Users for a hub, one per till, each with a password of its own, random (made anew for each hub):
 * a till process left over from an earlier run (killed before it could stop it) that reconnects to a
 * port a new hub reuses can never log in there as its till and take that till's events.
 */
export const tillUsers = (...tills: string[]): HubUser[] =>
  tills.map((till) => ({ user: till, password: randomBytes(18).toString('base64url') }));

/**
 * Starts a hub for these users (tillUsers). Made in a test, it stops when the test finishes;
 * `shared` (for a beforeAll) keeps it for the file, the caller stops it.
 */
export async function startTestHub(
  users: readonly HubUser[],
  options: { shared?: boolean } = {},
): Promise<TestHub> {
  const dir = options.shared === true ? sharedTempDir('hub') : tempDir('hub');
  const port = await freePort();
  // The check user's password: the test's tills talk to this server, never to one that merely
  // listens on the port (main/hub/server.ts's own check).
  const checkPassword = randomBytes(18).toString('base64url');
  const file = writeHubConfig({ dir, port, users, checkPassword });
  const logFile = join(dir, 'nats.log');
  const trace = process.env['COUNTER_HUB_TRACE'] === '1' ? ['-DV'] : [];
  let child: ChildProcess | null = null;
  const up = async () => {
    // -l appends: a hub started again writes on after what the one before wrote.
    const args = ['-c', file, '-l', logFile, ...trace];
    const started = spawn(natsServerBinary(), args, { stdio: 'ignore' });
    child = started;
    const deadline = Date.now() + 30_000;
    const fail = (why: string) => {
      started.kill('SIGKILL');
      return new Error(why);
    };
    for (;;) {
      if (started.exitCode !== null || started.signalCode !== null)
        throw new Error(
          `nats-server stopped at start on port ${port} (${started.exitCode ?? started.signalCode})`,
        );
      const check = await answersAsHub('127.0.0.1', port, checkPassword);
      if (check.ours) return;
      if (Date.now() > deadline) throw fail(`nats-server is not ready on port ${port}: ${check.why}`);
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
  const password = (user: string): string => {
    const found = users.find((u) => u.user === user);
    if (found === undefined) throw new Error(`no user ${user} on the test hub on port ${port}`);
    return found.password;
  };
  const hub: TestHub = {
    url: `nats://127.0.0.1:${port}`,
    password,
    tillUrl: (till) => `nats://${till}:${password(till)}@127.0.0.1:${port}`,
    port,
    dir,
    get pid() {
      const c: ChildProcess | null = child;
      return c?.pid;
    },
    logFile,
    logTail: (lines = 60) => lastLines(logFile, lines),
    kill9: () => down('SIGKILL'),
    async start(options = {}) {
      await down('SIGTERM');
      if (options.wipe === true) rmSync(`${dir}/jetstream`, { recursive: true, force: true });
      await up();
    },
    stop: () => down('SIGTERM'),
  };
  if (options.shared !== true)
    // Read here, stopped (its last words written) and before the test's folders are removed: that
    // happens before onTestFailed runs.
    onTestFinished(async ({ task }) => {
      await hub.stop();
      if (task.result?.state === 'fail')
        console.error(`nats-server on port ${port}, the end of its log:\n${hub.logTail()}`);
    });
  return hub;
}

/**
 * Stops the hub's process with SIGSTOP (a hub that takes requests and answers none) until the returned
 * resume is called, or the test finishes.
 */
export function stallHub(hub: TestHub): () => void {
  const pid = hub.pid;
  if (pid === undefined) throw new Error('the hub is not running');
  process.kill(pid, 'SIGSTOP');
  waitStopped(pid);
  const resume = () => {
    process.kill(pid, 'SIGCONT');
  };
  onTestFinished(resume);
  return resume;
}

/**
 * Returns once every thread of process `pid` is stopped (state T in /proc). kill() only asks: on a
 * busy machine a server thread went on for tens of ms after it, long enough to store and acknowledge
 * an event a test made after the stall (journal-twins, `bash .ci/repeat --load`). Synchronous, so the
 * caller's next step runs with the hub stopped.
 */
function waitStopped(pid: number): void {
  const tick = new Int32Array(new SharedArrayBuffer(4));
  for (let i = 0; i < 10_000; i++) {
    if (allStopped(pid)) return;
    Atomics.wait(tick, 0, 0, 1);
  }
  throw new Error(`the hub (process ${String(pid)}) did not stop within 10,000 looks`);
}

function allStopped(pid: number): boolean {
  const tasks = readdirSync(`/proc/${String(pid)}/task`);
  return tasks.every((task) => {
    const stat = readFileSync(`/proc/${String(pid)}/task/${task}/stat`, 'utf8');
    // The state follows the command's closing parenthesis: "pid (comm) S ...".
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'T' || state === 't';
  });
}

function lastLines(file: string, lines: number): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return `(no log: ${error instanceof Error ? error.message : String(error)})`;
  }
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}
