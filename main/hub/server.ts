// The store hub's server, when this till hosts it: the installed nats-server (Debian's 2.9) with
// JetStream in the data folder, started and kept running. Its configuration names one account for
// the store and one user per till: a device without a till's credential cannot connect at all, and a
// till may publish journal events under its own name only, so no till can speak for another.
//
// The server outlives the app that started it when the app is killed (kill -9, a crash): it is the
// app's child, not a part of it. So the server writes its pid file in the hub's folder, a starting
// app stops a server still running on that folder's configuration before it starts its own, and the
// server counts as ready only when it answers a check user whose password this start made up: a
// port that merely accepts connections may be an orphan of ours on old users, or another program.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { dialHost, hostPort, JOURNAL_SUBJECT, TillName } from './names.ts';

export interface HubUser {
  readonly user: string;
  readonly password: string;
}

export interface HubServerOptions {
  /** Where JetStream keeps the store's streams and the server its configuration (mode 0600). */
  readonly dir: string;
  readonly host?: string;
  readonly port: number;
  readonly users: readonly HubUser[];
  /** The nats-server binary; else POS_NATS_SERVER, else nats-server on PATH, else /usr/sbin/nats-server. */
  readonly binary?: string;
  readonly log?: (line: string) => void;
  /** The first pause before the supervisor starts a server that stopped on its own (doubles to 10 s). */
  readonly restartMs?: number;
}

/** A string as nats-server's configuration reads it: quoted, its quotes and backslashes escaped. */
function quoted(text: string): string {
  return JSON.stringify(text);
}

/**
 * The user the hosting app checks its server with: not a till's name (TillName has no ':'), allowed
 * only to ask JetStream for the account's information.
 */
export const CHECK_USER = 'hub:check';

type ConfigOptions = Pick<HubServerOptions, 'dir' | 'host' | 'port' | 'users'> & {
  /** The check user's password, made up anew at each start. */
  readonly checkPassword?: string;
};

/** The server's configuration: loopback or the given host, JetStream in `dir`, the tills' users. */
export function hubConfig(options: ConfigOptions): string {
  const users = options.users.map((u) => {
    const till = TillName.parse(u.user);
    const own = quoted(`${JOURNAL_SUBJECT}.${till}`);
    // JetStream's API, the replies and the claims' bucket are shared; journal subjects are each till's own.
    const publish = `[${own}, "$JS.API.>", "$JS.ACK.>", "$KV.>", "_INBOX.>"]`;
    const subscribe = `["_INBOX.>", "$JS.>", "$KV.>", ${quoted(`${JOURNAL_SUBJECT}.>`)}]`;
    return `      { user: ${quoted(till)}, password: ${quoted(u.password)}, permissions: { publish: { allow: ${publish} }, subscribe: { allow: ${subscribe} } } }`;
  });
  if (options.checkPassword !== undefined)
    users.push(
      `      { user: ${quoted(CHECK_USER)}, password: ${quoted(options.checkPassword)}, permissions: { publish: { allow: ["$JS.API.INFO"] }, subscribe: { allow: ["_INBOX.>"] } } }`,
    );
  return [
    `listen: ${quoted(hostPort(options.host ?? '127.0.0.1', options.port))}`,
    `jetstream { store_dir: ${quoted(join(options.dir, 'jetstream'))} }`,
    'accounts {',
    '  STORE {',
    '    jetstream: enabled',
    '    users: [',
    users.join(',\n'),
    '    ]',
    '  }',
    '}',
    '',
  ].join('\n');
}

export function natsServerBinary(env: NodeJS.ProcessEnv = process.env): string {
  if (env['POS_NATS_SERVER'] !== undefined && env['POS_NATS_SERVER'] !== '') return env['POS_NATS_SERVER'];
  for (const dir of (env['PATH'] ?? '').split(':')) {
    if (dir !== '' && existsSync(join(dir, 'nats-server'))) return join(dir, 'nats-server');
  }
  return '/usr/sbin/nats-server';
}

