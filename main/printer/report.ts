// A shift's X report (the open shift so far) or Z report (a closed shift, as it was at close) on the
// receipt printer: the figures main/shift worked out, laid out like a receipt and saying what the
// Shift screen's report says (renderer/components/shift/ShiftReport.tsx), with the drawer's openings
// without a sale, each sale with where its order is, and a cut. On 58 mm
// paper a label and its amount that do not share a line take two (paper.ts row), never one glued.
import type ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { OutboxState, ShiftOrderCounts, ShiftReportView } from '../../contract/contract.ts';
import { encoder, formatter, printable, row, vatTable, type Formatter, type PrintOptions } from './paper.ts';
import { fill, PRINT_WORDS, REPORT_WORDS, type ReportWords } from './words.ts';

const METHOD_WORD = { cash: 'methodCash', card: 'methodCard', unsaid: 'methodUnsaid' } as const;

/** What the sections below print with. */
interface Page {
  readonly e: ReceiptPrinterEncoder;
  readonly w: ReportWords;
  readonly f: Formatter;
  readonly columns: PrintOptions['columns'];
  /** A line of text (the encoder wraps it at the paper's edge, between words). */
  line(text: string): void;
  /** A label and its amount, with the currency. */
  money(label: string, n: number): void;
}

export function reportBytes(report: ShiftReportView, options: PrintOptions): Uint8Array {
  const e = encoder(options);
  const f = formatter(options);
  const page: Page = {
    e,
    w: REPORT_WORDS[options.language],
    f,
    columns: options.columns,
    line: (text) => {
      e.line(printable(text));
    },
    money: (label, n) => {
      row(e, options.columns, label, f.price(n));
    },
  };
  heading(page, report);
  sales(page, report, options.language);
  e.rule();
  if (report.returns !== undefined) {
    returns(page, report, report.returns, options.language);
    e.rule();
  }
  drawer(page, report);
  e.rule();
  orders(page, report);
  e.newline();
  return e.cut('partial').encode();
}

/** The sales: their count and total, per VAT rate, per way of paying and per cashier; voids, cancellations. */
function sales(p: Page, r: ShiftReportView, language: PrintOptions['language']): void {
  const { w } = p;
  p.line(fill(w.sales, { count: String(r.sales.count) }));
  p.e.bold(true);
  p.money(w.salesGross, r.sales.gross);
  p.e.bold(false);
  vatTable(p.e, r.byVatRate, vatHead(language), p.f, p.columns);
  p.e.rule();
  p.line(w.byMethod);
  for (const [method, amount] of Object.entries(r.byMethod)) p.money(`  ${methodWord(w, method)}`, amount);
  if (r.rounding !== 0) p.money(w.rounding, r.rounding);
  // As on screen: per cashier once the till has cashiers (without any, it is all one).
  if (r.byCashier.some((c) => c.cashierId !== null)) {
    p.line(w.byCashier);
    for (const c of r.byCashier) {
      // The name on a line of its own: a long one never pushes the amount off the paper.
      p.line(`  ${c.name ?? w.noCashier}`);
      const counts = fill(w.cashierLine, { sales: String(c.sales.count), voids: String(c.voids.count) });
      p.money(`    ${counts}`, c.sales.gross);
    }
  }
  p.money(fill(w.voids, { count: String(r.voids.count) }), r.voids.gross);
  p.money(fill(w.cancelled, { count: String(r.cancelled.count) }), r.cancelled.gross);
  if (r.cancelled.cashRefunded > 0) p.money(`  ${w.cashRefunded}`, r.cancelled.cashRefunded);
}

/** The VAT table's head in the receipt's words. */
function vatHead(language: PrintOptions['language']) {
  const words = PRINT_WORDS[language];
  return { rate: words.vatRate, base: words.vatBase, vat: words.vatAmount, gross: words.vatGross };
}

