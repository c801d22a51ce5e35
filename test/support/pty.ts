// A scanner's serial port for tests: a real pseudo-terminal pair from socat. The app opens one end
// (`port`) as its serial scanner; the test writes what the scanner would send into the other
// (`scanner`). Killing socat is pulling the cable (both ends vanish); start() again plugs it back
// in at the same paths. Never a mocked port.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface PtyPair {
  /** The path the app opens (a symlink to a /dev/pts device). */
  readonly port: string;
  /** The path the test writes the scanner's lines into. */
  readonly scanner: string;
  /** Plugs the cable in: starts socat and waits until both ends exist. */
  start(): Promise<void>;
  /** Pulls the cable: ends socat and waits until both ends are gone. */
  pull(): Promise<void>;
  /** Writes raw bytes as the scanner sends them (a line with its suffix, or part of one). */
  send(text: string): void;
}

export function ptyPair(dir: string): PtyPair {
  const port = join(dir, 'scanner-port');
  const scanner = join(dir, 'scanner-device');
  let socat: ChildProcess | null = null;
  return {
    port,
    scanner,
    async start() {
      const child = spawn('socat', [`pty,raw,echo=0,link=${port}`, `pty,raw,echo=0,link=${scanner}`], {
        stdio: 'ignore',
      });
      socat = child;
      await until(() => existsSync(port) && existsSync(scanner), 'both ends of the pty pair exist');
    },
    async pull() {
      const child = socat;
      socat = null;
      if (child === null || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await until(() => !existsSync(port) && !existsSync(scanner), 'both ends of the pty pair are gone');
    },
    send(text) {
      writeFileSync(scanner, text);
    },
  };
}

/** Waits for a state, polling (usable in hooks, where expect.poll is not, and in the bench). */
async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting until ${what}`);
    await sleep(20);
  }
}
