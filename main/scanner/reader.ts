// The serial scanner: opens its port, turns what it reads into scans (one per line) and keeps the
// port open. A port that goes (the cable pulled, the scanner switched off) is opened again and again
// until it is back, without anyone asking; the status says which: opening, connected, lost,
// reconnected. A code cut off by the loss is no scan: it is dropped and logged, never half-taken.
import type { SerialScannerSettings, SerialScannerStatus } from '../../contract/contract.ts';
import { LineSplitter } from './lines.ts';
import { openPort, type OpenPort } from './port.ts';

export interface SerialReaderOptions {
  readonly settings: SerialScannerSettings & { readonly port: string };
  /** One line read: a scan, in the order the port gave them. */
  readonly onScan: (code: string) => void;
  /** The port's state changed (called on a change only, not on each failed attempt). */
  readonly onStatus: (status: SerialScannerStatus) => void;
  readonly log: (line: string) => void;
  /** The pause between attempts at opening the port (a cashier plugging it back waits this long at most). */
  readonly retryMs?: number;
}

const RETRY_MS = 1000;

export class SerialReader {
  readonly #options: SerialReaderOptions;
  #status: SerialScannerStatus;
  #port: OpenPort | null = null;
  #timer: NodeJS.Timeout | null = null;
  #everOpen = false;
  #closed = false;
  #opening: Promise<void> | null = null;

  constructor(options: SerialReaderOptions) {
    this.#options = options;
    this.#status = { port: options.settings.port, state: 'opening' };
  }

  get status(): SerialScannerStatus {
    return this.#status;
  }

  start(): void {
    this.#opening = this.#open();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    await this.#opening;
    await this.#port?.close();
    this.#port = null;
  }

  async #open(): Promise<void> {
    const { port, baudRate, lineEnd } = this.#options.settings;
    let open: OpenPort;
    try {
      open = await openPort(port, baudRate);
    } catch (error) {
      this.#set({ state: this.#everOpen ? 'lost' : 'opening', detail: message(error) });
      this.#retry();
      return;
    }
    if (this.#closed) {
      await open.close();
      return;
    }
    this.#port = open;
    // A fresh splitter: nothing read before a loss joins what is read after it.
    const splitter = new LineSplitter(lineEnd);
    open.onData((chunk) => {
      for (const code of splitter.push(chunk)) this.#options.onScan(code);
    });
    open.onLost((why) => {
      const half = splitter.drop();
      if (half !== '')
        this.#options.log(`serial scanner ${port}: "${half}" was cut off by the loss, not taken`);
      this.#port = null;
      this.#options.log(`serial scanner ${port} lost: ${why}`);
      this.#set({ state: 'lost', detail: why });
      this.#retry();
    });
    this.#set({ state: this.#everOpen ? 'reconnected' : 'connected' });
    this.#options.log(`serial scanner ${port} ${this.#everOpen ? 'reconnected' : 'connected'}`);
    this.#everOpen = true;
  }

  #retry(): void {
    if (this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (!this.#closed) this.#opening = this.#open();
    }, this.#options.retryMs ?? RETRY_MS);
  }

  #set(next: Omit<SerialScannerStatus, 'port'>): void {
    const status: SerialScannerStatus = { port: this.#options.settings.port, ...next };
    if (status.state === this.#status.state && status.detail === this.#status.detail) return;
    this.#status = status;
    if (!this.#closed) this.#options.onStatus(status);
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
