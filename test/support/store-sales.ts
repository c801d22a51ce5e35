// A till's sales as the counter closes them, for the store hub's tests and their child processes
// (no vitest here: a child under faketime imports it): a shift opened, cash paid in, a sale (session,
// order, figures and its journal event in one transaction).
import { writeTransaction, type Db } from '../../db/database.ts';
import { appendSale } from '../../db/journal.ts';
import { insertOutboxOrder } from '../../db/outbox.ts';
import { addSessionLine, closeShoppingSession, openShoppingSessionId } from '../../db/sessions.ts';
import { insertCashMove, insertShift, openShiftId, recordSale } from '../../db/shifts.ts';
import { getOutboxOrder } from '../../db/outbox.ts';
import { insertReturn, insertSoldLines } from '../../db/returns.ts';
import { issueReceipt } from '../../db/receipts.ts';

export const WAREHOUSE = 1;

export function openShift(db: Db, floatMinor = 0, now = new Date()): number {
  return writeTransaction(db, () => insertShift(db, { floatMinor, openedBy: null, now }));
}

export function cashIn(db: Db, amountMinor: number, now = new Date()): void {
  writeTransaction(db, () => {
    const shiftId = openShiftId(db);
    if (shiftId === undefined) throw new Error('no open shift');
    insertCashMove(db, {
      shiftId,
      direction: 'in',
      amountMinor,
      reason: 'float top-up',
      cashierId: null,
      now,
    });
  });
}

/**
 * A sale of `quantity` of product `productId` at 10.00 a piece, paid cash, closed as the counter
 * closes one: its lines as paid kept, and with `prefix` a receipt numbered in that series.
 */
export function sell(db: Db, productId: number, quantity: number, now = new Date(), prefix?: string): number {
  return writeTransaction(db, () => {
    const sessionId = openShoppingSessionId(db, WAREHOUSE, now);
    addSessionLine(
      db,
      sessionId,
      {
        stockItemId: null,
        productId,
        productCode: null,
        name: `product ${productId}`,
        barcode: null,
        kind: 'unit',
        quantity,
        unitOfMeasure: 'ks',
        unitPrice: 10,
        vatRate: 21,
        fixedTotalMinor: null,
        noDiscount: false,
        priceEntered: false,
      },
      now,
    );
    const order = insertOutboxOrder(
      db,
      { customerId: 7, warehouseId: WAREHOUSE, items: [{ productId, quantity }] },
      { originSessionId: sessionId, now },
    );
    closeShoppingSession(db, sessionId, order.id, now);
    if (prefix !== undefined) issueReceipt(db, order.id, { prefix, seller: null });
    const totalMinor = 1000 * quantity;
    const payment = {
      method: 'cash' as const,
      amountMinor: totalMinor,
      givenMinor: totalMinor,
      changeMinor: 0,
      roundingMinor: 0,
    };
    recordSale(
      db,
      sessionId,
      { shiftId: openShiftId(db) ?? null, cashierId: null },
      { totalMinor, byVatRate: [], payments: [payment] },
    );
    insertSoldLines(db, [
      {
        sessionId,
        lineNo: 0,
        productId,
        productCode: null,
        name: `product ${productId}`,
        kind: 'unit',
        quantityMilli: quantity * 1000,
        unitOfMeasure: 'ks',
        unitPrice: 10,
        vatRate: 21,
        grossMinor: totalMinor,
        paidMinor: totalMinor,
      },
    ]);
    appendSale(db, order.id);
    return order.id;
  });
}

/**
 * Takes back `quantity` of a sale's first line (10.00 a piece), paid back in cash, as a return stores
 * it (waiting for its route); its row's id.
 */
export function returnCash(db: Db, orderId: number, quantity: number, now = new Date()): number {
  return writeTransaction(db, () => {
    const order = getOutboxOrder(db, orderId);
    if (order?.originSessionId == null) throw new Error(`order ${orderId} closed no sale`);
    const refundMinor = 1000 * quantity;
    return insertReturn(db, {
      prefix: 'P1',
      saleSessionId: order.originSessionId,
      saleOrderId: orderId,
      createdAt: now.toISOString(),
      shiftId: openShiftId(db) ?? null,
      cashierId: null,
      refundMinor,
      managerApproved: false,
      clientReference: `return-${orderId}-${now.getTime()}-${Math.random()}`,
      lines: [{ lineNo: 0, quantityMilli: quantity * 1000, refundMinor }],
      refunds: [{ method: 'cash', amountMinor: refundMinor, roundingMinor: 0 }],
    }).id;
  });
}
