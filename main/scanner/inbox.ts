// Scans from the serial scanner wait here until a page takes them (scanner.take). The core tells the
// pages that scans wait (the scanner.waiting event); the event is a hint and may be lost (the web
// shell's event stream reconnecting), the scans are not: a page takes what waits when it hears the
// event and whenever its events start flowing again. Taking hands each scan over once, so two pages
// (two tabs of the web shell) never both apply it: all at once (take), or one scan by the call that
// applies it (claim: session.scan's serialScanId), the page knowing it from the event or a peek.
// Ids go on from a random start, so a page still holding a scan of a core that has since restarted
// does not name a scan of the new core by it (and a claim checks the code too). They went on from the
// start time before: a core started again with its clock set back gave a new scan an old one's id.
import { randomInt } from 'node:crypto';
import type { SerialScanView } from '../../contract/contract.ts';

/** Scans kept while no page takes them; beyond this the oldest go (and the log says so). */
const MAX_WAITING = 10_000;
/**
 * Where a core's ids may start (randomInt's widest range): two cores' runs of ids overlap only by a
 * chance of about their lengths over this, and the ids stay exact in a number on both sides.
 */
const ID_STARTS = 2 ** 48 - 1;

export class ScanInbox {
  #next = randomInt(ID_STARTS);
  #waiting: SerialScanView[] = [];
  readonly #log: (line: string) => void;

  constructor(log: (line: string) => void) {
    this.#log = log;
  }

  /** Keeps a scan; returns it and how many wait now. */
  add(code: string): { scan: SerialScanView; waiting: number } {
    const scan = { id: this.#next++, code };
    this.#waiting.push(scan);
    if (this.#waiting.length > MAX_WAITING) {
      const gone = this.#waiting.shift();
      this.#log(`serial scanner: no page took scans; the oldest (${gone?.code ?? ''}) was dropped`);
    }
    return { scan, waiting: this.#waiting.length };
  }

  /** What waits, oldest first, left waiting. */
  peek(): SerialScanView[] {
    return [...this.#waiting];
  }

  /** Takes this one scan if it still waits (the same id and code): true once, false ever after. */
  claim(id: number, code: string): boolean {
    const at = this.#waiting.findIndex((s) => s.id === id);
    if (at < 0 || this.#waiting[at]?.code !== code) return false;
    this.#waiting.splice(at, 1);
    return true;
  }

  /** Everything that waits, oldest first, handed over once. */
  take(): SerialScanView[] {
    const taken = this.#waiting;
    this.#waiting = [];
    return taken;
  }
}
