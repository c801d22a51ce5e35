// Every word a cashier sees in the cashier's language, and words that say truthfully what will
// happen: through the web shell in Debian's Chromium against the real sim, at 1024×768 and 1280×800.
// Sales the instance refuses (400: needs a fix; 403: not allowed) say what the person must do, never
// that the order goes by itself; the fix form names the customer, warehouse and product by the cache's
// names with the id small, and shows the instance's own reason, introduced as its; an unreachable
// instance, a web address that is none, a sync time and an order's time are said in the language.
// The instance is this terminal's from Settings (not POS_BASE_URL), so that its address can be typed.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { insertOutboxOrder } from '../../db/outbox.ts';
import { formatTime } from '../../renderer/format/format.ts';
import { SettingsStore } from '../../main/settings/store.ts';
import { withCheckDigit } from '../../main/barcode/index.ts';
import { goTo, placeOrder, scan, statusBar } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell, SIZES } from './browser.ts';
import { E2E_LOCALE, newPage, say, sayPattern } from './lang.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import {
  firstSellable,
  fromCatalog,
  stopAll,
  syncedTerminal,
  type SyncedTerminal,
} from '../support/terminal.ts';

/** Words the screens said in English, or said untruthfully, before: none may show in any language. */
const NEVER_SHOWN = [
  'Invalid URL',
  'The request was not valid',
  'could not be reached',
  'could not reach the service',
  'goes out by itself',
  'customer ID',
  'product ID',
  'Customer id',
  'product id',
  ' UTC',
];
/** Words a Czech or Slovak screen used to say in English. */
const ENGLISH_BEFORE = ['The instance', 'Token not obtained', 'Not synced', 'Sync failed'];

let terminal: SyncedTerminal;
let shell: RunningShell | undefined;
let browser: Browser | undefined;
let page: Page;
let product: {
  barcode: string;
  productId: number;
  warehouseId: number;
  productName: string;
  productCode: string;
};
let walkIn: { companyId: number; name: string };
let warehouseName: string;
let yesterdayId: number;
let yesterdayAt: Date;

beforeAll(async () => {
  terminal = await syncedTerminal('words');
  const { dataDir, sim } = terminal;
  const sellable = firstSellable(dataDir);
  const more = fromCatalog(dataDir, (db) => ({
    code: db
      .prepare('SELECT productCode FROM stock_item WHERE productId = ? LIMIT 1')
      .pluck()
      .get(sellable.productId),
    warehouse: db.prepare('SELECT name FROM warehouse WHERE id = ?').pluck().get(sellable.warehouseId),
    // A company is named by its latest invoice's customerName (its own name), else by its card:
    // the card comes second (issue 34, point 8).
    company: db
      .prepare(
        `SELECT c.companyId, coalesce(
           (SELECT r.customerName FROM financial_receivable r WHERE r.customerId = c.companyId
              AND trim(coalesce(r.customerName, '')) <> '' ORDER BY r.id DESC LIMIT 1),
           min(c.name)) AS name
         FROM company_card c WHERE c.name IS NOT NULL AND c.name != ''
         GROUP BY c.companyId ORDER BY c.companyId LIMIT 1`,
      )
      .get(),
  })) as { code: string; warehouse: string; company: { companyId: number; name: string } };
  product = { ...sellable, productCode: more.code };
  warehouseName = more.warehouse;
  walkIn = more.company;

  // The instance from Settings, its credentials from the environment: the address stays typeable.
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  new SettingsStore(db).write({
    instanceUrl: sim.url,
    warehouseId: product.warehouseId,
    walkInCustomer: walkIn,
  });
  // An order of yesterday, sent: its time on Orders is a date and a time in the language's format.
  yesterdayAt = new Date(Date.now() - 26 * 3600_000);
  yesterdayId = insertOutboxOrder(
    db,
    {
      customerId: walkIn.companyId,
      warehouseId: product.warehouseId,
      items: [{ productId: product.productId, quantity: 1 }],
    },
    { now: yesterdayAt },
  ).id;
  db.close();

  const env = { ...terminal.env };
  delete env.POS_BASE_URL;
  const [started, chromium] = await Promise.all([startWebShellProcess(env), launchChromium()]);
  [shell, browser] = [started, chromium];
  page = await newPage(chromium, { viewport: SIZES[1] });
  await page.goto(started.url);
  await statusBar(page).waitFor();
  // Yesterday's order goes out first: were it still queued when a test arms a one-time 400, it
  // would take that answer and the sale under test would be sent (seen on a loaded CI run).
  await goTo(page, 'orders');
  await page.locator(`[data-order="${String(yesterdayId)}"][data-state="sent"]`).waitFor({ timeout: 60_000 });
});

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(() => page, 'words');

