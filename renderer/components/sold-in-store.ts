// "Sold in this store since the last sync" (issue 38): this till's part and each other till's, as
// the Stock screen and the Sale screen's name-search list say it.
import type { TFunction } from 'i18next';

export interface SoldFigures {
  /** Sold at this till that the synced figure does not show yet. */
  readonly soldHere?: number | undefined;
  /** Each other till's part, as its journal reached this till. */
  readonly soldInStore?: readonly { readonly till: string; readonly quantity: number }[] | undefined;
}

/** What this till and the store's other tills sold since the figures were synced. */
export function soldInStoreTotal(w: SoldFigures): number {
  const others = (w.soldInStore ?? []).reduce((sum, s) => sum + s.quantity, 0);
  return Math.round(((w.soldHere ?? 0) + others) * 1000) / 1000;
}

/** Each till's part: this till first (when it sold any), then the others in their names' order. */
export function soldPerTill(t: TFunction<'stock'>, w: SoldFigures, qty: (n: number) => string): string {
  const here = w.soldHere === undefined ? [] : [t('soldInStoreHere', { sold: qty(w.soldHere) })];
  const others = (w.soldInStore ?? []).map((s) =>
    t('soldInStoreTill', { till: s.till, sold: qty(s.quantity) }),
  );
  return [...here, ...others].join(', ');
}

/**
 * This till's own note (no other till's figures): what it sold since the sync, or, when it took
 * more back than it sold, what came back.
 */
export function soldHereNote(
  t: TFunction<'stock'>,
  available: string,
  soldHere: number,
  qty: (n: number) => string,
): string {
  return soldHere < 0
    ? t('returnedHereNote', { available, returned: qty(-soldHere) })
    : t('soldHereNote', { available, sold: qty(soldHere) });
}

/** The note under a product (its Stock row, its entry in the find list) when anything was sold since the sync. */
export interface SoldNote {
  readonly text: string;
  /** What the figures mean, shown on hover. */
  readonly title: string;
  /** data-sold-here, and data-sold-in-store when other tills' figures are in it. */
  readonly marks: Record<`data-${string}`, string>;
}

/** The note for `w` with `available` (already written): the store's tills' sales, or this till's own. */
export function soldNote(
  t: TFunction<'stock'>,
  w: SoldFigures,
  available: string,
  qty: (n: number) => string,
): SoldNote | undefined {
  if (w.soldInStore !== undefined) {
    const sold = soldInStoreTotal(w);
    return {
      text: t('soldInStoreNote', { available, sold: qty(sold), tills: soldPerTill(t, w, qty) }),
      title: t('soldInStoreExplained'),
      marks: { 'data-sold-here': String(w.soldHere ?? 0), 'data-sold-in-store': String(sold) },
    };
  }
  if (w.soldHere === undefined) return undefined;
  return {
    text: soldHereNote(t, available, w.soldHere, qty),
    title: t('soldHereExplained'),
    marks: { 'data-sold-here': String(w.soldHere) },
  };
}
