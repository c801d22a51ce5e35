// A return at any till of the store (issue 38, point 3). Each original line's quantity coming back is
// claimed first in the store's claims bucket (the hub's KV, compare-and-set: main/hub StoreHub
// claimReturn), so two tills can never take back the same item twice, even at the same instant;
// then the return is stored as any other (Returns.make). A claim whose return is then not stored
// (refused, the PIN wrong, the disk failing) is given back. Without the hub (none set, or out of
// reach) a till takes back its own sales as before; another till's sale then needs the manager's
// PIN, and the approval says why (ApprovalReason 'store').
import { words } from '../../contract/core-words.ts';
import type { ReturnClaimOutcome, ReturnLineKey } from '../../contract/store.ts';
import { ReturnError, quantityText, type MadeReturn, type ReturnRequest, type Returns } from './returns.ts';

/** The store's claims as the returns use them (main/areas wires the hub's). */
export interface ReturnClaims {
  /** This till's name in the store: the key of its own sales' lines. */
  readonly till: string;
  /**
   * Claims `quantityMilli` more of a line sold `soldMilli`; `knownMilli`: what this till knows came
   * back of it (its own returns and the others' journals), counted even where no claim said so.
   */
  claim(
    key: ReturnLineKey,
    quantityMilli: number,
    soldMilli: number,
    knownMilli: number,
  ): Promise<ReturnClaimOutcome>;
  /** Gives back a claim whose return was not stored. */
  release(key: ReturnLineKey, quantityMilli: number): Promise<void>;
}

/**
 * Makes a return against a sale of any till of the store: claims each line's quantity, stores the
 * return, gives the claims back if it is not stored. `claims` null: no hub set.
 */
export async function returnInStore(
  returns: Returns,
  claims: ReturnClaims | null,
  request: ReturnRequest,
): Promise<MadeReturn> {
  if (claims === null) return returns.make(request);
  const { sale, lines } = returns.preview(request);
  const taken: { key: ReturnLineKey; quantityMilli: number }[] = [];
  const giveBack = async () => {
    for (const t of taken.splice(0)) await claims.release(t.key, t.quantityMilli).catch(() => undefined);
  };
  let claimed = true;
  for (const planned of lines) {
    const key = { till: sale.till ?? claims.till, orderId: sale.orderId, lineNo: planned.line.lineNo };
    const known = sale.lines.find((l) => l.lineNo === planned.line.lineNo)?.returnedMilli ?? 0;
    // A claim that failed on the way (the hub gone mid-call) counts as no hub; if it was stored after
    // all, it only holds back units nobody took (never lets two tills take the same).
    const answer = await claims
      .claim(key, planned.quantityMilli, planned.line.quantityMilli, known)
      .catch((): ReturnClaimOutcome => ({ outcome: 'offline' }));
    if (answer.outcome === 'claimed') {
      taken.push({ key, quantityMilli: planned.quantityMilli });
      continue;
    }
    await giveBack();
    if (answer.outcome === 'offline') {
      // The hub went away: as without one (own sale as before, another till's with the PIN).
      claimed = false;
      break;
    }
    throw new ReturnError(
      'too-much',
      words('returnClaimedInStore', {
        name: planned.line.name,
        sold: quantityText(planned.line.quantityMilli),
        left: quantityText(Math.max(0, planned.line.quantityMilli - answer.claimedMilli)),
      }),
    );
  }
  try {
    return returns.make({ ...request, claimed });
  } catch (error) {
    await giveBack();
    throw error;
  }
}
