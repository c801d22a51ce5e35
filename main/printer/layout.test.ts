// A receipt as the printer gets it, read back by the tests' own ESC/POS decoder: Czech through CP852,
import { orderId as orderIdOf } from '../../contract/ids.ts';
// the paper's columns, the drawer's pulse only when asked, a copy marked, the order's QR code, a cut.
import CodepageEncoder from '@point-of-sale/codepage-encoder';
import { describe, expect, it } from 'vitest';
import type { ReceiptView } from '../../contract/contract.ts';
import { decodeEscPos } from '../../test/support/escpos-decoder.ts';
import { drawerKickBytes, receiptBytes, testPageBytes } from './layout.ts';

const RECEIPT: ReceiptView = {
  orderId: orderIdOf(7),
  reference: '3f2a1c9e-5b7d-4e21-9a0f-0c1d2e3f4a5b',
  state: 'queued',
  placedAt: '2026-03-14T09:41:00.000Z',
  number: 'P1-000042',
  seller: {
    name: 'Potraviny U Dvořáků s.r.o.',
    address: 'Křižíkova 12\n186 00 Praha 8',
    registrationNumber: '12345678',
    vatNumber: 'CZ12345678',
  },
  printCount: 0,
  store: 'Prodejna Brno',
  lines: [
    {
      name: 'Žluťoučký čaj s medem, velké balení 500 g',
      quantity: 2,
      unitOfMeasure: 'ks',
      unitPrice: 129.9,
      lineTotal: 259.8,
      discount: 0,
      vatRate: 12,
    },
    {
      name: 'Pivo Ležák',
      quantity: 1.5,
      unitOfMeasure: 'l',
      unitPrice: 1049.9,
      lineTotal: 1574.85,
      discount: 0,
      vatRate: 21,
    },
  ],
  totals: {
    byVatRate: [
      { vatRate: 12, base: 231.96, vat: 27.84, gross: 259.8 },
      { vatRate: 21, base: 1301.53, vat: 273.32, gross: 1574.85 },
    ],
    discount: 0,
    total: 1834.65,
  },
  customer: { companyId: 3, name: 'Řeznictví Šťastný', walkIn: false },
  tender: { parts: [{ method: 'cash', amount: 1834.65, given: 2000 }], change: 165.35 },
  pricedFrom: 'sale',
};

const CS = { language: 'cs', currency: 'CZK' } as const;

