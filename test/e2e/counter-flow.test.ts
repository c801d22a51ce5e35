// The whole day at the counter, through the web shell in Debian's Chromium against the real sim, as a
// user does it: start on the demo, configure the instance, sync with progress, sell with a simulated
// 10 ms/key scanner (products and a customer card), lose the instance and keep selling, get it back
// and watch the queue drain, fix a needs-fix order field by field, look stock up offline.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { insertOutboxOrder } from '../../db/outbox.ts';
import { startSim, type RunningSim } from '../../sim/server.ts';
import { DEMO, sharedTempDir } from '../support/fixtures.ts';
import { goTo, placeOrder, scan, statusBar, syncAll } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { E2E_LOCALE, newPage, say, sayPattern } from './lang.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { fromCatalog, openShift, plainProducts } from '../support/terminal.ts';

const SECRET = DEMO.clientSecret;

let sim: RunningSim;
let shell: RunningShell;
let browser: Browser;
let page: Page;
const dataDir = sharedTempDir('e2e-flow');
let warehouseId: number;
let products: { barcode: string; productId: number; productName: string }[];
let card: { barcode: string; companyId: number };

beforeAll(async () => {
  [sim, shell, browser] = await Promise.all([
    startSim({ size: 'small', port: 0 }),
    // No POS_* instance: the app starts on its built-in demo (small, to keep the test fast).
    startWebShellProcess({ POS_DATA_DIR: dataDir, POS_DEMO_SIZE: 'small' }),
    launchChromium(),
  ]);
  page = await newPage(browser, { viewport: { width: 1366, height: 820 } });
  await page.goto(shell.url);
});

afterAll(async () => {
  if (process.env.E2E_DEBUG !== undefined) console.error(shell.stderr());
  await browser.close();
  await shell.stop();
  await sim.close();
});

screenshotOnFailure(() => page, 'flow');

/** Reads the app's own catalog (what it synced) to pick real barcodes, as a cashier picks real goods. */
const fromCache = <T>(fn: (db: Database.Database) => T): T => fromCatalog(dataDir, fn);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const AGE = '@@age@@';
/**
 * The run's words with an age in them (`say(key, { age: AGE })`) as a pattern whose age is "now" or
 * "N <unit> ago" as the page words it: Intl.RelativeTimeFormat in the run's locale (renderer/format/format.ts).
 */
function saidWithAge(text: string, units: readonly ('second' | 'minute')[]): RegExp {
  const ago = new Intl.RelativeTimeFormat(E2E_LOCALE, { numeric: 'auto', style: 'short' });
  const ages = [ago.format(0, 'second'), ...units.map((unit) => ago.format(-7, unit))].map((a) =>
    escaped(a).replace(/\s/g, '\\s').replace('7', '\\d+'),
  );
  return new RegExp(escaped(text).replace(AGE, `(${ages.join('|')})`));
}
const ANY = '@@any@@';
/** The run's words with ANY where a value (a product's name, a core message) may stand. */
const withAnything = (text: string) => new RegExp(escaped(text).split(ANY).join('.*?'));

/** Scans the first product and the customer card, and waits for both on screen; the sale's lines. */
async function saleOfOneProductForTheCard() {
  const lines = page.getByTestId('sale-lines');
  const [a] = products as [(typeof products)[0]];
  await scan(page, a.barcode);
  await lines.locator(`[data-barcode="${a.barcode}"]`).waitFor();
  await scan(page, card.barcode);
  await expect
    .poll(() => page.getByTestId('customer').getAttribute('data-company'))
    .toBe(String(card.companyId));
  return lines;
}

