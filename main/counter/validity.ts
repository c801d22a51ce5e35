// Whether a customer card may be used now: isInvalid, validFrom and validTo (SPEC.md). Date-times
// carry no offset (SPEC.md rule 2): they are the store's local time. A validTo at midnight names a
// whole last day (valid through that day); any other time is the exact end.
import { words, type Words } from '../../contract/core-words.ts';

export interface CardValidityFields {
  readonly isInvalid?: boolean | undefined;
  readonly validFrom?: string | undefined;
  readonly validTo?: string | undefined;
}

export type CardValidity =
  | { readonly ok: true }
  | ({
      readonly ok: false;
      readonly reason: 'invalid' | 'not-yet-valid' | 'expired';
    } & Words);

export function cardValidity(card: CardValidityFields, now: Date): CardValidity {
  if (card.isInvalid === true) {
    return {
      ok: false,
      reason: 'invalid',
      ...words('cardBlocked'),
    };
  }
  const from = card.validFrom === undefined ? undefined : localDate(card.validFrom);
  if (from !== undefined && now < from) {
    return {
      ok: false,
      reason: 'not-yet-valid',
      ...words('cardNotYetValid', { day: day(card.validFrom ?? '') }),
    };
  }
  const to = card.validTo === undefined ? undefined : localDate(card.validTo);
  if (to !== undefined) {
    const end = isMidnight(to)
      ? new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1)
      : new Date(to.getTime() + 1000);
    if (now >= end)
      return { ok: false, reason: 'expired', ...words('cardExpired', { day: day(card.validTo ?? '') }) };
  }
  return { ok: true };
}

/** A date-time without offset, as local time (an offset, if a server sends one, is honoured). */
function localDate(text: string): Date | undefined {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00` : text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function isMidnight(d: Date): boolean {
  return d.getHours() === 0 && d.getMinutes() === 0 && d.getSeconds() === 0 && d.getMilliseconds() === 0;
}

function day(text: string): string {
  return text.slice(0, 10);
}