/** The page's visible words. */
const shown = () => page.evaluate(() => document.body.innerText);

/** None of the words said wrongly before, nor (in Czech and Slovak) the English they were said in. */
async function expectNoWrongWords(): Promise<void> {
  const text = await shown();
  for (const words of NEVER_SHOWN) expect(text, `"${words}" is shown`).not.toContain(words);
  if (E2E_LOCALE !== 'en-GB')
    for (const words of ENGLISH_BEFORE) expect(text, `"${words}" is shown`).not.toContain(words);
}

const row = (id: string | number) => page.locator(`[data-order="${String(id)}"]`);

/** Sells the product once while the instance answers the order with `status` (and its words). */
async function sellRefused(status: 400 | 403, message: string, code: string): Promise<string> {
  terminal.sim.faults.forceStatus({
    status,
    method: '^POST$',
    path: '^/api/documents/orders/internet$',
    times: 1,
    code,
    message,
  });
  await goTo(page, 'sale');
  await scan(page, product.barcode);
  await page.getByTestId('sale-lines').locator(`[data-barcode="${product.barcode}"]`).waitFor();
  await placeOrder(page);
  const receipt = page.getByTestId('placed-receipt').locator('.receipt');
  const order = await receipt.getAttribute('data-receipt');
  if (order === null) throw new Error('no receipt of the placed order');
  return order;
}

