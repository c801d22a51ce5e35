// A return's receipt on paper read back by the tests' ESC/POS decoder: one against a sale names its
// receipt and the sale's date; one without a receipt (issue 37, point 3) names none, never "k účtence "
// with nothing after it, and says the manager confirmed the price, in each language Counter prints.
import { describe, expect, it } from 'vitest';
import { decodeEscPos } from '../../test/support/escpos-decoder.ts';
import { returnReceiptBytes, type ReturnPaper } from './return-paper.ts';

const PAPER: ReturnPaper = {
  number: 'P1-V000007',
  receipt: 'P1-000123',
  reference: '6f1c0e6e-0c2e-4a43-9a57-3f0b9f6f2a11',
  soldAt: '2026-03-13T10:00:00.000Z',
  createdAt: '2026-03-14T10:00:00.000Z',
  lines: [{ name: 'Mléko 1 l', quantity: 2, vatRate: 12, amount: 49.8 }],
  byVatRate: [{ vatRate: 12, base: 44.46, vat: 5.34, gross: 49.8 }],
  total: 49.8,
  refund: { cash: 50 },
  cashRounding: 0.2,
};

const text = (paper: ReturnPaper, language: 'cs' | 'sk' | 'en', columns: 32 | 48) =>
  decodeEscPos(returnReceiptBytes(paper, { copy: false, kick: true }, { columns, language, currency: 'CZK' }))
    .lines.join(' ')
    // A line longer than the paper wraps: the words are compared, not where they break.
    .replace(/\s+/g, ' ');

describe('the return receipt on paper', () => {
  it('names the receipt it takes back and the sale date', () => {
    const lines = text(PAPER, 'cs', 48);
    expect(lines).toContain('Vratka č. P1-V000007 k účtence P1-000123');
    expect(lines).toContain('Prodej ze dne');
  });

  it.each([
    ['cs', 'Vratka č. P1-V000007 bez účtenky', 'k účtence', 'Prodej ze dne'],
    ['sk', 'Vratka č. P1-V000007 bez dokladu', 'k dokladu', 'Predaj zo dňa'],
    ['en', 'Return no. P1-V000007 without a receipt', 'of receipt', 'Sale of'],
  ] as const)(
    'without a receipt says so (%s), no empty receipt number, no sale date',
    (language, title, of, date) => {
      const paper: ReturnPaper = { ...PAPER, receipt: '', withoutReceipt: true };
      for (const columns of [32, 48] as const) {
        const lines = text(paper, language, columns);
        expect(lines).toContain(title);
        expect(lines).not.toContain(of);
        expect(lines).not.toContain(date);
      }
    },
  );
});
