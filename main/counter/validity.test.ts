import { describe, expect, it } from 'vitest';
import { cardValidity } from './validity.ts';

const at = (text: string) => new Date(text); // local time, as the service's date-times

describe('cardValidity', () => {
  it('accepts an open-ended card and refuses a card marked invalid', () => {
    expect(cardValidity({}, at('2026-06-01T12:00:00'))).toEqual({ ok: true });
    expect(cardValidity({ isInvalid: true }, at('2026-06-01T12:00:00'))).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
  });

  it('honours validFrom to the second', () => {
    const card = { validFrom: '2026-06-01T08:00:00' };
    expect(cardValidity(card, at('2026-06-01T07:59:59'))).toEqual({
      ok: false,
      reason: 'not-yet-valid',
      message: 'This card is valid only from 2026-06-01.',
      said: [{ key: 'cardNotYetValid', values: { day: '2026-06-01' } }],
    });
    expect(cardValidity(card, at('2026-06-01T08:00:00'))).toEqual({ ok: true });
  });

  it('reads a validTo at midnight as valid through that whole day', () => {
    const card = { validTo: '2026-05-31T00:00:00' };
    expect(cardValidity(card, at('2026-05-31T23:59:59'))).toEqual({ ok: true });
    expect(cardValidity(card, at('2026-06-01T00:00:00'))).toEqual({
      ok: false,
      reason: 'expired',
      message: 'This card expired on 2026-05-31.',
      said: [{ key: 'cardExpired', values: { day: '2026-05-31' } }],
    });
    expect(cardValidity({ validTo: '2030-12-31T23:59:59' }, at('2030-12-31T23:59:59'))).toEqual({ ok: true });
    expect(cardValidity({ validTo: '2024-03-01T10:00:00' }, at('2026-01-01T00:00:00'))).toMatchObject({
      reason: 'expired',
    });
  });
});
