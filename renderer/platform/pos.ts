// The typed `PosApi` the screens use, over whichever bridge the shell installed: Electron's preload
// puts one on `window.pos`; in a browser there is none and the web shell's transport is used.
import {
  Envelope,
  PosError,
  parseEvent,
  parseOutput,
  type PosApi,
  type PosBridge,
} from '../../contract/contract.ts';
import { openWebSession } from './web-session.ts';
import { createWebBridge } from './web-transport.ts';

declare global {
  interface Window {
    pos?: PosBridge;
  }
}

export function createPosApi(bridge: PosBridge): PosApi {
  return {
    async invoke(channel, input) {
      let raw: unknown;
      try {
        raw = await bridge.invoke(channel, input);
      } catch {
        throw new PosError({ code: 'failed', message: 'The app core did not answer. Try again.' });
      }
      const envelope = Envelope.parse(raw);
      if (!envelope.ok) throw new PosError(envelope.error);
      return parseOutput(channel, envelope.value);
    },
    on(event, listener) {
      return bridge.on(event, (payload) => {
        const parsed = parseEvent(event, payload);
        listener(parsed);
      });
    },
    opened(listener) {
      return bridge.opened(listener);
    },
  };
}

/** In the web shell (no Electron preload): this page's session of the running shell, null if none. */
const webSession = window.pos === undefined ? openWebSession() : null;

export const pos: PosApi = createPosApi(window.pos ?? createWebBridge(webSession ?? Promise.resolve(null)));

/** False when the page runs in the web shell without a session of it: no call can work. */
export async function hasSession(): Promise<boolean> {
  return webSession === null || (await webSession) !== null;
}
