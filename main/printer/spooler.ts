// A system printer through the OS print spooler: CUPS (Linux, macOS), its `lp` fed the receipt's
// ESC/POS bytes raw (`-o raw`: no filter or driver touches them), so a USB receipt printer, or any the
// system already knows, prints what a network one would. What an attempt can know:
// - not sent: lp or lpstat is missing, the spooler cannot be reached, the queue does not exist or
//   refuses jobs, or it still holds a job of ours not printed yet (the printer is off, unplugged, out
//   of paper: the spooler keeps trying it). Nothing new went to the spooler; tried again later.
// - printed: lp answered with the spooler's request id. From there the spooler owns the job, stored in
//   its own spool: it prints it when the printer can, once. Counter cannot see it on paper any more
//   than it can on a network printer.
// - maybe sent: lp failed after it may have handed the document over (it then tries to cancel it, which
//   may fail too), or it was cut off (the app closing, lp not finishing in time). It prints again as a
//   copy.
// Only one job of ours at a time sits in the spooler: the rest wait in Counter's queue, where the status
// bar counts them and a cash sale's drawer pulse is still dropped once its sale is too long ago.
import { spawn } from 'node:child_process';
import type { SystemPrintersView } from '../../contract/contract.ts';
import { QueueName } from './address.ts';
import type { SendOutcome } from './transport.ts';

export interface SpoolerOptions {
  /** The environment lp and lpstat run in (spoolerEnvironment). */
  readonly env: NodeJS.ProcessEnv;
  /** For lpstat's answer. */
  readonly askMs: number;
  /** For lp to hand the job over. */
  readonly sendMs: number;
  /** The app is closing: lp is ended at once. */
  readonly signal?: AbortSignal;
}

/** What lp and lpstat take from the app's environment: where to find programs, a home, a temp folder. */
const PASSED_ON = ['PATH', 'HOME', 'TMPDIR'] as const;

/**
 * The environment of lp and lpstat: only what they need from the app's (never its client secret or
 * anything else of the app's), CUPS_SERVER from `env` when it names one (the core's environment, as for
 * POS_*) else the app's, and the C locale, whose messages are the ones read here.
 */
export function spoolerEnvironment(env: Readonly<Record<string, string | undefined>>): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const name of [...PASSED_ON, 'CUPS_SERVER'] as const) {
    const value = name === 'CUPS_SERVER' ? (env.CUPS_SERVER ?? process.env.CUPS_SERVER) : process.env[name];
    if (value !== undefined) kept[name] = value;
  }
  return { ...kept, LC_ALL: 'C', LANG: 'C' };
}

/** lp's refusals that come before the spooler stored a job (CUPS 2.4's lp.c, in the C locale). */
const NOTHING_QUEUED = [
  'does not exist',
  'not accepting jobs',
  'Unable to connect',
  'scheduler not responding',
  'No default destination',
  'Connection refused',
  'Forbidden',
  'Unauthorized',
];

const UNSUPPORTED = 'a system printer by name needs CUPS (lp), which Windows does not have';

export async function sendToSpooler(
  queue: string,
  bytes: Uint8Array,
  options: SpoolerOptions,
): Promise<SendOutcome> {
  const notSent = (problem: 'unreachable' | 'stalled', detail: string): SendOutcome => ({
    kind: 'not-sent',
    problem,
    detail: `${queue}: ${detail}`,
  });
  if (process.platform === 'win32') return notSent('unreachable', UNSUPPORTED);
  const held = await run('lpstat', ['-o', queue], undefined, options.env, options.askMs, options.signal);
  if (held.missing) return notSent('unreachable', 'lpstat is not installed (the CUPS client)');
  if (held.cut !== null || held.code !== 0) return notSent('unreachable', said(held, 'lpstat'));
  const waiting = lines(held.stdout).map((line) => line.split(/\s+/)[0] ?? line);
  if (waiting.length > 0) {
    return notSent(
      'stalled',
      `the print spooler has not printed ${waiting.join(', ')} yet (is the printer on, with paper?)`,
    );
  }
  const sent = await run(
    'lp',
    ['-d', queue, '-o', 'raw', '-t', 'Counter'],
    bytes,
    options.env,
    options.sendMs,
    options.signal,
  );
  if (sent.missing) return notSent('unreachable', 'lp is not installed (the CUPS client)');
  if (sent.cut !== null) {
    const problem = sent.cut === 'timeout' ? 'stalled' : 'failed';
    return { kind: 'maybe-sent', problem, detail: `${queue}: ${said(sent, 'lp')}` };
  }
  const request = /request id is (\S+)/.exec(sent.stdout)?.[1];
  if (sent.code === 0 && request !== undefined) return { kind: 'printed', answersStatus: false, request };
  const error = said(sent, 'lp');
  if (sent.code !== 0 && NOTHING_QUEUED.some((words) => error.includes(words))) {
    return notSent('unreachable', error);
  }
  return { kind: 'maybe-sent', problem: 'failed', detail: `${queue}: ${error}` };
}

