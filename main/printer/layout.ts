// A receipt as ESC/POS bytes, through @point-of-sale/receipt-printer-encoder (it wraps lines to the
// paper's columns, lays out tables, encodes the text in the printer's code page and makes the QR code,
// drawer pulse and cut commands). Czech and Slovak print in CP852 (Latin-2), which every ESC/POS
// printer of the region has; the library picks the `ESC t` number of the printer model in use.
// The receipt says what the screen's receipt says (renderer/components/receipt/Receipt.tsx), in the
// same order, with the order's reference as a QR code and a cut at the end.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { ReceiptView } from '../../contract/contract.ts';
import type { CopyMark } from '../../db/print-jobs.ts';
import type { Columns } from './address.ts';
import { fill, PRINT_LOCALE, PRINT_WORDS, type PrintLanguage, type PrintWords } from './words.ts';

export interface PrintOptions {
  /** Characters a line: 48 on 80 mm paper, 32 (or 42 in the small font) on 58 mm. */
  readonly columns: Columns;
  /** The encoder's printer model (its code page numbers); none: Epson's, which most printers follow. */
  readonly model?: string;
  readonly language: PrintLanguage;
  /** The prices' currency (Settings); null: amounts without one, as the screen shows them. */
  readonly currency: string | null;
}

/** The drawer's pulse: pin 2 of the printer's drawer port, 100 ms on, 500 ms off (ESC p 0 50 250). */
const PULSE = { device: 0, on: 100, off: 500 } as const;

/** Currencies whose sign CP852 has (Kč, zł, Ft); any other is printed by its code (EUR, not €). */
const LATIN2_SIGNS: ReadonlySet<string> = new Set(['CZK', 'PLN', 'HUF']);

function encoder(options: PrintOptions): ReceiptPrinterEncoder {
  const e = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: options.columns,
    ...(options.model === undefined ? {} : { printerModel: options.model as never }),
  });
  e.initialize();
  try {
    e.codepage('cp852');
  } catch {
    // A model without CP852: the library picks, per character, a code page the model has.
    e.codepage('auto');
  }
  return e;
}

/** The receipt of `receipt`, with the drawer's pulse first when `kick` (the drawer opens as it prints). */
export function receiptBytes(
  receipt: ReceiptView,
  how: { readonly copy: CopyMark; readonly kick: boolean },
  options: PrintOptions,
): Uint8Array {
  const w = PRINT_WORDS[options.language];
  const f = formatter(options);
  const e = encoder(options);
  if (how.kick) e.pulse(PULSE.device, PULSE.on, PULSE.off);
  header(e, receipt, how.copy, w, f);
  e.rule();
  for (const line of receipt.lines) {
    e.line(printable(line.name));
    const detail = [
      `${f.qty(line.quantity)}${line.unitOfMeasure === undefined ? '' : ` ${line.unitOfMeasure}`}`,
      line.unitPrice === undefined ? undefined : `× ${f.price(line.unitPrice)}`,
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
  vatTable(e, receipt, w, f, options.columns);
  tender(e, receipt, w, f, options.columns);
  // A walk-in sale went to the store's own stand-in customer: nothing of it is the buyer's.
  const customer = receipt.customer;
  if (customer !== undefined && !customer.walkIn && customer.name !== undefined) {
    e.line(printable(fill(w.customer, { name: customer.name })));
  }
  if (receipt.pricedFrom === 'catalog') e.line(printable(w.pricedFromCatalog));
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

function vatTable(
  e: ReceiptPrinterEncoder,
  receipt: ReceiptView,
  w: PrintWords,
  f: Formatter,
  columns: Columns,
): void {
  if (receipt.totals.byVatRate.length === 0) return;
  // Three amounts and the rate across the paper, a space between; on narrow paper without digit
  // groups, so 1574,85 still fits its column.
  const amount = Math.floor((columns - 6) / 3);
  const cell = (n: number): string => (columns >= 42 ? f.amount(n) : f.bare(n)).padStart(amount);
  const head = [w.vatBase, w.vatAmount, w.vatGross].map((h) => printable(h).padStart(amount));
  e.line(
    printable(w.vatRate)
      .padEnd(columns - 3 * amount)
      .slice(0, columns - 3 * amount) + head.join(''),
  );
  for (const r of receipt.totals.byVatRate) {
    const rate = `${f.number(r.vatRate)} %`.padEnd(columns - 3 * amount);
    e.line(rate + cell(r.base) + cell(r.vat) + cell(r.gross));
  }
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
  // As TenderRows on screen: each part, a split's cash part named with what it paid, then the change.
  const split = paid.parts.length > 1;
  for (const part of paid.parts) {
    if (part.method === 'card') {
      row(e, columns, w.paidByCard, f.price(part.amount));
    } else {
      if (split) row(e, columns, w.paidInCash, f.price(part.amount));
      row(e, columns, w.cashGiven, f.price(part.given));
      row(e, columns, w.change, f.price(paid.change));
    }
  }
}

/**
 * A label on the left and an amount on the right of one line; when both do not fit (58 mm paper),
 * the label has its lines and the amount a line of its own below, to the right.
 */
function row(e: ReceiptPrinterEncoder, columns: Columns, label: string, amount: string): void {
  const left = printable(label);
  const right = printable(amount);
  if (left.length + 1 + right.length <= columns) {
    e.line(left + ' '.repeat(columns - left.length - right.length) + right);
  } else {
    e.line(left);
    e.line(right.padStart(columns));
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
  const e = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    ...(options.model === undefined ? {} : { printerModel: options.model as never }),
  });
  return e.initialize().pulse(PULSE.device, PULSE.on, PULSE.off).encode();
}

interface Formatter {
  /** An amount with its currency, where one is set. */
  price(n: number): string;
  /** An amount alone (the VAT table's cells: the total beside it names the currency). */
  amount(n: number): string;
  /** An amount without digit groups, for narrow columns. */
  bare(n: number): string;
  qty(n: number): string;
  number(n: number): string;
  dateTime(iso: string): string;
}

function formatter(options: PrintOptions): Formatter {
  const locale = PRINT_LOCALE[options.language];
  const plain = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  let money = plain;
  let suffix = '';
  if (options.currency !== null) {
    try {
      money = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: options.currency,
        currencyDisplay: LATIN2_SIGNS.has(options.currency) ? 'symbol' : 'code',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    } catch {
      suffix = ` ${options.currency}`;
    }
  }
  const bare = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
  const qty = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const number = new Intl.NumberFormat(locale);
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
  });
  return {
    price: (n) => printable(money.format(n) + suffix),
    amount: (n) => printable(plain.format(n)),
    bare: (n) => printable(bare.format(n)),
    qty: (n) => printable(qty.format(n)),
    number: (n) => printable(number.format(n)),
    dateTime: (iso) => printable(dateTime.format(new Date(iso))),
  };
}

/**
 * Text a Latin-2 printer can print: Intl's no-break and thin spaces as spaces, typographic dashes,
 * quotes and ellipses as their plain forms (CP852 has none of them), so a price never prints as "?".
 */
export function printable(text: string): string {
  return text
    .replace(/[\u00a0\u2007\u2009\u202f]/g, ' ')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u201c\u201d\u201e]/g, '"')
    .replace(/[\u2018\u2019\u201a]/g, "'")
    .replace(/\u2026/g, '...')
    .replace(/\u00b7/g, '-');
}
