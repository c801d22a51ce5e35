// A return without a receipt on the Returns screen (issue 37, point 3): "Bez účtenky" (F6) opens it.
// The cashier scans each product the customer brings (or types its code or name and picks it), says
// how much comes back and, where the manager says so, at what price (empty: the catalog's). The core's
// plan (returns.planWithoutReceipt) shows each line's refund and the cash out before anything is
// stored; F9 makes it through returns.makeWithoutReceipt, which is always the manager's: the PIN
// dialog shows the products and prices the manager confirms. One PIN, one return: the lock shuts after.
import { create } from 'zustand';
import type { ReturnView, ReturnWithoutReceiptPlanView } from '../../contract/contract.ts';
import { formatQty, parseQuantity } from '../format/format.ts';
import { i18n } from '../i18n/index.ts';
import { spoken } from '../i18n/spoken.ts';
import { lockManager, withPin } from './guard.ts';
import { message, useApp } from './app.ts';
import { pos } from './pos.ts';
import { parseAmount } from './tender.ts';

/** One product coming back: how it was named (its barcode, or its id when picked by name) and what was typed. */
export interface GoodsLine {
  readonly key: number;
  readonly by: { readonly barcode: string } | { readonly productId: number };
  readonly quantity: string;
  /** The price the manager confirms; empty: the catalog's. */
  readonly price: string;
}

/** A product found by name, to pick. */
export interface FoundGoods {
  readonly productId: number;
  readonly name: string;
  readonly code?: string;
  readonly price?: number;
}

export interface NoReceiptUi {
  readonly open: boolean;
  /** The code-or-name field's text. */
  readonly text: string;
  readonly lines: readonly GoodsLine[];
  /** Products found by name, to pick one; empty: none asked or none found. */
  readonly found: readonly FoundGoods[];
  readonly plan: ReturnWithoutReceiptPlanView | null;
  readonly error: string | null;
  readonly busy: boolean;
}

const CLOSED: NoReceiptUi = {
  open: false,
  text: '',
  lines: [],
  found: [],
  plan: null,
  error: null,
  busy: false,
};

export const useNoReceipt = create<NoReceiptUi>()(() => CLOSED);

let nextKey = 1;
/** Answers that come back after a newer question are dropped (the plan of an older quantity). */
let asked = 0;

export function openNoReceipt(): void {
  asked++;
  useNoReceipt.setState({ ...CLOSED, open: true });
}

export function closeNoReceipt(): void {
  asked++;
  useNoReceipt.setState(CLOSED);
}

export function setNoReceiptText(text: string): void {
  useNoReceipt.setState({ text });
}

type Item =
  | { barcode: string; quantity: number; unitPrice?: number }
  | {
      productId: number;
      quantity: number;
      unitPrice?: number;
    };

/** The lines as the core's request, or the cashier's words for the first text that is no quantity or price. */
function itemsOf(lines: readonly GoodsLine[]): { items: Item[] } | { bad: string } {
  const items: Item[] = [];
  for (const line of lines) {
    const quantity = parseQuantity(line.quantity);
    if (quantity === undefined || !(quantity > 0))
      return {
        bad: spoken([{ key: 'returnQuantity', values: { quantity: line.quantity.trim() } }], line.quantity),
      };
    const price = parseAmount(line.price);
    if (price !== undefined && !(price > 0))
      return { bad: i18n.t('returns:notPrice', { text: line.price.trim() }) };
    items.push({ ...line.by, quantity, ...(price === undefined ? {} : { unitPrice: price }) });
  }
  return { items };
}

/**
 * Plans these lines; they are kept only when the core could plan them (a code not in the offline
 * catalog is said and left out). A quantity or price that is no number is said, the lines kept.
 */
