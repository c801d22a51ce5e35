// The ESC/POS encoder library, loaded the first time something is printed or a printer model is
// checked, not when the core starts: a restarted till answers its first barcode without it (issue 36,
// point 3; the library and its image helpers take a good part of a start's module loading). Loaded
// through require (its CommonJS build), so the printing functions stay synchronous.
import { createRequire } from 'node:module';
import type ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';

export type Encoder = ReceiptPrinterEncoder;
export type EncoderClass = typeof ReceiptPrinterEncoder;

const load = createRequire(import.meta.url);
let loaded: EncoderClass | undefined;

/** The encoder's class, loaded at its first use. */
export function encoderLibrary(): EncoderClass {
  loaded ??= load('@point-of-sale/receipt-printer-encoder') as EncoderClass;
  return loaded;
}
