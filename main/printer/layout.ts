// A receipt as ESC/POS bytes, through @point-of-sale/receipt-printer-encoder (it wraps lines to the
// paper's columns, lays out tables, encodes the text in the printer's code page and makes the QR code,
// drawer pulse and cut commands). Czech and Slovak print in CP852 (Latin-2), which every ESC/POS
// printer of the region has; the library picks the `ESC t` number of the printer model in use.
// The receipt says what the screen's receipt says (renderer/components/receipt/Receipt.tsx), in the
// same order, with the order's reference as a QR code and a cut at the end.
import { encoderLibrary, type Encoder as ReceiptPrinterEncoder } from './encoder-library.ts';
import type { ReceiptView } from '../../contract/contract.ts';
import type { CopyMark } from '../../db/print-jobs.ts';
import type { Columns } from './address.ts';
import {
  encoder,
  formatter,
  printable,
  PULSE,
  row,
  startPaper,
  vatTable,
  type Formatter,
  type PrintOptions,
} from './paper.ts';
import { fill, PRINT_WORDS, type PrintWords } from './words.ts';

export type { PrintOptions } from './paper.ts';

/** The receipt of `receipt`, with the drawer's pulse first when `kick` (the drawer opens as it prints). */
export function receiptBytes(
  receipt: ReceiptView,
  how: { readonly copy: CopyMark; readonly kick: boolean },
  options: PrintOptions,
): Uint8Array {
  const { w, f, e } = startPaper(options, how.kick);
  header(e, receipt, how.copy, w, f);
  e.rule();
  for (const line of receipt.lines) {
    e.line(printable(line.name));
    const detail = [
      `${f.qty(line.quantity)}${line.unitOfMeasure === undefined ? '' : ` ${line.unitOfMeasure}`}`,
      line.unitPrice === undefined ? undefined : `× ${f.unitPrice(line.unitPrice)}`,
      line.discount > 0 ? `(-${f.price(line.discount)})` : undefined,
      // On narrow paper the rate keeps its sign on its line: "12%".
      `${f.number(line.vatRate)}${options.columns >= 42 ? ' ' : ''}%`,
    ]
      .filter((part) => part !== undefined)
      .join(' ');
    row(e, options.columns, `  ${detail}`, f.price(line.lineTotal));
  }
  e.rule();
  if (receipt.totals.discount > 0)
    row(e, options.columns, w.discount, `-${f.price(receipt.totals.discount)}`);
  e.bold(true).size(1, 2);
  row(e, options.columns, w.total, f.price(receipt.totals.total));
  e.size(1, 1).bold(false);
  const head = { rate: w.vatRate, base: w.vatBase, vat: w.vatAmount, gross: w.vatGross };
  vatTable(e, receipt.totals.byVatRate, head, f, options.columns);
  tender(e, receipt, w, f, options.columns);
  // A walk-in sale went to the store's own stand-in customer: nothing of it is the buyer's.
  const customer = receipt.customer;
  if (customer !== undefined && !customer.walkIn && customer.name !== undefined) {
    e.line(printable(fill(w.customer, { name: customer.name })));
  }
  if (receipt.pricedFrom === 'catalog') e.line(printable(w.pricedFromCatalog));
  if (receipt.exchange !== undefined)
    e.line(
      printable(
        fill(w.saleExchange, { number: receipt.exchange.number, credit: f.price(receipt.exchange.credit) }),
      ),
    );
  e.newline().align('center').line(printable(w.thankYou));
  // The order's reference, for look-ups: as a QR code and in small print below it.
  e.qrcode(receipt.reference, { model: 2, size: options.columns >= 42 ? 6 : 5 });
  e.line(printable(`${w.reference} ${receipt.reference}`)).align('left');
  return e.cut('partial').encode();
}

function header(
  e: ReceiptPrinterEncoder,
  receipt: ReceiptView,
  copy: CopyMark,
  w: PrintWords,
  f: Formatter,
): void {
  e.align('center');
  seller(e, receipt, w);
  if (receipt.number !== undefined) e.line(printable(`${w.receiptNumber} ${receipt.number}`));
  e.line(f.dateTime(receipt.placedAt));
  if (copy !== 'none') e.bold(true).invert(true).line(` ${w.copy} `).invert(false).bold(false);
  e.align('left');
  if (copy === 'interrupted') e.line(printable(w.copyInterrupted));
  // Whether the order reached the instance is the cashier's business; a void order's receipt says so.
  if (receipt.state === 'cancelled') e.bold(true).line(printable(w.voidCancelled)).bold(false);
  if (receipt.state === 'discarded') e.bold(true).line(printable(w.voidDiscarded)).bold(false);
}