async function planWith(lines: readonly GoodsLine[], keepOnRefusal: boolean): Promise<void> {
  const ask = ++asked;
  const wanted = itemsOf(lines);
  if ('bad' in wanted) {
    useNoReceipt.setState({ lines, plan: null, error: wanted.bad });
    return;
  }
  if (wanted.items.length === 0) {
    useNoReceipt.setState({ lines, plan: null, error: null });
    return;
  }
  if (keepOnRefusal) useNoReceipt.setState({ lines });
  try {
    const plan = await pos.invoke('returns.planWithoutReceipt', { items: wanted.items });
    if (ask === asked) useNoReceipt.setState({ lines, plan, error: null });
  } catch (error) {
    if (ask === asked)
      useNoReceipt.setState({
        plan: keepOnRefusal ? null : useNoReceipt.getState().plan,
        error: message(error),
      });
  }
}

/** A product scanned (or its code typed): one more of it when it is on the list already, else a new line. */
export function addBarcode(code: string): Promise<void> {
  const barcode = code.trim();
  if (barcode === '') return Promise.resolve();
  const { lines } = useNoReceipt.getState();
  useNoReceipt.setState({ text: '', found: [] });
  const same = lines.find((l) => 'barcode' in l.by && l.by.barcode === barcode);
  const one = parseQuantity(same?.quantity ?? '');
  if (same !== undefined && one !== undefined)
    return planWith(
      lines.map((l) => (l === same ? { ...l, quantity: formatQty(one + 1) } : l)),
      true,
    );
  return planWith([...lines, { key: nextKey++, by: { barcode }, quantity: '1', price: '' }], false);
}

/** A product picked from the found list. */
export function pickGoods(productId: number): Promise<void> {
  const { lines } = useNoReceipt.getState();
  useNoReceipt.setState({ text: '', found: [] });
  return planWith([...lines, { key: nextKey++, by: { productId }, quantity: '1', price: '' }], false);
}

/** Enter in the code-or-name field: digits are a code; anything else is looked up by name. */
export async function addTyped(): Promise<void> {
  const text = useNoReceipt.getState().text.trim();
  if (text === '') return;
  if (/^\d+$/.test(text)) return addBarcode(text);
  const warehouseId = useApp.getState().settings?.warehouseId ?? null;
  try {
    const result = await pos.invoke('stock.search', {
      text,
      limit: 8,
      ...(warehouseId === null ? {} : { warehouseId }),
    });
    const found = result.products.map((p) => ({
      productId: p.productId,
      name: p.productName ?? p.productCode ?? String(p.productId),
      ...(p.productCode === undefined ? {} : { code: p.productCode }),
      ...(p.price === undefined ? {} : { price: p.price }),
    }));
    useNoReceipt.setState({
      found,
      error: found.length === 0 ? i18n.t('returns:noReceiptNothingFound', { text }) : null,
    });
  } catch (error) {
    useNoReceipt.setState({ error: message(error) });
  }
}

export function setGoodsQuantity(key: number, quantity: string): Promise<void> {
  const { lines } = useNoReceipt.getState();
  return planWith(
    lines.map((l) => (l.key === key ? { ...l, quantity } : l)),
    true,
  );
}

export function setGoodsPrice(key: number, price: string): Promise<void> {
  const { lines } = useNoReceipt.getState();
  return planWith(
    lines.map((l) => (l.key === key ? { ...l, price } : l)),
    true,
  );
}

export function removeGoods(key: number): Promise<void> {
  const { lines } = useNoReceipt.getState();
  return planWith(
    lines.filter((l) => l.key !== key),
    true,
  );
}

/**
 * Takes the goods back: the manager's PIN (always: the dialog names each product and its price),
 * then stored. Returns the return made, or null when it was not (what stopped it is said).
 */
export async function makeNoReceipt(): Promise<ReturnView | null> {
  const { lines, plan, busy } = useNoReceipt.getState();
  if (plan === null || busy) return null;
  const wanted = itemsOf(lines);
  if ('bad' in wanted) return null;
  useNoReceipt.setState({ busy: true, error: null });
  try {
    const made = await withPin(() => pos.invoke('returns.makeWithoutReceipt', { items: wanted.items }));
    asked++;
    useNoReceipt.setState(CLOSED);
    return made;
  } catch (error) {
    useNoReceipt.setState({ busy: false, error: message(error) });
    return null;
  } finally {
    // One PIN, one return: the lock shuts again once it is made (or not).
    await lockManager();
  }
}
