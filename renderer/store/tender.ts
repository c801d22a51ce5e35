// The payment panel's arithmetic (pure): round notes above the total, the amount typed, the change.
export type Method = 'cash' | 'card';

/** The notes a customer hands over, CZK-style: the next 100, 200, 500, 1000, 2000, 5000 at or above the total. */
export function quickAmounts(total: number): number[] {
  const out: number[] = [];
  for (const note of [100, 200, 500, 1000, 2000, 5000]) {
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
