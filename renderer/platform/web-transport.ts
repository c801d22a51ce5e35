// `window.pos` for the browser: the contract over the web shell's HTTP (POST /rpc/:channel) and its
// event stream (GET /events, server-sent events). Every request carries the secret of the page's launch
// pass in a header (launch-pass.ts) besides the HttpOnly cookie the browser sends; so the event stream is read
// with fetch(), as EventSource cannot send a header. Events the core sends while the stream is not
// connected are lost: `opened` tells the page each time it (re)connects, to read the state again.
// Every call also carries this page's id and its number, 1 up in the order the page made its calls:
// the shell starts them in the core in that order (main/web/call-order.ts), though the browser's
// requests may reach it in another.
import {
  CALL_NUMBER_HEADER,
  CALL_PAGE_HEADER,
  CALL_REFUSED_HEADER,
  isCallChannel,
  isEventChannel,
  type EventChannel,
} from '../../contract/channels.ts';
import { english, say, type Envelope, type PosBridge } from '../../contract/contract.ts';
import { eventStreamReader } from './event-stream.ts';
import { passHeaders } from './launch-pass.ts';

/** How long the event stream waits before connecting again after it broke (EventSource's pace). */
const RECONNECT_MS = 3000;

/** `pass`: the secret of the page's launch pass, or null when it has none (every call then fails saying so). */
export function createWebBridge(pass: Promise<string | null>): PosBridge {
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
  // A new page (a reload) is a new page to the shell, its calls numbered from 1 again.
  const page = pageId();
  let calls = 0;
  const call = async (channel: string, input: unknown, secret: string | null): Promise<unknown> => {
    if (secret === null) return refused(401);
    const body = JSON.stringify(input ?? {});
    // Numbered as the request leaves: a call that never leaves takes no number later calls wait for.
    calls++;
    const response = await fetch(`/rpc/${channel}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...passHeaders(secret),
        [CALL_PAGE_HEADER]: page,
        [CALL_NUMBER_HEADER]: String(calls),
      },
      body,
      credentials: 'same-origin',
    });
    if (!response.ok) return refused(response.status, response.headers.get(CALL_REFUSED_HEADER));
    return (await response.json()) as unknown;
  };

  return {
    invoke(channel, input) {
      if (!isCallChannel(channel)) return Promise.reject(new Error('unknown channel'));
      if (known !== undefined) return call(channel, input, known.secret);
      return pass.then((secret) => call(channel, input, secret));
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

/** 16 random bytes in hex: the page's id among the shell's pages. */
function pageId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

function refused(status: number, reason: string | null = null): Envelope {
  // 409 names why in a header (main/web/call-order.ts), and the person must hear which, as the two
  // ask opposite things: 'late', the call came after later calls of this page and was not done (do it
  // again); 'repeat', its number was seen before and its first copy ran or will (doing it again would
  // do it twice). A 409 without a reason the page knows says only that it was refused.
  const said = [
    status === 409 && reason === 'late'
      ? say('coreCallLate')
      : status === 409 && reason === 'repeat'
        ? say('coreCallRepeat')
        : say('coreRefusedCall', { status }),
  ];
  return {
    ok: false,
    error: { code: 'failed', message: english(said), said },
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