describe('a receipt in ESC/POS', () => {
  it('prints the receipt in Czech through CP852, on 80 mm paper in 48 columns', () => {
    const d = decodeEscPos(receiptBytes(RECEIPT, { copy: 'none', kick: false }, { ...CS, columns: 48 }));
    const codepages = d.events.flatMap((e) => (e.kind === 'codepage' ? [e.page] : []));
    // CP852 for the text; the rules' box-drawing line may come from the printer's default page.
    expect(codepages[0]).toBe('cp852');
    expect(codepages.every((page) => page === 'cp852' || page === 'cp437')).toBe(true);
    const text = d.lines.join('\n');
    const head = d.lines.slice(0, 9).map((l) => l.trim());
    expect(head).toEqual([
      'Potraviny U Dvořáků s.r.o.',
      'Křižíkova 12',
      '186 00 Praha 8',
      'IČO: 12345678',
      'DIČ: CZ12345678',
      'Provozovna: Prodejna Brno',
      'Účtenka č. P1-000042',
      '14. 3. 2026 9:41',
      '─'.repeat(48),
    ]);
    // Whether the order reached the instance is not the buyer's business: no word of it on paper.
    expect(text).not.toContain('NEPOTVRZENO');
    expect(d.lines.at(-2)?.trim()).toBe(`Reference ${RECEIPT.reference}`);
    expect(text).toContain('Žluťoučký čaj s medem, velké balení 500 g');
    expect(d.lines).toContain(`  2 ks × 129,90 Kč 12 %${' '.repeat(16)}259,80 Kč`);
    expect(d.lines).toContain(`CELKEM${' '.repeat(31)}1 834,65 Kč`);
    expect(d.lines).toContain(`Přijato hotově${' '.repeat(23)}2 000,00 Kč`);
    expect(d.lines).toContain(`Vráceno${' '.repeat(32)}165,35 Kč`);
    expect(text).toContain('Zákazník: Řeznictví Šťastný');
    const walkIn = decodeEscPos(
      receiptBytes(
        { ...RECEIPT, customer: { companyId: 3, name: 'Prodej z pultu', walkIn: true } },
        { copy: 'none', kick: false },
        { ...CS, columns: 48 },
      ),
    );
    expect(walkIn.lines.join('\n')).not.toContain('Prodej z pultu');
    expect(text).toContain('Děkujeme za nákup');
    expect(text).not.toContain('KOPIE');
    expect(d.lines.every((l) => l.length <= 48)).toBe(true);
    expect(d.qr).toEqual([RECEIPT.reference]);
    expect(d.pulses).toBe(0);
    expect(d.cuts).toBe(1);
    // Nothing but the encoder's closing line feed after the cut.
    const afterCut = d.events.slice(d.events.findIndex((e) => e.kind === 'cut') + 1);
    expect(afterCut).toEqual(afterCut.map(() => ({ kind: 'line', text: '' })));
  });

  it('fits 58 mm paper in 32 columns, and 42 where the printer is set so', () => {
    for (const columns of [32, 42] as const) {
      const d = decodeEscPos(receiptBytes(RECEIPT, { copy: 'none', kick: false }, { ...CS, columns }));
      expect(d.lines.filter((l) => l.length > columns)).toEqual([]);
      expect(d.lines.join('\n')).toContain('1 834,65 Kč');
    }
  });

  it('opens the drawer first when asked (it opens as the receipt prints), and marks a copy', () => {
    const d = decodeEscPos(receiptBytes(RECEIPT, { copy: 'reprint', kick: true }, { ...CS, columns: 48 }));
    expect(
      d.events
        .filter((e) => e.kind !== 'codepage')
        .slice(0, 2)
        .map((e) => e.kind),
    ).toEqual(['init', 'pulse']);
    expect(d.events.find((e) => e.kind === 'pulse')).toEqual({
      kind: 'pulse',
      pin: 0,
      onMs: 100,
      offMs: 500,
    });
    expect(d.lines.map((l) => l.trim())).toContain('KOPIE');
    const interrupted = decodeEscPos(
      receiptBytes(RECEIPT, { copy: 'interrupted', kick: false }, { ...CS, columns: 48 }),
    );
    expect(interrupted.lines.join('\n')).toContain('KOPIE: první tisk byl přerušen a možná proběhl.');
  });

  it("says a card payment, and that a cancelled order's receipt is void, in Slovak", () => {
    const d = decodeEscPos(
      receiptBytes(
        {
          ...RECEIPT,
          state: 'cancelled',
          remoteId: 4711,
          tender: { parts: [{ method: 'card', amount: 1834.65 }], change: 0 },
        },
        { copy: 'none', kick: false },
        { language: 'sk', currency: 'EUR', columns: 48 },
      ),
    );
    const text = d.lines.join('\n');
    expect(text).toContain('Objednávka zrušená: tento doklad je neplatný.');
    expect(text).toContain('IČ DPH: CZ12345678');
    // No euro sign in CP852: the currency's code instead.
    expect(text).toMatch(/Platené kartou +1 834,65 EUR/);
    expect(text).not.toContain('?');
    expect(text).toContain('SPOLU');
  });

  it('prints cash rounded to whole crowns: the rounding on a line of its own, what the cash paid, the change; a card none', () => {
    const rounded: ReceiptView = {
      ...RECEIPT,
      tender: { parts: [{ method: 'cash', amount: 1835, given: 2000 }], change: 165, rounding: 0.35 },
    };
    for (const columns of [48, 32] as const) {
      const d = decodeEscPos(receiptBytes(rounded, { copy: 'none', kick: false }, { ...CS, columns }));
      const rows = d.lines.map((l) => l.replace(/ {2,}/g, ' | ').trim());
      const total = rows.indexOf('CELKEM | 1 834,65 Kč');
      const rounding = rows.indexOf('Zaokrouhlení | +0,35 Kč');
      expect(total).toBeGreaterThan(0);
      expect(rounding).toBeGreaterThan(total);
      expect(rows.slice(rounding, rounding + 4)).toEqual([
        'Zaokrouhlení | +0,35 Kč',
        'Placeno hotově | 1 835,00 Kč',
        'Přijato hotově | 2 000,00 Kč',
        'Vráceno | 165,00 Kč',
      ]);
      expect(d.lines.filter((l) => l.length > columns)).toEqual([]);
    }
    const down = decodeEscPos(
      receiptBytes(
        {
          ...RECEIPT,
          tender: { parts: [{ method: 'cash', amount: 1834, given: 1834 }], change: 0, rounding: -0.65 },
        },
        { copy: 'none', kick: false },
        { ...CS, columns: 48 },
      ),
    );
    expect(down.lines).toContain(`Zaokrouhlení${' '.repeat(28)}-0,65 Kč`);
    // A split rounds its cash part only: the card's exact part, then the rounding and the cash.
    const split = decodeEscPos(
      receiptBytes(
        {
          ...RECEIPT,
          tender: {
            parts: [
              { method: 'card', amount: 1000 },
              { method: 'cash', amount: 835, given: 1000 },
            ],
            change: 165,
            rounding: 0.35,
          },
        },
        { copy: 'none', kick: false },
        { ...CS, columns: 48 },
      ),
    ).lines.map((l) => l.replace(/ {2,}/g, ' | ').trim());
    const card = split.indexOf('Placeno kartou | 1 000,00 Kč');
    expect(split.slice(card, card + 5)).toEqual([
      'Placeno kartou | 1 000,00 Kč',
      'Zaokrouhlení | +0,35 Kč',
      'Placeno hotově | 835,00 Kč',
      'Přijato hotově | 1 000,00 Kč',
      'Vráceno | 165,00 Kč',
    ]);
    const byCard = decodeEscPos(
      receiptBytes(
        { ...RECEIPT, tender: { parts: [{ method: 'card', amount: 1834.65 }], change: 0 } },
        { copy: 'none', kick: false },
        { ...CS, columns: 48 },
      ),
    ).lines.join('\n');
    expect(byCard).not.toContain('Zaokrouhlení');
    expect(byCard).toMatch(/Placeno kartou +1 834,65 Kč/);
  });

  it("makes a test page with both languages' letters, and a pulse alone for the drawer", () => {
    const page = decodeEscPos(testPageBytes('127.0.0.1:9100', '58mm', { ...CS, columns: 32 }));
    expect(page.lines).toContain('PŘÍLIŠ ŽLUŤOUČKÝ KŮŇ ÚPĚL');
    expect(page.lines.join('\n')).toContain('Tiskárna: 127.0.0.1:9100');
    expect(page.lines.join('\n')).toContain('Ä Ô Ĺ Ľ Ŕ ä ô ĺ ľ ŕ');
    expect(page.cuts).toBe(1);
    const kick = decodeEscPos(drawerKickBytes({}));
    expect(kick).toMatchObject({ lines: [], cuts: 0, pulses: 1 });
  });
});

describe("the tests' CP852 table", () => {
  it("agrees with the encoder's code page library, character for character", () => {
    const theirs = CodepageEncoder.getCodepoints('cp852', true).slice(0x80, 0x100);
    const bytes = Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i);
    const ours = Array.from(decodeEscPos(Uint8Array.of(0x1b, 0x74, 18, ...bytes)).lines.join(''));
    expect(ours.map((c) => c.codePointAt(0))).toEqual(theirs.slice(0, ours.length));
  });
});
