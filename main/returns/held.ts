// An exchange's credit held on the sale at the counter (issue 37, point 4). "Výměna" on the Returns
// screen takes the chosen lines of an earlier sale as a credit; the Sale screen shows it while the
// customer's new goods are scanned, and F9 settles both (exchange.ts). Until then the credit is kept on
// the sale's own row (migration 37), not in the screen's memory: a reload of the screen or a restart
// of the app finds it again. The credit is the core's plan of those lines refunded in cash (rounded to
// the cash step), as returns.exchange credits it.
import { z } from 'zod';
import { minor, toMajor, type Minor } from '../../common/money.ts';
import type { Db } from '../../db/database.ts';
import { heldExchangeText, holdExchangeText } from '../../db/returns.ts';
import { currentShoppingSessionId, openShoppingSessionId } from '../../db/sessions.ts';
import type { Returns } from './returns.ts';
import { lazy } from '../../common/lazy.ts';

const Held = lazy(() =>
  z
    .object({
      receipt: z.string().min(1),
      lines: z.array(z.object({ lineNo: z.number().int(), quantity: z.number().positive() }).strict()).min(1),
      creditMinor: z.number().int().nonnegative(),
    })
    .strict(),
);

/** The credit as the Sale screen shows it. */
export interface HeldExchange {
  readonly receipt: string;
  readonly lines: { lineNo: number; quantity: number }[];
  /** The refund credited to the sale, in the currency's major unit (rounded to the cash step). */
  readonly credit: number;
}

/**
 * Holds the lines of `receipt` as a credit on the sale at the counter (a new, empty one when none is
 * open): planned first, so a quantity beyond what is left is refused here, as on the Returns screen.
 */
export function holdExchange(
  db: Db,
  returns: Returns,
  request: { readonly receipt: string; readonly lines: readonly { lineNo: number; quantity: number }[] },
  where: { readonly warehouseId: number | null; readonly now: Date },
): HeldExchange {
  const plan = returns.preview({ receipt: request.receipt, lines: [...request.lines], tender: 'cash' });
  const held = { receipt: request.receipt, lines: [...request.lines], creditMinor: plan.split.cash };
  const sessionId = openShoppingSessionId(db, where.warehouseId, where.now);
  holdExchangeText(db, sessionId, JSON.stringify(Held.parse(held)), where.now);
  return viewOf(held.receipt, held.lines, plan.split.cash);
}

/** The credit held on the sale at the counter, or null (none, or that sale has none). */
export function heldExchange(db: Db): HeldExchange | null {
  const sessionId = currentShoppingSessionId(db);
  if (sessionId === undefined) return null;
  const text = heldExchangeText(db, sessionId);
  if (text === null) return null;
  const held = Held.parse(JSON.parse(text));
  return viewOf(held.receipt, held.lines, minor(held.creditMinor));
}

/** The exchange given up: the sale at the counter carries no credit any more. */
export function dropHeldExchange(db: Db, now: Date): void {
  const sessionId = currentShoppingSessionId(db);
  if (sessionId !== undefined) holdExchangeText(db, sessionId, null, now);
}

function viewOf(
  receipt: string,
  lines: readonly { lineNo: number; quantity: number }[],
  credit: Minor,
): HeldExchange {
  return {
    receipt,
    lines: lines.map((l) => ({ lineNo: l.lineNo, quantity: l.quantity })),
    credit: toMajor(credit),
  };
}
