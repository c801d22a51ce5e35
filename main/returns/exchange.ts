// An exchange (issue 37, point 4): goods taken back and a new sale, settled together in one visit.
// The return's refund is a credit on the open sale: the customer pays only the difference by one
// tender, or gets it back in cash. The sale is closed and the return made in one transaction (the
// sale's: the return is stored alongside its order), the return naming the new sale's order.
// In the books each document stays whole: the sale paid its total (the credit as cash, the rest by
// the tender), the return refunded its total in cash; the drawer's expected cash moves by the
// difference only, as the money did. docs/assumptions.md "Exchange" says why.
import { minor, minorOf, roundCash, toMajor, type Minor } from '../../common/money.ts';
import type { TenderInput } from '../../contract/contract.ts';
import { words } from '../../contract/core-words.ts';
import type { Counter } from '../counter/index.ts';
import {
  ReturnError,
  type ApprovalReason,
  type MadeReturn,
  type ReturnRequest,
  type Returns,
} from './returns.ts';

export interface ExchangeRequest extends Omit<ReturnRequest, 'tender' | 'exchangeOrderId' | 'approve'> {
  /** How the customer pays a difference in the till's favour (one back in their favour is cash). */
  readonly pays: 'cash' | 'card';
  /** Says whether the manager approved (beyond Settings' limits); asked before anything is stored. */
  readonly approve: (reasons: readonly ApprovalReason[]) => boolean;
}

export interface Exchanged {
  readonly made: MadeReturn;
  readonly orderId: number;
  /** The new sale's total. */
  readonly saleTotal: Minor;
  /** The return's refund as credited: rounded to the cash step. */
  readonly credit: Minor;
  /** What the customer pays (above 0) or gets back in cash (below 0). */
  readonly difference: number;
  readonly pays: 'cash' | 'card';
}

/** Settles the open sale against a return of `request.receipt`'s goods. */
export function exchange(
  counter: Counter,
  returns: Returns,
  request: ExchangeRequest,
  step: Minor,
): Exchanged {
  const open = counter.current();
  const saleTotal = open === null ? undefined : minorOf(open.totals.total);
  if (open === null || open.lines.length === 0 || saleTotal === undefined)
    throw new ReturnError('exchange-no-sale', words('exchangeNoSale'));
  const { approve, pays, ...wanted } = request;
  const preview = returns.preview({ ...wanted, tender: 'cash' });
  // The credit is no cash out of the drawer: only Settings' limits ask the manager.
  const reasons = preview.reasons.filter((r) => r.kind !== 'tender');
  if (reasons.length > 0 && !approve(reasons))
    throw new ReturnError('approval', preview.why ?? words('returnNeedsPinTender'));
  const credit = preview.split.cash;
  const cashDue = roundCash(saleTotal, step).dueMinor;
  const byCard = pays === 'card' && credit < saleTotal;
  // The sale's cash part is the credit exactly (a whole number of cash steps): it cancels the
  // return's cash in the drawer's figures; the card pays the rest exactly.
  const tender: TenderInput = byCard
    ? credit === 0
      ? { method: 'card' }
      : { method: 'split', card: toMajor(minor(saleTotal - credit)) }
    : { method: 'cash' };
  let made: MadeReturn | undefined;
  const closed = counter.close({
    tender,
    alongside: (orderId) => {
      made = returns.make({ ...wanted, tender: 'cash', exchangeOrderId: orderId, approve: () => true });
    },
  });
  if (made === undefined) throw new Error('The exchange closed the sale without its return.');
  returns.stored(made.row);
  const difference = toMajor(minor((byCard ? saleTotal : cashDue) - credit));
  return { made, orderId: closed.order.id, saleTotal, credit, difference, pays: byCard ? 'card' : 'cash' };
}