/** Writes the configuration (readable by this user only: it holds the tills' passwords). */
export function writeHubConfig(options: ConfigOptions): string {
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  const file = join(options.dir, 'nats.conf');
  writeFileSync(file, hubConfig(options), { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/** Whether something accepts connections on host:port. */
export function listening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The file nats-server keeps its process id in (its -P), in the hub's folder. */
export function pidFile(dir: string): string {
  return join(dir, 'nats.pid');
}

/**
 * Whether process `pid` is nats-server started on configuration `file`: the pid file may be stale and
 * its number reused by another program, which is never stopped. Read from /proc (Linux, where the
 * tills run); where there is none, nothing is taken for ours and ready() says the port is taken.
 */
function runsOn(pid: number, file: string, binary: string): boolean {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const program = args[0] ?? '';
    return (program === binary || basename(program).includes('nats-server')) && args.includes(file);
  } catch {
    return false;
  }
}

/** The server a killed app left running on `dir`'s configuration, by the pid file there. */
export function strayServer(dir: string, binary: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile(dir), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  return runsOn(pid, join(dir, 'nats.conf'), binary) ? pid : undefined;
}

/** Stops that server (SIGTERM: JetStream writes its files out; SIGKILL after 10 s) and waits for it. */
async function stopStray(dir: string, binary: string, log?: (line: string) => void): Promise<void> {
  const pid = strayServer(dir, binary);
  if (pid === undefined) return;
  log?.(`store hub server: stopping the server a previous run left (pid ${pid})`);
  const file = join(dir, 'nats.conf');
  for (const [signal, waitMs] of [
    ['SIGTERM', 10_000],
    ['SIGKILL', 10_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    const deadline = performance.now() + waitMs;
    while (performance.now() < deadline) {
      if (!runsOn(pid, file, binary)) return;
      await sleep(50);
    }
  }
  throw new Error(`the store hub's previous server (pid ${pid}) does not stop`);
}

export type HubCheck = { readonly ours: true } | { readonly ours: false; readonly why: string };

/**
 * Whether the server on host:port is the hub configured with `checkPassword` for the check user (and
 * its JetStream answers): a port that merely accepts connections may be another program's, or another
 * hub's on the same till names.
 */
export async function answersAsHub(host: string, port: number, checkPassword: string): Promise<HubCheck> {
  if (!(await listening(host, port))) return { ours: false, why: 'nothing listens there yet' };
  // Loaded here, not at the top: a till with no hub never loads the NATS client (issue 36).
  const { connect } = await import('@nats-io/transport-node');
  try {
    const nc = await connect({
      servers: hostPort(host, port),
      user: CHECK_USER,
      pass: checkPassword,
      reconnect: false,
      timeout: 2000,
    });
    try {
      const info = JSON.parse((await nc.request('$JS.API.INFO', '', { timeout: 2000 })).string()) as unknown;
      const answered = typeof info === 'object' && info !== null && !('error' in info);
      return answered ? { ours: true } : { ours: false, why: 'JetStream does not answer yet' };
    } finally {
      await nc.close().catch(() => undefined);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return /authorization/i.test(message)
      ? {
          ours: false,
          why: "the server there is not this till's store hub (another program's, or one on other users)",
        }
      : { ours: false, why: message };
  }
}

/**
 * Runs nats-server and starts it again whenever it stops on its own (a crash, a kill -9), with a
 * pause that doubles up to 10 s; stop() ends it for good.
 */
export class HubServer {
  readonly #options: HubServerOptions;
  readonly #binary: string;
  #child: ChildProcess | null = null;
  #stopped = false;
  #starts = 0;
  #checkPassword = '';

  constructor(options: HubServerOptions) {
    this.#options = options;
    this.#binary = options.binary ?? natsServerBinary();
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  get url(): string {
    return `nats://${hostPort(this.#options.host ?? '127.0.0.1', this.#options.port)}`;
  }

  /** The running server's process id (tests kill it); undefined while none runs. */
  get pid(): number | undefined {
    return this.#child?.exitCode === null ? this.#child.pid : undefined;
  }

  /** How many times a server was started (the supervisor's restarts show here). */
  get starts(): number {
    return this.#starts;
  }

  /**
   * Stops a server a killed run of the app left on this folder, starts this one's and resolves once
   * it answers as this till's hub (or throws after `timeoutMs`; the supervisor keeps trying).
   */
  async start(options: { timeoutMs?: number } = {}): Promise<void> {
    this.#stopped = false;
    await stopStray(this.#options.dir, this.#binary, this.#options.log);
    this.#spawn();
    await this.ready(options.timeoutMs);
  }

  /**
   * Resolves once the server on the port is the one this start configured: it lets in the check user
   * with this start's password and JetStream answers. A port that is only open is not enough.
   */
  async ready(timeoutMs = 30_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const check = await this.#check();
      if (check.ours) return;
      if (this.#stopped) throw new Error('the store hub server was stopped');
      if (performance.now() > deadline)
        throw new Error(`the store hub server is not ready on port ${this.#options.port}: ${check.why}`);
      await sleep(100);
    }
  }

  #check(): Promise<HubCheck> {
    return answersAsHub(dialHost(this.#options.host), this.#options.port, this.#checkPassword);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    const child = this.#child;
    this.#child = null;
    if (child === null || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  #spawn(): void {
    this.#checkPassword = randomBytes(18).toString('base64url');
    const file = writeHubConfig({ ...this.#options, checkPassword: this.#checkPassword });
    const child = spawn(this.#binary, ['-c', file, '-P', pidFile(this.#options.dir)], {
      stdio: 'ignore',
    });
    this.#starts++;
    this.#child = child;
    child.once('error', (error) => this.#options.log?.(`store hub server: ${error.message}`));
    child.once('exit', (code, signal) => {
      if (this.#stopped || this.#child !== child) return;
      this.#options.log?.(`store hub server stopped (${signal ?? code ?? '?'}); starting it again`);
      void this.#again();
    });
  }

  async #again(): Promise<void> {
    let pause = this.#options.restartMs ?? 500;
    while (!this.#stopped) {
      await sleep(pause);
      // stop() may have come during the pause.
      if (this.stopped) return;
      this.#spawn();
      try {
        await this.ready(10_000);
        return;
      } catch {
        pause = Math.min(pause * 2, 10_000);
      }
    }
  }
}
