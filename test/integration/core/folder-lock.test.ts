// One app per data folder (issue 34): web shells started as a user starts them (`node
// main/web/cli.ts --port 0`, the built-in demo on its own folder). A second app on a folder a live one
// holds is refused at start, naming the folder and the holding process; a holder killed with its whole
// process group (kill -9), or left a zombie by a parent that never reaps it, is taken over at once; a
// record left behind naming a process that runs (a reused pid) holds nothing; and the CLI's read-only
// and outbox commands keep working beside a running app.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { THIS_HOST } from '../../../main/ground/index.ts';
import { demoEnv, simForTest, tempDir } from '../../support/fixtures.ts';
import { startUnreaped } from '../../support/unreaped.ts';

const webCli = fileURLToPath(new URL('../../../main/web/cli.ts', import.meta.url));
const posCli = fileURLToPath(new URL('../../../main/cli/index.ts', import.meta.url));
const OPEN = /^open (http:\/\/127\.0\.0\.1:\d+\/\S*)$/m;

/** The environment of a shell on `dataDir` with the small built-in demo (no POS_* of the test's own). */
function envFor(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('POS_')) env[k] = v;
  return { ...env, POS_DATA_DIR: dataDir, POS_DEMO_SIZE: 'small' };
}

interface Shell {
  readonly child: ChildProcess;
  readonly pid: number;
  output(): string;
  /** Its exit status, once it ended. */
  readonly ended: Promise<number | null>;
}

/** A web shell as its own process group, ended (its group killed) when the test finishes. */
function startShell(env: NodeJS.ProcessEnv, onFinished: (end: () => void) => void): Shell {
  const child = spawn(process.execPath, [webCli, '--port', '0'], {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  const ended = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  onFinished(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-(child.pid ?? 0), 'SIGKILL');
  });
  return { child, pid: child.pid ?? -1, output: () => out, ended };
}

/** Resolves once the shell printed its launch URL; fails with what it said if it ended first. */
async function ready(shell: { output(): string }, ended?: Promise<number | null>): Promise<string> {
  const end: { status: number | null | 'running' } = { status: 'running' };
  void ended?.then((code) => (end.status = code));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const url = OPEN.exec(shell.output())?.[1];
    if (url !== undefined) return url;
    if (end.status !== 'running')
      throw new Error(`the shell ended (${String(end.status)}):\n${shell.output()}`);
    if (Date.now() > deadline) throw new Error(`the shell printed no URL:\n${shell.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `pos ARGS` on the same folder, as its own process. */
function pos(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [posCli, ...args], { env, timeout: 60_000 });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, out }));
  });
}

describe('one app per data folder', () => {
  it('refuses a second web shell on a folder a live one holds, naming the folder and the process', async ({
    onTestFinished,
  }) => {
    const dir = tempDir('folder-lock');
    // A configured till (the sim), so that the CLI's outbox commands reach an instance too.
    const sim = await simForTest();
    const env = { ...envFor(dir), ...demoEnv(sim.url, dir) };
    const first = startShell(env, onTestFinished);
    const url = await ready(first, first.ended);

    const second = startShell(env, onTestFinished);
    const outcome = await ready(second, second.ended).then(
      () => 'started beside it',
      () => 'ended',
    );
    expect(outcome, second.output()).toBe('ended');
    const status = await second.ended;
    expect(status, second.output()).not.toBe(0);
    expect(second.output()).not.toMatch(OPEN);
    expect(second.output()).toContain(dir);
    expect(second.output()).toMatch(new RegExp(`process ${String(first.pid)}\\b`));
    expect(second.output()).toMatch(/web shell/);

    // The first is unharmed: still running, its page still served.
    expect(first.child.exitCode).toBeNull();
    expect((await fetch(new URL('/', url))).status).toBeLessThan(500);

    // The CLI's read-only and outbox commands beside it, on the same folder.
    const cli = [['outbox', '--json'], ['outbox', 'replay', '--json'], ['stock', 'a', '--json'], ['version']];
    for (const args of cli) {
      const run = await pos(args, env);
      expect(run.status, `pos ${args.join(' ')}: ${run.out}`).toBe(0);
    }
    // No shift is open at this new till: the answer read from the folder the app holds.
    const shift = await pos(['shift', '--json'], env);
    expect(shift.out).toMatch(/No shift is open at this till/);
  });

  it('takes over from a web shell killed -9 with its whole process group', async ({ onTestFinished }) => {
    const dir = tempDir('folder-lock');
    const first = startShell(envFor(dir), onTestFinished);
    await ready(first, first.ended);
    process.kill(-first.pid, 'SIGKILL');
    await first.ended;

    const next = startShell(envFor(dir), onTestFinished);
    await ready(next, next.ended);
  });

  it('takes over from a holder left a zombie (killed, its parent never reaping it)', async ({
    onTestFinished,
  }) => {
    const dir = tempDir('folder-lock');
    const first = await startUnreaped(process.execPath, [webCli, '--port', '0'], envFor(dir));
    await ready(first);
    first.killGroup();
    await expect.poll(() => first.state(), { timeout: 30_000 }).toBe('Z');

    const next = startShell(envFor(dir), onTestFinished);
    await ready(next, next.ended);
  });

  it('a record left behind naming a live process (a reused pid) holds nothing', async ({
    onTestFinished,
  }) => {
    const dir = tempDir('folder-lock');
    // This very test process, running, named as the holder, with its true start: only the lock
    // itself, let go by the OS with its process, says who holds the folder.
    const record = {
      pid: process.pid,
      host: hostname(),
      start: THIS_HOST.startOf(process.pid) ?? null,
      startedAt: new Date().toISOString(),
      app: 'web',
    };
    writeFileSync(join(dir, 'counter.lock.json'), JSON.stringify(record));
    const shell = startShell(envFor(dir), onTestFinished);
    await ready(shell, shell.ended);
  });
});
