import type { Migration } from './types.ts';

/**
 * Returns go into the store's journal (issue 38) in the statements that make them, as shifts and cash
 * moves do (migration 27): each line taken back (which sale's order, which line, how much, what it
 * refunded) and each refund paid (its shift and tender), so the other tills know what of a sale has
 * come back and what left each drawer.
 */
export const journalReturns: Migration = {
  version: 30,
  name: 'journal-returns',
  up: `
    CREATE TRIGGER journal_return_line AFTER INSERT ON till_return_line
      BEGIN
        INSERT INTO journal (kind, body) SELECT 'return-line',
          json_object('returnId', r.id, 'saleOrderId', r.saleOrderId, 'lineNo', NEW.lineNo,
                      'quantityMilli', NEW.quantityMilli, 'refundMinor', NEW.refundMinor)
          FROM till_return r WHERE r.id = NEW.returnId;
      END;
    CREATE TRIGGER journal_return_refund AFTER INSERT ON till_return_refund
      BEGIN
        INSERT INTO journal (kind, body) SELECT 'return-refund',
          json_object('returnId', r.id, 'shiftId', r.shiftId, 'method', NEW.method,
                      'amountMinor', NEW.amountMinor)
          FROM till_return r WHERE r.id = NEW.returnId;
      END;
  `,
};
