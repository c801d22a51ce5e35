// Parking a sale and recalling one in the one keymap: F10 on the Sale screen opens the parked sales
import { lineId } from '../../contract/ids.ts';
// when there is a sale to park or one to recall; inside, F10 parks, arrows choose, Enter recalls,
// Esc goes back, and nothing else of the sale answers (a scan adds nothing).
import { describe, expect, it } from 'vitest';
import type { Screen } from '../store/app.ts';
import { actionForKey, actionForScan, type ActionContext } from './keymap.ts';

const ctx = (screen: Screen, parking?: 'park' | 'list', dialog?: 'parked'): ActionContext => ({
  screen,
  focus: 'other',
  selectedLine: parking === 'park' ? { id: lineId(1), quantity: 1 } : undefined,
  ...(parking === undefined ? {} : { parking }),
  ...(dialog === undefined ? {} : { dialog }),
});
const key = (k: string, c: ActionContext) => actionForKey(k, c)?.name;

describe('keymap: parked sales', () => {
  it('F10 on the Sale screen opens them when a sale can be parked or recalled, and only then', () => {
    expect(key('F10', ctx('sale', 'park'))).toBe('sale.parked');
    expect(key('F10', ctx('sale', 'list'))).toBe('sale.parked');
    expect(key('F10', ctx('sale'))).toBeUndefined();
    expect(key('F10', ctx('stock', 'park'))).toBeUndefined();
    expect(key('F10', { ...ctx('sale', 'park'), focus: 'field' })).toBe('sale.parked');
  });

  it('inside: F10 parks the sale on the counter (if any), arrows choose, Enter recalls, Esc goes back', () => {
    const c = ctx('sale', 'park', 'parked');
    expect(key('F10', c)).toBe('parked.park');
    expect(key('ArrowDown', c)).toBe('parked.next');
    expect(key('ArrowUp', c)).toBe('parked.previous');
    expect(key('Enter', c)).toBe('parked.confirm');
    expect(key('Escape', c)).toBe('parked.close');
    expect(key('Tab', c)).toBe('dialog.tab');
    expect(key('F10', ctx('sale', 'list', 'parked'))).toBeUndefined();
    for (const k of ['F1', 'F8', 'F9', '+', '-', 'Delete']) expect(key(k, c)).toBeUndefined();
    expect(actionForScan(c)?.name).toBe('scan.dialog');
  });
});
