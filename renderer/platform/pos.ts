// The typed `PosApi` over a shell's bridge, and the bridge of the shell this page runs in: Electron's
// preload puts one on `window.pos`; in a browser there is none and the web shell's transport is used.
// main.tsx hands the result to the store (store/pos.ts); a test hands the store a fake bridge instead.
import {
  Envelope,
  english,
  NoAnswerError,
  PosError,
  parseEvent,
  parseOutput,
  say,
  type PosApi,
  type PosBridge,
} from '../../contract/contract.ts';
import { openLaunchPass } from './launch-pass.ts';
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
        const said = [say('coreNoAnswer')];
        throw new NoAnswerError({ code: 'failed', message: english(said), said });
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

/** The shell this page runs in. */
export interface Shell {
  readonly pos: PosApi;
  /** False when the page runs in the web shell without its launch pass: no call can work. */
  hasLaunchPass(): Promise<boolean>;
}

/** Opens the shell's bridge: Electron's preload, or the web shell with this page's launch pass. */
export function openShell(): Shell {
  const electron = window.pos;
  if (electron !== undefined)
    return { pos: createPosApi(electron), hasLaunchPass: () => Promise.resolve(true) };
  const pass = openLaunchPass();
  return {
    pos: createPosApi(createWebBridge(pass)),
    hasLaunchPass: async () => (await pass) !== null,
  };
}
