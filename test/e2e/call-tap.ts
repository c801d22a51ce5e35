// The page's calls to the core as a test sees and steers them: its call channel (one WebSocket,
// contract/call-socket.ts) routed through Playwright (page.routeWebSocket) to the real web shell.
// Every message goes on to the shell and back as it came, but a test may hold back the answers of a
// channel (a slow till: the call reached the core, only its answer waits) or lose them (the shell's
// connection breaks when one comes: the page hears no answer to any call it had out), and it sees
// the channels the page called and every message the shell sent.
//
// The route applies to sockets opened after it: tap a page before it opens the shell (goto), or
// before a reload. One tap per page, kept for its life.
import type { Page, WebSocketRoute } from 'playwright-core';
import { CALL_SOCKET_PATH } from '../../contract/call-socket.ts';

export interface CallTap {
  /** The channels of the page's calls, in the order sent. */
  readonly sent: readonly string[];
  /** Every message the shell sent the page, as text. */
  readonly answers: readonly string[];
  /** Holds back the answers to calls of `channel` until `release` (or `stop`). */
  hold(channel: string): HeldAnswers;
  /** Breaks the page's call channel when an answer to `channel` comes, until `stop`. */
  lose(channel: string): { stop(): Promise<void> };
}

/** Answers held back by CallTap.hold: `release` lets them through, `stop` too and holds no more. */
export interface HeldAnswers {
  /** Settles once the first answer held came from the shell (the core had done the call). */
  readonly arrived: Promise<void>;
  release(): void;
  stop(): Promise<void>;
}

const taps = new WeakMap<Page, Promise<CallTap>>();

/** The page's tap, routed on first use. */
export function tapCalls(page: Page): Promise<CallTap> {
  let tap = taps.get(page);
  if (tap === undefined) {
    tap = route(page);
    taps.set(page, tap);
  }
  return tap;
}

async function route(page: Page): Promise<CallTap> {
  const sent: string[] = [];
  const answers: string[] = [];
  /** Held channels: each with the answers waiting and its release. */
  const held = new Map<string, { released: Promise<void>; arrive: () => void }>();
  const lost = new Set<string>();
  await page.routeWebSocket(
    (url) => url.pathname === CALL_SOCKET_PATH,
    (ws: WebSocketRoute) => {
      const shell = ws.connectToServer();
      const channels = new Map<number, string>();
      ws.onMessage((message) => {
        const call = parsed(message);
        if (call?.channel !== undefined && call.id !== undefined) {
          channels.set(call.id, call.channel);
          sent.push(call.channel);
        }
        shell.send(message);
      });
      shell.onMessage((message) => {
        const text = typeof message === 'string' ? message : message.toString('utf8');
        answers.push(text);
        const channel = channels.get(parsed(message)?.id ?? 0) ?? '';
        if (lost.has(channel)) {
          void ws.close({ code: 4000, reason: 'lost' });
          void shell.close();
          return;
        }
        const hold = held.get(channel);
        if (hold === undefined) return ws.send(message);
        hold.arrive();
        void hold.released.then(() => ws.send(message));
      });
    },
  );
  return {
    sent,
    answers,
    hold(channel) {
      let release: () => void = () => undefined;
      let arrive: () => void = () => undefined;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      held.set(channel, { released: new Promise<void>((resolve) => (release = resolve)), arrive });
      return {
        arrived,
        release: () => release(),
        stop: () => {
          release();
          held.delete(channel);
          return Promise.resolve();
        },
      };
    },
    lose(channel) {
      lost.add(channel);
      return {
        stop: () => {
          lost.delete(channel);
          return Promise.resolve();
        },
      };
    },
  };
}

function parsed(message: string | Buffer): { id?: number; channel?: string } | undefined {
  try {
    const value: unknown = JSON.parse(typeof message === 'string' ? message : message.toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { id, channel } = value as { id?: unknown; channel?: unknown };
    return {
      ...(typeof id === 'number' ? { id } : {}),
      ...(typeof channel === 'string' ? { channel } : {}),
    };
  } catch {
    return undefined;
  }
}
