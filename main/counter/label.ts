// What a code says about how much of its product it is: a weight, a price or a count printed into
// the code by a scale or a supplier. Such a value decides what the customer pays, so it is taken
// only where it belongs and only as the scanner read it:
// - GS1 measure and price elements (310n net weight, 392n amount payable, 30 count) belong to a
//   variable-measure trade item, whose GTIN-14 starts with the indicator digit 9 (GS1 General
//   Specifications). On a fixed-measure GTIN they are ignored: that GTIN names one trade item, sold
//   as one piece at its own price.
// - An EAN-13 label rule (Settings, like 23.....{NNNDD}) is the store's own variable-measure label.
// - Either is taken from a scanner burst only: typed by hand (or sent without saying how it came,
//   as the command line does), anyone could write any weight or price into it.
import { words, type Words } from '../../contract/core-words.ts';
import type { BarcodeReading } from '../barcode/index.ts';

/** How a code reached the counter: the renderer's scanner module tells a scanner burst from typing. */
export type ScanVia = 'scanner' | 'keyboard';

export type LabelMeasure =
  /** The code carries no measure to take: one piece (or the line's own quantity). */
  | { readonly kind: 'none' }
  | { readonly kind: 'weight'; readonly kg: number }
  | { readonly kind: 'price'; readonly amount: number }
  | { readonly kind: 'count'; readonly pieces: number }
  /** The code carries a measure that may not be taken as it came. */
  | { readonly kind: 'typed' };

/** Indicator digit 9 of a GTIN-14: a variable-measure trade item (GS1). */
export function isVariableMeasure(gtin14: string): boolean {
  return /^9\d{13}$/.test(gtin14);
}

export function labelMeasure(reading: BarcodeReading, via: ScanVia | undefined): LabelMeasure {
  const measure = printedMeasure(reading);
  if (measure.kind === 'none' || via === 'scanner') return measure;
  return { kind: 'typed' };
}

function printedMeasure(reading: BarcodeReading): LabelMeasure {
  if (reading.kind === 'embedded') {
    const { rule, value } = reading.embedded;
    if (rule.type === 'price') return { kind: 'price', amount: value };
    if (rule.type === 'weight') return { kind: 'weight', kg: value };
    return { kind: 'count', pieces: value };
  }
  if (reading.kind !== 'gs1' || !isVariableMeasure(reading.gs1.gtin ?? '')) return { kind: 'none' };
  const { price, netWeightKg, count } = reading.gs1;
  if (price !== undefined) return { kind: 'price', amount: price };
  if (netWeightKg !== undefined) return { kind: 'weight', kg: netWeightKg };
  if (count !== undefined) return { kind: 'count', pieces: count };
  return { kind: 'none' };
}

/** Why a label typed by hand is not sold from, for the cashier. */
export function typedLabel(name: string): Words {
  return words('labelTyped', { name });
}
