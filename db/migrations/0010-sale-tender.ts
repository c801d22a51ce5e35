import type { Migration } from './types.ts';

/**
 * How a closed sale was paid and who it was sold to when no card was scanned. SPEC.md's internet
 * order has no payment field (docs/assumptions.md "Payment"): the tender is Counter's own record,
 * kept with the sale for its receipt. `tender` is JSON {method, given, change}; `walkIn` is JSON
 * {companyId, name}: the default customer (Settings) the order went to because no card was scanned.
 */
export const saleTender: Migration = {
  version: 10,
  name: 'sale-tender',
  up: `
    ALTER TABLE shopping_session ADD COLUMN tender TEXT CHECK (tender IS NULL OR json_valid(tender));
    ALTER TABLE shopping_session ADD COLUMN walkIn TEXT CHECK (walkIn IS NULL OR json_valid(walkIn));
  `,
};