/** The system's printers (`lpstat -e`); instances (NAME/INSTANCE) are left out. */
export async function listSystemPrinters(env: NodeJS.ProcessEnv, askMs: number): Promise<SystemPrintersView> {
  if (process.platform === 'win32') return { printers: [], problem: 'unsupported', detail: UNSUPPORTED };
  const listed = await run('lpstat', ['-e'], undefined, env, askMs);
  if (listed.missing) return { printers: [], problem: 'no-spooler', detail: 'lpstat is not installed' };
  if (listed.cut !== null || listed.code !== 0) {
    return { printers: [], problem: 'failed', detail: said(listed, 'lpstat') };
  }
  const printers = lines(listed.stdout).filter((name) => QueueName.safeParse(name).success);
  if (printers.length > 0) return { printers };
  // lpstat -e says nothing, and exits 0, when the spooler is not running: asked, it says so.
  const running = await run('lpstat', ['-r'], undefined, env, askMs);
  return running.stdout.includes('not running')
    ? { printers, problem: 'not-running', detail: lines(running.stdout).join(' ') }
    : { printers };
}

interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The command is not installed. */
  readonly missing: boolean;
  /** Ended by Counter: it took too long, or the app is closing. */
  readonly cut: 'timeout' | 'closing' | null;
}

/** What a run said, one line: its error, else how it ended. */
function said(ran: Ran, command: string): string {
  if (ran.cut === 'closing') return `${command} was ended: the app is closing`;
  if (ran.cut === 'timeout') return `${command} did not finish in time`;
  const error = lines(ran.stderr).join(' ');
  return error === '' ? `${command} exited with ${String(ran.code)}` : error;
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** How much of a tool's output, and of its errors, is kept. */
const KEPT_CHARS = 10_000;

function kept(soFar: string, chunk: string): string {
  return soFar.length >= KEPT_CHARS ? soFar : soFar + chunk.slice(0, KEPT_CHARS - soFar.length);
}

/** Runs `command` (never through a shell), `input` on its standard input. */
function run(
  command: string,
  args: readonly string[],
  input: Uint8Array | undefined,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Ran> {
  return new Promise((resolve) => {
    let settled = false;
    let stdout = '';
    let stderr = '';
    let cut: Ran['cut'] = null;
    let missing = false;
    const child = spawn(command, args, {
      env,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const end = (why: Exclude<Ran['cut'], null>): void => {
      cut ??= why;
      child.kill('SIGTERM');
    };
    const timer = setTimeout(() => end('timeout'), timeoutMs);
    const abort = (): void => end('closing');
    if (signal?.aborted === true) abort();
    signal?.addEventListener('abort', abort, { once: true });
    // Only the start of what it says is read: a chatty or broken tool must not fill the memory.
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout = kept(stdout, chunk)));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = kept(stderr, chunk)));
    // lp gone early (a refusal) closes its input under the bytes still being written: its exit says why.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
    const finish = (code: number | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      resolve({ code, stdout, stderr, missing, cut });
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      // Not started (not installed): no 'close' need follow.
      if (error.code === 'ENOENT') missing = true;
      else stderr += error.message;
      if (child.pid === undefined) finish(null);
    });
    child.on('close', finish);
  });
}
