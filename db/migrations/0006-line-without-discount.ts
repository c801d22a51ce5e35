import type { Migration } from './types.ts';

/** A session line whose stock item prohibits discounts: the customer's card takes nothing off it. */
export const lineWithoutDiscount: Migration = {
  version: 6,
  name: 'line-without-discount',
  up: `ALTER TABLE shopping_session_line ADD COLUMN noDiscount INTEGER NOT NULL DEFAULT 0 CHECK (noDiscount IN (0, 1));`,
};
