// Numbers, money, quantities, dates and ages in one place, through Intl for the language the screens
// speak (cs-CZ: `1 110,90 Kč`), so every screen reads the same. Each function takes the locale last
// (tests pass one); by default it is the screens' current one. Formatters are kept per locale.
import { currentLocale } from '../i18n/index.ts';
import { decimalNumber, priceDecimals, typedDecimal } from '../../common/money.ts';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let f = cache.get(key);
  if (f === undefined) {
    f = make();
    cache.set(key, f);
  }
  return f as T;
}

/**
 * An amount with two decimals, and its currency where it is known (a receivable's own; a price's is
 * Settings' price currency, docs/assumptions.md). A code Intl does not know is written after it.
 */
export function formatMoney(amount: number, currency?: string | null, locale = currentLocale()): string {
  // Below half a minor unit is no amount: Intl writes -0 (0 paid out, shown as negative) as "-0,00".
  return withDecimals(Math.abs(amount) < 0.005 ? 0 : amount, 2, currency, locale);
}

/**
 * A unit price: as many decimals as it has, at least two ("0,125 Kč", "25,90 Kč"), never rounded
 * to cents (a price of 0.125 a piece is not 0.13).
 */
export function formatUnitPrice(price: number, currency?: string | null, locale = currentLocale()): string {
  return withDecimals(price, priceDecimals(price), currency, locale);
}

/**
 * One minus sign everywhere: Intl writes a negative amount with a hyphen ("-261,00" in cs-CZ), the
 * signed amounts (formatSignedMoney) and the receipt with a true minus; a report shows both side by side.
 */
function withDecimals(
  n: number,
  digits: number,
  currency: string | null | undefined,
  locale: string,
): string {
  return intlDecimals(n, digits, currency, locale).replace('-', '\u2212');
}

function intlDecimals(
  n: number,
  digits: number,
  currency: string | null | undefined,
  locale: string,
): string {
  if (currency == null || currency === '') {
    return cached(
      `m|${locale}|${digits}`,
      () => new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    ).format(n);
  }
  try {
    return cached(
      `m|${locale}|${currency}|${digits}`,
      () =>
        new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        }),
    ).format(n);
  } catch {
    return `${intlDecimals(n, digits, null, locale)} ${currency}`;
  }
}

/**
 * An amount that may go either way (the cash rounding), always with its sign: "−0,17 Kč", "+0,50 Kč"
 * (a true minus, as the receipt writes what comes off).
 */
export function formatSignedMoney(
  amount: number,
  currency?: string | null,
  locale = currentLocale(),
): string {
  const sign = amount <= -0.005 ? '−' : amount >= 0.005 ? '+' : '';
  return `${sign}${formatMoney(Math.abs(amount), currency, locale)}`;
}

/** A quantity: up to three decimals (weighed goods), '–' when there is none. */
export function formatQty(n: number | undefined, locale = currentLocale()): string {
  if (n === undefined) return '–';
  return cached(`q|${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 })).format(n);
}

/**
 * A quantity as a person types it ("2", "1,5", "1.5"; digit groups as shown, "1 000", read back):
 * the number, NaN when the text is no quantity, undefined when it is empty.
 */
export function parseQuantity(text: string): number | undefined {
  if (text.replace(/\s/g, '') === '') return undefined;
  // Decimal digits only: Number() alone would take "0x10" as 16 and "1e3" as 1000.
  const d = typedDecimal(text);
  return d === undefined ? Number.NaN : decimalNumber(d);
}

/** A plain number (a percentage's figure, a count). */
export function formatNumber(n: number, locale = currentLocale()): string {
  return cached(`n|${locale}`, () => new Intl.NumberFormat(locale)).format(n);
}

/**
 * How long ago: "5 min ago" / "před 5 minutami" by Intl.RelativeTimeFormat. `never`/`unknown` are
 * the caller's words for a missing or unreadable time (from the catalogue).
 */
export function formatAge(
  iso: string | null,
  words: { never: string; unknown: string },
  now = Date.now(),
  locale = currentLocale(),
): string {
  if (iso === null) return words.never;
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return words.unknown;
  const rtf = cached(
    `r|${locale}`,
    () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }),
  );
  const s = Math.max(0, Math.round((now - then) / 1000));
  if (s < 60) return rtf.format(-s, 'second');
  const m = Math.round(s / 60);
  if (m < 60) return rtf.format(-m, 'minute');
  const h = Math.round(m / 60);
  if (h < 48) return rtf.format(-h, 'hour');
  return rtf.format(-Math.round(h / 24), 'day');
}

/** "14:32" today, "24. 11. 14:32" / "24 Nov 14:32" another day (local time); '' for a bad time. */
export function formatTime(iso: string | number, now = Date.now(), locale = currentLocale()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const time = cached(
    `t|${locale}`,
    () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  ).format(at);
  if (at.toDateString() === new Date(now).toDateString()) return time;
  const date = cached(
    `d|${locale}`,
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }),
  ).format(at);
  return `${date} ${time}`;
}

/** A date and time in full, as a receipt prints it. */
export function formatDateTime(iso: string | number | Date, locale = currentLocale()): string {
  const at = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return cached(
    `dt|${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }),
  ).format(at);
}

