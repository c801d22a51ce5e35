// The formatters bound to the screens' language and the price currency, for components: a
// language or currency change renders the component again with the new ones.
import type { TFunction } from 'i18next';
import * as format from '../format/format.ts';
import { currentLocale } from '../i18n/index.ts';
import { useWords } from '../i18n/kept-words.ts';
import { useApp } from '../store/app.ts';

export interface Formatters {
  readonly locale: string;
  /** The prices' currency (ISO 4217), or null when none is known. */
  readonly currency: string | null;
  /** A price or sale amount, in the prices' currency (Settings; else the receivables'). */
  price(n: number): string;
  /** A unit price: as many decimals as it has, at least two ("0,125 Kč"). */
  unitPrice(n: number): string;
  /** A price that may go either way, always signed ("−0,17 Kč", "+0,50 Kč"): the cash rounding. */
  signedPrice(n: number): string;
  /** An amount in a given currency (a receivable's own), or none. */
  money(n: number, currency?: string | null): string;
  qty(n: number | undefined): string;
  number(n: number): string;
  age(iso: string | null, now?: number): string;
  time(iso: string | number, now?: number): string;
  dateTime(iso: string | number | Date): string;
  date(iso: string): string;
}

/**
 * `given.currency`: the prices' currency from elsewhere than the settings (the customer display's view).
 * The same formatters for the same language, locale and currency: every row, total and notice a scan
 * renders asks, and they were a dozen closures each time.
 */
export function useFormat(given?: { readonly currency: string | null }): Formatters {
  // The words render the component again when the language changes; the locale follows it.
  const t = useWords('common');
  const fromSettings = useApp((s) => s.settings?.currency ?? null);
  const currency = given === undefined ? fromSettings : given.currency;
  const locale = currentLocale();
  const id = `${locale}\u0000${currency ?? ''}`;
  let kept = made.get(t);
  if (kept === undefined) {
    kept = new Map();
    made.set(t, kept);
  }
  let format = kept.get(id);
  if (format === undefined) {
    format = formatters(t, locale, currency);
    kept.set(id, format);
  }
  return format;
}

/** Formatters made, by the words they say "never" with (one per language), locale and currency. */
const made = new WeakMap<TFunction, Map<string, Formatters>>();

function formatters(t: TFunction, locale: string, currency: string | null): Formatters {
  return {
    locale,
    currency,
    price: (n) => format.formatMoney(n, currency, locale),
    unitPrice: (n) => format.formatUnitPrice(n, currency, locale),
    signedPrice: (n) => format.formatSignedMoney(n, currency, locale),
    money: (n, c) => format.formatMoney(n, c, locale),
    qty: (n) => format.formatQty(n, locale),
    number: (n) => format.formatNumber(n, locale),
    age: (iso, now) => format.formatAge(iso, { never: t('never'), unknown: t('unknown') }, now, locale),
    time: (iso, now) => format.formatTime(iso, now, locale),
    dateTime: (iso) => format.formatDateTime(iso, locale),
    date: (iso) => format.formatDate(iso, locale),
  };
}
