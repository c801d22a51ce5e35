// The scanner test pad's classification: what the BarcodeReader makes of a code, in
// words an installer understands (and by key, contract/core-words.ts, for the screens' language).
import type { ClassifyView } from '../../contract/contract.ts';
import { say, type Said } from '../../contract/core-words.ts';
import { BarcodeReader, type BarcodeReading } from './reader.ts';

export function classifyCode(code: string, reader: BarcodeReader = new BarcodeReader()): ClassifyView {
  return describe(reader.read(code));
}

const EMBEDDED = {
  price: 'classifyEmbeddedPrice',
  weight: 'classifyEmbeddedWeight',
  quantity: 'classifyEmbeddedQuantity',
} as const;

function describe(r: BarcodeReading): ClassifyView {
  const view = (kind: string, valid: boolean, detail: string, said: readonly Said[]): ClassifyView => ({
    code: r.code,
    kind,
    valid,
    detail,
    said,
  });
  switch (r.kind) {
    case 'gtin':
      return view(r.format, true, 'valid check digit', [say('classifyGtin', { format: r.format })]);
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
      return view('GS1 element string', true, parts, [say('classifyGs1', { parts })]);
    }
    case 'misread':
      return view('misread', false, r.message, [say('classifyMisread'), ...r.said]);
    case 'other':
      return view('other code', true, 'not a GTIN: looked up as a customer card or an internal code', [
        say('classifyOther'),
      ]);
  }
}
