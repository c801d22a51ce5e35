// Scans from the serial scanner wait here until a page takes them (scanner.take). The core tells the
// pages that scans wait (the scanner.waiting event); the event is a hint and may be lost (the web
// shell's event stream reconnecting), the scans are not: a page takes what waits when it hears the
// event and whenever its events start flowing again. Taking hands each scan over once, so two pages
// (two tabs of the web shell) never both apply it.
import type { SerialScanView } from '../../contract/contract.ts';

/** Scans kept while no page takes them; beyond this the oldest go (and the log says so). */
const MAX_WAITING = 10_000;

export class ScanInbox {
  #next = 1;
  #waiting: SerialScanView[] = [];
  readonly #log: (line: string) => void;

  constructor(log: (line: string) => void) {
    this.#log = log;
  }

  /** Keeps a scan; returns how many wait now. */
  add(code: string): number {
    this.#waiting.push({ id: this.#next++, code });
    if (this.#waiting.length > MAX_WAITING) {
      const gone = this.#waiting.shift();
      this.#log(`serial scanner: no page took scans; the oldest (${gone?.code ?? ''}) was dropped`);
    }
    return this.#waiting.length;
  }

  /** Everything that waits, oldest first, handed over once. */
  take(): SerialScanView[] {
    const taken = this.#waiting;
    this.#waiting = [];
    return taken;
  }
}
