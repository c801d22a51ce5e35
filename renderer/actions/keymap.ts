// The one keymap: every keyboard shortcut and every scan, with the rule for when it applies. Pure
// (no DOM, no core): the dispatcher (attach.ts) builds the context from the window and the store,
// asks `actionForKey` / `actionForScan` / `observersOf` which action applies, and performs it through
// the registry (registry.ts). Focus rules live here and nowhere else.
import type { Screen } from '../store/app.ts';
import type { LineId } from '../../contract/ids.ts';

export type ActionName =
  | 'screen.sale'
  | 'screen.stock'
  | 'screen.orders'
  | 'screen.settings'
  | 'screen.shift'
  | 'screen.returns'
  | 'returns.make'
  | 'returns.print'
  | 'returns.exchange'
  | 'returns.noReceipt'
  | 'scan.returns'
  | 'shift.print'
  | 'float.confirm'
  | 'float.cancel'
  | 'sale.openPayment'
  | 'sale.void'
  | 'sale.selectNext'
  | 'sale.selectPrevious'
  | 'sale.increment'
  | 'sale.decrement'
  | 'sale.removeLine'
  | 'sale.undoRemove'
  | 'sale.typeToCode'
  | 'stock.typeToSearch'
  | 'returns.typeToFind'
  | 'sale.setQuantity'
  | 'sale.enterPrice'
  | 'sale.parked'
  | 'parked.park'
  | 'parked.next'
  | 'parked.previous'
  | 'parked.confirm'
  | 'parked.close'
  | 'sale.adjustLine'
  | 'sale.openDrawer'
  | 'sale.issueCard'
  | 'card.confirm'
  | 'card.cancel'
  | 'scan.cardBarcode'
  | 'adjust.confirm'
  | 'adjust.cancel'
  | 'price.confirm'
  | 'price.cancel'
  | 'find.next'
  | 'find.previous'
  | 'find.add'
  | 'find.close'
  | 'testPad.record'
  | 'scan.testPad'
  | 'scan.sale'
  | 'scan.stock'
  | 'scan.toSale'
  | 'payment.confirm'
  | 'payment.cancel'
  | 'payment.cash'
  | 'payment.card'
  | 'payment.split'
  | 'receipt.print'
  | 'receipt.close'
  | 'returnReceipt.print'
  | 'returnReceipt.close'
  | 'sale.addHeld'
  | 'sale.discardHeld'
  | 'dialog.tab'
  | 'scan.dialog'
  | 'guard.leave'
  | 'warning.confirm'
  | 'testPad.leave';

/** Where focus is: a text field (input or textarea: keys there are typing), the scanner test pad, or elsewhere. */
export type Focus = 'field' | 'test-pad' | 'other';

export interface ActionContext {
  readonly screen: Screen;
  readonly focus: Focus;
  /** The Sale screen's selected line, as it is when the key comes. */
  readonly selectedLine: { readonly id: LineId; readonly quantity: number } | undefined;
  /** The Sale screen's find-by-name list is open; `highlighted`: one of its products is picked. */
  readonly find?: { readonly highlighted: boolean };
  /** The code field has focus and holds a quantity alone (`5*`): Enter sets the selected line's. */
  readonly typedQuantity?: boolean;
  /** A removed line can still be brought back. */
  readonly undo?: boolean;
  /** A modal dialog open over the screen (the payment panel, a receipt): only its keys apply. */
  readonly dialog?:
    | 'payment'
    | 'receipt'
    | 'return-receipt'
    | 'confirm'
    | 'warning'
    | 'pin'
    | 'price'
    | 'parked'
    | 'adjust'
    | 'float'
    | 'card';
  /** The last scan was refused for want of a usable price: a manager may enter one. */
  readonly unpriced?: boolean;
  /** A receipt is on the screen (the one just placed, on Sale): F7 prints it. */
  readonly receiptShown?: boolean;
  /** F10 on the Sale screen: the sale on the counter can be parked ('park'), or only parked sales
   * can be recalled ('list'); absent when there is neither. */
  readonly parking?: 'park' | 'list';
  /** Focus is on a button: Enter presses it (the browser's own), unless a binding says otherwise. */
  readonly onButton?: boolean;
  /** A receipt printer is set and nothing is on the counter: its cash drawer can open without a sale. */
  readonly drawer?: boolean;
  /** Scans made over a sale that has left the counter are held (store/held-scans.ts). */
  readonly held?: boolean;
}

