// What a code is, for the scanner test pad: what the BarcodeReader makes of it, in
// words an installer understands (and by key, contract/core-words.ts, for the screens' language).
import type { CodeDescriptionView } from '../../contract/contract.ts';
import { say, type Said } from '../../contract/core-words.ts';
import { BarcodeReader, type BarcodeReading } from './reader.ts';

export function describeCode(code: string, reader: BarcodeReader = new BarcodeReader()): CodeDescriptionView {
  return describeReading(reader.read(code));
}

const EMBEDDED = {
  price: 'describeEmbeddedPrice',
  weight: 'describeEmbeddedWeight',
  quantity: 'describeEmbeddedQuantity',
} as const;

function describeReading(r: BarcodeReading): CodeDescriptionView {
  const view = (
    kind: string,
    valid: boolean,
    detail: string,
    said: readonly Said[],
  ): CodeDescriptionView => ({
    code: r.code,
    kind,
    valid,
    detail,
    said,
  });
  switch (r.kind) {
    case 'gtin':
      return view(r.format, true, 'valid check digit', [say('describeGtin', { format: r.format })]);
    case 'embedded': {
      const { rule, productBarcode, value } = r.embedded;
      return view(
        `EAN-13 with embedded ${rule.type}`,
        true,
        `product ${productBarcode}, ${rule.type} ${value}`,
        [say(EMBEDDED[rule.type], { product: productBarcode, value })],
      );
    }
    case 'gs1': {
      const parts = r.gs1.elements.map((e) => `(${e.ai}) ${e.value}`).join(' ');
      return view('GS1 element string', true, parts, [say('describeGs1', { parts })]);
    }
    case 'misread':
      return view('misread', false, r.message, [say('describeMisread'), ...r.said]);
    case 'other':
      return view('other code', true, 'not a GTIN: looked up as a customer card or an internal code', [
        say('describeOther'),
      ]);
  }
}
