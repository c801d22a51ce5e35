// `window.pos` for the browser: the contract over the web shell's HTTP (POST /rpc/:channel) and its
// event stream (GET /events, server-sent events). Authentication is the HttpOnly cookie the shell set
// at launch, which this code can neither read nor needs to.
import { isCallChannel, isEventChannel, type EventChannel } from '../preload/channels.ts';
import type { PosBridge } from '../preload/contract.ts';

export function createWebBridge(): PosBridge {
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
  let source: EventSource | null = null;

  const connect = () => {
    if (source !== null) return;
    source = new EventSource('/events');
    for (const event of listeners.keys()) attach(event);
  };
  const attached = new Set<EventChannel>();
  const attach = (event: EventChannel) => {
    if (source === null || attached.has(event)) return;
    attached.add(event);
    source.addEventListener(event, (message) => {
      let payload: unknown;
      try {
        payload = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      for (const listener of listeners.get(event) ?? []) listener(payload);
    });
  };

  return {
    async invoke(channel, input) {
      if (!isCallChannel(channel)) throw new Error('unknown channel');
      const response = await fetch(`/rpc/${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input ?? {}),
        credentials: 'same-origin',
      });
      if (!response.ok) {
        return {
          ok: false,
          error: { code: 'failed', message: `The app's core refused the call (${response.status}).` },
        };
      }
      return (await response.json()) as unknown;
    },
    on(event, listener) {
      if (!isEventChannel(event)) throw new Error('unknown event');
      let set = listeners.get(event);
      if (set === undefined) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      connect();
      attach(event);
      return () => set.delete(listener);
    },
  };
}
