import type { Migration } from './types.ts';

/**
 * A line's discount or price override, set at the till (behind the manager PIN when one is set):
 * JSON {kind: 'percent' | 'price', value, by, at}, or NULL. The line keeps the catalog's unit price
 * beside it, so the receipt and the order say what was taken off, by whom and when.
 */
export const lineAdjustment: Migration = {
  version: 14,
  name: 'line-adjustment',
  up: `ALTER TABLE shopping_session_line ADD COLUMN adjustment TEXT;`,
};
