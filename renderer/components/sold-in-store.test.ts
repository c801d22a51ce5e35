// This till's own stock note in the screens' words: sold since the sync, or taken back when more came
// back than was sold ("sold here" below zero, main/outbox/sold-here.ts).
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { soldHereNote } from './sold-in-store.ts';

const t = i18n.getFixedT('cs', 'stock');
const qty = (n: number): string => String(n).replace('.', ',');

describe('soldHereNote', () => {
  it('says what was sold here, or what came back here, never a negative sale', () => {
    expect(soldHereNote(t, '12', 3, qty)).toBe('12 · od poslední synchronizace zde prodáno 3');
    expect(soldHereNote(t, '14', -2, qty)).toBe('14 · od poslední synchronizace zde vráceno 2');
    expect(soldHereNote(t, '14', -1.5, qty)).not.toContain('−');
  });
});
