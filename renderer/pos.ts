// The typed `PosApi` the screens use, over whichever bridge the shell installed: Electron's preload
// puts one on `window.pos`; in a browser there is none and the web shell's transport is used.
import {
  Envelope,
  PosError,
  parseEvent,
  parseOutput,
  type PosApi,
  type PosBridge,
} from '../preload/contract.ts';
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
  };
}

export const pos: PosApi = createPosApi(window.pos ?? createWebBridge());
