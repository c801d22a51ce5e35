import type { Migration } from './types.ts';

/**
 * Cash rounded to what can be paid (contract/cash-rounding.ts): each sale's cash payment keeps what
 * rounding added to the cash it took (`roundingMinor`, minor units: -17 for 706.17 Kč paid as 706 Kč),
 * so the reports add up the rounding stored with the sale and never work it out again. `amountMinor`
 * of a cash row is then what the cash took (the rounded amount); rows written before are 0 (unrounded).
 */
export const saleRounding: Migration = {
  version: 20,
  name: 'sale-rounding',
  up: `
    ALTER TABLE sale_payment ADD COLUMN roundingMinor INTEGER NOT NULL DEFAULT 0
      CHECK (roundingMinor = 0 OR method = 'cash');
  `,
};