/**
 * Who sold: the seller's name, address, IČO and DIČ as Settings name them, the store below; without
 * a seller named, the store's name heads the receipt (as the screen's SellerHeader).
 */
function seller(e: ReceiptPrinterEncoder, receipt: ReceiptView, w: PrintWords): void {
  const store = receipt.store ?? w.storeDefault;
  const s = receipt.seller;
  // Twice as wide where the name fits the line so; else only twice as high, never broken in two.
  const big = (name: string): void => {
    const wide = printable(name).length <= Math.floor(e.columns / 2);
    e.bold(true)
      .size(wide ? 2 : 1, 2)
      .line(printable(name))
      .size(1, 1)
      .bold(false);
  };
  if (s === undefined) {
    big(store);
    return;
  }
  if (s.name !== '') big(s.name);
  for (const line of s.address === '' ? [] : s.address.split('\n')) e.line(printable(line));
  if (s.registrationNumber !== '')
    e.line(printable(fill(w.sellerRegistration, { value: s.registrationNumber })));
  if (s.vatNumber !== '') e.line(printable(fill(w.sellerVat, { value: s.vatNumber })));
  if (receipt.store !== undefined) e.line(printable(fill(w.premises, { name: store })));
}

function tender(
  e: ReceiptPrinterEncoder,
  receipt: ReceiptView,
  w: PrintWords,
  f: Formatter,
  columns: Columns,
): void {
  const paid = receipt.tender;
  if (paid === undefined) return;
  // As TenderRows on screen: each part, a split's or a rounded cash part named with what it paid (the
  // rounding on its own line before it), then the change.
  const split = paid.parts.length > 1;
  for (const part of paid.parts) {
    if (part.method === 'card') {
      row(e, columns, w.paidByCard, f.price(part.amount));
    } else {
      if (paid.rounding !== undefined) {
        const sign = paid.rounding < 0 ? '-' : '+';
        row(e, columns, w.cashRounding, `${sign}${f.price(Math.abs(paid.rounding))}`);
      }
      if (split || paid.rounding !== undefined) row(e, columns, w.paidInCash, f.price(part.amount));
      row(e, columns, w.cashGiven, f.price(part.given));
      row(e, columns, w.change, f.price(paid.change));
    }
  }
}

/** A test page: the printer, the paper, both languages' letters, a QR code, the cut. */
export function testPageBytes(printer: string, paper: string, options: PrintOptions): Uint8Array {
  const w = PRINT_WORDS[options.language];
  const e = encoder(options);
  e.align('center').bold(true).size(2, 2).line(printable(w.testPage)).size(1, 1).bold(false);
  e.line(formatter(options).dateTime(new Date().toISOString())).align('left').rule();
  e.line(printable(fill(w.testPrinter, { printer })));
  e.line(printable(fill(w.testPaper, { paper, columns: String(options.columns) })));
  e.rule();
  e.line('Čeština: Příliš žluťoučký kůň úpěl ďábelské ódy.');
  e.line('PŘÍLIŠ ŽLUŤOUČKÝ KŮŇ ÚPĚL ĎÁBELSKÉ ÓDY.');
  e.line('Slovenčina: Kŕdeľ ďatľov učí koňa žrať kôru, mäso a ôsmu vôňu.');
  e.line('Ä Ô Ĺ Ľ Ŕ ä ô ĺ ľ ŕ');
  e.line('0123456789'.repeat(Math.ceil(options.columns / 10)).slice(0, options.columns));
  e.rule();
  e.align('center').qrcode('Counter', { model: 2, size: 5 }).newline();
  e.line(printable(w.testEnd)).align('left');
  return e.cut('partial').encode();
}

/** The drawer's pulse alone ("open drawer" without a sale). */
export function drawerKickBytes(options: Pick<PrintOptions, 'model'>): Uint8Array {
  const e = new (encoderLibrary())({
    language: 'esc-pos',
    ...(options.model === undefined ? {} : { printerModel: options.model as never }),
  });
  return e.initialize().pulse(PULSE.device, PULSE.on, PULSE.off).encode();
}
