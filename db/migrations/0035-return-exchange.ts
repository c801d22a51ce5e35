import type { Migration } from './types.ts';

/**
 * An exchange (issue 37, point 4): a return and a new sale settled together in one visit. The return
 * names the new sale's order (`exchangeOrderId`), written in the transaction that closes that sale, so
 * each of the two receipts can name the other and neither exists without the other.
 */
export const returnExchange: Migration = {
  version: 35,
  name: 'return-exchange',
  up: `
    ALTER TABLE till_return ADD COLUMN exchangeOrderId INTEGER REFERENCES outbox_order (id);
    CREATE INDEX till_return_exchange ON till_return (exchangeOrderId) WHERE exchangeOrderId IS NOT NULL;
  `,
};
