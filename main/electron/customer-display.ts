// The customer display as Electron's second window, as pure functions so they are unit-tested here
// (no Electron binary on these machines): which screen it goes on (the first one that is not the
// till's, none when there is no other), what to do when screens come and go, and the window's options
// (the calls and events its page may use are in policy.ts). The page is the renderer's own customer display
// (app://counter/index.html?display=customer), the one the web shell serves at /display.
import type { BrowserWindowConstructorOptions } from 'electron';
import { z } from 'zod';
import { APP_URL, secureWebPreferences } from './policy.ts';

export const DISPLAY_URL = `${APP_URL}?display=customer`;

/** A screen as Electron's `screen` module describes it (the parts used here). */
export interface ScreenInfo {
  readonly id: number;
  readonly bounds: {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
  };
}

/**
 * POS_CUSTOMER_DISPLAY: `auto` (the default) opens the display on a second screen when one is
 * connected; `off` never does (a second screen that faces the cashier, say).
 */
export const DisplayMode = z.enum(['auto', 'off']);
export type DisplayMode = z.infer<typeof DisplayMode>;

export function displayMode(env: Readonly<Record<string, string | undefined>>): DisplayMode {
  const text = env.POS_CUSTOMER_DISPLAY?.trim();
  if (text === undefined || text === '') return 'auto';
  const mode = DisplayMode.safeParse(text);
  if (!mode.success) {
    throw new Error(
      `POS_CUSTOMER_DISPLAY: "${text}" is neither auto (a second screen when one is connected) nor off.`,
    );
  }
  return mode.data;
}

/**
 * The screen facing the customer: the first one that is not the primary (the till's), in the order the
 * system lists them; none when there is no other, or only a mirror of the primary (same place, same
 * size: the customer would see the till's own screen).
 */
export function customerScreen(
  screens: readonly ScreenInfo[],
  primaryId: number,
  mode: DisplayMode,
): ScreenInfo | null {
  if (mode === 'off') return null;
  const primary = screens.find((s) => s.id === primaryId);
  return (
    screens.find(
      (s) => s.id !== primaryId && (primary === undefined || !sameBounds(s.bounds, primary.bounds)),
    ) ?? null
  );
}

function sameBounds(a: ScreenInfo['bounds'], b: ScreenInfo['bounds']): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

export type DisplayStep =
  | { readonly kind: 'keep' }
  | { readonly kind: 'open'; readonly screen: ScreenInfo }
  | { readonly kind: 'move'; readonly screen: ScreenInfo }
  | { readonly kind: 'close' };

/**
 * What the display window does after the screens changed: `shownOn` is the screen it is on now (null:
 * no window), `target` where it belongs now (customerScreen).
 */
export function nextStep(shownOn: ScreenInfo | null, target: ScreenInfo | null): DisplayStep {
  if (target === null) return shownOn === null ? { kind: 'keep' } : { kind: 'close' };
  if (shownOn === null) return { kind: 'open', screen: target };
  if (shownOn.id !== target.id || !sameBounds(shownOn.bounds, target.bounds)) {
    return { kind: 'move', screen: target };
  }
  return { kind: 'keep' };
}

/**
 * The display window: full screen on `screen`, frameless, out of the taskbar, and never focused, so
 * the scanner's keystrokes and the cashier's keys stay with the till; locked down like the till's
 * window, with a preload (`preload`) that passes only DISPLAY_CALLS and DISPLAY_EVENTS.
 */
export function displayWindowOptions(screen: ScreenInfo, preload: string): BrowserWindowConstructorOptions {
  return {
    ...screen.bounds,
    fullscreen: true,
    frame: false,
    focusable: false,
    skipTaskbar: true,
    autoHideMenuBar: true,
    title: 'Counter',
    backgroundColor: '#ffffff',
    show: false,
    webPreferences: { ...secureWebPreferences(preload), devTools: false },
  };
}
