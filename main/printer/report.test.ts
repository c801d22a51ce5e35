// A shift's X and Z reports as the printer gets them, read back by the tests' own ESC/POS decoder, on
// every paper Counter prints on (48 columns on 80 mm, 32 or 42 on 58 mm): no line longer than the
// paper, no two figures run together, every figure and every name in full, and each sale of the shift
// with its state and the instance's id.
import { describe, expect, it } from 'vitest';
import type { ShiftReportView } from '../../contract/contract.ts';
import { decodeEscPos } from '../../test/support/escpos-decoder.ts';
import { COLUMN_CHOICES } from './address.ts';
import { formatter } from './paper.ts';
import { reportBytes } from './report.ts';

const BIG = 9_999_999.99;
const LONG_NAME = 'Bohuslava Šťastná-Přemyslovcová z Hohenzollernu';

/** A Z report with every figure as large as a till's can be, and names as long as a cashier's can be. */
const Z: ShiftReportView = {
  id: 12345,
  kind: 'Z',
  state: 'closed',
  at: '2026-03-14T17:02:00.000Z',
  openedAt: '2026-03-14T07:02:00.000Z',
  openedBy: { id: 1, name: LONG_NAME },
  closedAt: '2026-03-14T17:02:00.000Z',
  closedBy: { id: 2, name: 'Jana Nováková' },
  float: 1500,
  sales: { count: 1234, gross: BIG },
  byVatRate: [
    { vatRate: 12, base: 8_928_571.42, vat: 1_071_428.57, gross: BIG },
    { vatRate: 21, base: 8_264_462.8, vat: 1_735_537.19, gross: 9_999_999.98 },
  ],
  byMethod: { cash: 9_999_999.97, card: 9_999_999.96, unsaid: 12.5 },
  rounding: -0.49,
  byCashier: [
    {
      cashierId: 1,
      name: LONG_NAME,
      sales: { count: 1000, gross: 9_999_999.95 },
      voids: { count: 3, gross: 10 },
    },
    { cashierId: null, name: null, sales: { count: 1, gross: 1 }, voids: { count: 0, gross: 0 } },
  ],
  voids: { count: 17, gross: 9_999_999.94 },
  cancelled: { count: 2, gross: 9_999_999.93, cashRefunded: 9_999_999.92 },
  cashTaken: 9_999_999.91,
  changeGiven: 9_999_999.9,
  paidIn: 9_999_999.89,
  paidOut: 9_999_999.88,
  cashMoves: [
    {
      direction: 'out',
      amount: 9_999_999.88,
      reason: 'Mytí oken a výloh v celé prodejně včetně skladu',
      cashierId: 1,
      at: '2026-03-14T10:00:00.000Z',
    },
    {
      direction: 'in',
      amount: 9_999_999.89,
      reason: 'Drobné z banky',
      cashierId: 1,
      at: '2026-03-14T11:00:00.000Z',
    },
  ],
  drawerOpenings: [
    { at: '2026-03-14T08:15:00.000Z', by: 'manager' },
    { at: '2026-03-14T12:40:00.000Z', by: 'till' },
    { at: '2026-03-14T16:59:00.000Z', by: 'till' },
  ],
  expectedCash: -9_999_999.87,
  countedCash: 9_999_999.86,
  difference: -9_999_999.85,
  differenceLimit: 9_999_999.84,
  overLimit: true,
  managerApproved: true,
  receiptNumbers: { first: 1_000_001, last: 1_001_234 },
  orders: {
    placed: 3,
    acknowledged: 1,
    queued: 1,
    inDoubt: 1,
    needsFix: 0,
    blocked: 0,
    cancelled: 0,
    discarded: 0,
  },
  saleOrders: [
    {
      orderId: 1,
      sessionId: 1,
      reference: '3f2a1c9e-5b7d-4e21-9a0f-0c1d2e3f4a5b',
      closedAt: '2026-03-14T09:00:00.000Z',
      total: 9_999_999.83,
      cashierId: 1,
      state: 'sent',
      remoteId: 2_147_483_647,
      acknowledgedAt: '2026-03-14T09:00:01.000Z',
      receiptNumber: 1_000_001,
    },
    {
      orderId: 2,
      sessionId: 2,
      reference: 'aaaa1c9e-5b7d-4e21-9a0f-0c1d2e3f4a5b',
      closedAt: '2026-03-14T09:10:00.000Z',
      total: 5,
      cashierId: 1,
      state: 'queued',
      receiptNumber: 1_000_002,
    },
    {
      orderId: 3,
      sessionId: 3,
      reference: 'bbbb1c9e-5b7d-4e21-9a0f-0c1d2e3f4a5b',
      closedAt: '2026-03-14T09:20:00.000Z',
      total: 7.5,
      cashierId: null,
      state: 'in-doubt',
      receiptNumber: 1_001_234,
    },
  ],
};

const CS = { language: 'cs', currency: 'CZK' } as const;

/** The report as printed in `columns`: its lines, and its text with every run of spaces made one. */
function printed(report: ShiftReportView, columns: (typeof COLUMN_CHOICES)[number]) {
  const d = decodeEscPos(reportBytes(report, { ...CS, columns }));
  // A name the paper broke after its hyphen reads as one: "Šťastná-" at a line's end, "Přemyslovcová" below.
  const flat = d.lines
    .join('\n')
    .replace(/-\n\s*/g, '-')
    .replace(/\s+/g, ' ');
  return { lines: d.lines, flat, cuts: d.cuts };
}

/** Lines holding `figure` with nothing glued to it: a space, or the line's edge, on both sides. */
function standingAlone(lines: readonly string[], figure: string): string[] {
  const escaped = figure.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return lines.filter((l) => new RegExp(`(^|\\s)${escaped}(\\s|$)`).test(l));
}

