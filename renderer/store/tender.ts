// The payment panel's arithmetic (pure): round notes above the total, the amount typed, the change.
export type Method = 'cash' | 'card';

/**
 * The banknotes in use, by ISO 4217 code: the currencies of the stores Counter speaks to (Czech and
 * Slovak) and their neighbours'. A 12,50 EUR sale is paid with a 20, not a 100.
 */
const NOTES: Readonly<Record<string, readonly number[]>> = {
  CZK: [100, 200, 500, 1000, 2000, 5000],
  EUR: [5, 10, 20, 50, 100, 200, 500],
  PLN: [10, 20, 50, 100, 200, 500],
  HUF: [500, 1000, 2000, 5000, 10000, 20000],
  GBP: [5, 10, 20, 50],
  USD: [1, 5, 10, 20, 50, 100],
  CHF: [10, 20, 50, 100, 200, 1000],
};

/** Any other currency, or none known: the 1-2-5 series most currencies' notes follow. */
const SERIES = [1, 10, 100, 1000, 10000, 100000].flatMap((p) => [p, 2 * p, 5 * p]);

/** The amounts a customer hands over: each note's next multiple at or above the total, five at most. */
export function quickAmounts(total: number, currency: string | null): number[] {
  const out: number[] = [];
  for (const note of (currency === null ? undefined : NOTES[currency]) ?? SERIES) {
    const amount = Math.max(note, Math.ceil(total / note - 1e-9) * note);
    if (amount >= total && !out.includes(amount)) out.push(amount);
  }
  return out.slice(0, 5);
}

/** The amount typed, as a number (',' or '.' for decimals); undefined when it is not one. */
export function parseAmount(text: string): number | undefined {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (t === '') return undefined;
  if (!/^\d+(\.\d{0,2})?$/.test(t)) return Number.NaN;
  return Number(t);
}

const cents = (n: number): number => Math.round(n * 100);

/** What the panel shows and Enter would do, worked out from the state and the sale's total. */
export function paymentSummary(p: { readonly method: Method; readonly given: string }, total: number) {
  if (p.method === 'card') return { given: total, change: 0, short: 0, valid: true as boolean };
  const parsed = parseAmount(p.given);
  if (parsed !== undefined && Number.isNaN(parsed))
    return { given: Number.NaN, change: 0, short: 0, valid: false as boolean };
  const given = parsed ?? total;
  const diff = cents(given) - cents(total);
  return { given, change: Math.max(0, diff) / 100, short: Math.max(0, -diff) / 100, valid: diff >= 0 };
}
