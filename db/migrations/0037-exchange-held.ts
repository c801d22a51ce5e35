import type { Migration } from './types.ts';

/**
 * An exchange's credit held on the sale at the counter (issue 37, point 4): "Výměna" on the Returns
 * screen takes lines of an earlier sale as a credit to the sale being rung up; the return is made only
 * when that sale is settled. The credit (the original receipt, the lines and quantities, the credit in
 * minor units) is kept on the sale's own row as JSON, so a reload of the screen or a restart of the
 * app finds it again, and it goes where the sale goes (parked, recalled, voided, closed).
 */
export const exchangeHeld: Migration = {
  version: 37,
  name: 'exchange-held',
  up: `ALTER TABLE shopping_session ADD COLUMN exchangeCredit TEXT;`,
};
