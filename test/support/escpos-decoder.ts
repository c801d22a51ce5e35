// Reads ESC/POS bytes back as a printer would act on them: text lines (decoded through the code page
// the bytes selected, CP852 from its own table below, not the encoder's), and the commands that do
// something besides text: cuts, drawer pulses, QR codes and barcodes, code page changes, status
// requests. Every byte is accounted for: a command it does not know is an error, so a test sees any
// byte the encoder sent that the decoder cannot explain.

/** CP852 (DOS Latin-2) 0x80-0xFF, from the code page's published table. */
const CP852_HIGH =
  'ÇüéâäůćçłëŐőîŹÄĆ' +
  'ÉĹĺôöĽľŚśÖÜŤťŁ×č' +
  'áíóúĄąŽžĘę¬źČş«»' +
  '░▒▓│┤ÁÂĚŞ╣║╗╝Żż┐' +
  '└┴┬├─┼Ăă╚╔╩╦╠═╬¤' +
  'đĐĎËďŇÍÎě┘┌█▄ŢŮ▀' +
  'ÓßÔŃńňŠšŔÚŕŰýÝţ´' +
  '\u00ad˝˛ˇ˘§÷¸°¨˙űŘř■\u00a0';

/** CP437 0x80-0xFF (the printers' default page): enough to show a wrong page's output as such. */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅ' +
  'ÉæÆôöòûùÿÖÜ¢£¥₧ƒ' +
  'áíóúñÑªº¿⌐¬½¼¡«»' +
  '░▒▓│┤╡╢╖╕╣║╗╝╜╛┐' +
  '└┴┬├─┼╞╟╚╔╩╦╠═╬╧' +
  '╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀' +
  'αßΓπΣσµτΦΘΩδ∞φε∩' +
  '≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

/** Epson's `ESC t n` numbers of the pages above. */
const PAGES: Readonly<Record<number, { name: string; high: string }>> = {
  0: { name: 'cp437', high: CP437_HIGH },
  18: { name: 'cp852', high: CP852_HIGH },
};

export type PrinterEvent =
  | { readonly kind: 'init' }
  | { readonly kind: 'codepage'; readonly page: string }
  | { readonly kind: 'line'; readonly text: string }
  | { readonly kind: 'cut'; readonly partial: boolean }
  | { readonly kind: 'pulse'; readonly pin: number; readonly onMs: number; readonly offMs: number }
  | { readonly kind: 'qr'; readonly data: string }
  | { readonly kind: 'barcode'; readonly data: string }
  | { readonly kind: 'status'; readonly n: number };

export interface Decoded {
  readonly events: readonly PrinterEvent[];
  /** The text lines, in order, right-trimmed. */
  readonly lines: readonly string[];
  readonly cuts: number;
  readonly pulses: number;
  readonly qr: readonly string[];
}

export class DecodeError extends Error {
  override name = 'DecodeError';
}

