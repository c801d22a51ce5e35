// What every printed page shares: the encoder set up for the printer (its columns, its model, CP852
// for Czech and Slovak), amounts, quantities and dates in the printed language's locale, text made
// printable in Latin-2, a label with its amount on one line, and the VAT table.
import { encoderLibrary, type Encoder as ReceiptPrinterEncoder } from './encoder-library.ts';
import type { Columns } from './address.ts';
import { PRINT_LOCALE, PRINT_WORDS, type PrintLanguage, type PrintWords } from './words.ts';
import { priceDecimals } from '../../common/money.ts';

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
export const PULSE = { device: 0, on: 100, off: 500 } as const;

/** Currencies whose sign CP852 has (Kč, zł, Ft); any other is printed by its code (EUR, not €). */
const LATIN2_SIGNS: ReadonlySet<string> = new Set(['CZK', 'PLN', 'HUF']);

export function encoder(options: PrintOptions): ReceiptPrinterEncoder {
  const e = new (encoderLibrary())({
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

/**
 * What a paper handed over the counter (a receipt, a return paper) starts with: its words, its
 * formatter and its encoder, the drawer's pulse first when `kick` (the drawer opens as it prints).
 */
export function startPaper(
  options: PrintOptions,
  kick: boolean,
): { readonly w: PrintWords; readonly f: Formatter; readonly e: ReceiptPrinterEncoder } {
  const e = encoder(options);
  if (kick) e.pulse(PULSE.device, PULSE.on, PULSE.off);
  return { w: PRINT_WORDS[options.language], f: formatter(options), e };
}

export interface VatRow {
  readonly vatRate: number;
  readonly base: number;
  readonly vat: number;
  readonly gross: number;
}

/**
 * The VAT table: rate, base, VAT and gross a line, under its head (the screen's VatTable). Each
 * amount keeps a space before it: grouped where that fits its column, without digit groups where
 * only that fits (1574,85 on 58 mm paper), else each rate has a line and its three amounts one each
 * below it (millions on 58 mm paper), so no two figures ever print as one.
 */
export function vatTable(
  e: ReceiptPrinterEncoder,
  rows: readonly VatRow[],
  head: { readonly rate: string; readonly base: string; readonly vat: string; readonly gross: string },
  f: Formatter,
  columns: Columns,
): void {
  if (rows.length === 0) return;
  const amount = Math.floor((columns - 6) / 3);
  const rateWidth = columns - 3 * amount;
  const rate = (r: VatRow): string => `${f.number(r.vatRate)} %`;
  const fits = (form: (n: number) => string): boolean =>
    rows.every(
      (r) => rate(r).length < rateWidth && [r.base, r.vat, r.gross].every((n) => form(n).length < amount),
    );
  const form = [(n: number) => f.amount(n), (n: number) => f.bare(n)].find(fits);
  if (form === undefined) {
    for (const r of rows) {
      e.line(printable(`${head.rate} ${rate(r)}`));
      row(e, columns, `  ${head.base}`, f.amount(r.base));
      row(e, columns, `  ${head.vat}`, f.amount(r.vat));
      row(e, columns, `  ${head.gross}`, f.amount(r.gross));
    }
    return;
  }
  const heads = [head.base, head.vat, head.gross].map((h) => printable(h).padStart(amount));
  e.line(printable(head.rate).padEnd(rateWidth).slice(0, rateWidth) + heads.join(''));
  for (const r of rows) {
    e.line(
      rate(r).padEnd(rateWidth) + [r.base, r.vat, r.gross].map((n) => form(n).padStart(amount)).join(''),
    );
  }
}

/**
 * A label on the left and an amount on the right of one line; when both do not fit (58 mm paper),
 * the label has its lines and the amount a line of its own below, to the right.
 */
export function row(e: ReceiptPrinterEncoder, columns: Columns, label: string, amount: string): void {
  const left = printable(label);
  const right = printable(amount);
  if (left.length + 1 + right.length <= columns) {
    e.line(left + ' '.repeat(columns - left.length - right.length) + right);
  } else {
    e.line(left);
    e.line(right.padStart(columns));
  }
}

export interface Formatter {
  /** An amount with its currency, where one is set. */
  price(n: number): string;
  /** A unit price: as many decimals as it has, at least two ("0,125 Kč"). */
  unitPrice(n: number): string;
  /** An amount alone (the VAT table's cells: the total beside it names the currency). */
  amount(n: number): string;
  /** An amount without digit groups, for narrow columns. */
  bare(n: number): string;
  qty(n: number): string;
  number(n: number): string;
  dateTime(iso: string): string;
}

/** The currency's format with `digits` decimals; undefined without a currency or one Intl does not know. */
function moneyFormat(locale: string, currency: string | null, digits: number): Intl.NumberFormat | undefined {
  if (currency === null) return undefined;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: LATIN2_SIGNS.has(currency) ? 'symbol' : 'code',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  } catch {
    return undefined;
  }
}

export function formatter(options: PrintOptions): Formatter {
  const locale = PRINT_LOCALE[options.language];
  const plain = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const suffix =
    options.currency !== null && moneyFormat(locale, options.currency, 2) === undefined
      ? ` ${options.currency}`
      : '';
  // One format per number of decimals: amounts have two, a unit price as many as it has.
  const formats = new Map<number, Intl.NumberFormat>();
  const money = (n: number, digits: number): string => {
    let format = formats.get(digits);
    if (format === undefined) {
      format =
        moneyFormat(locale, options.currency, digits) ??
        new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
      formats.set(digits, format);
    }
    return format.format(n) + suffix;
  };
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
    price: (n) => printable(money(n, 2)),
    unitPrice: (n) => printable(money(n, priceDecimals(n))),
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