// Generous timeouts: the suite shares two cores with other test files; nothing here asserts on time.
describe('a day at the counter', { timeout: 120_000 }, () => {
  it('starts on the built-in demo instance with a DEMO marker', async () => {
    await expect
      .poll(() => statusBar(page).getByText(say('common:demo')).count(), { timeout: 30_000 })
      .toBe(1);
    await expect
      .poll(() => statusBar(page).textContent(), { timeout: 20_000 })
      .toContain(say('common:online'));
    await screenshot(page, 'flow-01-demo');
  });

  it('is configured in Settings: instance URL, client id, write-only secret', async () => {
    await goTo(page, 'settings');
    await page.locator('[data-field="instanceUrl"]').fill(sim.url);
    await page.locator('[data-field="clientId"]').fill(DEMO.clientId);
    await page.locator('[data-field="clientSecret"]').fill(SECRET);
    await page.locator('[data-action="save-instance"]').click();
    await expect.poll(() => statusBar(page).getByText(say('common:demo')).count()).toBe(0);
    await expect.poll(() => statusBar(page).textContent()).toContain(new URL(sim.url).host);
    await expect
      .poll(() => statusBar(page).textContent(), { timeout: 20_000 })
      .toContain(say('common:online'));
    // Write-only: the field is emptied and only "stored" is shown.
    expect(await page.locator('[data-field="clientSecret"]').inputValue()).toBe('');
    expect(await page.locator('[data-has-secret]').getAttribute('data-has-secret')).toBe('true');
    expect(await page.content()).not.toContain(SECRET);

    await page.locator('[data-action="test-connection"]').click();
    await page.locator('[data-connection-ok="true"]').waitFor();
    expect(await page.locator('[data-feature]').count()).toBeGreaterThan(5);
    // One result: the token, the version, and every permission Counter needs (counter-demo holds all).
    const result = page.locator('[data-section="connection"] [data-connection-result]');
    expect(await result.locator('[data-token-obtained="true"]').count()).toBe(1);
    expect(await result.locator('[data-instance-version]').getAttribute('data-instance-version')).toBe(
      '1.4.0',
    );
    const permissions = result.locator('[data-permission]');
    expect(await permissions.count()).toBe(8);
    expect(await result.locator('[data-permission][data-status="granted"]').count()).toBe(8);
    await result.scrollIntoViewIfNeeded();
    await screenshot(page, 'flow-01b-settings-connection');
  });

  it('syncs with a progress bar per resource', async () => {
    // Coming online started a sync on its own (the button is disabled meanwhile): syncAll waits it out.
    await syncAll(page);
    // Every resource done (syncAll waited for that), each with its own bar, full.
    const bars = await page
      .locator('[data-section="sync"] [data-resource] progress')
      .evaluateAll((els) => els.map((e) => (e instanceof HTMLProgressElement ? e.value : -1)));
    expect(bars.length).toBeGreaterThanOrEqual(6);
    expect(bars.every((value) => value === 100)).toBe(true);
    // What the sync learnt of the instance, in words: the page size it applies (a core sentence by
    // key, main/sync/discovery.ts, said in the run's language).
    const found = page.locator('[data-section="sync"] [data-resource="stockItems"] [data-found]');
    await expect.poll(() => found.textContent()).toMatch(sayPattern('core:foundPageSize', ['size']));
    expect(await found.textContent()).toMatch(sayPattern('settings:found', ['found']));
    const stock = page.locator('[data-section="sync"] [data-resource="stockItems"] .res-count');
    expect(Number((await stock.textContent())?.split('/')[0])).toBeGreaterThan(50);
    await expect
      .poll(() => statusBar(page).textContent())
      .toMatch(saidWithAge(say('common:lastSync', { age: AGE }), ['second']));
    // Each resource says when it was last synced completely.
    await expect
      .poll(() => page.locator('[data-section="sync"] .res-age').allTextContents())
      .toSatisfy(
        (ages: string[]) =>
          ages.length >= 6 &&
          ages.every((a) => saidWithAge(say('settings:syncedAgo', { age: AGE }), ['second']).test(a)),
      );

    // A new terminal is asked for its warehouse on the Sale screen, before its first scan (the
    // instance has several active ones, so none is taken without asking).
    await goTo(page, 'sale');
    const prompt = page.locator('[data-section="sale-warehouse"]');
    const select = prompt.locator('select');
    await expect.poll(() => select.locator('option').count()).toBeGreaterThan(2);
    await screenshot(page, 'flow-02a-sale-asks-warehouse');
    const value = await select.locator('option').nth(1).getAttribute('value');
    warehouseId = Number(value);
    await select.selectOption(String(warehouseId));
    await prompt.waitFor({ state: 'detached' });
    await goTo(page, 'settings');
    await expect
      .poll(() => page.locator('[data-section="warehouse"] select').inputValue())
      .toBe(String(warehouseId));
    await page.locator('main.screen').evaluate((el) => el.scrollTo(0, 0));
    await screenshot(page, 'flow-02-settings-synced');

    products = plainProducts(dataDir, { columns: 'barcode, productId, productName', warehouseId, limit: 3 });
    const now = new Date().toISOString().slice(0, 19);
    card = fromCache((db) =>
      db
        .prepare(
          `SELECT c.barcode, c.companyId FROM company_card c
           WHERE c.barcode IS NOT NULL AND coalesce(c.isInvalid, 0) = 0
             AND (c.validTo IS NULL OR c.validTo > ?) AND (c.validFrom IS NULL OR c.validFrom < ?)
           ORDER BY (SELECT count(*) FROM financial_receivable r WHERE r.customerId = c.companyId) DESC,
                    coalesce(c.discount, 0) DESC
           LIMIT 1`,
        )
        .get(now, now),
    ) as typeof card;
    expect(products).toHaveLength(3);
    expect(card.barcode).toBeTruthy();
  });

  it('shows on the scanner test pad what the scanner sends and how it is classified', async () => {
    const pad = page.locator('[data-testpad]');
    await pad.click();
    await scan(page, products[0]?.barcode ?? '');
    const result = page.locator('[data-section="scanner-test"] [data-classified]');
    await expect.poll(() => result.getAttribute('data-via')).toBe('scanner');
    expect(await result.getAttribute('data-classified')).toBe('EAN-13');
    expect(await pad.locator('li').count()).toBe(14); // 13 digits and the Enter suffix, each with its gap
    // A person typing slowly is told apart, and a wrong check digit is a misread.
    await page.waitForTimeout(450);
    await page.keyboard.type('4006381333932', { delay: 160 });
    await page.keyboard.press('Enter');
    await expect.poll(() => result.getAttribute('data-via')).toBe('typed');
    expect(await result.getAttribute('data-classified')).toBe('misread');
    await result.scrollIntoViewIfNeeded();
    await screenshot(page, 'flow-02b-scanner-test-pad');
  });

  it("takes a store's own weight label rule in Settings; a wrong pattern is refused by name", async () => {
    const card = page.locator('[data-section="label-rules"]');
    const rules = card.locator('[data-field="labelRules"]');
    expect(await rules.inputValue()).toBe('weight 21.....{NNDDD}\nprice 23.....{NNNDD}');
    const notice = card.locator('[data-label-rules-notice]');
    await rules.fill('weight 21.....{NNDDD}\nprice 23.....{NNNDD}\nweight 28...{NND}');
    await card.locator('[data-action="save-label-rules"]').click();
    await expect.poll(() => notice.getAttribute('data-label-rules-notice')).toBe('error');
    expect(await notice.textContent()).toContain('28...{NND}');
    await rules.fill('weight 21.....{NNDDD}\nprice 23.....{NNNDD}\nweight 28....{NNNNDD}');
    await card.locator('[data-action="save-label-rules"]').click();
    await expect.poll(() => notice.textContent()).toBe(say('settings:labelRulesSaved', { count: 3 }));
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'flow-02c-label-rules');
    // The test pad reads a 28... label with the new rule (scanned as a scanner would).
    await page.locator('[data-testpad]').click();
    await scan(page, '2812340015006');
    const result = page.locator('[data-section="scanner-test"] [data-classified]');
    await expect.poll(() => result.getAttribute('data-classified')).toBe('EAN-13 with embedded weight');
  });

  it('sells with a 10 ms/key scanner: products, quantity edit, removal, customer card, order sent', async () => {
    // The configured instance's till starts its day with a shift open (the demo opened its own).
    await openShift({ POS_DATA_DIR: dataDir });
    await goTo(page, 'sale');
    const lines = page.getByTestId('sale-lines');
    const [a, b, c] = products as [(typeof products)[0], (typeof products)[0], (typeof products)[0]];
    await scan(page, a.barcode);
    await lines.locator(`[data-barcode="${a.barcode}"]`).waitFor();
    await scan(page, b.barcode);
    await scan(page, a.barcode); // the same product again: one more on its line
    await scan(page, c.barcode);
    await expect.poll(() => lines.locator('tbody tr').count()).toBe(3);
    const qtyA = lines.locator(`[data-barcode="${a.barcode}"] [data-field="quantity"]`);
    await expect.poll(() => qtyA.inputValue()).toBe('2');

    // Quantity edited by hand, a line removed: keyboard first.
    await qtyA.fill('3');
    await qtyA.press('Enter');
    await expect.poll(() => qtyA.inputValue()).toBe('3');
    // The field shows what was typed at once; the session has it once the core answered.
    const rowA = lines.locator(`[data-barcode="${a.barcode}"]`);
    await expect.poll(() => rowA.getAttribute('data-quantity')).toBe('3');
    // + and - by a person change the selected line; the same characters inside a scanned label do not.
    await lines.locator(`[data-barcode="${a.barcode}"] td`).first().click();
    await page.keyboard.press('+');
    await expect.poll(() => qtyA.inputValue()).toBe('4');
    await page.keyboard.press('-');
    await expect.poll(() => qtyA.inputValue()).toBe('3');
    await scan(page, 'AB-12+34-5'); // a Code 128 label this catalog does not know
    await expect
      .poll(() => page.locator('[data-scan-outcome="error"]').textContent())
      .toMatch(sayPattern('sale:unknownCode', ['message']));
    await page.waitForTimeout(300); // longer than the gap a pending edit would wait
    expect(await qtyA.inputValue()).toBe('3');
    // The name cell, not the row centre: where the centre lands (maybe the quantity input) depends on the names.
    await lines.locator(`[data-barcode="${c.barcode}"] td`).first().click();
    await page.keyboard.press('Delete');
    await expect.poll(() => lines.locator('tbody tr').count()).toBe(2);

    // The customer's card: discount and what they owe.
    await scan(page, card.barcode);
    const customer = page.getByTestId('customer');
    await expect.poll(() => customer.getAttribute('data-company')).toBe(String(card.companyId));
    expect(await customer.textContent()).toContain(say('sale:owes'));
    expect(await page.locator('[data-vat-rate]').count()).toBeGreaterThan(0);
    await screenshot(page, 'flow-03-sale');

    // An unknown code and a misread are said clearly (and cued audibly).
    const cueBefore = await page.evaluate(() => document.body.dataset.cue ?? '');
    await scan(page, '4006381333931'); // valid EAN-13, not in this catalog
    await expect
      .poll(() => page.locator('[data-scan-outcome="error"]').textContent())
      .toMatch(sayPattern('sale:unknownCode', ['message']));
    // The error cue was played (the page marks each one it plays).
    expect(await page.evaluate(() => document.body.dataset.cue ?? '')).not.toBe(cueBefore);
    await scan(page, '4006381333932'); // wrong check digit
    await expect
      .poll(() => page.locator('[data-scan-outcome="error"]').textContent())
      .toMatch(sayPattern('sale:misread', ['message']));
    await screenshot(page, 'flow-04-sale-misread');

    const before = sim.admin.listOrders().length;
    await placeOrder(page);
    await expect.poll(() => lines.locator('tbody tr').count()).toBe(0);
    await expect.poll(() => sim.admin.listOrders().length, { timeout: 15_000 }).toBe(before + 1);
    const order = sim.admin.listOrders().at(-1);
    // The cashier is told it went out, under the id the instance gave it.
    const placed = page.locator('[data-placed-order]');
    await expect.poll(() => placed.getAttribute('data-placed-order'), { timeout: 15_000 }).toBe('sent');
    expect(await placed.textContent()).toContain(say('sale:placedSent', { id: String(order?.id) }));
    expect(order?.customerId).toBe(card.companyId);
    expect(order?.warehouseId).toBe(warehouseId);
    expect(order?.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productId: a.productId, quantity: 3 }),
        expect.objectContaining({ productId: b.productId, quantity: 1 }),
      ]),
    );
  });

  it('voids a sale with F8 pressed twice, and orders nothing', async () => {
    const lines = await saleOfOneProductForTheCard();
    const voidButton = page.locator('[data-action="void-sale"]');
    await page.keyboard.press('F8'); // once: armed, nothing lost yet
    await expect.poll(() => voidButton.textContent()).toContain(say('sale:voidPressAgain'));
    expect(await lines.locator('tbody tr').count()).toBe(1);
    await screenshot(page, 'flow-04b-void-armed');
    // The outbox part of the status bar only: its "Last sync: N s ago" ticks on its own.
    const queued = page.locator('[data-testid="status-bar"] [data-queued]');
    const outboxBefore = await queued.textContent();
    const ordersBefore = sim.admin.listOrders().length;
    await page.keyboard.press('F8');
    await expect.poll(() => lines.locator('tbody tr').count()).toBe(0);
    await expect.poll(() => page.getByTestId('customer').getAttribute('data-company')).toBe('');
    expect(await page.locator('[data-scan-outcome="ok"]').textContent()).toContain(say('sale:voided'));
    expect(await voidButton.isDisabled()).toBe(true);
    expect(await queued.textContent()).toBe(outboxBefore);
    expect(sim.admin.listOrders()).toHaveLength(ordersBefore);
  });

  it('keeps the sale on screen when the disk refuses the order, and places it once it takes writes again', async () => {
    const lines = await saleOfOneProductForTheCard();
    const ordersBefore = sim.admin.listOrders().length;
    const queued = page.locator('[data-testid="status-bar"] [data-queued]');
    const outboxBefore = await queued.textContent();
    // The app's process may write nothing past 1 KB into a file: as a full disk does to SQLite.
    execFileSync('prlimit', ['--pid', String(shell.pid), '--fsize=1024:unlimited']);
    try {
      await placeOrder(page);
      const refused = page.locator('[data-scan-outcome="error"]');
      // The disk's refusal in the run's language (a full disk or a write error, by the system's code),
      // naming the data folder.
      const diskWords = ['core:storageFull', 'core:storageIo', 'core:storageReadOnly'].map((key) =>
        sayPattern(key, ['folder', 'code']),
      );
      await expect.poll(() => refused.textContent()).toContain(dataDir);
      const said = (await refused.textContent()) ?? '';
      expect(diskWords.some((words) => words.test(said))).toBe(true);
      await screenshot(page, 'flow-04c-disk-refused');
      expect(await lines.locator('tbody tr').count()).toBe(1);
      expect(await queued.textContent()).toBe(outboxBefore);
      expect(sim.admin.listOrders()).toHaveLength(ordersBefore);
    } finally {
      execFileSync('prlimit', ['--pid', String(shell.pid), '--fsize=unlimited:unlimited']);
    }
    await placeOrder(page);
    await expect.poll(() => lines.locator('tbody tr').count()).toBe(0);
    await expect.poll(() => sim.admin.listOrders().length, { timeout: 15_000 }).toBe(ordersBefore + 1);
  });

  it('keeps selling offline: the card from the cache, the order queued', async () => {
    await sim.faults.setOffline(true);
    await expect
      .poll(() => statusBar(page).textContent(), { timeout: 20_000 })
      .toContain(say('common:offline'));
    const lines = page.getByTestId('sale-lines');
    const [a, b] = products as [(typeof products)[0], (typeof products)[0]];
    await scan(page, b.barcode);
    await lines.locator(`[data-barcode="${b.barcode}"]`).waitFor();
    await scan(page, a.barcode);
    await scan(page, card.barcode);
    await expect
      .poll(() => page.getByTestId('customer').textContent(), { timeout: 10_000 })
      .toContain(say('sale:offlineCache'));
    await screenshot(page, 'flow-05a-offline-sale');
    const before = sim.admin.listOrders().length;
    await placeOrder(page);
    await expect.poll(() => lines.locator('tbody tr').count()).toBe(0);
    await expect.poll(() => statusBar(page).textContent()).toContain(say('common:queued', { queued: 1 }));
    await expect
      .poll(() => page.locator('[data-placed-order]').getAttribute('data-placed-order'))
      .toBe('queued');
    await screenshot(page, 'flow-05-offline-queued');
    await goTo(page, 'orders');
    await page.locator('[data-state="queued"]').first().waitFor();
    await screenshot(page, 'flow-06-orders-queued');
    expect(sim.admin.listOrders().length).toBe(before);
  });

  it('drains the queue when the instance comes back', async () => {
    const before = sim.admin.listOrders().length;
    await sim.faults.setOffline(false);
    await expect
      .poll(() => statusBar(page).textContent(), { timeout: 20_000 })
      .toContain(say('common:online'));
    await expect
      .poll(() => statusBar(page).textContent(), { timeout: 30_000 })
      .toContain(say('common:queued', { queued: 0 }));
    await expect.poll(() => page.locator('[data-state="queued"]').count()).toBe(0);
    expect(sim.admin.listOrders().length).toBe(before + 1);
  });

  it('fixes a needs-fix order field by field and resends it', async () => {
    // An order file placed by an integrator (as `pos order` does) without customer and warehouse,
    // and with a quantity the instance refuses: one 400 names every field.
    const db = openDatabase(join(dataDir, 'counter.sqlite'));
    const stored = insertOutboxOrder(db, {
      items: [{ productId: products[0]?.productId ?? 0, quantity: 0 }],
    });
    db.close();
    await goTo(page, 'sale');
    await goTo(page, 'orders');
    await page.locator('[data-action="replay"]').click();
    const entry = page.locator(`[data-order="${stored.id}"]`);
    await expect.poll(() => entry.getAttribute('data-state'), { timeout: 15_000 }).toBe('needs-fix');
    for (const field of ['customerId', 'warehouseId', 'items[0].quantity']) {
      await expect.poll(() => entry.locator(`[data-field-error="${field}"]`).count()).toBeGreaterThan(0);
    }
    await screenshot(page, 'flow-07-needs-fix');

    await entry.locator('[data-field="customerId"]').fill(String(card.companyId));
    await entry.locator('[data-field="warehouseId"]').fill(String(warehouseId));
    // Hex is no quantity (Number() would read 16): said at the field, nothing sent.
    const quantity = entry.locator('[data-field="items[0].quantity"]');
    await quantity.fill('0x10');
    await expect
      .poll(() => entry.locator('[data-field-error="items[0].quantity"]').textContent())
      .toBe(say('orders:fieldNotQuantity'));
    const unsent = sim.admin.listOrders().length;
    await entry.locator('[data-action="resend"]').click();
    expect(await entry.getAttribute('data-state')).toBe('needs-fix');
    expect(sim.admin.listOrders().length).toBe(unsent);
    await quantity.fill('2');
    const before = sim.admin.listOrders().length;
    await entry.locator('[data-action="resend"]').click();
    await expect.poll(() => entry.getAttribute('data-state'), { timeout: 15_000 }).toBe('sent');
    expect(sim.admin.listOrders().length).toBe(before + 1);
    expect(sim.admin.listOrders().at(-1)).toMatchObject({ customerId: card.companyId, warehouseId });
    await screenshot(page, 'flow-08-orders-sent');
  });

  it('looks stock up offline, with quantities per warehouse and the data age', async () => {
    await sim.faults.setOffline(true);
    await expect
      .poll(() => statusBar(page).textContent(), { timeout: 20_000 })
      .toContain(say('common:offline'));
    await goTo(page, 'stock');
    // Nothing typed yet: the screen says what to type, not that the stock holds no products.
    const age = page.locator('.data-age');
    await expect.poll(() => age.textContent()).toContain(say('stock:typeToSearch'));
    expect(await age.textContent()).not.toContain(say('stock:products', { count: 0 }));
    const first = products[0];
    if (first === undefined) throw new Error('no product');
    await page.getByTestId('stock-search').fill(first.barcode);
    const results = page.getByTestId('stock-results');
    await expect.poll(() => results.getAttribute('data-count')).toBe('1');
    expect(await results.locator('[data-warehouse]').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('.data-age').textContent()).toMatch(
      saidWithAge(say('stock:dataFrom', { age: AGE }), ['second', 'minute']),
    );

    // Search as you type by name words.
    const word = first.productName.split(/\s+/)[0] ?? '';
    await page.getByTestId('stock-search').fill('');
    await page.getByTestId('stock-search').pressSequentially(word.slice(0, 4), { delay: 40 });
    await expect.poll(async () => Number(await results.getAttribute('data-count'))).toBeGreaterThan(0);
    // Rows are as tall as their warehouses need: none overlaps the next, no warehouse line is cut off.
    const overlaps = await results.evaluate((el) => {
      const rows = [...el.querySelectorAll('.stock-row')]
        .map((r) => ({ box: r.getBoundingClientRect(), last: r.querySelector('tbody tr:last-child') }))
        .sort((a, b) => a.box.top - b.box.top);
      return rows.flatMap(({ box, last }, i) => {
        const next = rows[i + 1];
        const cut = last !== null && last.getBoundingClientRect().bottom > box.bottom + 0.5;
        return [
          ...(cut ? [`row ${String(i)} cut`] : []),
          ...(next && next.box.top < box.bottom - 0.5 ? [`row ${String(i)} overlaps`] : []),
        ];
      });
    });
    expect(overlaps).toEqual([]);
    await screenshot(page, 'flow-09-stock-offline');
    await sim.faults.setOffline(false);
  });

  it('looks a code scanned on Stock up, with the search field not focused', async () => {
    await goTo(page, 'stock');
    const search = page.getByTestId('stock-search');
    await search.blur();
    const b = products[1];
    if (b === undefined) throw new Error('no product');
    await scan(page, b.barcode);
    await expect.poll(() => search.inputValue()).toBe(b.barcode);
    const results = page.getByTestId('stock-results');
    await expect
      .poll(() => results.locator('[data-product]').first().getAttribute('data-product'))
      .toBe(String(b.productId));
    expect(await results.getAttribute('data-count')).toBe('1');
    // Looked up, not typed: focus stayed where it was.
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(false);
    await screenshot(page, 'flow-10-stock-scan');
  });

  it('adds a code scanned on Orders or Settings to the open sale, and says so on that screen', async () => {
    const c = products[2];
    if (c === undefined) throw new Error('no product');
    await goTo(page, 'orders');
    await scan(page, c.barcode);
    const notice = page.getByTestId('scan-notice');
    const onOrders = say('sale:scannedOn', {
      screen: say('common:screenOrders'),
      text: say('sale:added', { name: ANY }),
    });
    await expect.poll(() => notice.textContent()).toMatch(withAnything(onOrders));
    await screenshot(page, 'flow-11-orders-scan-notice');
    await goTo(page, 'settings');
    await scan(page, '4006381333931'); // valid EAN-13, not in this catalog
    const onSettings = say('sale:scannedOnRefused', { screen: say('common:screenSettings'), text: ANY });
    await expect.poll(() => notice.textContent()).toMatch(withAnything(onSettings));
    expect(await notice.getAttribute('class')).toContain('error');
    await goTo(page, 'sale');
    await page.getByTestId('sale-lines').locator(`[data-barcode="${c.barcode}"]`).waitFor();
    expect(await page.getByTestId('scan-notice').count()).toBe(0);
  });
});
