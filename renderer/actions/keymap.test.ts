// Which action a key or a scan triggers, given the screen and where focus is: the one place the
import { lineId } from '../../contract/ids.ts';
// shortcut and focus rules live (keymap.ts).
import { describe, expect, it } from 'vitest';
import type { Screen } from '../store/app.ts';
import {
  actionForKey,
  actionForScan,
  keyName,
  observersOf,
  type ActionContext,
  type Focus,
} from './keymap.ts';

const line = { id: lineId(1), quantity: 2 };
const ctx = (screen: Screen, focus: Focus = 'other', selected = line): ActionContext => ({
  screen,
  focus,
  selectedLine: selected,
});
const key = (k: string, c: ActionContext) => actionForKey(k, c)?.name;

describe('keymap', () => {
  it('switches screens with F1-F4 everywhere, even while typing', () => {
    for (const screen of ['sale', 'stock', 'orders', 'settings'] as const) {
      expect(key('F1', ctx(screen, 'field'))).toBe('screen.sale');
      expect(key('F2', ctx(screen))).toBe('screen.stock');
      expect(key('F3', ctx(screen, 'test-pad'))).toBe('screen.orders');
      expect(key('F4', ctx(screen))).toBe('screen.settings');
    }
  });

  it('opens the Returns screen with F11 everywhere; there F9 takes back, F7 prints, a scan finds the sale', () => {
    for (const screen of ['sale', 'stock', 'orders', 'settings', 'shift', 'returns'] as const)
      expect(key('F11', ctx(screen, 'field'))).toBe('screen.returns');
    expect(key('F11', { ...ctx('sale'), dialog: 'pin' })).toBeUndefined();
    expect(key('F9', ctx('returns', 'field'))).toBe('returns.make');
    expect(key('F7', ctx('returns'))).toBe('returns.print');
    expect(key('F8', ctx('returns', 'field'))).toBe('returns.exchange');
    expect(key('F8', ctx('sale'))).toBe('sale.void');
    expect(key('F8', { ...ctx('returns'), dialog: 'confirm' })).toBeUndefined();
    expect(actionForScan(ctx('returns', 'field'))?.name).toBe('scan.returns');
    expect(actionForScan(ctx('returns'))?.name).toBe('scan.returns');
    // The manager's PIN (or the card refund's confirmation) open: the scan waits; Enter is no answer.
    expect(actionForScan({ ...ctx('returns', 'field'), dialog: 'pin' })?.name).toBe('scan.dialog');
    expect(key('Enter', { ...ctx('returns', 'field'), dialog: 'pin' })).toBeUndefined();
    expect(key('F9', { ...ctx('returns'), dialog: 'confirm' })).toBeUndefined();
    // F6: a return without a receipt (and back); on Sale F6 stays the manager's price.
    expect(key('F6', ctx('returns', 'field'))).toBe('returns.noReceipt');
    expect(key('F6', { ...ctx('returns'), dialog: 'pin' })).toBeUndefined();
  });

  it('opens the payment panel and voids the sale only on the Sale screen, from any focus', () => {
    expect(key('F9', ctx('sale', 'field'))).toBe('sale.openPayment');
    expect(key('F8', ctx('sale'))).toBe('sale.void');
    expect(key('F9', ctx('stock'))).toBeUndefined();
    expect(key('F8', ctx('orders'))).toBeUndefined();
  });

  it('moves and edits the selected line on the Sale screen, never while typing into a field', () => {
    expect(key('ArrowDown', ctx('sale'))).toBe('sale.selectNext');
    expect(key('ArrowUp', ctx('sale'))).toBe('sale.selectPrevious');
    expect(key('+', ctx('sale'))).toBe('sale.increment');
    expect(key('-', ctx('sale'))).toBe('sale.decrement');
    expect(key('Delete', ctx('sale'))).toBe('sale.removeLine');
    for (const k of ['ArrowDown', 'ArrowUp', '+', '-', 'Delete']) {
      expect(key(k, ctx('sale', 'field'))).toBeUndefined();
      expect(key(k, ctx('stock'))).toBeUndefined();
    }
  });

  it('edits lines only with a line selected, and never below a quantity of one', () => {
    const none = { screen: 'sale', focus: 'other', selectedLine: undefined } as const;
    expect(key('+', none)).toBeUndefined();
    expect(key('Delete', none)).toBeUndefined();
    expect(key('ArrowDown', none)).toBe('sale.selectNext');
    expect(key('-', ctx('sale', 'other', { id: lineId(1), quantity: 1 }))).toBeUndefined();
  });

  it('waits out the scanner gap before a line edit (a + inside a scanned label is no edit)', () => {
    for (const k of ['+', '-', 'Delete']) expect(actionForKey(k, ctx('sale'))?.waitsOutScan).toBe(true);
    expect(actionForKey('ArrowDown', ctx('sale'))?.waitsOutScan).toBeUndefined();
    expect(actionForKey('F9', ctx('sale'))?.waitsOutScan).toBeUndefined();
  });

  it('routes a scan by screen, the focused test pad first', () => {
    expect(actionForScan(ctx('sale'))?.name).toBe('scan.sale');
    expect(actionForScan(ctx('sale', 'field'))?.name).toBe('scan.sale');
    expect(actionForScan(ctx('stock', 'other'))?.name).toBe('scan.stock');
    expect(actionForScan(ctx('stock', 'field'))?.name).toBe('scan.stock');
    expect(actionForScan(ctx('orders'))?.name).toBe('scan.toSale');
    expect(actionForScan(ctx('settings', 'field'))?.name).toBe('scan.toSale');
    expect(actionForScan(ctx('settings', 'test-pad'))?.name).toBe('scan.testPad');
  });

  it('sends printable keys typed outside any field on Sale to the code field, unless a shortcut takes them', () => {
    const names = (c: ActionContext, k: string) => observersOf(c, k).map((b) => b.name);
    expect(names(ctx('sale'), 'a')).toEqual(['sale.typeToCode']);
    expect(names(ctx('sale'), '3')).toEqual(['sale.typeToCode']);
    expect(names(ctx('sale'), '+')).toEqual([]); // one more of the selected line
    expect(names({ ...ctx('sale'), selectedLine: undefined }, '+')).toEqual(['sale.typeToCode']);
    expect(names(ctx('sale', 'field'), 'a')).toEqual([]);
    expect(names(ctx('sale'), 'Enter')).toEqual([]);
    expect(names(ctx('sale'), 'Ctrl+z')).toEqual([]);
    expect(names(ctx('stock'), 'a')).toEqual(['stock.typeToSearch']);
    expect(names(ctx('stock', 'field'), 'a')).toEqual([]);
    expect(names(ctx('returns'), 'P')).toEqual(['returns.typeToFind']);
    expect(names(ctx('returns', 'field'), 'P')).toEqual([]);
    expect(names(ctx('returns'), 'F9')).toEqual([]);
  });

  it('names Ctrl combinations Ctrl+<key>; Ctrl+Z outside a field is the sale undo, never the browser one', () => {
    expect(keyName({ key: 'z', ctrlKey: true, metaKey: false, altKey: false })).toBe('Ctrl+z');
    expect(keyName({ key: 'Z', ctrlKey: false, metaKey: true, altKey: false })).toBe('Ctrl+z');
    expect(keyName({ key: '+', ctrlKey: false, metaKey: false, altKey: false })).toBe('+');
    expect(key('Ctrl+z', ctx('sale'))).toBe('sale.undoRemove');
    expect(key('Ctrl+z', ctx('sale', 'field'))).toBeUndefined();
    expect(key('Ctrl+z', ctx('stock'))).toBeUndefined();
  });

  it('opens the cash drawer with Ctrl+O on the Sale screen between sales, where a printer has one', () => {
    const between = { ...ctx('sale', 'other', undefined), drawer: true };
    expect(key('Ctrl+o', between)).toBe('sale.openDrawer');
    // From the code field too: focus rests there between sales.
    expect(key('Ctrl+o', { ...between, focus: 'field' })).toBe('sale.openDrawer');
    // No printer, or a sale on the counter (drawerOffered says so): the browser's own, untouched.
    expect(key('Ctrl+o', ctx('sale'))).toBeUndefined();
    expect(key('Ctrl+o', { ...between, screen: 'shift' })).toBeUndefined();
    expect(key('Ctrl+o', { ...between, dialog: 'payment' })).toBeUndefined();
  });

  it('gives the find-by-name list its keys while it is open in the code field', () => {
    const open = { ...ctx('sale', 'field'), find: { highlighted: true } };
    expect(key('ArrowDown', open)).toBe('find.next');
    expect(key('ArrowUp', open)).toBe('find.previous');
    expect(key('Enter', open)).toBe('find.add');
    expect(key('Escape', open)).toBe('find.close');
    // Nothing highlighted (a code typed by hand): Enter submits the field as a code.
    expect(key('Enter', { ...open, find: { highlighted: false } })).toBeUndefined();
    expect(key('Enter', ctx('sale', 'field'))).toBeUndefined();
    expect(key('ArrowDown', ctx('sale', 'field'))).toBeUndefined();
  });

  it('sets the selected line to a quantity typed alone in the code field (5*, Enter), never without a line', () => {
    const typed = { ...ctx('sale', 'field'), typedQuantity: true };
    expect(key('Enter', typed)).toBe('sale.setQuantity');
    expect(key('Enter', { ...typed, selectedLine: undefined })).toBeUndefined();
    expect(key('Enter', { ...typed, screen: 'stock' })).toBeUndefined();
    expect(key('Enter', { ...typed, dialog: 'payment' })).toBe('payment.confirm');
    // Typed digits are the code field's: a shortcut never takes them.
    expect(key('5', typed)).toBeUndefined();
    expect(key('*', typed)).toBeUndefined();
    expect(observersOf(ctx('sale'), '5').map((b) => b.name)).toEqual(['sale.typeToCode']);
    expect(observersOf(ctx('sale'), '*').map((b) => b.name)).toEqual(['sale.typeToCode']);
  });

  it('lets the focused test pad see every key', () => {
    expect(observersOf(ctx('settings', 'test-pad')).map((b) => b.name)).toEqual(['testPad.record']);
    expect(observersOf(ctx('settings', 'field'))).toEqual([]);
    expect(observersOf(ctx('sale'))).toEqual([]);
  });
});