export interface Binding {
  readonly name: ActionName;
  /** What triggers it: a key (its KeyboardEvent.key passes `key`), a scan, or every key (an observer,
   * which sees each key before the scanner module does, including the keys a scan is made of). Keys
   * held with Ctrl (or Cmd) are named `Ctrl+<key>`, e.g. `Ctrl+z` (keyName). */
  readonly trigger: 'key' | 'scan' | 'observe';
  readonly key?: (key: string) => boolean;
  /** An observer that sees only the keys no key binding takes in this context. */
  readonly yieldsToKeys?: true;
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
/** Everywhere, unless a dialog is open: a dialog traps the keyboard until it is left. */
const always = (ctx: ActionContext): boolean => ctx.dialog === undefined;
/** Outside dialogs, on that screen. */
const onScreen =
  (screen: Screen) =>
  (ctx: ActionContext): boolean =>
    always(ctx) && ctx.screen === screen;
const onSale = onScreen('sale');
const inDialog =
  (dialog: ActionContext['dialog']) =>
  (ctx: ActionContext): boolean =>
    ctx.dialog === dialog;
/** Line keys act on the selected line, never while typing into a field. */
const onSaleLines = (ctx: ActionContext): boolean => onSale(ctx) && ctx.focus !== 'field';
const withLine = (ctx: ActionContext): boolean => onSaleLines(ctx) && ctx.selectedLine !== undefined;
const finding = (ctx: ActionContext): boolean => onSale(ctx) && ctx.find !== undefined;
/** One printable character (not a named key like 'Enter', not a Ctrl+ combination). */
const printable = (key: string): boolean => key.length === 1 || /^\p{L}\p{M}*$/u.test(key);

/** The name a key binding matches: KeyboardEvent.key, prefixed `Ctrl+` when Ctrl or Cmd is held. */
export function keyName(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): string {
  if ((event.ctrlKey || event.metaKey) && !event.altKey) return `Ctrl+${event.key.toLowerCase()}`;
  return event.key;
}

/** A key binding: `key` (KeyboardEvent.key, or `Ctrl+<key>`) triggers `name` when `when` holds. */
const press = (name: ActionName, key: string, when: Binding['when']): Binding => ({
  name,
  trigger: 'key',
  key: is(key),
  when,
});
/** A scan binding: a scan goes to `name` when `when` holds (the first that applies). */
const scan = (name: ActionName, when: Binding['when']): Binding => ({ name, trigger: 'scan', when });

export const KEYMAP: readonly Binding[] = [
  // The payment panel (F9): Enter places the order, Esc goes back to the sale, F2 cash, F3 card, F4
  // card + cash. Enter on a focused button is that button's (a round note chooses that note).
  press('payment.confirm', 'Enter', (ctx) => inDialog('payment')(ctx) && ctx.onButton !== true),
  press('payment.cancel', 'Escape', inDialog('payment')),
  press('payment.cash', 'F2', inDialog('payment')),
  press('payment.card', 'F3', inDialog('payment')),
  press('payment.split', 'F4', inDialog('payment')),
  // A receipt: F7 prints it (the dialog's, or the one just placed on Sale), Esc closes the dialog.
  press(
    'receipt.print',
    'F7',
    (ctx) => ctx.dialog === 'receipt' || (onSale(ctx) && ctx.receiptShown === true),
  ),
  press('receipt.close', 'Escape', inDialog('receipt')),
  // A return's receipt on Orders: F7 prints it, Esc closes it.
  press('returnReceipt.print', 'F7', inDialog('return-receipt')),
  press('returnReceipt.close', 'Escape', inDialog('return-receipt')),
  // A manager's price for a product without one (F6 on the Sale screen opens it): Enter adds, Esc goes back.
  press('price.confirm', 'Enter', inDialog('price')),
  press('price.cancel', 'Escape', inDialog('price')),
  // The float, asked for when F9 finds no shift open: Enter opens the shift and pays, Esc goes back.
  press('float.confirm', 'Enter', inDialog('float')),
  press('float.cancel', 'Escape', inDialog('float')),
  // Parked sales (F10 on the Sale screen opens them): F10 parks the sale on the counter, the arrows
  // choose a parked one, Enter recalls it (or presses the focused button), Esc goes back.
  press('parked.park', 'F10', (ctx) => ctx.dialog === 'parked' && ctx.parking === 'park'),
  press('parked.next', 'ArrowDown', inDialog('parked')),
  press('parked.previous', 'ArrowUp', inDialog('parked')),
  press('parked.confirm', 'Enter', inDialog('parked')),
  press('parked.close', 'Escape', inDialog('parked')),
  // A line's own discount or price override (Ctrl+D on the selected line opens it): Enter sets, Esc goes back.
  press('adjust.confirm', 'Enter', inDialog('adjust')),
  press('adjust.cancel', 'Escape', inDialog('adjust')),
  // A new loyalty card (Ctrl+K on the Sale screen opens it): a person's Enter issues it (a scanner's
  // Enter never reaches the keymap: the scanner module keeps a scan's keys), Enter on a button is that
  // button's, Esc goes back.
  press('card.confirm', 'Enter', (ctx) => inDialog('card')(ctx) && ctx.onButton !== true),
  press('card.cancel', 'Escape', inDialog('card')),
  // A confirmation (Esc keeps: the destructive answer is never the default) or the manager PIN prompt.
  press(
    'guard.leave',
    'Escape',
    (ctx) => ctx.dialog === 'confirm' || ctx.dialog === 'warning' || ctx.dialog === 'pin',
  ),
  // The stock rule's warning (an inactive item, out of stock, more than in stock): Enter sells it anyway.
  press('warning.confirm', 'Enter', inDialog('warning')),
  // Focus stays inside an open dialog: Tab and Shift+Tab cycle through its controls.
  press('dialog.tab', 'Tab', (ctx) => ctx.dialog !== undefined),
  press('screen.sale', 'F1', always),
  press('screen.stock', 'F2', always),
  press('screen.orders', 'F3', always),
  press('screen.settings', 'F4', always),
  press('screen.shift', 'F5', always),
  press('screen.returns', 'F11', always),
  // The Returns screen: F9 takes the chosen lines back (as F9 pays on Sale), F7 prints its receipt.
  press('returns.make', 'F9', onScreen('returns')),
  press('returns.print', 'F7', onScreen('returns')),
  // F8: the chosen lines as a credit to the Sale screen, an exchange (F8 voids only on Sale).
  press('returns.exchange', 'F8', onScreen('returns')),
  // F6: a return without a receipt (products scanned instead of a receipt); F6 again goes back.
  press('returns.noReceipt', 'F6', onScreen('returns')),
  // F7 on the Shift screen prints the report it shows.
  press('shift.print', 'F7', onScreen('shift')),
  press('sale.openPayment', 'F9', onSale),
  // The find-by-name list under the code field, while it is open: arrows pick, Enter adds, Esc closes.
  press('find.next', 'ArrowDown', finding),
  press('find.previous', 'ArrowUp', finding),
  press('find.add', 'Enter', (ctx) => ctx.find?.highlighted === true && onSale(ctx)),
  press('find.close', 'Escape', finding),
  // `5*` typed (the digits reach the code field from anywhere on Sale), then Enter: the selected
  // line's quantity. Not a scan: the scanner module keeps a scan's keys, its Enter included, from
  // the keymap; the same `5*` before a scan multiplies that scan instead.
  press(
    'sale.setQuantity',
    'Enter',
    (ctx) => onSale(ctx) && ctx.typedQuantity === true && ctx.selectedLine !== undefined,
  ),
  press('sale.void', 'F8', onSale),
  press('sale.parked', 'F10', (ctx) => onSale(ctx) && ctx.parking !== undefined),
  press('sale.enterPrice', 'F6', (ctx) => onSale(ctx) && ctx.unpriced === true),
  // Ctrl+D: a discount or a new price for the selected line (a manager's: the PIN when one is set).
  press('sale.adjustLine', 'Ctrl+d', (ctx) => onSale(ctx) && ctx.selectedLine !== undefined),
  // Ctrl+O: the cash drawer opened without a sale (the manager PIN when set), counted on the X and Z
  // reports; only between sales, so it never hands out change beside a sale's own.
  press('sale.openDrawer', 'Ctrl+o', (ctx) => onSale(ctx) && ctx.drawer === true),
  // Ctrl+K ("karta"): a new loyalty card from the stack for the customer, issued at the till and put
  // on this sale; from the code field too (a Ctrl key is never typing).
  press('sale.issueCard', 'Ctrl+k', onSale),
  // Ctrl+Enter: the scans held for a sale that left the counter (paid, parked, voided) go on the one
  // on it now (from any screen, as the banner above every screen offers).
  press('sale.addHeld', 'Ctrl+enter', (ctx) => always(ctx) && ctx.held === true),
  // Ctrl+Delete: or dropped (Delete alone removes the selected line).
  press('sale.discardHeld', 'Ctrl+delete', (ctx) => always(ctx) && ctx.held === true),
  press('sale.selectNext', 'ArrowDown', onSaleLines),
  press('sale.selectPrevious', 'ArrowUp', onSaleLines),
  { ...press('sale.increment', '+', withLine), waitsOutScan: true },
  {
    ...press('sale.decrement', '-', (ctx) => withLine(ctx) && (ctx.selectedLine?.quantity ?? 0) > 1),
    waitsOutScan: true,
  },
  { ...press('sale.removeLine', 'Delete', withLine), waitsOutScan: true },
  // Ctrl+Z outside a field is the sale's own undo (a removed line), never the browser's, which
  // would reach back into the code field's last edit.
  press('sale.undoRemove', 'Ctrl+z', onSaleLines),
  // Typed on the Sale screen with focus outside any field: the character goes to the code field (the
  // scanner module then judges it there: a scan's keys never land in it).
  {
    name: 'sale.typeToCode',
    trigger: 'observe',
    key: printable,
    yieldsToKeys: true,
    when: (ctx) => onSale(ctx) && ctx.focus === 'other',
  },
  // The same on the Stock screen: the character goes to the search field, where a scanner's first
  // key held back can still join the rest of its scan, and a person's is searched for.
  {
    name: 'stock.typeToSearch',
    trigger: 'observe',
    key: printable,
    yieldsToKeys: true,
    when: (ctx) => onScreen('stock')(ctx) && ctx.focus === 'other',
  },
  // The same on the Returns screen: to its find field (the receipt's number; with "Bez účtenky"
  // open, the goods' code or name), so a key typed as the screen opens is not lost.
  {
    name: 'returns.typeToFind',
    trigger: 'observe',
    key: printable,
    yieldsToKeys: true,
    when: (ctx) => onScreen('returns')(ctx) && ctx.focus === 'other',
  },
  // Esc always leaves the scanner test pad (Tab and Shift+Tab leave it as from anything else).
  press('testPad.leave', 'Escape', (ctx) => ctx.focus === 'test-pad'),
  // The test pad lists every key it receives, the scanner's included.
  { name: 'testPad.record', trigger: 'observe', when: (ctx) => ctx.focus === 'test-pad' },
  // A scan goes to the first of these that applies: the test pad describes it, the Sale adds it,
  // Stock looks it up, Returns finds the sale, Orders and Settings add it to the open sale and say so.
  // Any other scan while a dialog is open waits in the scan queue (actions/attach.ts) until it closes: the
  // total never changes under the payment panel, and no scan is dropped.
  // The one exception: the new card's dialog takes a scan into its code field (the card from the
  // stack). It fills the field only; the card is issued by a person's Enter or click.
  scan('scan.cardBarcode', inDialog('card')),
  scan('scan.dialog', (ctx) => ctx.dialog !== undefined),
  scan('scan.testPad', (ctx) => ctx.focus === 'test-pad'),
  scan('scan.sale', onSale),
  scan('scan.stock', onScreen('stock')),
  // On the Returns screen a scan is the receipt's QR: it lands in the find field and finds the sale.
  scan('scan.returns', onScreen('returns')),
  scan(
    'scan.toSale',
    (ctx) => always(ctx) && (ctx.screen === 'orders' || ctx.screen === 'settings' || ctx.screen === 'shift'),
  ),
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
export function observersOf(ctx: ActionContext, key?: string): Binding[] {
  return KEYMAP.filter(
    (b) =>
      b.trigger === 'observe' &&
      b.when(ctx) &&
      (b.key === undefined || (key !== undefined && b.key(key))) &&
      (b.yieldsToKeys !== true || key === undefined || actionForKey(key, ctx) === undefined),
  );
}
