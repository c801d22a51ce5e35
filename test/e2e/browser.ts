// Debian's Chromium driven by playwright-core (never a downloaded browser), and the web shell started
// exactly as a user starts it: `node main/web/cli.ts --port 0`, reading its one "open ..." line.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT } from '../../main/web/build.ts';
import { skewedClockEnv } from '../support/skewed-clock.ts';

export const CHROMIUM = '/usr/bin/chromium';
/** The two screen sizes every screen is checked at: the smallest till screen, and a common one. */
export const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const;
/**
 * Screenshots and other artefacts: test-results/e2e-<language>/ in an e2e run (vitest.config.ts runs
 * the suite once per language, and each run's pictures are kept), test-results/ otherwise (bench).
 */
export const ARTIFACTS = join(
  ROOT,
  'test-results',
  process.env.COUNTER_E2E_LANG === undefined ? '' : `e2e-${process.env.COUNTER_E2E_LANG}`,
);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      // window.print() takes the system print path, which headless Chromium ends at once (beforeprint,
      // afterprint). Its print preview instead stays open for good, headless: every later print() of
      // that page is then dropped without a word.
      '--disable-print-preview',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

export interface RunningShell {
  /** The printed launch URL (token included). */
  readonly url: string;
  readonly origin: string;
  /** The shell's process (the core runs in it), e.g. for prlimit. */
  readonly pid: number;
  readonly stdoutLines: string[];
  readonly stderr: () => string;
  stop(): Promise<void>;
}

/** Starts `npm run web` the way the README says (node from node_modules, Node 24). */
export async function startWebShellProcess(
  env: Record<string, string>,
  args: string[] = [],
  /** A libfaketime offset for the shell's wall clock ('+1d': the next day), the browser's left true. */
  clock?: string,
): Promise<RunningShell> {
  const child = spawn(process.execPath, [join(ROOT, 'main/web/cli.ts'), '--port', '0', ...args], {
    cwd: ROOT,
    env: {
      ...cleanEnv(),
      ...env,
      ...skewedClockEnv(clock),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdoutLines: string[] = [];
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(
      () => reject(new Error(`web shell did not print its URL in time:\n${stderr}`)),
      90_000,
    );
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      buffer += d;
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        stdoutLines.push(line);
        const m = /^open (http:\/\/127\.0\.0\.1:\d+\/\S*)$/.exec(line);
        if (m?.[1] !== undefined) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`web shell exited (${code}) before printing its URL:\n${stderr}`));
    });
  });
  return {
    url,
    origin: new URL(url).origin,
    pid: child.pid ?? -1,
    stdoutLines,
    stderr: () => stderr,
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The test's own POS_* must not leak into a child that should run on Settings or the demo. */
function cleanEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith('POS_')) out[k] = v;
  }
  return out;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}