/** A calendar date (a due date): `1. 10. 2026` in Czech. A text that is no date is shown as it is. */
export function formatDate(iso: string, locale = currentLocale()): string {
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00` : iso);
  if (Number.isNaN(at.getTime())) return iso;
  return cached(`day|${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })).format(at);
}

/** The order a locale writes a calendar date's parts in (formatDate's: day, month, year in Czech). */
function dateParts(locale: string): Intl.DateTimeFormatPart[] {
  const probe = new Date(2026, 10, 30);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).formatToParts(probe);
}

/** The letters a date's parts are written as in a hint ("d. m. rrrr"): the catalogue's words. */
export interface DateLetters {
  readonly day: string;
  readonly month: string;
  /** A month written as a name ("30 Nov 2026" in English). */
  readonly monthName: string;
  readonly year: string;
}

/**
 * How a date is typed, as formatDate writes it, in the catalogue's letters: "d. m. rrrr" in Czech,
 * "d mmm yyyy" in British English.
 */
export function datePattern(letters: DateLetters, locale = currentLocale()): string {
  return dateParts(locale)
    .map((part) => {
      if (part.type === 'day') return letters.day;
      if (part.type === 'year') return letters.year;
      if (part.type === 'month') return /\d/.test(part.value) ? letters.month : letters.monthName;
      return part.value;
    })
    .join('');
}

/** A month by its name in a locale (its short or long name, or the first three letters of the long). */
function monthByName(text: string, locale: string): number | undefined {
  const wanted = text.toLocaleLowerCase(locale).replace(/\.$/, '');
  if (wanted.length < 3) return undefined;
  for (let m = 0; m < 12; m += 1) {
    const at = new Date(2026, m, 15);
    const long = new Intl.DateTimeFormat(locale, { month: 'long' }).format(at).toLocaleLowerCase(locale);
    const short = new Intl.DateTimeFormat(locale, { month: 'short' })
      .format(at)
      .toLocaleLowerCase(locale)
      .replace(/\.$/, '');
    if (wanted === short || long.startsWith(wanted)) return m + 1;
  }
  return undefined;
}

/**
 * A calendar date as a person types it in the screens' language, formatDate's way or with digits
 * alone ("30. 11. 2026", "30.11.2026" in Czech; "30 Nov 2026", "30/11/2026" in British English),
 * or as ISO (2026-11-30): its 'YYYY-MM-DD'; '' when nothing is typed; null when the text is no date
 * (a half-typed one, "31. 2. 2026", "zítra").
 */
export function parseDate(text: string, locale = currentLocale()): string | null {
  const t = text.trim();
  if (t === '') return '';
  // ISO in full only: "2025-03-1" is half of "2025-03-11" being typed, not the 1st.
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const tokens = iso === null ? t.split(/[\s.,/-]+/).filter((s) => s !== '') : iso.slice(1);
  if (tokens.length !== 3) return null;
  const order =
    iso === null
      ? dateParts(locale)
          .map((p) => p.type)
          .filter((type) => type === 'day' || type === 'month' || type === 'year')
      : ['year', 'month', 'day'];
  if (order.length !== 3) return null;
  const value: Partial<Record<string, number>> = {};
  for (const [i, type] of order.entries()) {
    const token = tokens[i] ?? '';
    if (type === 'year') {
      if (!/^\d{4}$/.test(token)) return null;
      value.year = Number(token);
    } else if (/^\d{1,2}$/.test(token)) {
      value[type] = Number(token);
    } else if (type === 'month') {
      value.month = monthByName(token, locale);
      if (value.month === undefined) return null;
    } else return null;
  }
  const { year = 0, month = 0, day = 0 } = value;
  const at = new Date(year, month - 1, day);
  // Date rolls 31 February over into March: the day must be the one typed.
  if (at.getFullYear() !== year || at.getMonth() !== month - 1 || at.getDate() !== day) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(year)}-${two(month)}-${two(day)}`;
}
