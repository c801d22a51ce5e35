// A price a manager enters for a product the catalog has no usable price for: F6 (or the button
// under the refusal) opens a small dialog over the sale; Enter adds the product at that price
// (the core asks for the manager PIN when one is set), Esc goes back to the sale untouched.
import { create } from 'zustand';
import { i18n } from '../i18n/index.ts';
import { useApp, type Unpriced } from './app.ts';
import { addPriced } from './sale.ts';
import { parseAmount } from './tender.ts';

export interface PriceEntryUi {
  /** The product the price is for; null: the dialog is closed. */
  readonly item: Unpriced | null;
  /** The price as typed ("12,50"). */
  readonly text: string;
  /** Why what was typed is no price, in the screens' language. */
  readonly error: string | null;
}

const CLOSED: PriceEntryUi = { item: null, text: '', error: null };

export const usePriceEntry = create<PriceEntryUi>()(() => CLOSED);

/** Opens the dialog for the product the last scan was refused for, if any. */
export function openPriceEntry(): void {
  const item = useApp.getState().sale.unpriced;
  if (item !== null) usePriceEntry.setState({ item, text: '', error: null });
}

export function closePriceEntry(): void {
  usePriceEntry.setState(CLOSED);
}

export function setPriceText(text: string): void {
  usePriceEntry.setState({ text, error: null });
}

/** Enter: a price above 0 in whole cents adds the product at it; anything else is said in the dialog. */
export async function confirmPriceEntry(): Promise<void> {
  const { item, text } = usePriceEntry.getState();
  if (item === null) return;
  const price = parseAmount(text);
  if (price === undefined || Number.isNaN(price) || price <= 0) {
    usePriceEntry.setState({ error: i18n.t('sale:priceEntryInvalid') });
    return;
  }
  // The dialog closes first: the manager PIN prompt, when one is asked for, stands alone.
  closePriceEntry();
  await addPriced(item, price);
}
