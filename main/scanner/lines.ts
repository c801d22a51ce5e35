// Bytes from the serial port into scans: one line each. A line ends at the scanner's suffix; what
// comes in between is kept, whatever chunks the port delivered it in (a code may arrive in two reads,
// or two codes in one). Empty lines are no scans (a CR LF read as two ends, a stray Enter).
import { StringDecoder } from 'node:string_decoder';
import type { SerialScannerSettings } from '../../contract/contract.ts';

export type LineEnd = SerialScannerSettings['lineEnd'];

const ENDS: Readonly<Record<LineEnd, RegExp>> = {
  any: /\r\n|\r|\n/,
  cr: /\r/,
  lf: /\n/,
  crlf: /\r\n/,
  tab: /\t/,
};

/** Control characters a scanner may add around a code (STX, ETX, a stray CR or LF), GS (FNC1 in GS1 codes) kept. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is matched
const NOISE = /[\u0000-\u001c\u001e\u001f\u007f]/g;

export class LineSplitter {
  readonly #end: RegExp;
  readonly #decoder = new StringDecoder('utf8');
  #pending = '';

  constructor(lineEnd: LineEnd) {
    this.#end = ENDS[lineEnd];
  }

  /** The lines a chunk completes, in order; a line's start waits for its end. */
  push(chunk: Buffer): string[] {
    this.#pending += this.#decoder.write(chunk);
    const parts = this.#pending.split(this.#end);
    // The last part has no end yet. With 'any', CR LF split across two reads ends a line at the CR
    // and leaves an empty one at the LF, which is no scan.
    this.#pending = parts.pop() ?? '';
    return parts.map(clean).filter((line) => line !== '');
  }

  /** The unfinished line (the port went mid-code): it is no scan, and is forgotten; returned for the log. */
  drop(): string {
    const half = this.#pending + this.#decoder.end();
    this.#pending = '';
    return clean(half);
  }
}

function clean(line: string): string {
  return line.replace(NOISE, '').trim();
}
