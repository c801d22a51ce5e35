// The BarcodeReader: which kind of code a scan is (BarcodeReading), read with the label rules that
// embed a price, weight or quantity in an EAN-13.
import type { Words } from '../../contract/core-words.ts';
import { readGtin, type GtinFormat } from './gtin.ts';
import { parseGs1, looksLikeGs1, type Gs1Reading } from './gs1.ts';
import {
  compileRule,
  DEFAULT_EMBEDDED_RULES,
  readEmbedded,
  type EmbeddedReading,
  type EmbeddedRule,
} from './nomenclature.ts';

export type BarcodeReading =
  | {
      readonly kind: 'gtin';
      readonly code: string;
      readonly format: GtinFormat;
      readonly lookup: readonly string[];
    }
  | {
      readonly kind: 'embedded';
      readonly code: string;
      readonly embedded: EmbeddedReading;
      readonly lookup: readonly string[];
    }
  | {
      readonly kind: 'gs1';
      readonly code: string;
      readonly gs1: Gs1Reading;
      readonly lookup: readonly string[];
    }
  | ({ readonly kind: 'misread'; readonly code: string } & Words)
  | { readonly kind: 'other'; readonly code: string };

export class BarcodeReader {
  private readonly rules;

  constructor(rules: readonly EmbeddedRule[] = DEFAULT_EMBEDDED_RULES) {
    this.rules = rules.map(compileRule);
  }

  read(scanned: string, now: Date = new Date()): BarcodeReading {
    const aim = /^\][A-Za-z][0-9A-Za-z]/.exec(scanned)?.[0];
    const gs1Symbology = aim !== undefined && [']C1', ']d2', ']Q3', ']e0', ']J1'].includes(aim);
    if (gs1Symbology || (aim === undefined && looksLikeGs1(scanned))) {
      const result = parseGs1(scanned, now);
      if (!result.ok) return { kind: 'misread', code: scanned, message: result.message, said: result.said };
      const gtin = result.reading.gtin;
      const lookup = gtin === undefined ? [] : gtinLookup(gtin);
      return { kind: 'gs1', code: scanned, gs1: result.reading, lookup };
    }
    // A symbology identifier of a plain symbology (]E0 EAN-13, ]A0 Code 39, ...) is no part of the code.
    const code = aim === undefined ? scanned : scanned.slice(aim.length);
    const gtin = readGtin(code);
    if (gtin === undefined) return { kind: 'other', code };
    if (!gtin.valid) return { kind: 'misread', code, message: gtin.message, said: gtin.said };
    const embedded = readEmbedded(code, this.rules);
    if (embedded) return { kind: 'embedded', code, embedded, lookup: [embedded.productBarcode] };
    return { kind: 'gtin', code, format: gtin.format, lookup: gtin.lookup };
  }
}

/** The forms of a GTIN-14 from (01) a catalog may hold: 14, 13, 12 and 8 digits. */
function gtinLookup(gtin14: string): string[] {
  const reading = readGtin(gtin14);
  return reading?.valid === true ? [...reading.lookup] : [gtin14];
}
