// The customer panel's unpaid-invoice sentence: English as it was, Czech and Slovak plurals, the due
// date written by Intl for the language.
import { describe, expect, it } from 'vitest';
import { formatDate } from '../format/format.ts';
import { i18n } from '../i18n/index.ts';
import { unpaidInvoices } from './customer.ts';

const TODAY = '2026-11-24';
const say = (lang: 'en' | 'cs' | 'sk', locale: string, owesCount?: number, owesDue?: string[]) =>
  unpaidInvoices(
    { ...(owesCount === undefined ? {} : { owesCount }), ...(owesDue === undefined ? {} : { owesDue }) },
    i18n.getFixedT(lang, 'sale'),
    (iso) => formatDate(iso, locale),
    TODAY,
  );

describe('unpaid invoices on the customer panel', () => {
  it('keeps the English sentence, with the due date by Intl', () => {
    expect(say('en', 'en-US', 1)).toBe('1 unpaid invoice on the account.');
    expect(say('en', 'en-US', 3, ['2026-10-01'])).toBe(
      '3 unpaid invoices on the account, the oldest due Oct 1, 2026 (overdue).',
    );
    expect(say('en', 'en-US', undefined, ['2026-12-31'])).toBe(
      'Unpaid invoices on the account, the oldest due Dec 31, 2026.',
    );
  });

  it('says Czech plurals and dates', () => {
    expect(say('cs', 'cs-CZ', 1)).toBe('1 neuhrazená faktura na účtu.');
    expect(say('cs', 'cs-CZ', 3)).toBe('3 neuhrazené faktury na účtu.');
    expect(say('cs', 'cs-CZ', 5, ['2026-10-01'])).toBe(
      '5 neuhrazených faktur na účtu, nejstarší se splatností 1. 10. 2026 (po splatnosti).',
    );
  });

  it('says Slovak plurals', () => {
    expect(say('sk', 'sk-SK', 2)).toBe('2 neuhradené faktúry na účte.');
    expect(say('sk', 'sk-SK', 12)).toBe('12 neuhradených faktúr na účte.');
  });
});
