// `window.pos` for the browser: the contract over the web shell's call channel (one WebSocket,
// call-socket.ts) and its event stream (GET /events, server-sent events). The call channel takes the
// secret of the page's launch pass as its first message, the event stream in a header (launch-pass.ts),
// each besides the HttpOnly cookie the browser sends; so the event stream is read with fetch(), as
// EventSource cannot send a header. Events the core sends while the stream is not connected are
// lost: `opened` tells the page each time it (re)connects, to read the state again.
import { isCallChannel, isEventChannel, type EventChannel } from '../../contract/channels.ts';
import type { PosBridge } from '../../contract/contract.ts';
import { eventStreamReader } from './event-stream.ts';
import { CALL_TIMING_EVENT, type CallTiming } from '../../contract/call-socket.ts';
import { callSocket, refused, type CallSocket, type TellTiming } from './call-socket.ts';
import { passHeaders } from './launch-pass.ts';

/** How long the event stream waits before connecting again after it broke (EventSource's pace). */
const RECONNECT_MS = 3000;

/** Where the bridge calls, and who hears each call's timing: the page's own origin and its event. */
export interface WebBridgeOptions {
  readonly origin: string;
  readonly tell: TellTiming;
}

const PAGE: () => WebBridgeOptions = () => ({
  origin: location.origin,
  tell: (timing) => dispatchEvent(new CustomEvent<CallTiming>(CALL_TIMING_EVENT, { detail: timing })),
});

/** `pass`: the secret of the page's launch pass, or null when it has none (every call then fails saying so). */
export function createWebBridge(pass: Promise<string | null>, options?: WebBridgeOptions): PosBridge {
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
  const openers = new Set<() => void>();
  let following = false;
  let open = false;

  const dispatch = (name: string, data: string) => {
    if (!isEventChannel(name)) return;
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    for (const listener of listeners.get(name) ?? []) listener(payload);
  };
  const stream: Stream = {
    dispatch,
    opened: () => {
      open = true;
      for (const opener of [...openers]) opener();
    },
    closed: () => {
      open = false;
    },
  };
  const startFollowing = () => {
    if (following) return;
    following = true;
    void pass.then((secret) => (secret === null ? undefined : follow(secret, stream)));
  };

  // The pass once it is known: a call then leaves in the task that made it, not after an await (a
  // scan's call went out only after the rest of its key's handling, ~1-2 ms, while the core waited).
  let known: { readonly secret: string | null } | undefined;
  void pass.then((secret) => (known = { secret }));
  // The call channel, made at the first call (none without a pass).
  let socket: CallSocket | undefined;
  const call = (channel: string, input: unknown): Promise<unknown> => {
    const secret = known?.secret ?? null;
    if (secret === null) return Promise.resolve(refused(401));
    const where = options ?? PAGE();
    socket ??= callSocket(where.origin, secret, where.tell);
    return socket.call(channel, input ?? {});
  };

  return {
    invoke(channel, input) {
      if (!isCallChannel(channel)) return Promise.reject(new Error('unknown channel'));
      if (known !== undefined) return call(channel, input);
      return pass.then(() => call(channel, input));
    },
    on(event, listener) {
      if (!isEventChannel(event)) throw new Error('unknown event');
      let set = listeners.get(event);
      if (set === undefined) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      startFollowing();
      return () => set.delete(listener);
    },
    opened(listener) {
      openers.add(listener);
      startFollowing();
      if (open) listener();
      return () => openers.delete(listener);
    },
  };
}

/** What the event stream tells the bridge: each event, and when it is connected or not. */
interface Stream {
  readonly dispatch: (name: string, data: string) => void;
  readonly opened: () => void;
  readonly closed: () => void;
}

/** Reads the event stream for as long as the page lives, connecting again whenever it breaks. */
async function follow(secret: string, stream: Stream): Promise<void> {
  for (;;) {
    try {
      const response = await fetch('/events', { headers: passHeaders(secret), cache: 'no-store' });
      // Refused: the pass is gone (the shell was started again); only a new launch helps.
      if (response.status === 401 || response.status === 403) return;
      if (response.ok && response.body !== null) {
        const feed = eventStreamReader(stream.dispatch);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        // The shell subscribes to the core before it answers (main/web/server.ts): every event from
        // here on comes down this stream, so what is read from now on is not older than they are.
        stream.opened();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            feed(value);
          }
        } finally {
          stream.closed();
        }
      }
    } catch {
      // The shell stopped or the connection broke: try again below.
    }
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
  }
}