describe("the cashier's words, truthful, at 1024×768 and 1280×800", { timeout: 180_000 }, () => {
  it('a sale the instance refuses as it is (400): not sent, what to do, the fix form by names', async () => {
    const reason = 'Customer is on credit stop: orders are refused.';
    const id = await sellRefused(400, reason, 'ValidationFailed');
    // The Sale screen and the receipt say it is not sent and what to do; never that it goes by itself.
    const announcer = page.getByTestId('announcer');
    await expect
      .poll(() => announcer.locator('[data-placed-order]').getAttribute('data-placed-order'))
      .toBe('needs-fix');
    expect(await announcer.textContent()).toBe(say('sale:placedNeedsFix'));
    const receipt = page.getByTestId('placed-receipt').locator('.receipt');
    await expect.poll(() => receipt.getAttribute('data-receipt-state')).toBe('needs-fix');
    expect(await receipt.locator('[data-receipt-confirmed]').textContent()).toContain(
      say('receipt:notSentNeedsFix'),
    );
    await expectNoWrongWords();

    await goTo(page, 'orders');
    const entry = row(id);
    await expect.poll(() => entry.getAttribute('data-state')).toBe('needs-fix');
    // The instance's reason in the open, as it wrote it, introduced in the cashier's language.
    const says = entry.locator('[data-instance-says]');
    expect(await says.isVisible()).toBe(true);
    // (The quotation marks are the page's, by CSS: the text is the instance's as it wrote it.)
    expect(await says.textContent()).toBe(`${say('orders:instanceSays')} ${reason}`);
    // Names from the cache, each id small beside its name.
    const fix = entry.locator(`[data-fix="${id}"]`);
    expect(await fix.locator('[data-known="customerId"]').textContent()).toBe(walkIn.name);
    expect(await fix.locator('[data-known="warehouseId"]').textContent()).toBe(warehouseName);
    expect(await fix.locator('[data-known="items[0].productId"]').textContent()).toBe(
      say('orders:productNameCode', { name: product.productName, code: product.productCode }),
    );
    expect(await fix.locator('[data-field="customerId"]').inputValue()).toBe(String(walkIn.companyId));
    expect(await fix.locator('[data-field-name="customerId"] > span').first().textContent()).toBe(
      say('orders:fieldCustomer'),
    );
    // Another customer typed: its name from the cache, or "not in the offline catalog", never a guess.
    await fix.locator('[data-field="customerId"]').fill('999999');
    await expect
      .poll(() => fix.locator('[data-known="customerId"]').textContent())
      .toBe(say('orders:nameNotKnown'));
    await fix.locator('[data-field="customerId"]').fill(String(walkIn.companyId));
    await expect.poll(() => fix.locator('[data-known="customerId"]').textContent()).toBe(walkIn.name);
    await expectNoWrongWords();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await fix.scrollIntoViewIfNeeded();
      // Nothing of the form is cut: the resend button is on the screen beside the names.
      expect(await fix.locator('[data-action="resend"]').isVisible()).toBe(true);
      await screenshot(page, `words-orders-needs-fix-${size.width}x${size.height}`);
    }
    // Resent as it is (the instance answers this time): it goes.
    await fix.locator('[data-action="resend"]').click();
    await expect.poll(() => entry.getAttribute('data-state'), { timeout: 30_000 }).toBe('sent');
  });

  it('a sale this till may not place (403): not sent, ask the administrator, the instance says why', async () => {
    const reason = 'Permission Permissions.Orders.Create is required.';
    const id = await sellRefused(403, reason, 'PermissionRequired');
    const announcer = page.getByTestId('announcer');
    await expect
      .poll(() => announcer.locator('[data-placed-order]').getAttribute('data-placed-order'))
      .toBe('blocked');
    expect(await announcer.textContent()).toBe(say('sale:placedBlocked'));
    // The receipt is read again when its order's state changes, after the notice has its state.
    const receipt = page.getByTestId('placed-receipt').locator('.receipt');
    await expect
      .poll(() => receipt.locator('[data-receipt-confirmed]').textContent())
      .toContain(say('receipt:notSentBlocked'));
    await expectNoWrongWords();

    await goTo(page, 'orders');
    const entry = row(id);
    await expect.poll(() => entry.getAttribute('data-state')).toBe('blocked');
    await entry.locator('.order-summary').click();
    expect(await entry.locator('[data-headline]').textContent()).toBe(say('orders:blockedPermission'));
    expect(await entry.locator('[data-instance-says]').textContent()).toContain(reason);
    expect(await entry.locator('[data-action="send-again"]').textContent()).toBe(
      say('orders:sendAgainBlocked'),
    );
    await expectNoWrongWords();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await entry.scrollIntoViewIfNeeded();
      await screenshot(page, `words-orders-blocked-${size.width}x${size.height}`);
    }
  });

  it("an order's time is the language's date and time, local; a sync time too, never UTC", async () => {
    await goTo(page, 'orders');
    const time = row(yesterdayId).locator('[data-ticket-time]');
    await time.waitFor();
    expect(await time.textContent()).toBe(formatTime(yesterdayAt.toISOString(), Date.now(), E2E_LOCALE));
    // A product no catalog knows: the message says when the catalog was synced, in the language's format.
    await goTo(page, 'sale');
    await scan(page, withCheckDigit('859999999999'));
    const outcome = page.getByTestId('announcer').locator('[data-scan-outcome]');
    await outcome.waitFor();
    const text = (await outcome.textContent()) ?? '';
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const syncedAt = fromCatalog(terminal.dataDir, (db) =>
      db.prepare("SELECT lastCompleteAt FROM sync_state WHERE resource = 'stockItems'").pluck().get(),
    ) as string;
    expect(text).toContain(
      new Intl.DateTimeFormat(E2E_LOCALE, {
        dateStyle: 'medium',
        timeStyle: 'short',
        hourCycle: 'h23',
      }).format(new Date(syncedAt)),
    );
    await expectNoWrongWords();
  });

  it('an unreachable instance: the connection test and the sync say so and why, in the language', async () => {
    await terminal.sim.faults.setOffline(true);
    try {
      await goTo(page, 'settings');
      await page.locator('[data-action="test-connection"]').click();
      const summary = page.locator('[data-section="connection"] [data-connection-ok]');
      await expect.poll(() => summary.getAttribute('data-connection-ok')).toBe('false');
      const said = (await summary.textContent()) ?? '';
      expect(said).toMatch(sayPattern('core:tokenUnreachable', ['url']));
      expect(said).toContain(say('core:whyRefused', { code: 'ECONNREFUSED' }));
      await expect
        .poll(() => statusBar(page).textContent(), { timeout: 30_000 })
        .toContain(say('common:offline'));
      await page.locator('[data-action="sync-now"]').click();
      // The sync asked for here finds the instance gone before its first request. A sync already
      // running when it went may have ended a moment before, its resources failed for the refused
      // connection in its own words: polled until this sync's result is shown.
      const failed = page.locator('[data-section="sync"] [data-failed]');
      await expect
        .poll(
          async () => {
            const texts = await failed.allTextContents();
            return texts.length > 0 && texts.every((text) => text === say('core:offline'));
          },
          { timeout: 60_000 },
        )
        .toBe(true);
      await expectNoWrongWords();
    } finally {
      await terminal.sim.faults.setOffline(false);
    }
  });

  it('a web address that is none, typed in Settings: said at the field, in the language', async () => {
    await goTo(page, 'settings');
    const instance = page.locator('[data-section="instance"]');
    await instance.locator('[data-field="instanceUrl"]').fill('obchod example cz');
    await instance.locator('[data-action="save-instance"]').click();
    const error = instance.locator('.field-error');
    await expect.poll(() => error.textContent()).toBe(say('core:notAUrl'));
    expect(await instance.locator('.notice.error').textContent()).toBe(say('core:requestInvalid'));
    await expectNoWrongWords();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await instance.scrollIntoViewIfNeeded();
      expect(await error.isVisible()).toBe(true);
      await screenshot(page, `words-settings-${size.width}x${size.height}`);
    }
  });
});
