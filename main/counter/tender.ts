// Settling a payment: what the payment panel said (TenderInput) against the sale's total, into the
// tender kept with the sale. Cash is counted in what can be paid: its share of the total is rounded to
// the till's cash step (contract/cash-rounding.ts; CZK whole crowns), the rounding kept as its own
// figure; a card is charged exactly. Worked out in whole cents by common/money.ts's cashPaid, the
// same computation the payment panel shows; amounts leave as the contract's Money.
import type { Tender, TenderInput, TenderPart } from '../../contract/contract.ts';
import { words, type Words } from '../../contract/core-words.ts';
import {
  cardPartFits,
  cashPaid,
  majorText,
  minor,
  minorOf,
  roundToMinor,
  toMajor,
  type Minor,
} from '../../common/money.ts';

/** A payment the total refuses, in words for the cashier. */
export class TenderRefused extends Error {
  override name = 'TenderRefused';
  readonly words: Words;
  constructor(why: Words) {
    super(why.message);
    this.words = why;
  }
}

/**
 * The tender as kept. A card is charged the total. Cash pays the total rounded to `step` (1: not
 * rounded) and must cover that; the change is what is over. Split: the card is charged its part (above
 * 0, below the total) exactly, and cash pays the rest, rounded, which must be something to pay.
 */
export function settleTender(input: TenderInput, total: number, step: Minor): Tender {
  const due = amount(total);
  switch (input.method) {
    case 'card':
      return { parts: [{ method: 'card', amount: total }], change: 0 };
    case 'cash': {
      const cash = paidInCash(due, step, input.given, 'tenderShort');
      return { parts: [cash.part], ...cash.rest };
    }
    case 'split': {
      const card = amount(input.card);
      if (card <= 0 || card >= due) {
        throw new TenderRefused(words('tenderSplitCard', { card: majorText(card), total: majorText(due) }));
      }
      const rest = minor(due - card);
      if (!cardPartFits(due, card, step)) {
        // Cash cannot pay less than its smallest coin: the card takes all of it, or less.
        throw new TenderRefused(
          words('tenderSplitNoCash', { card: majorText(card), rest: majorText(rest), total: majorText(due) }),
        );
      }
      const cash = paidInCash(rest, step, input.given, 'tenderShortRest');
      return { parts: [{ method: 'card', amount: toMajor(card) }, cash.part], ...cash.rest };
    }
  }
}

/**
 * Cash paying its share of `share`, rounded to the step, with `given` handed over (none: exactly
 * the rounded amount): the part, the change and the rounding (left out when there is none).
 */
function paidInCash(
  share: Minor,
  step: Minor,
  given: number | undefined,
  short: 'tenderShort' | 'tenderShortRest',
): { part: TenderPart; rest: Pick<Tender, 'change' | 'rounding'> } {
  const cash = cashPaid(share, step, given === undefined ? undefined : amount(given));
  if (cash.short > 0)
    throw new TenderRefused(words(short, { given: majorText(cash.handed), total: majorText(cash.dueMinor) }));
  return {
    part: { method: 'cash', amount: toMajor(cash.dueMinor), given: toMajor(cash.handed) },
    rest: {
      change: toMajor(cash.change),
      ...(cash.roundingMinor === 0 ? {} : { rounding: toMajor(cash.roundingMinor) }),
    },
  };
}

/** An amount of the contract (koruna, euro: `Money`, at most two decimals) in minor units. */
function amount(n: number): Minor {
  const m = minorOf(n);
  if (m === undefined || m < 0) throw new TenderRefused(words('tenderNotANumber'));
  return m;
}

/**
 * How a sale was paid, in the order's note: "paid in cash, 500.00 given, 12.70 change", "paid by
 * card", or both parts with what each paid: "paid by card 200.00 and in cash 187.30, 500.00 given,
 * 312.70 change". Cash that was rounded says what it paid and from what: "paid in cash 706.00 (total
 * 706.17 rounded by -0.17), 1000.00 given, 294.00 change".
 */
export function paidWords(tender: Tender): string {
  const split = tender.parts.length > 1;
  const said = tender.parts.map((p) => {
    if (p.method === 'card') return `by card${split ? ` ${p.amount.toFixed(2)}` : ''}`;
    const rounded = tender.rounding === undefined ? '' : roundedWords(p.amount, tender.rounding, split);
    const amount = split || rounded !== '' ? ` ${p.amount.toFixed(2)}` : '';
    return `in cash${amount}${rounded}, ${p.given.toFixed(2)} given, ${tender.change.toFixed(2)} change`;
  });
  return `paid ${said.join(' and ')}`;
}

/** " (total 706.17 rounded by -0.17)": what the cash paid before rounding, and by how much. */
function roundedWords(paid: number, rounding: number, split: boolean): string {
  const before = minor(amount(paid) - roundToMinor(rounding));
  return ` (${split ? 'rest' : 'total'} ${majorText(before)} rounded by ${rounding.toFixed(2)})`;
}
