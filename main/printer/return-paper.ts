// A return's receipt as ESC/POS bytes (issue 37, point 5): "Vratka č. P1-V000004 k účtence
// P1-000123", the original sale's date, each line taken back as a negative amount with its VAT rate,
// the VAT table per rate (negative), the refund per tender, who took it back, a line for the
// customer's signature, and the return's reference as a QR code. A reprint says KOPIE, as a sale's
// does. The drawer's pulse comes first when cash was paid out.
import { printable, row, startPaper, vatTable, type PrintOptions } from './paper.ts';
import { fill } from './words.ts';

/** What the paper needs of a return (main/returns ReturnView has these). */
export interface ReturnPaper {
  readonly number: string;
  readonly receipt: string;
  readonly reference: string;
  readonly soldAt: string;
  readonly createdAt: string;
  readonly lines: readonly {
    readonly name: string;
    readonly quantity: number;
    readonly unitOfMeasure?: string;
    readonly vatRate: number;
    readonly amount: number;
  }[];
  readonly byVatRate: readonly { vatRate: number; base: number; vat: number; gross: number }[];
  readonly total: number;
  readonly refund: { readonly cash?: number; readonly card?: number };
  readonly cashRounding: number;
  /** Who took it back; none when the till has no cashiers. */
  readonly cashierName?: string;
  readonly store?: string;
  /** An exchange's new sale, by its receipt number. */
  readonly exchangeReceipt?: string;
  /** A return without a receipt (issue 37, point 3): it names no sale, so no receipt and no sale date. */
  readonly withoutReceipt?: true;
}

export function returnReceiptBytes(
  paper: ReturnPaper,
  how: { readonly copy: boolean; readonly kick: boolean },
  options: PrintOptions,
): Uint8Array {
  const { w, f, e } = startPaper(options, how.kick);
  const minus = (n: number): string => (n === 0 ? f.price(0) : `-${f.price(n)}`);
  e.align('center')
    .bold(true)
    .line(printable(paper.store ?? w.storeDefault))
    .bold(false);
  if (paper.withoutReceipt === true) {
    e.line(printable(fill(w.returnTitleNoReceipt, { number: paper.number })));
  } else {
    e.line(printable(fill(w.returnTitle, { number: paper.number, receipt: paper.receipt })));
    e.line(printable(fill(w.returnSaleDate, { date: f.dateTime(paper.soldAt) })));
  }
  e.line(f.dateTime(paper.createdAt));
  if (how.copy) e.bold(true).invert(true).line(` ${w.copy} `).invert(false).bold(false);
  e.align('left').rule();
  for (const line of paper.lines) {
    e.line(printable(line.name));
    const unit = line.unitOfMeasure === undefined ? '' : ` ${line.unitOfMeasure}`;
    const rate = `${f.number(line.vatRate)}${options.columns >= 42 ? ' ' : ''}%`;
    row(e, options.columns, `  -${f.qty(line.quantity)}${unit} ${rate}`, minus(line.amount));
  }
  e.rule().bold(true).size(1, 2);
  row(e, options.columns, w.returnTotal, minus(paper.total));
  e.size(1, 1).bold(false);
  const head = { rate: w.vatRate, base: w.vatBase, vat: w.vatAmount, gross: w.vatGross };
  vatTable(
    e,
    paper.byVatRate.map((v) => ({ vatRate: v.vatRate, base: -v.base, vat: -v.vat, gross: -v.gross })),
    head,
    f,
    options.columns,
  );
  if (paper.refund.card !== undefined)
    row(e, options.columns, w.returnRefundCard, f.price(paper.refund.card));
  if (paper.refund.cash !== undefined) {
    if (paper.cashRounding !== 0) {
      const sign = paper.cashRounding < 0 ? '-' : '+';
      row(e, options.columns, w.cashRounding, `${sign}${f.price(Math.abs(paper.cashRounding))}`);
    }
    row(e, options.columns, w.returnRefundCash, f.price(paper.refund.cash));
  }
  if (paper.exchangeReceipt !== undefined)
    e.line(printable(fill(w.returnExchange, { receipt: paper.exchangeReceipt })));
  if (paper.withoutReceipt === true) e.line(printable(w.returnNoReceiptNote));
  if (paper.cashierName !== undefined) e.line(printable(fill(w.returnBy, { name: paper.cashierName })));
  e.newline().line(printable(w.returnSignature)).newline().rule();
  e.align('center').qrcode(paper.reference, { model: 2, size: options.columns >= 42 ? 6 : 5 });
  e.line(printable(`${w.reference} ${paper.reference}`)).align('left');
  return e.cut('partial').encode();
}
