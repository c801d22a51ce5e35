// Number, money and age formatting in one place, so every screen reads the same.
const money = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const qty = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });

export const formatMoney = (n: number): string => money.format(n);
export const formatQty = (n: number | undefined): string => (n === undefined ? '–' : qty.format(n));

export function formatAge(iso: string | null, now = Date.now()): string {
  if (iso === null) return 'never';
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return 'unknown';
  const s = Math.max(0, Math.round((now - then) / 1000));
  if (s < 60) return `${s} s ago`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.round(h / 24)} days ago`;
}
