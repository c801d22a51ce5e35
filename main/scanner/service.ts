// The till's serial scanner as the core holds it: the reader of the port in use (none when no port
// is set), the scans waiting for a page, and a new reader whenever the port or how it talks changes.
import type { SerialScannerSettings, SerialScannerStatus, SerialScanView } from '../../contract/contract.ts';
import { ScanInbox } from './inbox.ts';
import { SerialReader } from './reader.ts';

export interface SerialScannerDeps {
  /** A scan was read: it and this many others wait to be taken. */
  readonly waiting: (count: number, scan: SerialScanView) => void;
  /** The port's state changed (the status bar shows it). */
  readonly statusChanged: () => void;
  readonly log: (line: string) => void;
  readonly retryMs?: number;
}

export class SerialScanner {
  readonly #deps: SerialScannerDeps;
  readonly #inbox: ScanInbox;
  #reader: SerialReader | null = null;
  #settings: SerialScannerSettings | null = null;
  /** Settings changes one after another: a reader is closed before the next opens the same port. */
  #chain: Promise<void> = Promise.resolve();

  constructor(deps: SerialScannerDeps) {
    this.#deps = deps;
    this.#inbox = new ScanInbox(deps.log);
  }

  /** The port's state; undefined while no port is set. */
  status(): SerialScannerStatus | undefined {
    return this.#reader?.status;
  }

  /** Every scan that waits, taken; with peek, listed and left waiting. */
  take(peek = false): SerialScanView[] {
    return peek ? this.#inbox.peek() : this.#inbox.take();
  }

  /** Takes one waiting scan (id and code): true once, false when it was taken already. */
  claim(id: number, code: string): boolean {
    return this.#inbox.claim(id, code);
  }

  /** Reads the port these settings name (none: stops reading); the same settings again change nothing. */
  use(settings: SerialScannerSettings): Promise<void> {
    this.#chain = this.#chain.then(() => this.#use(settings));
    return this.#chain;
  }

  close(): Promise<void> {
    return this.use({ ...(this.#settings ?? { baudRate: 9600, lineEnd: 'any' }), port: null });
  }

  async #use(settings: SerialScannerSettings): Promise<void> {
    if (this.#settings !== null && same(this.#settings, settings)) return;
    this.#settings = settings;
    await this.#reader?.close();
    this.#reader = null;
    const port = settings.port;
    if (port !== null) {
      this.#reader = new SerialReader({
        settings: { ...settings, port },
        onScan: (code) => {
          const { scan, waiting } = this.#inbox.add(code);
          this.#deps.waiting(waiting, scan);
        },
        onStatus: () => this.#deps.statusChanged(),
        log: this.#deps.log,
        ...(this.#deps.retryMs === undefined ? {} : { retryMs: this.#deps.retryMs }),
      });
      this.#reader.start();
    }
    this.#deps.statusChanged();
  }
}

function same(a: SerialScannerSettings, b: SerialScannerSettings): boolean {
  return a.port === b.port && a.baudRate === b.baudRate && a.lineEnd === b.lineEnd;
}
