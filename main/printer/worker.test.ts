// The worker on a real SQLite file and a fake printer on loopback, with the clock in the test's hand:
import { orderId as orderIdOf } from '../../contract/ids.ts';
// a cash sale's receipt opens the drawer only while the cashier can still be at the till.
import { afterEach, describe, expect, it } from 'vitest';
import type { ReceiptView } from '../../contract/contract.ts';
import { insertOutboxOrder } from '../../db/outbox.ts';
import { getPrintJob } from '../../db/print-jobs.ts';
import { decodeEscPos } from '../../test/support/escpos-decoder.ts';
import { FakePrinter } from '../../test/support/fake-printer.ts';
import { tempDb } from '../../test/support/fixtures.ts';
import { parsePrinterAddress } from './address.ts';
import { KICK_WINDOW_MS, queueSale, queueSaleReceipt } from './queue.ts';
import { PrintWorker } from './worker.ts';

const printers: FakePrinter[] = [];
afterEach(async () => {
  for (const p of printers.splice(0)) await p.close();
});

function receipt(orderId: number, reference: string): ReceiptView {
  return {
    orderId: orderIdOf(orderId),
    reference,
    state: 'queued',
    placedAt: '2026-03-14T09:41:00.000Z',
    printCount: 0,
    lines: [{ name: 'Rohlík', quantity: 1, unitPrice: 3.5, lineTotal: 3.5, discount: 0, vatRate: 12 }],
    totals: { byVatRate: [{ vatRate: 12, base: 3.13, vat: 0.37, gross: 3.5 }], discount: 0, total: 3.5 },
    tender: { parts: [{ method: 'cash', amount: 3.5, given: 5 }], change: 1.5 },
    pricedFrom: 'sale',
  };
}

describe('the print worker', () => {
  it("opens the drawer with a cash sale's receipt only within the kick window", async () => {
    const printer = await FakePrinter.start();
    printers.push(printer);
    const { db } = tempDb('print-worker');
    const sold = new Date('2026-03-14T09:41:00.000Z');
    let now = sold;
    const orders = [1, 2].map(() =>
      insertOutboxOrder(db, { warehouseId: 1, items: [{ productId: 1, quantity: 1 }] }),
    );
    const cash = { parts: [{ method: 'cash' as const, amount: 3.5, given: 5 }], change: 1.5 };
    const soon = queueSaleReceipt(db, orders[0]?.id ?? 0, cash, sold);
    const worker = new PrintWorker({
      db,
      setup: () => ({
        address: parsePrinterAddress(printer.address, 'test'),
        paper: '80mm',
        print: { columns: 48, language: 'cs', currency: 'CZK' },
      }),
      receipt: (id) => receipt(id, orders.find((o) => o.id === id)?.clientReference ?? '?'),
      changed: () => undefined,
      log: () => undefined,
      now: () => now,
    });
    worker.start();
    try {
      await printer.until(() => printer.printed().length === 1);
      // The second sale's receipt waits for a printer that is off until after the window.
      await printer.off();
      const late = queueSaleReceipt(db, orders[1]?.id ?? 0, cash, sold);
      worker.wake();
      await expect.poll(() => worker.status()).toMatchObject({ waiting: 1, problem: 'unreachable' });
      now = new Date(sold.getTime() + KICK_WINDOW_MS + 1);
      await printer.on();
      worker.retryNow();
      await printer.until(() => printer.printed().length === 2);
      const [first, second] = printer.printed().map((job) => decodeEscPos(job));
      expect(first?.qr).toEqual([orders[0]?.clientReference]);
      expect(first?.pulses).toBe(1);
      expect(second?.qr).toEqual([orders[1]?.clientReference]);
      expect(second?.pulses).toBe(0);
      expect([soon, late].map((j) => getPrintJob(db, j.id)?.state)).toEqual(['printed', 'printed']);
    } finally {
      await worker.stop();
    }
  });

  it("sets a cash sale's drawer pulse aside, unsent, once the sale is too long ago", async () => {
    const printer = await FakePrinter.start();
    printers.push(printer);
    const { db } = tempDb('print-worker-drawer');
    const sold = new Date('2026-03-14T09:41:00.000Z');
    const order = insertOutboxOrder(db, { warehouseId: 1, items: [{ productId: 1, quantity: 1 }] });
    const cash = { parts: [{ method: 'cash' as const, amount: 3.5, given: 5 }], change: 1.5 };
    const job = queueSale(db, { orderId: order.id, tender: cash, at: sold }, false);
    expect(job?.kind).toBe('drawer');
    expect(
      queueSale(
        db,
        { orderId: order.id, tender: { parts: [{ method: 'card', amount: 3.5 }], change: 0 }, at: sold },
        false,
      ),
    ).toBeUndefined();
    const worker = new PrintWorker({
      db,
      setup: () => ({
        address: parsePrinterAddress(printer.address, 'test'),
        paper: '80mm',
        print: { columns: 48, language: 'cs', currency: 'CZK' },
      }),
      receipt: () => undefined,
      changed: () => undefined,
      log: () => undefined,
      now: () => new Date(sold.getTime() + KICK_WINDOW_MS + 1),
    });
    worker.start();
    try {
      await expect.poll(() => getPrintJob(db, job?.id ?? 0)?.state).toBe('failed');
      expect(worker.status()).toEqual({ waiting: 0 });
      expect(printer.jobs).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it('stops at once when the app closes mid-print, leaving the receipt queued', async () => {
    const printer = await FakePrinter.start();
    printers.push(printer);
    printer.stick();
    const { db } = tempDb('print-worker-stop');
    const order = insertOutboxOrder(db, { warehouseId: 1, items: [{ productId: 1, quantity: 1 }] });
    const job = queueSaleReceipt(db, order.id, null, new Date());
    const worker = new PrintWorker({
      db,
      setup: () => ({
        address: parsePrinterAddress(printer.address, 'test'),
        paper: '80mm',
        print: { columns: 48, language: 'cs', currency: 'CZK' },
      }),
      receipt: (id) => receipt(id, order.clientReference),
      changed: () => undefined,
      log: () => undefined,
      // A printer that never answers its paper status is waited for long: only closing ends it.
      timeouts: { statusMs: 60_000 },
    });
    worker.start();
    await expect.poll(() => getPrintJob(db, job.id)?.state).toBe('printing');
    await worker.stop();
    expect(getPrintJob(db, job.id)).toMatchObject({ state: 'queued', copy: 'none', problem: 'unreachable' });
  });
});
