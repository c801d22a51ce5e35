// The items of the order a closed sale becomes: each line's product and quantity, with the gross unit
// price it was priced at and everything that came off it, so that the instance's books come to the
// receipt's total (docs/assumptions.md, "Prices on the order").
import type { InternetOrderPayload } from '../../contract/order.ts';
import type { SessionCard, SessionLine } from '../../db/sessions.ts';
import { minor, roundToMinor, toMajor } from '../../common/money.ts';
import { sessionTotals } from './totals.ts';

type OrderItem = InternetOrderPayload['items'][number];

/**
 * One item per line, in the sale's order. `price` is the unit price the line was priced at (the
 * catalog's exactly as the instance sent it, 0.125 not 0.13; or one entered at the till), as the
 * totals take it; `discountAmount` all
 * that came off the line: its own discount or price override set at the till, the card's percent, and
 * its share of the card's amount off the sale; left out when nothing came off. Over the items,
 * price x quantity less the discount comes to the sale's total.
 */
export function orderItems(lines: readonly SessionLine[], card: SessionCard | null): OrderItem[] {
  const amounts = sessionTotals(lines, card).lines;
  return lines.map((line, i) => {
    const amount = amounts[i];
    const off =
      amount === undefined ? minor(0) : minor(roundToMinor(amount.discount) + roundToMinor(amount.amountOff));
    return {
      productId: line.productId,
      quantity: line.quantity,
      price: line.unitPrice,
      ...(off > 0 ? { discountAmount: toMajor(off) } : {}),
    };
  });
}
