// The customer display's window, short of Electron itself (no binary on these machines): the screen
// it goes on, what it does as screens come and go, its window's options, and what its page may call
// through its preload's bridge and through the main process's check.
import { describe, expect, it } from 'vitest';
import { IPC_EVENT, IPC_INVOKE, isCallChannel, isEventChannel } from '../../contract/channels.ts';
import { posBridge, type RendererIpc } from './bridge.ts';
import {
  customerScreen,
  displayMode,
  displayWindowOptions,
  DISPLAY_URL,
  nextStep,
  type ScreenInfo,
} from './customer-display.ts';
import {
  isAppUrl,
  isDisplayCall,
  isDisplayEvent,
  mayCall,
  secureWebPreferences,
  senderOf,
} from './policy.ts';

const till: ScreenInfo = { id: 1, bounds: { x: 0, y: 0, width: 1366, height: 768 } };
const facing: ScreenInfo = { id: 2, bounds: { x: 1366, y: 0, width: 1024, height: 600 } };
const third: ScreenInfo = { id: 3, bounds: { x: 2390, y: 0, width: 800, height: 480 } };

describe('the screen facing the customer', () => {
  it('is the first screen that is not the primary, in the order the system lists them', () => {
    expect(customerScreen([till, facing], 1, 'auto')).toBe(facing);
    expect(customerScreen([facing, till], 1, 'auto')).toBe(facing);
    expect(customerScreen([till, third, facing], 1, 'auto')).toBe(third);
    // The primary is whichever the system says: the till's window is there.
    expect(customerScreen([till, facing], 2, 'auto')).toBe(till);
  });

  it('is none with one screen, a mirror of the primary, or POS_CUSTOMER_DISPLAY=off', () => {
    expect(customerScreen([till], 1, 'auto')).toBeNull();
    expect(customerScreen([till, { id: 9, bounds: { ...till.bounds } }], 1, 'auto')).toBeNull();
    expect(customerScreen([till, facing], 1, 'off')).toBeNull();
  });

  it('follows the screens: opens, moves, closes, or stays', () => {
    expect(nextStep(null, null)).toEqual({ kind: 'keep' });
    expect(nextStep(null, facing)).toEqual({ kind: 'open', screen: facing });
    expect(nextStep(facing, facing)).toEqual({ kind: 'keep' });
    expect(nextStep(facing, third)).toEqual({ kind: 'move', screen: third });
    const resized = { id: 2, bounds: { ...facing.bounds, width: 1280, height: 800 } };
    expect(nextStep(facing, resized)).toEqual({ kind: 'move', screen: resized });
    expect(nextStep(facing, null)).toEqual({ kind: 'close' });
  });

  it('is asked for by POS_CUSTOMER_DISPLAY: auto unless off, and a wrong value is said', () => {
    expect(displayMode({})).toBe('auto');
    expect(displayMode({ POS_CUSTOMER_DISPLAY: ' ' })).toBe('auto');
    expect(displayMode({ POS_CUSTOMER_DISPLAY: 'auto' })).toBe('auto');
    expect(displayMode({ POS_CUSTOMER_DISPLAY: 'off' })).toBe('off');
    expect(() => displayMode({ POS_CUSTOMER_DISPLAY: 'on' })).toThrow(
      'POS_CUSTOMER_DISPLAY: "on" is neither auto (a second screen when one is connected) nor off.',
    );
  });
});

describe("the customer display's window", () => {
  it('fills its screen without taking the focus, locked down like the till, with its own preload', () => {
    const options = displayWindowOptions(facing, '/app/preload/display.cjs');
    expect(options).toMatchObject({
      ...facing.bounds,
      fullscreen: true,
      frame: false,
      focusable: false,
      show: false,
    });
    expect(options.webPreferences).toEqual({
      ...secureWebPreferences('/app/preload/display.cjs'),
      devTools: false,
    });
    expect(options.webPreferences).toMatchObject({
      preload: '/app/preload/display.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
    });
  });

  it("loads the renderer's customer display from the app's origin", () => {
    expect(isAppUrl(DISPLAY_URL)).toBe(true);
    // renderer/main.tsx shows the display for this query.
    expect(new URL(DISPLAY_URL).searchParams.get('display')).toBe('customer');
  });

  it('may read the display (with the language and currency it speaks), and nothing else', () => {
    expect(mayCall('display', 'display.get')).toBe(true);
    for (const call of [
      // The settings hold the instance's address and the client id: the display needs neither.
      'settings.get',
      'session.scan',
      'session.close',
      'settings.set',
      'printer.openDrawer',
      'outbox.discard',
      'manager.unlock',
    ]) {
      expect(isCallChannel(call), call).toBe(true);
      expect(mayCall('display', call), call).toBe(false);
      expect(mayCall('till', call), call).toBe(true);
    }
    expect(mayCall(null, 'display.get')).toBe(false);
    expect(mayCall('till', 'no.such')).toBe(false);
    expect(isDisplayEvent('display.changed')).toBe(true);
    expect(isDisplayEvent('outbox.changed')).toBe(false);
  });

  it("tells the display's frame from the till's, and refuses any other", () => {
    const tillTop = { url: 'app://counter/index.html', parent: null };
    const displayTop = { url: DISPLAY_URL, parent: null };
    const tops = { till: tillTop, display: displayTop };
    expect(senderOf(tillTop, tops)).toBe('till');
    expect(senderOf(displayTop, tops)).toBe('display');
    expect(senderOf({ url: DISPLAY_URL, parent: displayTop }, tops)).toBeNull();
    expect(senderOf({ url: 'https://example.com/', parent: null }, tops)).toBeNull();
    expect(senderOf(displayTop, { till: tillTop })).toBeNull(); // the display is closed
  });
});

describe("the display's preload bridge", () => {
  function ipc(): RendererIpc & { sent: unknown[][]; emit(name: string, payload: unknown): void } {
    let onEvent: ((event: unknown, ...args: unknown[]) => void) | undefined;
    const sent: unknown[][] = [];
    return {
      sent,
      invoke(channel, ...args) {
        sent.push([channel, ...args]);
        return Promise.resolve('answer');
      },
      on(channel, listener) {
        if (channel === IPC_EVENT) onEvent = listener;
      },
      emit(name, payload) {
        onEvent?.({}, name, payload);
      },
    };
  }

  it('passes only its calls and events to the page', async () => {
    const wire = ipc();
    const bridge = posBridge(wire, { call: isDisplayCall, event: isDisplayEvent });
    await expect(bridge.invoke('display.get', {})).resolves.toBe('answer');
    await expect(bridge.invoke('session.scan', { code: '1' })).rejects.toThrow('unknown channel');
    expect(wire.sent).toEqual([[IPC_INVOKE, 'display.get', {}]]);
    expect(() => bridge.on('outbox.changed', () => undefined)).toThrow('unknown event');
    const seen: unknown[] = [];
    bridge.on('display.changed', (payload) => seen.push(payload));
    wire.emit('display.changed', { state: 'idle' });
    wire.emit('outbox.changed', { queued: 1 });
    expect(seen).toEqual([{ state: 'idle' }]);
  });

  it("passes every call to the till's page", async () => {
    const wire = ipc();
    const bridge = posBridge(wire, { call: isCallChannel, event: isEventChannel });
    await expect(bridge.invoke('session.scan', { code: '1' })).resolves.toBe('answer');
    expect(() => bridge.on('outbox.changed', () => undefined)).not.toThrow();
  });
});
