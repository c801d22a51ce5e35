// The payment panel and the receipt dialog in the one keymap: while a dialog is open only its keys
import { lineId } from '../../contract/ids.ts';
// apply (Enter, Esc, F2/F3, F7, Tab kept inside), and a scan adds nothing.
import { describe, expect, it } from 'vitest';
import type { Screen } from '../store/app.ts';
import { actionForKey, actionForScan, type ActionContext, type Focus } from './keymap.ts';

const ctx = (
  screen: Screen,
  dialog?: 'payment' | 'receipt' | 'adjust' | 'float' | 'card',
  focus: Focus = 'field',
  receiptShown = false,
): ActionContext => ({
  screen,
  focus,
  selectedLine: { id: lineId(1), quantity: 2 },
  receiptShown,
  ...(dialog === undefined ? {} : { dialog }),
});
const key = (k: string, c: ActionContext) => actionForKey(k, c)?.name;

describe('keymap: dialogs', () => {
  it("Ctrl+D on the Sale screen opens the selected line's discount; its dialog takes Enter, Esc and Tab only", () => {
    expect(key('Ctrl+d', ctx('sale', undefined, 'other'))).toBe('sale.adjustLine');
    expect(key('Ctrl+d', ctx('sale', undefined, 'field'))).toBe('sale.adjustLine');
    expect(key('Ctrl+d', { ...ctx('sale', undefined, 'other'), selectedLine: undefined })).toBeUndefined();
    expect(key('Ctrl+d', ctx('orders', undefined, 'other'))).toBeUndefined();
    const c = ctx('sale', 'adjust');
    expect(key('Enter', c)).toBe('adjust.confirm');
    expect(key('Escape', c)).toBe('adjust.cancel');
    expect(key('Tab', c)).toBe('dialog.tab');
    for (const k of ['F1', 'F9', 'F10', 'Ctrl+d', '+', 'Delete']) expect(key(k, c)).toBeUndefined();
    expect(actionForScan(c)?.name).toBe('scan.dialog');
  });

  it('the float prompt (F9 with no shift open) takes Enter, Esc and Tab only; F5 is the Shift screen, F7 prints there', () => {
    const c = ctx('sale', 'float');
    expect(key('Enter', c)).toBe('float.confirm');
    expect(key('Escape', c)).toBe('float.cancel');
    expect(key('Tab', c)).toBe('dialog.tab');
    for (const k of ['F1', 'F5', 'F9', 'F8', 'Delete']) expect(key(k, c)).toBeUndefined();
    expect(actionForScan(c)?.name).toBe('scan.dialog');
    expect(key('F5', ctx('sale', undefined, 'other'))).toBe('screen.shift');
    expect(key('F7', ctx('shift', undefined, 'field'))).toBe('shift.print');
    expect(key('F7', ctx('orders', undefined, 'other'))).toBeUndefined();
    // A scan on the Shift screen goes to the open sale, as on Orders and Settings.
    expect(actionForScan(ctx('shift', undefined, 'other'))?.name).toBe('scan.toSale');
  });

  it('F9 on the Sale screen opens the payment panel (sale.openPayment), not twice', () => {
    expect(key('F9', ctx('sale'))).toBe('sale.openPayment');
    expect(key('F9', ctx('sale', 'payment'))).toBeUndefined();
  });

  it('gives the payment panel Enter, Esc, F2 (cash), F3 (card), F4 (card + cash) and Tab, and nothing else', () => {
    const c = ctx('sale', 'payment');
    expect(key('Enter', c)).toBe('payment.confirm');
    expect(key('Escape', c)).toBe('payment.cancel');
    expect(key('F2', c)).toBe('payment.cash');
    expect(key('F3', c)).toBe('payment.card');
    expect(key('F4', c)).toBe('payment.split');
    expect(key('Tab', c)).toBe('dialog.tab');
    for (const k of ['F1', 'F8', 'F7', 'ArrowDown', '+', '-', 'Delete']) expect(key(k, c)).toBeUndefined();
    expect(key('F2', ctx('sale'))).toBe('screen.stock');
    expect(key('F4', ctx('sale'))).toBe('screen.settings');
  });

  it('leaves Enter on a focused button of the payment panel to that button: a round note chooses that note, it does not place', () => {
    const onButton: ActionContext = { ...ctx('sale', 'payment', 'other'), onButton: true };
    expect(key('Enter', onButton)).toBeUndefined();
    // Esc still goes back and the method keys still switch, wherever focus is in the panel.
    expect(key('Escape', onButton)).toBe('payment.cancel');
    expect(key('F3', onButton)).toBe('payment.card');
    // In the amount fields Enter places.
    expect(key('Enter', ctx('sale', 'payment', 'field'))).toBe('payment.confirm');
  });

  it('gives the receipt dialog F7 (print), Esc (close) and Tab, on any screen', () => {
    const c = ctx('orders', 'receipt', 'other');
    expect(key('F7', c)).toBe('receipt.print');
    expect(key('Escape', c)).toBe('receipt.close');
    expect(key('Tab', c)).toBe('dialog.tab');
    expect(key('F1', c)).toBeUndefined();
    expect(key('Tab', ctx('orders', undefined, 'other'))).toBeUndefined();
  });

  it('prints the receipt just placed with F7 on the Sale screen, only while it is shown', () => {
    expect(key('F7', ctx('sale', undefined, 'other', true))).toBe('receipt.print');
    expect(key('F7', ctx('sale', undefined, 'other', false))).toBeUndefined();
    expect(key('F7', ctx('stock', undefined, 'other', true))).toBeUndefined();
  });

  it("Ctrl+K on the Sale screen opens a new card's dialog; a scan there fills its code, only a person's Enter issues", () => {
    expect(key('Ctrl+k', ctx('sale', undefined, 'other'))).toBe('sale.issueCard');
    // From the code field too: a Ctrl key is never typing.
    expect(key('Ctrl+k', ctx('sale', undefined, 'field'))).toBe('sale.issueCard');
    expect(key('Ctrl+k', ctx('orders', undefined, 'other'))).toBeUndefined();
    expect(key('Ctrl+k', ctx('sale', 'payment'))).toBeUndefined();
    const c = ctx('sale', 'card');
    expect(key('Enter', c)).toBe('card.confirm');
    expect(key('Escape', c)).toBe('card.cancel');
    expect(key('Tab', c)).toBe('dialog.tab');
    // Enter on a focused button (Back) is that button's.
    expect(key('Enter', { ...c, focus: 'other', onButton: true })).toBeUndefined();
    for (const k of ['F1', 'F9', 'F8', 'F10', 'Ctrl+k', 'Ctrl+d', '+', 'Delete'])
      expect(key(k, c)).toBeUndefined();
    // The one dialog a scan goes into: its code field. Every other dialog keeps scans waiting.
    expect(actionForScan(c)?.name).toBe('scan.cardBarcode');
    expect(actionForScan({ ...c, focus: 'other' })?.name).toBe('scan.cardBarcode');
    expect(actionForScan(ctx('sale', 'adjust'))?.name).toBe('scan.dialog');
  });

  it('adds no scan while a dialog is open', () => {
    expect(actionForScan(ctx('sale', 'payment'))?.name).toBe('scan.dialog');
    expect(actionForScan(ctx('orders', 'receipt'))?.name).toBe('scan.dialog');
    expect(actionForScan(ctx('sale'))?.name).toBe('scan.sale');
  });
});
