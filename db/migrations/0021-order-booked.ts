import type { Migration } from './types.ts';

/**
 * What the instance said it booked for a sent order (`booked_cents`, minor units): its answer's
 * total, else its lines' totals summed. NULL where it did not say (an empty answer, a repeat settled
 * by 409, an order marked sent by a person, every order sent before), so a receipt can say whether
 * the instance's books agree with it (main/service/order-answer.ts).
 */
export const orderBooked: Migration = {
  version: 21,
  name: 'order-booked',
  up: `
    ALTER TABLE outbox_order ADD COLUMN booked_cents INTEGER;
  `,
};
