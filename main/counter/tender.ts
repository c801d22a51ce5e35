// Settling a payment: what the payment panel said (TenderInput) against the sale's total, into the
// tender kept with the sale. Cash is counted in what can be paid: its share of the total is rounded to
// the till's cash step (contract/cash-rounding.ts; CZK whole crowns), the rounding kept as its own
// figure; a card is charged exactly. Worked out in whole cents (so 100 - 87.30 is 12.70, not
// 12.700000000000003); amounts leave as the contract's Money.
import { roundCash, type Tender, type TenderInput, type TenderPart } from '../../contract/contract.ts';
import { words, type Words } from '../../contract/core-words.ts';

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
 * The tender as kept. A card is charged the total. Cash pays the total rounded to `stepMinor` (1: not
 * rounded) and must cover that; the change is what is over. Split: the card is charged its part (above
 * 0, below the total) exactly, and cash pays the rest, rounded, which must be something to pay.
 */
export function settleTender(input: TenderInput, total: number, stepMinor: number): Tender {
  const due = cents(total);
  switch (input.method) {
    case 'card':
      return { parts: [{ method: 'card', amount: total }], change: 0 };
    case 'cash': {
      const cash = paidInCash(due, stepMinor, input.given, 'tenderShort');
      return { parts: [cash.part], ...cash.rest };
    }
    case 'split': {
      const card = checkedCents(input.card);
      if (card <= 0 || card >= due) {
        throw new TenderRefused(words('tenderSplitCard', { card: written(card), total: written(due) }));
      }
      if (roundCash(due - card, stepMinor).dueMinor === 0) {
        // Cash cannot pay less than its smallest coin: the card takes all of it, or less.
        throw new TenderRefused(
          words('tenderSplitNoCash', { card: written(card), rest: written(due - card), total: written(due) }),
        );
      }
      const cash = paidInCash(due - card, stepMinor, input.given, 'tenderShortRest');
      return { parts: [{ method: 'card', amount: card / 100 }, cash.part], ...cash.rest };
    }
  }
}

/**
 * Cash paying its share of `shareMinor`, rounded to the step, with `given` handed over (none: exactly
 * the rounded amount): the part, the change and the rounding (left out when there is none).
 */
function paidInCash(
  shareMinor: number,
  stepMinor: number,
  given: number | undefined,
  short: 'tenderShort' | 'tenderShortRest',
): { part: TenderPart; rest: Pick<Tender, 'change' | 'rounding'> } {
  const { dueMinor, roundingMinor } = roundCash(shareMinor, stepMinor);
  const handed = given === undefined ? dueMinor : checkedCents(given);
  if (handed < dueMinor)
    throw new TenderRefused(words(short, { given: written(handed), total: written(dueMinor) }));
  return {
    part: { method: 'cash', amount: dueMinor / 100, given: handed / 100 },
    rest: {
      change: (handed - dueMinor) / 100,
      ...(roundingMinor === 0 ? {} : { rounding: roundingMinor / 100 }),
    },
  };
}

/** An amount of the contract (koruna, euro: `Money`) as whole cents; no number is refused. */
function checkedCents(n: number): number {
  if (!Number.isFinite(n) || n < 0) throw new TenderRefused(words('tenderNotANumber'));
  return cents(n);
}

function cents(n: number): number {
  return Math.round(n * 100);
}

/** Cents as Counter's English messages write an amount: 12.70, -0.17. */
function written(c: number): string {
  return (c / 100).toFixed(2);
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
  const before = (cents(paid) - cents(rounding)) / 100;
  return ` (${split ? 'rest' : 'total'} ${before.toFixed(2)} rounded by ${rounding.toFixed(2)})`;
}
