// A print spooler of the tests' own: Debian's real CUPS scheduler (cupsd, 2.4), started in the
// foreground with a configuration, spool and logs in a temporary folder, listening on a loopback port
// of its own, never the system's. A queue added to it with `socket://127.0.0.1:PORT` hands each job's
// bytes, as they came, to a fake network printer (fake-printer.ts) through CUPS's socket backend:
// Counter → lp → cupsd → socket backend → printer, as a store's system printer would print.
// CI installs cups-daemon, cups-client and cups (the socket backend) when they are missing (.ci/run).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.ts';

const NEEDED = [
  '/usr/sbin/cupsd',
  '/usr/sbin/lpadmin',
  '/usr/bin/lp',
  '/usr/bin/lpstat',
  '/usr/lib/cups/backend/socket',
];

export class TestCups {
  /** HOST:PORT, as CUPS_SERVER takes it. */
  readonly server: string;
  readonly #dir: string;
  readonly #daemon: ChildProcess;

  private constructor(server: string, dir: string, daemon: ChildProcess) {
    this.server = server;
    this.#dir = dir;
    this.#daemon = daemon;
  }

  /** What lp, lpstat and lpadmin need to reach this spooler. */
  get env(): { CUPS_SERVER: string } {
    return { CUPS_SERVER: this.server };
  }

  static async start(): Promise<TestCups> {
    const missing = NEEDED.filter((path) => spawnSync('test', ['-x', path]).status !== 0);
    if (missing.length > 0) {
      throw new Error(
        `CUPS is not installed (${missing.join(', ')}): apt-get install cups-daemon cups-client cups`,
      );
    }
    const dir = mkdtempSync(join(tmpdir(), 'counter-cups-'));
    // cupsd runs its backends as the lp user: the folders must let it in.
    chmodSync(dir, 0o755);
    for (const sub of ['etc', 'spool/tmp', 'cache', 'state', 'log'])
      mkdirSync(join(dir, sub), { recursive: true });
    const port = await freePort();
    writeFileSync(
      join(dir, 'etc/cups-files.conf'),
      [
        `ServerRoot ${dir}/etc`,
        `RequestRoot ${dir}/spool`,
        `TempDir ${dir}/spool/tmp`,
        `CacheDir ${dir}/cache`,
        `StateDir ${dir}/state`,
        `AccessLog ${dir}/log/access_log`,
        `ErrorLog ${dir}/log/error_log`,
        `PageLog ${dir}/log/page_log`,
        'SystemGroup root',
        '',
      ].join('\n'),
    );
    // Loopback only, no browsing, and no authentication: only this test's lp and lpadmin talk to it.
    writeFileSync(
      join(dir, 'etc/cupsd.conf'),
      [
        'LogLevel info',
        `Listen 127.0.0.1:${String(port)}`,
        'Browsing No',
        'WebInterface No',
        'DefaultAuthType None',
        '<Location />',
        '  Order allow,deny',
        '  Allow from 127.0.0.1',
        '</Location>',
        '<Policy default>',
        '  <Limit All>',
        '    Order deny,allow',
        '  </Limit>',
        '</Policy>',
        '',
      ].join('\n'),
    );
    const daemon = spawn(
      '/usr/sbin/cupsd',
      ['-f', '-c', join(dir, 'etc/cupsd.conf'), '-s', join(dir, 'etc/cups-files.conf')],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let said = '';
    daemon.stderr.setEncoding('utf8').on('data', (chunk: string) => (said += chunk));
    const cups = new TestCups(`127.0.0.1:${String(port)}`, dir, daemon);
    try {
      await cups.#untilRunning(() => said);
    } catch (error) {
      await cups.stop();
      throw error;
    }
    return cups;
  }

  /** Adds a raw queue (no driver: bytes pass unchanged) printing to `device`, accepting jobs. */
  addQueue(name: string, device: string): void {
    this.#tool('/usr/sbin/lpadmin', ['-p', name, '-E', '-v', device]);
  }

  /** The jobs the spooler has not finished for `queue` (lpstat -o), by id. */
  unfinished(queue: string): string[] {
    return this.#tool('/usr/bin/lpstat', ['-o', queue])
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => line.split(/\s+/)[0] ?? line);
  }

  /** The scheduler's log, for a failure's message. */
  log(): string {
    try {
      return readFileSync(join(this.#dir, 'log/error_log'), 'utf8');
    } catch {
      return '';
    }
  }

  /** Stops the scheduler and removes its folder. */
  async stop(): Promise<void> {
    if (this.#daemon.exitCode === null && this.#daemon.signalCode === null) {
      const exited = new Promise((resolve) => this.#daemon.once('exit', resolve));
      this.#daemon.kill('SIGTERM');
      await exited;
    }
    rmSync(this.#dir, { recursive: true, force: true });
  }

  #tool(path: string, args: readonly string[]): string {
    const ran = spawnSync(path, args, {
      env: { ...process.env, ...this.env, LC_ALL: 'C' },
      encoding: 'utf8',
    });
    if (ran.status !== 0) throw new Error(`${path} ${args.join(' ')}: ${ran.stderr}${ran.stdout}`);
    return ran.stdout;
  }

  /** Waits for the scheduler to answer (lpstat -r), or for it to have exited. */
  async #untilRunning(stderr: () => string): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (this.#daemon.exitCode !== null) {
        throw new Error(`cupsd exited (${String(this.#daemon.exitCode)}): ${stderr()}\n${this.log()}`);
      }
      const ran = spawnSync('/usr/bin/lpstat', ['-r'], {
        env: { ...process.env, ...this.env, LC_ALL: 'C' },
        encoding: 'utf8',
      });
      if (ran.stdout.includes('scheduler is running')) return;
      if (Date.now() > deadline)
        throw new Error(`cupsd did not answer within 30 s: ${stderr()}\n${this.log()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