function methodWord(w: ReportWords, method: string): string {
  const key = METHOD_WORD[method as keyof typeof METHOD_WORD] as
    (typeof METHOD_WORD)[keyof typeof METHOD_WORD] | undefined;
  return key === undefined ? method : w[key];
}

/**
 * Goods taken back (issue 37), as the Shift screen shows them: count and refund (negative), per way
 * of paying, per VAT rate and per cashier, then each return with where its document is.
 */
function returns(
  p: Page,
  r: ShiftReportView,
  back: NonNullable<ShiftReportView['returns']>,
  language: PrintOptions['language'],
): void {
  const { w } = p;
  p.line(w.returnsTitle);
  p.e.bold(true);
  p.money(fill(w.returnsCount, { count: String(back.count) }), -back.gross);
  p.e.bold(false);
  for (const [method, amount] of Object.entries(back.byMethod))
    p.money(`  ${methodWord(w, method)}`, -amount);
  // Cash paid back rounded to what can be paid: beyond the refund (-) or short of it (+).
  if (back.rounding !== 0) p.money(`  ${w.rounding}`, -back.rounding);
  const negative = back.byVatRate.map((v) => ({ ...v, base: -v.base, vat: -v.vat, gross: -v.gross }));
  vatTable(p.e, negative, vatHead(language), p.f, p.columns);
  if (back.byCashier.some((c) => c.cashierId !== null)) {
    const names = new Map(r.byCashier.map((c) => [c.cashierId, c.name]));
    for (const c of back.byCashier) {
      const name = names.get(c.cashierId) ?? w.noCashier;
      p.money(`  ${fill(w.returnsCashierLine, { name, count: String(c.count) })}`, -c.gross);
    }
  }
  for (const one of back.list) {
    const title =
      one.withoutReceipt === true
        ? fill(w.returnNumberNoReceipt, { number: one.number })
        : fill(w.returnNumber, { number: one.number, receipt: one.receipt ?? '' });
    p.money(title, -one.total);
    p.line(`  ${returnStateWords(w, one.state)}`);
  }
}

/** Where a return's document is, in the report's words (the outbox's states, the back office's). */
function returnStateWords(w: ReportWords, state: string): string {
  switch (state) {
    case 'sent':
      return w.returnOnInstance;
    case 'back-office':
    case 'booked':
    case 'queued':
    case 'sending':
    case 'in-doubt':
    case 'needs-fix':
    case 'blocked':
      return w[`state_${state}`];
    default:
      return state;
  }
}

/** The report's kind, the shift, and who opened and closed it when (each name on its own line). */
function heading(p: Page, report: ShiftReportView): void {
  const { e, w, f } = p;
  e.align('center').bold(true).size(1, 2);
  p.line(report.kind === 'Z' ? w.reportZ : w.reportX);
  e.size(1, 1).bold(false);
  p.line(fill(w.shiftNumber, { id: String(report.id) }));
  e.align('left');
  const who = (name: string | undefined): void => {
    if (name !== undefined) p.line(`  ${name}`);
  };
  p.line(fill(w.opened, { at: f.dateTime(report.openedAt) }));
  who(report.openedBy?.name);
  if (report.closedAt !== undefined) {
    p.line(fill(w.closed, { at: f.dateTime(report.closedAt) }));
    who(report.closedBy?.name);
  } else {
    p.line(fill(w.taken, { at: f.dateTime(report.at) }));
  }
  e.rule();
}

