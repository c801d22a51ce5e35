import type { Migration } from './types.ts';

/**
 * The state an entry was claimed from for its attempt (`sending`): set by every claim. An entry in
 * doubt that a pass takes to settle (a card's sender reads the company's cards first; an order's
 * resend where the instance recognises its reference) is still in doubt until that attempt's outcome
 * is stored; the Orders screen shows it so, rather than "sending" for the moments of each pass, so
 * its row, its buttons and a number half typed into it stay put.
 */
export const sendingFrom: Migration = {
  version: 42,
  name: 'sending-from',
  up: `ALTER TABLE outbox_order ADD COLUMN sending_from TEXT;`,
};
