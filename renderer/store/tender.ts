// The payment panel's arithmetic (pure): round notes above the total, the amounts typed, the cash
// rounded to what can be paid and the change (common/money.ts's cashPaid, the computation the core
// settles with), and what Enter sends. Amounts are worked out in minor units and leave as `Money`
// (the currency's main unit, two decimals: contract.ts), the unit of every amount the core is sent.
import type { TenderInput } from '../../contract/contract.ts';
import {
  cardPartFits,
  cashPaid,
  minor,
  minorOf,
  parseMajor,
  roundToMinor,
  toMajor,
  type Minor,
} from '../../common/money.ts';

/** Cash, card, or split: a card part and the rest in cash. */
export type Method = 'cash' | 'card' | 'split';

/**
 * The banknotes in use, by ISO 4217 code: the currencies of the stores Counter speaks to (Czech and
 * Slovak) and their neighbours'. A 12,50 EUR sale is paid with a 20, not a 100.
 */
const NOTES: Readonly<Record<string, readonly number[]>> = {
  CZK: [100, 200, 500, 1000, 2000, 5000],
  EUR: [5, 10, 20, 50, 100, 200, 500],
  PLN: [10, 20, 50, 100, 200, 500],
  HUF: [500, 1000, 2000, 5000, 10000, 20000],
  GBP: [5, 10, 20, 50],
  USD: [1, 5, 10, 20, 50, 100],
  CHF: [10, 20, 50, 100, 200, 1000],
};

/** Any other currency, or none known: the 1-2-5 series most currencies' notes follow. */
const SERIES = [1, 10, 100, 1000, 10000, 100000].flatMap((p) => [p, 2 * p, 5 * p]);

/** The amounts a customer hands over: each note's next multiple at or above the total, five at most. */
export function quickAmounts(total: number, currency: string | null): number[] {
  const out: number[] = [];
  for (const note of (currency === null ? undefined : NOTES[currency]) ?? SERIES) {
    const amount = Math.max(note, Math.ceil(total / note - 1e-9) * note);
    if (amount >= total && !out.includes(amount)) out.push(amount);
  }
  return out.slice(0, 5);
}

/**
 * The amount typed, as a number (',' or '.' for decimals, common/money.ts's parseMajor: the core reads
 * typed amounts by the same rule); undefined when nothing was typed, NaN when it is no amount.
 */
export function parseAmount(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const amount = parseMajor(text);
  return amount === undefined ? Number.NaN : toMajor(amount);
}

/** A typed amount (parseAmount: at most two decimals) in minor units. */
const cents = (n: number): Minor => minorOf(n) ?? roundToMinor(n);

/** What keeps Enter from placing: an amount that is no number (which field), too little cash, a card part out of range. */
export type PaymentProblem =
  | { readonly kind: 'not-amount'; readonly field: 'given' | 'card'; readonly text: string }
  | { readonly kind: 'short'; readonly given: number; readonly due: number; readonly short: number }
  | { readonly kind: 'card-part'; readonly card: number | undefined };

export interface PaymentSummary {
  /** Cash handed over (the exact cash due when nothing was typed); the total for card. */
  readonly given: number;
  readonly change: number;
  /** Missing cash (0 unless `short`). */
  readonly short: number;
  readonly valid: boolean;
  /**
   * What the cash pays, rounded to the cash step (split: of the rest, once known); the total for card.
   */
  readonly due: number;
  /** What rounding the cash added to it (below 0: less than the total); 0 for card or none. */
  readonly rounding: number;
  /** Split: what the card is charged, and the rest the cash pays (rounded). */
  readonly card?: number;
  readonly rest?: number;
  readonly problem?: PaymentProblem;
  /** What Enter sends to the core, when valid. */
  readonly tender?: TenderInput;
}

interface PanelAmounts {
  readonly method: Method;
  /** Cash handed over, as typed; empty: the exact amount. */
  readonly given: string;
  /** Split: the card's part, as typed. */
  readonly card?: string;
}

/**
 * What the panel shows and Enter would do, worked out from the state and the sale's total; cash is
 * rounded to `stepMinor` (Settings' cash rounding for the currency; 1: not rounded), a card never.
 */
export function paymentSummary(p: PanelAmounts, total: number, stepMinor: Minor = minor(1)): PaymentSummary {
  if (p.method === 'card')
    return {
      given: total,
      change: 0,
      short: 0,
      valid: true,
      due: total,
      rounding: 0,
      tender: { method: 'card' },
    };
  const given = parseAmount(p.given);
  if (given !== undefined && Number.isNaN(given)) return notAmount('given', p.given, total);
  const due = cents(total);
  if (p.method === 'cash') {
    const cash = inCash(due, stepMinor, given);
    return { ...cash, ...(cash.valid ? { tender: { method: 'cash', given: cash.given } } : {}) };
  }
  const card = parseAmount(p.card ?? '');
  if (card !== undefined && Number.isNaN(card)) return notAmount('card', p.card ?? '', total);
  // No card part typed: the card pays what the cash does not (cash given below the total, no change).
  const cardMinor =
    card === undefined ? (given === undefined ? undefined : minor(due - cents(given))) : cents(card);
  // The card's part must leave the cash something it can pay: at least its smallest coin.
  if (cardMinor === undefined || !cardPartFits(due, cardMinor, stepMinor)) {
    return {
      given: given ?? 0,
      change: 0,
      short: 0,
      valid: false,
      due: total,
      rounding: 0,
      problem: { kind: 'card-part', card: cardMinor === undefined ? undefined : toMajor(cardMinor) },
    };
  }
  const cash = inCash(minor(due - cardMinor), stepMinor, given);
  return {
    ...cash,
    card: toMajor(cardMinor),
    rest: cash.due,
    ...(cash.valid ? { tender: { method: 'split', card: toMajor(cardMinor), given: cash.given } } : {}),
  };
}

/** Cash paying `share` rounded to the step, with `given` handed over (undefined: exactly that). */
function inCash(share: Minor, stepMinor: Minor, given: number | undefined): PaymentSummary {
  const cash = cashPaid(share, stepMinor, given === undefined ? undefined : cents(given));
  const [handed, due] = [toMajor(cash.handed), toMajor(cash.dueMinor)];
  return {
    given: handed,
    change: toMajor(cash.change),
    short: toMajor(cash.short),
    valid: cash.short === 0,
    due,
    rounding: toMajor(cash.roundingMinor),
    ...(cash.short > 0 ? { problem: { kind: 'short', given: handed, due, short: toMajor(cash.short) } } : {}),
  };
}

function notAmount(field: 'given' | 'card', text: string, total: number): PaymentSummary {
  return {
    given: Number.NaN,
    change: 0,
    short: 0,
    valid: false,
    due: total,
    rounding: 0,
    problem: { kind: 'not-amount', field, text },
  };
}
