// What a receipt says about its order's state, in the cashier's language (the receipt namespace).
// Pure: the receipt and the Sale screen's notice take a `t`; its test passes the en, cs or sk one.
import type { TFunction } from 'i18next';
import type { ReceiptView } from '../../contract/contract.ts';
import { sameAmount } from '../../common/money.ts';
import { receipt as words } from '../../common/words/en.ts';

const CONFIRMED = new Set(['sent']);
/** Orders that go out by themselves: the sender tries them again without anyone's help. */
const GOES_BY_ITSELF = new Set(['queued', 'sending']);
/** Orders that wait for a person, and what that person does. */
const WAITS_FOR_A_PERSON = {
  'needs-fix': 'notSentNeedsFix',
  blocked: 'notSentBlocked',
  'in-doubt': 'notConfirmedInDoubt',
} as const satisfies Record<string, keyof typeof words>;

type StateKey = Extract<keyof typeof words, `state${string}`>;

/** An order's state inside a sentence ("the order is queued"): `needs-fix` is `stateNeedsFix`; a
 * state the catalogue does not know is shown as it is. */
export function orderState(t: TFunction<'receipt'>, state: string): string {
  const key = `state${state.replace(/(?:^|-)(\w)/g, (_m, c: string) => c.toUpperCase())}`;
  return key in words ? t(key as StateKey) : state;
}

/**
 * Whether the instance's books agree with the receipt: the total it said it booked against the
 * receipt's, to the cent; unsaid where its answer did not say (or the order is not sent).
 */
export function bookedAgreement(r: ReceiptView): 'agrees' | 'differs' | 'unsaid' {
  if (r.bookedTotal === undefined) return 'unsaid';
  return sameAmount(r.bookedTotal, r.totals.total) ? 'agrees' : 'differs';
}

/** A sent order's line: its number on the instance, and whether what it booked is the receipt's total. */
function sentLine(r: ReceiptView, t: TFunction<'receipt'>, price: (amount: number) => string): string {
  const booked = bookedAgreement(r);
  if (r.remoteId === undefined) return t('confirmedNoNumber');
  const id = String(r.remoteId);
  if (booked === 'agrees') return t('confirmed', { id });
  if (booked === 'unsaid') return t('confirmedBookedUnsaid', { id });
  return t('confirmedBookedOther', {
    id,
    booked: price(r.bookedTotal ?? 0),
    total: price(r.totals.total),
  });
}

/**
 * What the receipt says of its order's state. `printed`: on paper too (a void order's receipt must
 * not pass for a valid one); otherwise it is the cashier's to see on screen, no business of the buyer.
 * `price` formats an amount in the prices' currency.
 */
export function stateLine(
  r: ReceiptView,
  t: TFunction<'receipt'>,
  price: (amount: number) => string,
): { confirmed: boolean; printed: boolean; text: string } {
  if (CONFIRMED.has(r.state)) return { confirmed: true, printed: false, text: sentLine(r, t, price) };
  if (r.state === 'cancelled') return { confirmed: false, printed: true, text: t('voidCancelled') };
  if (r.state === 'discarded') return { confirmed: false, printed: true, text: t('voidDiscarded') };
  if (GOES_BY_ITSELF.has(r.state))
    return { confirmed: false, printed: false, text: t('notConfirmed', { state: orderState(t, r.state) }) };
  if (r.state in WAITS_FOR_A_PERSON) {
    const key = WAITS_FOR_A_PERSON[r.state as keyof typeof WAITS_FOR_A_PERSON];
    return { confirmed: false, printed: false, text: t(key) };
  }
  return {
    confirmed: false,
    printed: false,
    text: t('notConfirmedOther', { state: orderState(t, r.state) }),
  };
}
