// The one keymap: every keyboard shortcut and every scan, with the rule for when it applies. Pure
// (no DOM, no core): the dispatcher (attach.ts) builds the context from the window and the store,
// asks `actionForKey` / `actionForScan` / `observersOf` which action applies, and performs it through
// the registry (registry.ts). Focus rules live here and nowhere else.
import type { Screen } from '../store.ts';

export type ActionName =
  | 'screen.sale'
  | 'screen.stock'
  | 'screen.orders'
  | 'screen.settings'
  | 'sale.placeOrder'
  | 'sale.void'
  | 'sale.selectNext'
  | 'sale.selectPrevious'
  | 'sale.increment'
  | 'sale.decrement'
  | 'sale.removeLine'
  | 'testPad.record'
  | 'scan.testPad'
  | 'scan.sale'
  | 'scan.stock'
  | 'scan.toSale';

/** Where focus is: a text field (input or textarea: keys there are typing), the scanner test pad, or elsewhere. */
export type Focus = 'field' | 'test-pad' | 'other';

export interface ActionContext {
  readonly screen: Screen;
  readonly focus: Focus;
  /** The Sale screen's selected line, as it is when the key comes. */
  readonly selectedLine: { readonly id: number | string; readonly quantity: number } | undefined;
}

export interface Binding {
  readonly name: ActionName;
  /** What triggers it: a key (its KeyboardEvent.key passes `key`), a scan, or every key (an observer,
   * which sees each key before the scanner module does, including the keys a scan is made of). */
  readonly trigger: 'key' | 'scan' | 'observe';
  readonly key?: (key: string) => boolean;
  /** When it applies. */
  readonly when: (ctx: ActionContext) => boolean;
  /** Performed only once the scanner's gap passed in silence: a '+', '-' or Delete inside a scanned
   * label (whose keys reach the page outside a text field) must not edit the sale. Any key in the gap
   * cancels it. */
  readonly waitsOutScan?: true;
}

const is =
  (...keys: string[]) =>
  (key: string): boolean =>
    keys.includes(key);
const always = (): boolean => true;
const onSale = (ctx: ActionContext): boolean => ctx.screen === 'sale';
/** Line keys act on the selected line, never while typing into a field. */
const onSaleLines = (ctx: ActionContext): boolean => onSale(ctx) && ctx.focus !== 'field';
const withLine = (ctx: ActionContext): boolean => onSaleLines(ctx) && ctx.selectedLine !== undefined;

export const KEYMAP: readonly Binding[] = [
  { name: 'screen.sale', trigger: 'key', key: is('F1'), when: always },
  { name: 'screen.stock', trigger: 'key', key: is('F2'), when: always },
  { name: 'screen.orders', trigger: 'key', key: is('F3'), when: always },
  { name: 'screen.settings', trigger: 'key', key: is('F4'), when: always },
  { name: 'sale.placeOrder', trigger: 'key', key: is('F9'), when: onSale },
  { name: 'sale.void', trigger: 'key', key: is('F8'), when: onSale },
  { name: 'sale.selectNext', trigger: 'key', key: is('ArrowDown'), when: onSaleLines },
  { name: 'sale.selectPrevious', trigger: 'key', key: is('ArrowUp'), when: onSaleLines },
  { name: 'sale.increment', trigger: 'key', key: is('+'), when: withLine, waitsOutScan: true },
  {
    name: 'sale.decrement',
    trigger: 'key',
    key: is('-'),
    when: (ctx) => withLine(ctx) && (ctx.selectedLine?.quantity ?? 0) > 1,
    waitsOutScan: true,
  },
  { name: 'sale.removeLine', trigger: 'key', key: is('Delete'), when: withLine, waitsOutScan: true },
  // The test pad lists every key it receives, the scanner's included.
  { name: 'testPad.record', trigger: 'observe', when: (ctx) => ctx.focus === 'test-pad' },
  // A scan goes to the first of these that applies: the test pad classifies it, the Sale adds it,
  // Stock looks it up, Orders and Settings add it to the open sale and say so.
  { name: 'scan.testPad', trigger: 'scan', when: (ctx) => ctx.focus === 'test-pad' },
  { name: 'scan.sale', trigger: 'scan', when: onSale },
  { name: 'scan.stock', trigger: 'scan', when: (ctx) => ctx.screen === 'stock' },
  {
    name: 'scan.toSale',
    trigger: 'scan',
    when: (ctx) => ctx.screen === 'orders' || ctx.screen === 'settings',
  },
];

/** The action a key triggers in this context, if any. */
export function actionForKey(key: string, ctx: ActionContext): Binding | undefined {
  return KEYMAP.find((b) => b.trigger === 'key' && b.key?.(key) === true && b.when(ctx));
}

/** The action a scan triggers in this context, if any. */
export function actionForScan(ctx: ActionContext): Binding | undefined {
  return KEYMAP.find((b) => b.trigger === 'scan' && b.when(ctx));
}

/** The observers that see this key (before the scanner module). */
export function observersOf(ctx: ActionContext): Binding[] {
  return KEYMAP.filter((b) => b.trigger === 'observe' && b.when(ctx));
}
