// The new card's dialog reads its last valid day as a cashier types it, in the language's digits.
import { describe, expect, it } from 'vitest';
import { cardInput, dayText, readDay, useCardIssue } from './card-issue.ts';

describe('a new card: its last valid day', () => {
  it("is shown in the language's digits and read back from them", () => {
    expect(dayText('2028-11-27', 'cs-CZ')).toBe('27. 11. 2028');
    expect(dayText('2028-11-27', 'en-GB')).toBe('27/11/2028');
    for (const typed of ['27. 11. 2028', '27.11.2028', '27/11/2028', '2028-11-27', ' 27 . 11 . 2028 '])
      expect(readDay(typed), typed).toBe('2028-11-27');
    for (const typed of ['31. 2. 2028', '2028-13-01', 'zítra', '27. 11.', ''])
      expect(readDay(typed), typed).toBeUndefined();
  });

  it('goes to the core as YYYY-MM-DD with the fields trimmed, the empty optional ones left out', () => {
    const ui = {
      ...useCardIssue.getState(),
      company: { companyId: 3, name: 'Věrnostní program' },
      barcode: 'VK1',
      name: 'Jana',
      validTo: '27. 11. 2028',
      personName: ' ',
      email: ' jana@example.cz ',
    };
    expect(cardInput(ui)).toEqual({
      companyId: 3,
      barcode: 'VK1',
      name: 'Jana',
      validTo: '2028-11-27',
      email: 'jana@example.cz',
    });
    expect(cardInput({ ...ui, company: null })).toBeNull();
  });
});
