// What a closed sale leaves for the reports: its total, its totals per VAT rate and what each way of
// paying paid, in minor units, written with the sale (db/shifts.ts recordSale).
import type { Tender } from '../../contract/contract.ts';
import type { SaleFigures } from '../../db/shifts.ts';
import { toMinor } from './money.ts';

export interface SaleTotals {
  readonly total: number;
  readonly byVatRate: readonly { vatRate: number; base: number; vat: number; gross: number }[];
}

/**
 * A sale's figures from its totals (major units, whole cents) and its tender. Each way of paying
 * records what it took; cash also what was handed over and the change (the drawer's cash is given -
 * change) and the rounding the tender settled, as its own figure. A sale placed without a tender is
 * 'unsaid': in no drawer.
 */
export function saleFigures(totals: SaleTotals, tender: Tender | null): SaleFigures {
  const totalMinor = toMinor(totals.total);
  return {
    totalMinor,
    byVatRate: totals.byVatRate.map((v) => ({
      vatRate: v.vatRate,
      baseMinor: toMinor(v.base),
      vatMinor: toMinor(v.vat),
      grossMinor: toMinor(v.gross),
    })),
    payments: paymentsOf(totalMinor, tender),
  };
}

/**
 * One row per way of paying: a card charged its part; cash paying its part (rounded) out of what was
 * handed over, with the change and the rounding (only cash gives change or is rounded).
 */
function paymentsOf(totalMinor: number, tender: Tender | null): SaleFigures['payments'] {
  if (tender === null)
    return [{ method: 'unsaid', amountMinor: totalMinor, givenMinor: 0, changeMinor: 0, roundingMinor: 0 }];
  return tender.parts.map((part) =>
    part.method === 'card'
      ? {
          method: 'card',
          amountMinor: toMinor(part.amount),
          givenMinor: toMinor(part.amount),
          changeMinor: 0,
          roundingMinor: 0,
        }
      : {
          method: 'cash',
          amountMinor: toMinor(part.amount),
          givenMinor: toMinor(part.given),
          changeMinor: toMinor(tender.change),
          roundingMinor: toMinor(tender.rounding ?? 0),
        },
  );
}
