// A shift's X report (the open shift so far) or Z report (a closed shift, as it was at close) on the
// receipt printer: the figures main/shift worked out, laid out like a receipt, with the drawer's
// openings without a sale counted in the shift's time, and a cut.
import type { ShiftReportView } from '../../contract/contract.ts';
import { encoder, formatter, printable, row, vatTable, type PrintOptions } from './paper.ts';
import { fill, PRINT_WORDS, REPORT_WORDS } from './words.ts';

const METHOD_WORD = { cash: 'methodCash', card: 'methodCard', unsaid: 'methodUnsaid' } as const;

export function reportBytes(
  report: ShiftReportView,
  drawerOpenings: number,
  options: PrintOptions,
): Uint8Array {
  const w = REPORT_WORDS[options.language];
  const receiptWords = PRINT_WORDS[options.language];
  const f = formatter(options);
  const e = encoder(options);
  const cols = options.columns;
  const line = (text: string): void => {
    e.line(printable(text));
  };
  const money = (label: string, n: number): void => {
    row(e, cols, label, f.price(n));
  };

  e.align('center').bold(true).size(1, 2);
  line(report.kind === 'Z' ? w.reportZ : w.reportX);
  e.size(1, 1).bold(false);
  line(fill(w.shiftNumber, { id: String(report.id) }));
  e.align('left');
  const who = (name: string | undefined): string => (name === undefined ? '' : ` (${name})`);
  line(fill(w.opened, { at: f.dateTime(report.openedAt) }) + who(report.openedBy?.name));
  if (report.closedAt !== undefined) {
    line(fill(w.closed, { at: f.dateTime(report.closedAt) }) + who(report.closedBy?.name ?? undefined));
  } else {
    line(fill(w.taken, { at: f.dateTime(report.at) }));
  }
  e.rule();

  line(fill(w.sales, { count: String(report.sales.count) }));
  e.bold(true);
  money(w.salesGross, report.sales.gross);
  e.bold(false);
  const head = {
    rate: receiptWords.vatRate,
    base: receiptWords.vatBase,
    vat: receiptWords.vatAmount,
    gross: receiptWords.vatGross,
  };
  vatTable(e, report.byVatRate, head, f, cols);
  e.rule();

  line(w.byMethod);
  for (const [method, amount] of Object.entries(report.byMethod)) {
    const key = METHOD_WORD[method as keyof typeof METHOD_WORD] as
      (typeof METHOD_WORD)[keyof typeof METHOD_WORD] | undefined;
    money(`  ${key === undefined ? method : w[key]}`, amount);
  }
  if (report.rounding !== 0) money(w.rounding, report.rounding);
  if (report.byCashier.length > 0) {
    line(w.byCashier);
    for (const c of report.byCashier)
      money(`  ${c.name ?? w.noCashier} (${String(c.sales.count)})`, c.sales.gross);
  }
  money(fill(w.voids, { count: String(report.voids.count) }), report.voids.gross);
  money(fill(w.cancelled, { count: String(report.cancelled.count) }), report.cancelled.gross);
  if (report.cancelled.cashRefunded > 0) money(`  ${w.cashRefunded}`, report.cancelled.cashRefunded);
  line(fill(w.drawerOpenings, { count: String(drawerOpenings) }));
  e.rule();

  money(w.float, report.float);
  money(w.cashTaken, report.cashTaken);
  money(w.changeGiven, report.changeGiven);
  money(w.paidIn, report.paidIn);
  money(w.paidOut, report.paidOut);
  e.bold(true);
  money(w.expected, report.expectedCash);
  e.bold(false);
  if (report.countedCash !== undefined) money(w.counted, report.countedCash);
  if (report.difference !== undefined) {
    e.bold(true);
    money(w.difference, report.difference);
    e.bold(false);
  }
  if (report.overLimit === true && report.differenceLimit !== undefined) {
    const limit = f.price(report.differenceLimit);
    line(fill(report.managerApproved === true ? w.overLimitApproved : w.overLimit, { limit }));
  }
  e.rule();

  const { first, last } = report.receiptNumbers;
  if (first !== null && last !== null)
    line(fill(w.receiptNumbers, { first: String(first), last: String(last) }));
  const o = report.orders;
  line(fill(w.orders, { placed: String(o.placed) }));
  const counts: [keyof typeof w, number][] = [
    ['ordersAcknowledged', o.acknowledged],
    ['ordersQueued', o.queued],
    ['ordersInDoubt', o.inDoubt],
    ['ordersNeedsFix', o.needsFix],
    ['ordersBlocked', o.blocked],
  ];
  for (const [key, count] of counts) if (count > 0) line(`  ${fill(w[key], { count: String(count) })}`);
  if (o.queued + o.inDoubt + o.needsFix + o.blocked > 0) {
    e.bold(true);
    line(w.ordersNotAll);
    e.bold(false);
  }
  e.newline();
  return e.cut('partial').encode();
}
