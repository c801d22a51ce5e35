// The page's end of the web shell's call channel (contract/call-socket.ts): one WebSocket, opened
// at the first call and again at the first call after it closed. Calls made before the shell took
// the pass wait in order and leave once it has; every call is answered by its id. A socket that
// closes leaves the calls it sent without an answer (the promise rejects: the page says the core
// did not answer, never that the call was not done); those still waiting never left, and are
// answered so: nothing was done (coreNotReached). Closed for the pass, they are refused as a request
// without it would be (401). A shell not heard from for SILENT_MS (no beat, no answer) while calls are out
// is given up the same way: a hung shell never leaves a call waiting for ever.
import {
  CALL_SOCKET_PATH,
  PASS_REFUSED,
  SHELL_SILENT,
  ShellMessage,
  SILENT_MS,
  type CallTiming,
} from '../../contract/call-socket.ts';
import { english, say, type Envelope } from '../../contract/contract.ts';

export interface CallSocket {
  /** Resolves to the core's envelope (or a refusal's), rejects when no answer can come. */
  call(channel: string, input: unknown): Promise<unknown>;
}

interface Connection {
  readonly socket: WebSocket;
  /** The shell took the pass: calls leave at once. */
  ready: boolean;
  /** Calls made before it did, in order: [id, message]. */
  readonly waiting: [number, string][];
  /** When the shell was last heard from (or the socket made), epoch ms. */
  heard: number;
  /** When the silence was last checked (or the socket made), epoch ms. */
  checked: number;
  /** Checks the shell is still heard from while calls are out. */
  readonly watch: ReturnType<typeof setInterval>;
}

interface Pending {
  readonly connection: Connection;
  readonly channel: string;
  readonly start: number;
  sent: number;
  /** Its message went out on the socket (the shell may have run it). */
  left: boolean;
  readonly resolve: (answer: unknown) => void;
  readonly reject: (error: Error) => void;
}

const now = (): number => performance.timeOrigin + performance.now();

/** Told of each answered call, after its answer is handed on (the web transport: a page event). */
export type TellTiming = (timing: CallTiming) => void;

export function callSocket(origin: string, secret: string, tell: TellTiming): CallSocket {
  const url = `${origin.replace(/^http/, 'ws')}${CALL_SOCKET_PATH}`;
  let open: Connection | null = null;
  const pending = new Map<number, Pending>();
  let ids = 0;

  /** The socket is done with: every call of it is settled now (sent: no answer; waiting: not done). */
  const drop = (current: Connection, passRefused: boolean, why: string) => {
    if (open === current) open = null;
    clearInterval(current.watch);
    for (const [id, call] of pending) {
      if (call.connection !== current) continue;
      pending.delete(id);
      if (passRefused) call.resolve(refused(401));
      else if (!call.left) call.resolve(notSent());
      else call.reject(new Error(why));
    }
  };

  /**
   * Gives the socket up when calls are out and the shell was not heard from for SILENT_MS: a closing
   * handshake with a stopped shell never ends, so its calls are settled here, not at close. A check
   * that runs late (the page itself was stalled: a frozen tab, a sleep) first hands the beats queued
   * meanwhile their turn: never a healthy shell given up for the page's own pause.
   */
  const watch = (current: Connection) => {
    const t = now();
    const late = t - current.checked > SILENT_MS / 2;
    current.checked = t;
    if (late) current.heard = Math.max(current.heard, t - SILENT_MS / 2);
    if (t - current.heard <= SILENT_MS) return;
    if (![...pending.values()].some((call) => call.connection === current)) return;
    drop(current, false, 'the web shell fell silent');
    current.socket.close(SHELL_SILENT, 'the shell fell silent');
  };

  const connect = () => {
    const socket = new WebSocket(url);
    const made = now();
    const current: Connection = {
      socket,
      ready: false,
      waiting: [],
      heard: made,
      checked: made,
      watch: setInterval(() => watch(current), SILENT_MS / 4),
    };
    open = current;
    socket.onopen = () => socket.send(JSON.stringify({ pass: secret }));
    socket.onmessage = (event: MessageEvent) => {
      const end = now();
      current.heard = end;
      const message = parse(event.data);
      if (message === undefined) {
        // Its calls are settled now: the close may take long, and calls made meanwhile go elsewhere.
        drop(current, false, 'the web shell sent what the page cannot read');
        return socket.close(4000, 'not a message of the call channel'); // a page may close with 1000 or 3000-4999 only
      }
      if ('beat' in message) return;
      if ('ready' in message) {
        current.ready = true;
        for (const [id, text] of current.waiting.splice(0)) send(socket, id, text);
        return;
      }
      settle(message, end);
    };
    socket.onclose = (event: CloseEvent) =>
      drop(current, event.code === PASS_REFUSED, 'the web shell closed the call channel');
    return current;
  };

  const send = (socket: WebSocket, id: number, text: string) => {
    const call = pending.get(id);
    if (call !== undefined) {
      call.sent = now();
      call.left = true;
    }
    socket.send(text);
  };

  const settle = (message: Exclude<ShellMessage, { ready: true } | { beat: true }>, end: number) => {
    const call = pending.get(message.id);
    if (call === undefined) return;
    pending.delete(message.id);
    if ('refused' in message) return call.resolve(refused(message.refused));
    call.resolve(message.envelope);
    const timing: CallTiming = {
      channel: call.channel,
      start: call.start,
      sent: call.sent,
      end,
      parsed: now(),
      coreMs: message.coreMs,
    };
    tell(timing);
  };

  return {
    call(channel, input) {
      return new Promise((resolve, reject) => {
        const id = ++ids;
        const text = JSON.stringify({ id, channel, input });
        const start = now();
        // A socket closing (the shell ended it; its close not told yet) takes no more calls.
        const current = open !== null && open.socket.readyState <= WebSocket.OPEN ? open : connect();
        pending.set(id, { connection: current, channel, start, sent: start, left: false, resolve, reject });
        if (current.ready) send(current.socket, id, text);
        else current.waiting.push([id, text]);
      });
    },
  };
}

function parse(data: unknown): ShellMessage | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = ShellMessage.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A call the shell refused with an HTTP status (a call channel refused the pass: 401). */
export function refused(status: number): Envelope {
  const said = [say('coreRefusedCall', { status })];
  return { ok: false, error: { code: 'failed', message: english(said), said } };
}

/** A call whose socket closed before it left: the core never saw it, so nothing was done. */
function notSent(): Envelope {
  const said = [say('coreNotReached')];
  return { ok: false, error: { code: 'failed', message: english(said), said } };
}