/** Decodes what a printer received. */
export function decodeEscPos(bytes: Uint8Array): Decoded {
  const events: PrinterEvent[] = [];
  let page = PAGES[0];
  let text = '';
  let i = 0;
  const byte = (at: number): number => {
    const b = bytes[at];
    if (b === undefined) throw new DecodeError(`The bytes end inside a command at ${String(at)}.`);
    return b;
  };
  const endLine = (): void => {
    events.push({ kind: 'line', text: text.replace(/\s+$/, '') });
    text = '';
  };
  while (i < bytes.length) {
    const b = byte(i);
    if (b === 0x0a) {
      endLine();
      i += 1;
    } else if (b === 0x0d) {
      i += 1;
    } else if (b === 0x1b) {
      i = escape(i);
    } else if (b === 0x1d) {
      i = group(i);
    } else if (b === 0x1c) {
      // FS . : cancel Kanji mode; FS & / FS C: Kanji (never sent to a Latin printer)
      if (byte(i + 1) !== 0x2e)
        throw new DecodeError(`Unknown FS command ${hex(byte(i + 1))} at ${String(i)}.`);
      i += 2;
    } else if (b === 0x10) {
      if (byte(i + 1) !== 0x04)
        throw new DecodeError(`Unknown DLE command ${hex(byte(i + 1))} at ${String(i)}.`);
      events.push({ kind: 'status', n: byte(i + 2) });
      i += 3;
    } else if (b >= 0x20) {
      text += b < 0x80 ? String.fromCharCode(b) : (page?.high[b - 0x80] ?? '?');
      i += 1;
    } else {
      throw new DecodeError(`Unknown control byte ${hex(b)} at ${String(i)}.`);
    }
  }
  if (text !== '') endLine();

  function escape(at: number): number {
    const c = byte(at + 1);
    switch (c) {
      case 0x40: // ESC @ initialize
        events.push({ kind: 'init' });
        page = PAGES[0];
        return at + 2;
      case 0x74: {
        // ESC t n code table
        const n = byte(at + 2);
        page = PAGES[n];
        events.push({ kind: 'codepage', page: page?.name ?? `#${String(n)}` });
        return at + 3;
      }
      case 0x70: // ESC p m t1 t2 drawer pulse
        events.push({ kind: 'pulse', pin: byte(at + 2), onMs: byte(at + 3) * 2, offMs: byte(at + 4) * 2 });
        return at + 5;
      case 0x64: // ESC d n feed n lines
        for (let k = 0; k < byte(at + 2); k++) endLine();
        return at + 3;
      case 0x4d: // ESC M font
      case 0x61: // ESC a align
      case 0x45: // ESC E bold
      case 0x2d: // ESC - underline
      case 0x34: // ESC 4 italic
      case 0x21: // ESC ! print mode
      case 0x33: // ESC 3 line spacing
      case 0x4a: // ESC J feed n dots
      case 0x47: // ESC G double strike
      case 0x56: // ESC V rotate
        return at + 3;
      case 0x32: // ESC 2 default line spacing
        return at + 2;
      default:
        throw new DecodeError(`Unknown ESC command ${hex(c)} at ${String(at)}.`);
    }
  }

  function group(at: number): number {
    const c = byte(at + 1);
    switch (c) {
      case 0x56: {
        // GS V m [n] cut
        const m = byte(at + 2);
        events.push({ kind: 'cut', partial: m === 1 || m === 49 || m === 66 });
        return m >= 65 ? at + 4 : at + 3;
      }
      case 0x28: {
        // GS ( k pL pH cn fn [data]: QR code and other 2D symbols
        const fn = byte(at + 2);
        const length = byte(at + 3) + byte(at + 4) * 256;
        if (fn === 0x6b && byte(at + 5) === 0x31 && byte(at + 6) === 0x50) {
          const data = bytes.slice(at + 8, at + 5 + length);
          events.push({ kind: 'qr', data: Buffer.from(data).toString('latin1') });
        }
        return at + 5 + length;
      }
      case 0x6b: {
        // GS k m n data (m >= 65)
        const m = byte(at + 2);
        if (m < 65)
          throw new DecodeError(`Barcode form ${String(m)} (NUL-ended) is not read at ${String(at)}.`);
        const n = byte(at + 3);
        let data = Buffer.from(bytes.slice(at + 4, at + 4 + n)).toString('latin1');
        if (m === 73) data = data.replace(/^\{[ABC]/, '');
        events.push({ kind: 'barcode', data });
        return at + 4 + n;
      }
      case 0x21: // GS ! size
      case 0x42: // GS B invert
      case 0x68: // GS h barcode height
      case 0x77: // GS w barcode width
      case 0x48: // GS H barcode text
      case 0x66: // GS f barcode font
      case 0x4c: // GS L left margin (2 bytes)
        return c === 0x4c ? at + 4 : at + 3;
      default:
        throw new DecodeError(`Unknown GS command ${hex(c)} at ${String(at)}.`);
    }
  }

  const lines = events.flatMap((e) => (e.kind === 'line' ? [e.text] : []));
  return {
    events,
    lines,
    cuts: events.filter((e) => e.kind === 'cut').length,
    pulses: events.filter((e) => e.kind === 'pulse').length,
    qr: events.flatMap((e) => (e.kind === 'qr' ? [e.data] : [])),
  };
}

function hex(b: number): string {
  return `0x${b.toString(16).padStart(2, '0')}`;
}

/** The receipts in what a printer received: the bytes between two cuts, each decoded alone. */
export function splitAtCuts(decoded: Decoded): PrinterEvent[][] {
  const out: PrinterEvent[][] = [[]];
  for (const e of decoded.events) {
    out.at(-1)?.push(e);
    if (e.kind === 'cut') out.push([]);
  }
  return out.filter((part) => part.some((e) => e.kind !== 'status'));
}
