// Bytes to a network printer: raw TCP, as ESC/POS printers take them on port 9100. Raw TCP has no
// acknowledgement of printing, so what an attempt can know is said exactly:
// - not sent: no connection (off, unplugged, wrong address), or the printer said before a byte of
//   the job went that it is out of paper, or a printer that answered status before is silent now
//   (stalled). Nothing printed; the job is simply tried again.
// - maybe sent: the connection broke or stalled while the job's bytes were on their way, or before
//   the printer showed it had them all. Part or all of it may be on paper: the queue prints it again
//   marked as a copy.
// - printed: the printer took every byte. Handing them to the connection proves nothing (the
//   system's buffer takes a whole receipt at once, and a printer that drops after 123 of 795 bytes
//   loses the rest), so a printer that answers the paper status is asked again after the job: its
//   answer, coming after the job's last byte on the same connection, shows it read them all. One
//   that never answers cannot say so: its job is taken as printed once handed over (a reset after
//   the job could also be its way of closing, and would reprint every receipt).
// Before the job, `DLE EOT 4` asks the printer's paper sensor (a real-time command, answered even
// while the printer is busy); a printer that does not answer it is printed to all the same.
import { connect, type Socket } from 'node:net';
import type { PrintProblem } from '../../db/print-jobs.ts';

export interface Timeouts {
  /** To open the connection. */
  readonly connectMs: number;
  /** For the paper sensor's answer. */
  readonly statusMs: number;
  /** For the job's bytes to be taken. */
  readonly writeMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 3_000, statusMs: 800, writeMs: 15_000 };

export type SendOutcome =
  | {
      readonly kind: 'printed';
      readonly answersStatus: boolean;
      /** The print spooler's id of the job it took (a system printer). */
      readonly request?: string;
    }
  | {
      readonly kind: 'not-sent';
      readonly problem: Extract<PrintProblem, 'unreachable' | 'paper-out' | 'stalled'>;
      readonly detail: string;
    }
  | {
      readonly kind: 'maybe-sent';
      readonly problem: Extract<PrintProblem, 'stalled' | 'failed'>;
      readonly detail: string;
    };

/** DLE EOT 4: the roll paper sensor's status. */
export const PAPER_STATUS_REQUEST = Uint8Array.of(0x10, 0x04, 0x04);

/** A status byte has bits 1 and 4 set and bits 0 and 7 clear; bits 5 and 6: the roll is out. */
function paperOut(status: number): boolean | undefined {
  if ((status & 0x93) !== 0x12) return undefined;
  return (status & 0x60) !== 0;
}

export interface Target {
  readonly host: string;
  readonly port: number;
}

/**
 * Sends `bytes` to the printer at `target`. `expectStatus`: this printer answered the paper sensor
 * before, so silence now means it is stuck, and nothing is sent.
 */
export function sendToPrinter(
  target: Target,
  bytes: Uint8Array,
  options: {
    readonly timeouts?: Partial<Timeouts>;
    readonly expectStatus?: boolean;
    /** The app is closing: the connection goes at once (what was being written may be on paper). */
    readonly signal?: AbortSignal;
  } = {},
): Promise<SendOutcome> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  return new Promise((resolve) => {
    const where = `${target.host}:${String(target.port)}`;
    let phase: 'connecting' | 'status' | 'writing' | 'done' = 'connecting';
    let answersStatus = false;
    let timer: NodeJS.Timeout | undefined;
    const socket: Socket = connect({ host: target.host, port: target.port });
    socket.setNoDelay(true);

    const finish = (outcome: SendOutcome): void => {
      if (phase === 'done') return;
      phase = 'done';
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      resolve(outcome);
    };
    const fail = (why: string, stalled: boolean): void => {
      if (phase === 'connecting') {
        finish({ kind: 'not-sent', problem: 'unreachable', detail: `${where}: ${why}` });
      } else if (phase === 'status') {
        finish({
          kind: 'not-sent',
          problem: stalled ? 'stalled' : 'unreachable',
          detail: `${where}: ${why}`,
        });
      } else {
        finish({ kind: 'maybe-sent', problem: stalled ? 'stalled' : 'failed', detail: `${where}: ${why}` });
      }
      socket.destroy();
    };
    function abort(): void {
      fail('the app is closing', false);
    }
    const arm = (ms: number, onTimeout: () => void): void => {
      clearTimeout(timer);
      timer = setTimeout(onTimeout, ms);
    };

    const printed = (): void => {
      finish({ kind: 'printed', answersStatus });
      // Whatever the printer still says is read and dropped, so closing does not reset the
      // connection under bytes it has not taken yet; then the socket goes.
      socket.resume();
      socket.end();
      setTimeout(() => socket.destroy(), 2_000).unref();
    };
    const write = (): void => {
      phase = 'writing';
      arm(timeouts.writeMs, () => fail(`took no more bytes for ${String(timeouts.writeMs)} ms`, true));
      if (answersStatus) {
        // The status asked again behind the job: answered only once the printer read every byte.
        socket.write(Buffer.concat([bytes, PAPER_STATUS_REQUEST]));
      } else {
        // Nothing to ask: handed over is all that can be known (docs/assumptions.md "Printing").
        socket.end(bytes, () => {
          if (phase === 'writing') printed();
        });
      }
    };

    arm(timeouts.connectMs, () => fail(`no connection within ${String(timeouts.connectMs)} ms`, false));
    if (options.signal?.aborted === true) abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    socket.once('connect', () => {
      phase = 'status';
      arm(timeouts.statusMs, () => {
        if (options.expectStatus === true) {
          fail(`no answer to the paper status within ${String(timeouts.statusMs)} ms`, true);
        } else {
          write();
        }
      });
      socket.write(PAPER_STATUS_REQUEST);
    });
    socket.on('data', (chunk: Buffer) => {
      if (phase === 'writing' && answersStatus) {
        // The answer behind the job: it read them all (paper out now only holds what it has).
        if (chunk.some((b) => paperOut(b) !== undefined)) printed();
        return;
      }
      if (phase !== 'status') return;
      const status = chunk[0];
      const out = status === undefined ? undefined : paperOut(status);
      if (out === undefined) return;
      answersStatus = true;
      if (out) {
        finish({ kind: 'not-sent', problem: 'paper-out', detail: `${where}: the printer is out of paper` });
        socket.destroy();
      } else {
        write();
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message, false));
    socket.on('close', () => {
      if (phase !== 'done') fail('the printer closed the connection before it took the whole job', false);
    });
  });
}
