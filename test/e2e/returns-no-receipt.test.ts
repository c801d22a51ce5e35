// A return without a receipt at the till (issue 37, point 3), as a cashier does it in the e2e
// language at 1024×768, on an instance that takes negative quantities, a receipt printer on the
// network (the fake printer). On the Returns screen (F11) "Bez účtenky" (F6): one product scanned,
// another found by its name and picked; its quantity 2, the first's price set by the manager; the
// core's preview shows each line's refund and the cash out before anything is stored. F9: the PIN
// dialog names each product with its price; the PIN given, the return is made: its receipt on the
// screen and on paper says it is a return without a receipt (never "k účtence " with no number), the
// paper headed with the store's name; the screen's "Doklad:" follows its document to the instance;
// one negative order reaches the instance naming no receipt, and the Orders screen lists it so.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPin } from '../../main/settings/manager-pin.ts';
import { decodeEscPos } from '../support/escpos-decoder.ts';
import { FakePrinter } from '../support/fake-printer.ts';
import { printable } from '../../main/printer/paper.ts';
import {
  configureTill,
  fromCatalog,
  fromTill,
  plainProducts,
  stopAll,
  syncedTerminal,
  type SyncedTerminal,
} from '../support/terminal.ts';
import { amountIn, goTo, openOnSale, scan } from './app.ts';
import { screenshot, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { E2E_LANGUAGE, say, sayPattern } from './lang.ts';

const PIN = '4321';

interface Goods {
  productId: number;
  barcode: string;
  productName: string;
  price: number;
}

describe('a return without a receipt at the till', () => {
  let terminal: SyncedTerminal;
  let shell: RunningShell | undefined;
  let browser: Browser | undefined;
  let printer: FakePrinter;
  let page: Page;
  let a: Goods;
  let b: Goods;
  let store = '';

  beforeAll(async () => {
    terminal = await syncedTerminal('returns-no-receipt', { negativeOrderQuantities: true });
    printer = await FakePrinter.start();
    const goods = plainProducts<Goods>(terminal.dataDir, {
      columns: 'productId, barcode, productName, price',
      warehouseId: 1,
      where: 'productName IS NOT NULL AND length(productName) > 5 AND price BETWEEN 50 AND 1000',
      limit: 2,
    });
    if (goods[0] === undefined || goods[1] === undefined) throw new Error('two products to take back');
    store = fromCatalog(
      terminal.dataDir,
      (db) => (db.prepare('SELECT name FROM warehouse WHERE id = 1').get() as { name: string }).name,
    );
    [a, b] = [goods[0], goods[1]];
    configureTill(terminal.dataDir, { managerPinHash: hashPin(PIN), language: E2E_LANGUAGE });
    ({ shell, browser, page } = await openOnSale({ ...terminal.env, POS_RECEIPT_PRINTER: printer.address }));
  }, 300_000);

  afterAll(async () => {
    await stopAll(terminal, shell, browser);
    await printer.close();
  });

  screenshotOnFailure(() => page, 'returns-no-receipt');

  it('scans and finds the goods, shows the refund, asks the manager, prints "without a receipt"', async () => {
    await goTo(page, 'returns');
    await page.keyboard.press('F6');
    const panel = page.getByTestId('return-no-receipt');
    await panel.waitFor();

    // The first product scanned: its line with the price list's price and its refund.
    await scan(page, a.barcode);
    const first = panel.locator('tr[data-goods="0"]');
    await expect.poll(() => first.textContent()).toContain(a.productName);
    await expect.poll(() => amountIn(first.locator('[data-goods-refund]'))).toBeCloseTo(a.price, 2);

    // A code not in the catalog is said, and nothing is added for it.
    await scan(page, '0000000000000');
    await expect
      .poll(() => panel.getByTestId('no-receipt-error').textContent())
      .toMatch(sayPattern('core:returnNoReceiptNoProduct', ['code']));
    expect(await panel.locator('tr[data-goods]').count()).toBe(1);

    // The second found by its name and picked; two of it.
    const field = panel.locator('[data-field="no-receipt-find"]');
    await field.fill(b.productName);
    await page.keyboard.press('Enter');
    await panel
      .getByTestId('no-receipt-found')
      .locator(`[data-pick="${String(b.productId)}"]`)
      .click();
    const second = panel.locator('tr[data-goods="1"]');
    await expect.poll(() => second.textContent()).toContain(b.productName);
    await second.locator('[data-goods-qty]').fill('2');
    // The manager's price for the first: 10,50 each (the catalog's otherwise).
    await first.locator('[data-goods-price]').fill(E2E_LANGUAGE === 'en' ? '10.50' : '10,50');
    const total = 10.5 + 2 * b.price;
    const refund = panel.getByTestId('no-receipt-refund');
    await expect.poll(() => amountIn(refund.locator('[data-refund="total"]'))).toBeCloseTo(total, 2);
    await expect.poll(() => amountIn(first.locator('[data-goods-refund]'))).toBeCloseTo(10.5, 2);
    // Nothing stored before the manager says yes.
    const returns = () =>
      fromTill(terminal.dataDir, (db) => db.prepare('SELECT count(*) AS n FROM till_return').get()) as {
        n: number;
      };
    expect(returns().n).toBe(0);
    // At 1024×768 the button is in sight above the status bar, not scrolled away below it.
    const button = await refund.locator('[data-action="make-no-receipt"]').boundingBox();
    const bar = await page.getByTestId('status-bar').boundingBox();
    expect((button?.y ?? 1e9) + (button?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
    await screenshot(page, 'returns-no-receipt-preview-1024');

    // F9: the manager's PIN, the dialog naming the goods and their prices.
    await page.keyboard.press('F9');
    const dialog = page.getByTestId('pin-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(sayPattern('core:returnNeedsPinNoReceipt', ['name', 'price']));
    expect(await dialog.textContent()).toContain(b.productName);
    await screenshot(page, 'returns-no-receipt-pin-1024');
    await dialog.locator('[data-field="managerPin"]').fill(PIN);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // Made: its receipt on the screen says it is a return without a receipt.
    const made = page.getByTestId('returns').getByTestId('return-made');
    await expect.poll(() => made.getAttribute('data-number')).toBe('P1-V000001');
    const title = say('returns:madeNoReceipt', { number: 'P1-V000001' });
    expect(await made.textContent()).toContain(title);
    expect(await amountIn(made.locator('[data-made-total]'))).toBeCloseTo(-total, 2);
    await screenshot(page, 'returns-no-receipt-made-1024');
    const stored = fromTill(terminal.dataDir, (db) =>
      db
        .prepare(
          `SELECT r.saleOrderId, r.managerApproved, r.refundMinor,
                  (SELECT count(*) FROM till_return_item i WHERE i.returnId = r.id) AS items
             FROM till_return r`,
        )
        .all(),
    );
    expect(stored).toEqual([
      { saleOrderId: null, managerApproved: 1, refundMinor: Math.round(total * 100), items: 2 },
    ]);

    // On paper (the receipt printer's queue): "without a receipt", no receipt number, the lines.
    await printer.until((jobs) => jobs.length > 0);
    const paper = decodeEscPos(printer.received()).lines.join(' ').replace(/\s+/g, ' ');
    expect(paper).toContain(say('receipt:returnTitleNoReceipt', { number: 'P1-V000001' }));
    expect(paper).not.toMatch(sayPattern('receipt:returnTitle', ['number', 'receipt']));
    expect(paper).toContain(say('receipt:returnNoReceiptNote'));
    expect(decodeEscPos(printer.received()).pulses).toBe(1);
    // Headed with the store it was taken back in (its warehouse's name), not the paper's default.
    expect(paper).toContain(printable(store));
    expect(paper).not.toContain(say('receipt:storeDefault'));

    // One negative order on the instance, naming no receipt.
    const negative = () => terminal.sim.admin.listOrders().filter((o) => o.items.some((i) => i.quantity < 0));
    await expect.poll(() => negative().length, { timeout: 60_000, interval: 250 }).toBe(1);
    expect(negative()[0]?.items.map((i) => [i.productId, i.quantity])).toEqual([
      [a.productId, -1],
      [b.productId, -2],
    ]);
    expect(negative()[0]?.note).toContain('without a receipt');
    // The receipt on the screen follows its document: now on the instance.
    await expect.poll(() => made.getAttribute('data-state'), { timeout: 30_000 }).toBe('sent');
    expect(await made.locator('[data-made-state]').textContent()).toContain(say('returns:stateSent'));

    // The Orders screen lists it as a return without a receipt.
    await goTo(page, 'orders');
    const row = page.locator('[data-return="P1-V000001"]');
    await expect.poll(() => row.textContent()).toContain(say('orders:returnNoReceipt'));
  }, 300_000);
});
