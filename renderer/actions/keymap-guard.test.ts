// The keymap's rules for the guard dialogs (they take the keyboard while open) and the scanner test
// pad (no keyboard trap).
import { describe, expect, it } from 'vitest';
import { actionForKey, actionForScan, type ActionContext } from './keymap.ts';

const ctx = (patch: Partial<ActionContext>): ActionContext => ({
  screen: 'orders',
  focus: 'other',
  selectedLine: undefined,
  ...patch,
});

describe('guard dialogs', () => {
  it('Esc leaves the confirmation (keeps) and the PIN prompt; Tab stays inside', () => {
    for (const dialog of ['confirm', 'pin'] as const) {
      expect(actionForKey('Escape', ctx({ dialog }))?.name).toBe('guard.leave');
      expect(actionForKey('Tab', ctx({ dialog }))?.name).toBe('dialog.tab');
    }
  });

  it('no screen key, no Enter action and no sale under an open guard dialog', () => {
    for (const dialog of ['confirm', 'pin'] as const) {
      for (const key of ['F1', 'F3', 'F4', 'F9', 'Enter', 'Delete'])
        expect(actionForKey(key, ctx({ dialog, screen: 'sale' }))).toBeUndefined();
      expect(actionForScan(ctx({ dialog }))?.name).toBe('scan.dialog');
    }
  });
});

describe("the stock rule's warning", () => {
  it('Enter sells anyway, Esc keeps, Tab stays inside; no screen key and no sale under it', () => {
    const warning = ctx({ dialog: 'warning', screen: 'sale' });
    expect(actionForKey('Enter', warning)?.name).toBe('warning.confirm');
    expect(actionForKey('Escape', warning)?.name).toBe('guard.leave');
    expect(actionForKey('Tab', warning)?.name).toBe('dialog.tab');
    for (const key of ['F1', 'F4', 'F9', 'Delete', '+']) expect(actionForKey(key, warning)).toBeUndefined();
    expect(actionForScan(warning)?.name).toBe('scan.dialog');
  });
});

describe('the scanner test pad is no keyboard trap', () => {
  it('Esc leaves it; Tab and Shift+Tab are not taken; screen keys still work', () => {
    const pad = ctx({ screen: 'settings', focus: 'test-pad' });
    expect(actionForKey('Escape', pad)?.name).toBe('testPad.leave');
    expect(actionForKey('Tab', pad)).toBeUndefined();
    expect(actionForKey('F1', pad)?.name).toBe('screen.sale');
  });
});
