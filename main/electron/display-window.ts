// The customer display's window on the second screen (Electron). It opens when a second screen is
// there, follows it when screens are added, removed or rearranged, and closes when it is gone; the
// decisions are customer-display.ts's pure functions. Type-checked only: no Electron binary on these
// machines, so this file has never run.
import { BrowserWindow, screen, type WebFrameMain } from 'electron';
import {
  customerScreen,
  displayWindowOptions,
  DISPLAY_URL,
  nextStep,
  type DisplayMode,
  type ScreenInfo,
} from './customer-display.ts';

export class DisplayWindow {
  readonly #preload: string;
  readonly #mode: DisplayMode;
  readonly #log: (line: string) => void;
  #window: BrowserWindow | null = null;
  #shownOn: ScreenInfo | null = null;
  #closed = false;

  constructor(preload: string, mode: DisplayMode, log: (line: string) => void) {
    this.#preload = preload;
    this.#mode = mode;
    this.#log = log;
  }

  /** Places the window now, and again whenever the screens change. */
  start(): void {
    screen.on('display-added', () => this.#place());
    screen.on('display-removed', () => this.#place());
    screen.on('display-metrics-changed', () => this.#place());
    this.#place();
  }

  /** The display page's top frame (IPC from it is the display's), while the window is open. */
  get mainFrame(): WebFrameMain | undefined {
    return this.#window === null || this.#window.isDestroyed()
      ? undefined
      : this.#window.webContents.mainFrame;
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.#window !== null && !this.#window.isDestroyed()) this.#window.webContents.send(channel, ...args);
  }

  /** The till's window closed: the display goes with it, and stays closed. */
  close(): void {
    this.#closed = true;
    this.#window?.destroy();
  }

  #place(): void {
    if (this.#closed) return;
    const target = customerScreen(screen.getAllDisplays(), screen.getPrimaryDisplay().id, this.#mode);
    const step = nextStep(this.#shownOn, target);
    if (step.kind === 'close') {
      this.#window?.destroy();
    } else if (step.kind === 'move') {
      this.#window?.setFullScreen(false);
      this.#window?.setBounds(step.screen.bounds);
      this.#window?.setFullScreen(true);
      this.#shownOn = step.screen;
    } else if (step.kind === 'open') {
      this.#open(step.screen);
    }
  }

  #open(on: ScreenInfo): void {
    const window = new BrowserWindow(displayWindowOptions(on, this.#preload));
    this.#window = window;
    this.#shownOn = on;
    // Shown without taking the focus: the till keeps the keyboard and the scanner.
    window.once('ready-to-show', () => window.showInactive());
    window.on('closed', () => {
      if (this.#window === window) [this.#window, this.#shownOn] = [null, null];
    });
    window.loadURL(DISPLAY_URL).catch((error: unknown) => {
      this.#log(`customer display: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
}