describe('an X or Z report on the receipt printer', () => {
  for (const columns of COLUMN_CHOICES) {
    it(`fits ${String(columns)} columns with every figure apart and every name whole`, () => {
      const { lines, flat, cuts } = printed(Z, columns);
      expect(lines.filter((l) => l.length > columns)).toEqual([]);
      expect(cuts).toBe(1);
      const f = formatter({ ...CS, columns });
      const amounts = [
        Z.float,
        Z.sales.gross,
        ...Z.byVatRate.flatMap((v) => [v.base, v.vat, v.gross]),
        ...Object.values(Z.byMethod),
        Z.rounding,
        ...Z.byCashier.map((c) => c.sales.gross),
        Z.voids.gross,
        Z.cancelled.gross,
        Z.cancelled.cashRefunded,
        Z.cashTaken,
        Z.changeGiven,
        Z.paidIn,
        Z.paidOut,
        Z.expectedCash,
        Z.countedCash ?? 0,
        Z.difference ?? 0,
        ...Z.saleOrders.map((s) => s.total),
      ];
      for (const amount of amounts) {
        // With its currency, or (the VAT table's cells) as a plain number, grouped or not.
        const forms = [f.price(amount), f.amount(amount), f.bare(amount)];
        expect({ amount, lines: forms.flatMap((form) => standingAlone(lines, form)) }).not.toEqual({
          amount,
          lines: [],
        });
      }
      for (const text of [
        LONG_NAME,
        'Jana Nováková',
        'Mytí oken a výloh v celé prodejně včetně skladu',
        'Drobné z banky',
        'Zásuvka otevřena bez prodeje: 3',
        '14. 3. 2026 8:15, PIN vedoucího',
        '14. 3. 2026 16:59, bez PINu',
        'Účtenky č. 1000001 až 1001234',
        'Prodeje: 1234',
      ]) {
        expect(flat).toContain(text);
      }
      // Each sale: its receipt number, where its order is, and the instance's id of an acknowledged one.
      expect(flat).toMatch(/Č\. 1000001 .*na instanci, č\. 2147483647/);
      expect(flat).toMatch(/Č\. 1000002 .*čeká/);
      expect(flat).toMatch(/Č\. 1001234 .*nejisté/);
    });
  }

  it('prints a closed shift seen later with where each sale is now', () => {
    const later: ShiftReportView = {
      ...Z,
      followUp: {
        at: '2026-03-15T08:00:00.000Z',
        orders: { ...Z.orders, acknowledged: 2, queued: 0 },
        saleOrders: [
          { orderId: 1, state: 'sent', remoteId: 2_147_483_647, acknowledgedAt: '2026-03-14T09:00:01.000Z' },
          { orderId: 2, state: 'sent', remoteId: 4711, acknowledgedAt: '2026-03-15T07:30:00.000Z' },
          { orderId: 3, state: 'in-doubt' },
        ],
      },
    };
    for (const columns of COLUMN_CHOICES) {
      const { lines, flat } = printed(later, columns);
      expect(lines.filter((l) => l.length > columns)).toEqual([]);
      expect(flat).toMatch(/Č\. 1000002 .*na instanci, č\. 4711, přijato 15\. 3\. 2026 7:30/);
      expect(flat).toContain('Od uzávěrky (15. 3. 2026 8:00)');
    }
  });

  it('prints the goods taken back: count, refund per way of paying, per VAT rate and per cashier, each return with where its document is', () => {
    const withReturns: ShiftReportView = {
      ...Z,
      returns: {
        count: 3,
        gross: 1_234.5,
        byVatRate: [{ vatRate: 21, base: 1_020.25, vat: 214.25, gross: 1_234.5 }],
        byMethod: { cash: 1_034.5, card: 200 },
        rounding: 0.2,
        byCashier: [{ cashierId: 1, count: 3, gross: 1_234.5 }],
        list: [
          { id: 1, number: 'P1-V000001', receipt: 'P1-000001', createdAt: Z.at, total: 1_000, state: 'sent' },
          {
            id: 2,
            number: 'P1-V000002',
            receipt: 'P1-000002',
            createdAt: Z.at,
            total: 200,
            state: 'back-office',
          },
          {
            id: 3,
            number: 'P1-V000003',
            receipt: 'P1-000003',
            createdAt: Z.at,
            total: 34.5,
            state: 'queued',
          },
        ],
      },
    };
    for (const columns of COLUMN_CHOICES) {
      const { lines, flat } = printed(withReturns, columns);
      const f = formatter({ ...CS, columns });
      expect(lines.filter((l) => l.length > columns)).toEqual([]);
      expect(flat).toContain('Vrácené zboží');
      expect(flat).toContain(`Vratky: 3 ${f.price(-1_234.5)}`);
      expect(flat).toContain(`Hotově ${f.price(-1_034.5)}`);
      expect(flat).toContain(`vratek 3 ${f.price(-1_234.5)}`);
      expect(flat).toContain(`Zaokrouhlení hotovosti ${f.price(-0.2)}`);
      expect(flat).toMatch(/Vratka P1-V000001 k účtence P1-000001 .* na instanci/);
      expect(flat).toMatch(/Vratka P1-V000002 k účtence P1-000002 .* k zaúčtování v back office/);
      expect(flat).toMatch(/Vratka P1-V000003 k účtence P1-000003 .* čeká/);
      // The drawer: cash paid back for them, beside the rest of what left it.
      expect(flat).toContain(`Hotovost vrácená za vratky ${f.price(1_034.5)}`);
    }
    // A shift without returns prints no such section.
    expect(printed(Z, 48).flat).not.toContain('Vrácené zboží');
  });
});
