// The scanner test pad's classification: what the BarcodeReader makes of a code, in
// words an installer understands.
import type { ClassifyView } from '../../../preload/contract.ts';
import { BarcodeReader, type BarcodeReading } from './index.ts';

export function classifyCode(code: string, reader: BarcodeReader = new BarcodeReader()): ClassifyView {
  return describe(reader.read(code));
}

function describe(r: BarcodeReading): ClassifyView {
  switch (r.kind) {
    case 'gtin':
      return { code: r.code, kind: r.format, valid: true, detail: 'valid check digit' };
    case 'embedded':
      return {
        code: r.code,
        kind: `EAN-13 with embedded ${r.embedded.rule.type}`,
        valid: true,
        detail: `product ${r.embedded.productBarcode}, ${r.embedded.rule.type} ${r.embedded.value}`,
      };
    case 'gs1': {
      const parts = r.gs1.elements.map((e) => `(${e.ai}) ${e.value}`).join(' ');
      return { code: r.code, kind: 'GS1 element string', valid: true, detail: parts };
    }
    case 'misread':
      return { code: r.code, kind: 'misread', valid: false, detail: r.message };
    case 'other':
      return {
        code: r.code,
        kind: 'other code',
        valid: true,
        detail: 'not a GTIN: looked up as a customer card or an internal code',
      };
  }
}
