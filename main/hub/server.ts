// The store hub's server, when this till hosts it: the installed nats-server (Debian's 2.9) with
// JetStream in the data folder, started and kept running. Its configuration names one account for
// the store and one user per till: a device without a till's credential cannot connect at all, and a
// till may publish journal events under its own name only, so no till can speak for another.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, chmodSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { JOURNAL_SUBJECT, TillName } from './names.ts';

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

/** The server's configuration: loopback or the given host, JetStream in `dir`, the tills' users. */
export function hubConfig(options: Pick<HubServerOptions, 'dir' | 'host' | 'port' | 'users'>): string {
  const users = options.users.map((u) => {
    const till = TillName.parse(u.user);
    const own = quoted(`${JOURNAL_SUBJECT}.${till}`);
    // JetStream's API, the replies and the claims' bucket are shared; journal subjects are each till's own.
    const publish = `[${own}, "$JS.API.>", "$JS.ACK.>", "$KV.>", "_INBOX.>"]`;
    const subscribe = `["_INBOX.>", "$JS.>", "$KV.>", ${quoted(`${JOURNAL_SUBJECT}.>`)}]`;
    return `      { user: ${quoted(till)}, password: ${quoted(u.password)}, permissions: { publish: { allow: ${publish} }, subscribe: { allow: ${subscribe} } } }`;
  });
  return [
    `listen: ${quoted(`${options.host ?? '127.0.0.1'}:${options.port}`)}`,
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
export function writeHubConfig(options: HubServerOptions): string {
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

/**
 * Runs nats-server and starts it again whenever it stops on its own (a crash, a kill -9), with a
 * pause that doubles up to 10 s; stop() ends it for good.
 */
export class HubServer {
  readonly #options: HubServerOptions;
  #child: ChildProcess | null = null;
  #stopped = false;
  #starts = 0;

  constructor(options: HubServerOptions) {
    this.#options = options;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  get url(): string {
    return `nats://${this.#options.host ?? '127.0.0.1'}:${this.#options.port}`;
  }

  /** The running server's process id (tests kill it); undefined while none runs. */
  get pid(): number | undefined {
    return this.#child?.exitCode === null ? this.#child.pid : undefined;
  }

  /** How many times a server was started (the supervisor's restarts show here). */
  get starts(): number {
    return this.#starts;
  }

  /** Starts the server and resolves once it accepts connections. */
  async start(): Promise<void> {
    this.#stopped = false;
    this.#spawn();
    await this.ready();
  }

  /** Resolves once the server accepts connections (or throws after `timeoutMs`). */
  async ready(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const host = this.#options.host ?? '127.0.0.1';
    while (!(await listening(host, this.#options.port))) {
      if (Date.now() > deadline)
        throw new Error(`nats-server did not listen on ${host}:${this.#options.port}`);
      await sleep(50);
    }
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
    const file = writeHubConfig(this.#options);
    const child = spawn(this.#options.binary ?? natsServerBinary(), ['-c', file], {
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
