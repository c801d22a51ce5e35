// Find by name on the Sale screen: what is typed into the code field (never a scan: the scanner
// module holds a scan's keys back) is looked up as the cashier types, in the same diacritics-
// insensitive index the Stock screen searches, for this terminal's warehouse. Arrows pick, Enter adds
// (addStockItem), Esc closes; a `3*` typed first adds that many.
import type { StockProductView } from '../../contract/contract.ts';
import { i18n } from '../i18n/index.ts';
import { pos } from './pos.ts';
import { message, setSale, useApp, type FoundProduct } from './app.ts';
import { addStockItem, announce, closeFind, splitQuantity, typedQuantity } from './sale.ts';

/** As many as fit under the field. */
export const FIND_LIMIT = 8;
/** Typing waits this long for the next key before asking the cache. */
const TYPING_PAUSE_MS = 80;

let pending: ReturnType<typeof setTimeout> | undefined;
/** Latest query wins: an answer to an older query that arrives late is dropped. */
let latest = 0;

/** The code field's text as typed: the list follows it once typing pauses. */
export function typeCode(entry: string): void {
  const { rest } = splitQuantity(entry);
  clearTimeout(pending);
  const query = ++latest;
  // Nothing to look for yet (empty, or only a `3*` or `1,5*`, a quantity): no list.
  if (rest.length < 2 || typedQuantity(entry) !== undefined) {
    setSale({ entry, find: { open: false, text: rest, results: [], highlighted: -1 } });
    return;
  }
  setSale({ entry });
  pending = setTimeout(() => void run(rest, query), TYPING_PAUSE_MS);
}

/**
 * Esc: the list closes and stays closed for what is typed now. A search still waiting for the typing
 * pause, or still on its way, no longer answers (it reopened the list after Esc on a loaded CI run).
 */
export function closeList(): void {
  clearTimeout(pending);
  latest += 1;
  closeFind();
}

/** Whether a search for `text` still answers what the field holds (a scan or a sale may have emptied it). */
function current(text: string, query: number): boolean {
  return query === latest && splitQuantity(useApp.getState().sale.entry).rest === text;
}

async function run(text: string, query: number): Promise<void> {
  if (!current(text, query)) return;
  const { settings, session } = useApp.getState();
  const warehouseId = settings?.warehouseId ?? session?.warehouseId ?? null;
  try {
    const found = await pos.invoke('stock.search', {
      text,
      limit: FIND_LIMIT,
      ...(warehouseId === null ? {} : { warehouseId }),
    });
    if (!current(text, query)) return;
    const results = found.products.flatMap((p) => inWarehouse(p, warehouseId));
    // A code typed by hand (digits only) is looked up as a code on Enter unless an arrow picks one.
    const highlighted = results.length > 0 && !/^\d+$/.test(text) ? 0 : -1;
    setSale({ find: { open: true, text, results, highlighted } });
  } catch (error) {
    if (current(text, query)) announce({ tone: 'error', text: message(error) });
  }
}

function inWarehouse(p: StockProductView, warehouseId: number | null): FoundProduct[] {
  const here = p.warehouses.find((w) => w.warehouseId === warehouseId) ?? p.warehouses[0];
  if (here?.stockItemId === undefined) return [];
  return [
    {
      stockItemId: here.stockItemId,
      productId: p.productId,
      name: p.productName ?? p.productCode ?? i18n.t('sale:productNumber', { id: String(p.productId) }),
      ...(p.productCode === undefined ? {} : { code: p.productCode }),
      ...(p.barcode === undefined ? {} : { barcode: p.barcode }),
      ...(p.unitOfMeasure === undefined ? {} : { unit: p.unitOfMeasure }),
      ...(p.price === undefined ? {} : { price: p.price }),
      ...(here.availableNow === undefined ? {} : { inStock: here.availableNow }),
      ...(here.soldHere === undefined ? {} : { soldHere: here.soldHere }),
      ...(here.soldInStore === undefined ? {} : { soldInStore: here.soldInStore }),
    },
  ];
}

/** Moves the highlight by `by` within the list (ArrowDown / ArrowUp). */
export function movePick(by: number): void {
  const { find } = useApp.getState().sale;
  if (find.results.length === 0) return;
  const next = Math.max(0, Math.min(find.results.length - 1, find.highlighted + by));
  setSale({ find: { ...find, highlighted: next } });
}

export function highlight(index: number): void {
  const { find } = useApp.getState().sale;
  setSale({ find: { ...find, highlighted: index } });
}

/** Adds the highlighted product (Enter), or the one clicked. */
export async function addPicked(index?: number): Promise<void> {
  const { find } = useApp.getState().sale;
  const picked = find.results[index ?? find.highlighted];
  if (picked === undefined) return;
  clearTimeout(pending);
  latest++;
  await addStockItem(picked.stockItemId);
}