/** The drawer's cash: what came in and went out (each cash move with its reason), expected, counted. */
function drawer(p: Page, report: ShiftReportView): void {
  const { e, w, f } = p;
  p.money(w.float, report.float);
  p.money(w.cashTaken, report.cashTaken);
  p.money(w.changeGiven, report.changeGiven);
  p.money(w.paidIn, report.paidIn);
  p.money(w.paidOut, report.paidOut);
  const returnedCash = report.returns?.byMethod.cash ?? 0;
  if (returnedCash !== 0) p.money(w.returnsCashOut, returnedCash);
  for (const m of report.cashMoves) {
    p.money(`  ${fill(m.direction === 'in' ? w.move_in : w.move_out, { reason: m.reason })}`, m.amount);
  }
  // Opened without a sale: no cash moved, yet whoever counts the drawer should know when.
  p.line(fill(w.drawerOpenings, { count: String(report.drawerOpenings.length) }));
  for (const o of report.drawerOpenings) {
    p.line(
      `  ${fill(o.by === 'manager' ? w.drawerOpening_manager : w.drawerOpening_till, { at: f.dateTime(o.at) })}`,
    );
  }
  e.bold(true);
  p.money(w.expected, report.expectedCash);
  e.bold(false);
  if (report.countedCash !== undefined) p.money(w.counted, report.countedCash);
  if (report.difference !== undefined) {
    e.bold(true);
    p.money(w.difference, report.difference);
    e.bold(false);
  }
  if (report.overLimit === true && report.differenceLimit !== undefined) {
    const limit = f.price(report.differenceLimit);
    p.line(fill(report.managerApproved === true ? w.overLimitApproved : w.overLimit, { limit }));
  }
}

/**
 * Whether every sale reached the instance: the counts at close (or now, for an X report), then for a
 * closed shift seen later the counts since, and each sale with its receipt number, its total and
 * where its order is (now, as the screen shows it), with the instance's id once it has it.
 */
function orders(p: Page, report: ShiftReportView): void {
  const { e, w, f } = p;
  const { first, last } = report.receiptNumbers;
  if (first !== null && last !== null)
    p.line(fill(w.receiptNumbers, { first: String(first), last: String(last) }));
  counts(p, report.orders);
  const later = report.followUp;
  if (later !== undefined) {
    p.line(fill(w.followUp, { at: f.dateTime(later.at) }));
    counts(p, later.orders);
  }
  if (report.saleOrders.length === 0) return;
  e.rule();
  p.line(w.saleList);
  const now = new Map(later?.saleOrders.map((s) => [s.orderId, s]) ?? []);
  for (const sale of report.saleOrders) {
    const seen = now.get(sale.orderId);
    const state = seen?.state ?? sale.state;
    const named =
      sale.receiptNumber === undefined
        ? sale.reference.slice(0, 8)
        : fill(w.saleNumber, { number: String(sale.receiptNumber) });
    p.money(named, sale.total);
    const acknowledgedAt = seen?.acknowledgedAt ?? sale.acknowledgedAt;
    const since =
      seen !== undefined && seen.state !== sale.state && acknowledgedAt !== undefined
        ? `, ${fill(w.acknowledgedAt, { at: f.dateTime(acknowledgedAt) })}`
        : '';
    p.line(`  ${stateWords(w, state, seen?.remoteId ?? sale.remoteId)}${since}`);
  }
}

function counts(p: Page, o: ShiftOrderCounts): void {
  const { e, w } = p;
  p.line(fill(w.orders, { placed: String(o.placed) }));
  const each: [keyof ReportWords, number][] = [
    ['ordersAcknowledged', o.acknowledged],
    ['ordersQueued', o.queued],
    ['ordersInDoubt', o.inDoubt],
    ['ordersNeedsFix', o.needsFix],
    ['ordersBlocked', o.blocked],
  ];
  for (const [key, count] of each) if (count > 0) p.line(`  ${fill(w[key], { count: String(count) })}`);
  if (o.queued + o.inDoubt + o.needsFix + o.blocked > 0) {
    e.bold(true);
    p.line(w.ordersNotAll);
    e.bold(false);
  }
}

function stateWords(w: ReportWords, state: OutboxState, remoteId: number | undefined): string {
  return fill(w[`state_${state}`], { id: remoteId === undefined ? '' : String(remoteId) });
}
