// The web shell's end of the page's call channel (contract/call-socket.ts): the upgrade admitted
// by the shell's guards, the pass taken first, then each call started in the core as it arrives
// (the socket's order is the page's) and answered by its id when the core is done. `ws` holds the
// WebSocket protocol: framing, masking, close handshake and the size limit.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  BEAT_MS,
  PageMessage,
  PASS_REFUSED,
  PASS_WAIT_MS,
  type ShellMessage,
} from '../../contract/call-socket.ts';
import { isCallChannel } from '../../contract/channels.ts';
import type { Envelope } from '../../contract/contract.ts';
import type { Core } from '../core/core.ts';

export interface CallSocketOptions {
  readonly core: Pick<Core, 'invoke'>;
  /** Whether the secret is this launch's (constant time). */
  readonly passOk: (secret: string) => boolean;
  /** The largest message taken, bytes (a larger one closes the socket, 1009). */
  readonly maxBytes: number;
}

export interface CallSockets {
  /** Takes an upgrade the shell's guards admitted. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

export function callSockets(options: CallSocketOptions): CallSockets {
  const server = new WebSocketServer({ noServer: true, maxPayload: options.maxBytes });
  return {
    accept(req, socket, head) {
      server.handleUpgrade(req, socket, head, (ws) => serve(ws, options));
    },
    close() {
      for (const ws of server.clients) ws.terminate();
      server.close();
    },
  };
}

/** Refuses an upgrade the guards did not admit, as the request would have been refused. */
export function refuseUpgrade(socket: Duplex, status: 400 | 401 | 403 | 404, text: string): void {
  socket.end(
    `HTTP/1.1 ${String(status)} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${String(Buffer.byteLength(text))}\r\n\r\n${text}`,
  );
}

function serve(ws: WebSocket, options: CallSocketOptions): void {
  let passed = false;
  const late = setTimeout(() => ws.close(PASS_REFUSED, 'no pass'), PASS_WAIT_MS);
  let beat: NodeJS.Timeout | undefined;
  ws.on('close', () => {
    clearTimeout(late);
    clearInterval(beat);
  });
  // `ws` closes the socket itself after an error (1009 for a message too large), with the close
  // frame sent: cutting it here would reset it before the page is told why.
  ws.on('error', () => undefined);
  ws.on('message', (data, isBinary) => {
    // A message still arriving on a socket being closed is not taken: its call would run unanswered.
    if (ws.readyState !== ws.OPEN) return;
    const message = isBinary ? undefined : parse(data);
    if (message === undefined) return ws.close(1008, 'not a message of the call channel');
    if (!passed) {
      if (!('pass' in message) || !options.passOk(message.pass)) return ws.close(PASS_REFUSED, 'no pass');
      passed = true;
      clearTimeout(late);
      // Said from this thread: a shell that stops running stops beating (the page then gives up).
      beat = setInterval(() => answer(ws, { beat: true }), BEAT_MS);
      return answer(ws, { ready: true });
    }
    if (!('id' in message)) return ws.close(1008, 'the pass is sent once');
    call(ws, options.core, message.id, message.channel, message.input);
  });
}

/** Starts the call in the core now (the order calls arrive in is the page's) and answers when done. */
function call(ws: WebSocket, core: Pick<Core, 'invoke'>, id: number, channel: string, input: unknown): void {
  if (!isCallChannel(channel)) return answer(ws, { id, refused: 404 });
  const started = performance.now();
  let done: Promise<Envelope>;
  try {
    done = core.invoke(channel, input);
  } catch (error) {
    done = Promise.reject(error instanceof Error ? error : new Error('the core failed'));
  }
  done.then(
    (envelope) => answer(ws, { id, envelope, coreMs: Number((performance.now() - started).toFixed(2)) }),
    (error: unknown) => {
      console.error('web shell call failed:', error instanceof Error ? error.message : 'unknown');
      answer(ws, { id, refused: 500 });
    },
  );
}

function answer(ws: WebSocket, message: ShellMessage): void {
  // A page gone before its answer: nothing to tell.
  if (ws.readyState !== ws.OPEN) return;
  let text: string;
  try {
    text = JSON.stringify(message);
  } catch (error) {
    // An answer that cannot be written (a value JSON has no form for) is the shell's failure, said
    // to the page as one, never an exception where nothing catches it.
    console.error('web shell answer not written:', error instanceof Error ? error.message : 'unknown');
    if (!('id' in message)) return;
    text = JSON.stringify({ id: message.id, refused: 500 } satisfies ShellMessage);
  }
  ws.send(text);
}

function parse(data: RawData): PageMessage | undefined {
  try {
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.isBuffer(data)
        ? data
        : Buffer.from(data);
    const text = bytes.toString('utf8');
    const parsed = PageMessage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
