// The store hub on screen (issue 38), at 1024x768 in the run's language: the web shell is till
// "pokladna2" of a store whose hub is a real nats-server; till "pokladna1" (a core in this process,
// its own data folder and sim) pays cash in and sells. The Shift screen's store view shows both
// tills' open shifts and the store's total; Settings shows the hub, the till seen and how far behind;
// the hub killed, the status bar says "Obchod: bez spojení s pokladnami" and since when; the hub
// holding another journal under this till's name, it says this till's sales are not sent.
import { join } from 'node:path';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { journalSubject, messageId } from '../../main/hub/names.ts';
import { sharedTempDir } from '../support/fixtures.ts';
import { startTestHub, type TestHub } from '../support/nats-hub.ts';
import { tillUsers } from '../support/store-till.ts';
import { startSyncedCore, type SyncedCore } from '../support/synced-core.ts';
import { freshTerminal, SELLS_PLAINLY, stopAll, type SyncedTerminal } from '../support/terminal.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { goTo, syncAll } from './app.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { newPage, say } from './lang.ts';

let hub: TestHub;
let other: SyncedCore;
let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;
const otherDir = sharedTempDir('e2e-store-other');

const hubEnv = (till: string) => ({ POS_STORE_HUB: hub.tillUrl(till) });

beforeAll(async () => {
  hub = await startTestHub(tillUsers('pokladna1', 'pokladna2'), { shared: true });
  other = await startSyncedCore({ dataDir: otherDir, env: hubEnv('pokladna1') });
  terminal = await freshTerminal('store-hub');
  [shell, browser] = await Promise.all([
    startWebShellProcess({ ...terminal.env, ...hubEnv('pokladna2') }),
    launchChromium(),
  ]);
  page = await newPage(browser, { viewport: { width: 1024, height: 768 } });
  await page.goto(shell.url);
  await page.getByTestId('status-bar').waitFor();
  // This till's first sync ends before the other till sells: figures read after that till's orders
  // were acknowledged already show its sales, and the Stock screen rightly counts none of them then
  // (seen on a loaded CI run: the fresh till's first sync ended after the two sales).
  await goTo(page, 'settings');
  await syncAll(page);
  await goTo(page, 'sale');
}, 180_000);

afterAll(async () => {
  await stopAll(terminal, shell, browser);
  await other.close();
  await hub.stop();
});

screenshotOnFailure(
  () => page,
  'store-hub',
  () => shell,
);

/** What till pokladna1 sells: its stock item there, and the product's id and name. */
let sold: { id: number; productId: number; productName: string } | undefined;

/** Till pokladna1 sells one item paid in cash. */
async function sellAtOther(): Promise<void> {
  const db = openDatabase(join(otherDir, 'counter.sqlite'), { readonly: true });
  try {
    sold = db
      .prepare(
        `SELECT id, productId, productName FROM stock_item
          WHERE warehouseId = 1 AND ${SELLS_PLAINLY} AND price < 1000 AND productName IS NOT NULL LIMIT 1`,
      )
      .get() as typeof sold;
  } finally {
    db.close();
  }
  if (sold === undefined) throw new Error('nothing to sell at pokladna1');
  await other.call('session.addStockItem', { stockItemId: sold.id });
  await other.call('session.close', { tender: { method: 'cash', given: 2000 } });
}

describe('the store hub on screen', { timeout: 180_000 }, () => {
  it("shows the store's tills on the Shift screen", async () => {
    await other.call('shift.cash', { direction: 'in', amount: 500, reason: 'drobné' });
    await sellAtOther();
    await sellAtOther();
    await page.keyboard.press('F5');
    await page.getByTestId('shift').waitFor();
    await page.locator('[data-action="show-store"]').click();
    const row = page.locator('[data-store-till="pokladna1"]');
    // Its cells: shift, sales, takings, expected cash.
    await expect.poll(() => row.locator('td').nth(1).textContent(), { timeout: 30_000 }).toBe('2');
    await expect
      .poll(() => page.locator('[data-store-till="pokladna2"]').textContent())
      .toContain(say('store:storeThisTill', { till: 'pokladna2' }));
    await expect
      .poll(() => page.locator('[data-store-total-sales]').getAttribute('data-store-total-sales'))
      .toBe('2');
    // The switch says which report is shown; printing (this till's report) waits for that one.
    const store = page.locator('[data-action="show-store"]');
    const own = page.locator('[data-action="show-till"]');
    await expect(store.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(own.getAttribute('aria-pressed')).resolves.toBe('false');
    expect(await page.locator('[data-action="print-shift"]').count()).toBe(0);
    await screenshot(page, 'store-shifts');
    // The last Z report is this till's: asking for it shows this till's report again.
    await page.locator('[data-action="show-z"]').click();
    await expect.poll(() => own.getAttribute('aria-pressed')).toBe('true');
    await expect(store.getAttribute('aria-pressed')).resolves.toBe('false');
    expect(await page.locator('[data-store-till]').count()).toBe(0);
  });

  it('shows on the Stock screen what the other till sold since the last sync', async () => {
    if (sold === undefined) throw new Error('nothing sold at pokladna1');
    await goTo(page, 'stock');
    await page.getByTestId('stock-search').fill(sold.productName);
    const note = page.locator(
      `[data-product="${sold.productId}"] [data-warehouse="1"] + tr [data-sold-in-store]`,
    );
    await expect.poll(() => note.getAttribute('data-sold-in-store'), { timeout: 30_000 }).toBe('2');
    await expect(note.textContent()).resolves.toContain(
      say('stock:soldInStoreTill', { till: 'pokladna1', sold: '2' }),
    );
    await screenshot(page, 'stock-sold-in-store');

    // The Sale screen's name search says the same on the product's option.
    await goTo(page, 'sale');
    await page.locator('.code-entry input').first().click();
    await page.keyboard.type(sold.productName.split(/\s+/)[0] ?? '', { delay: 60 });
    const option = page.locator(
      `[data-testid="find-list"] [role="option"][data-product="${sold.productId}"]`,
    );
    await expect
      .poll(() => option.locator('[data-sold-in-store]').getAttribute('data-sold-in-store'), {
        timeout: 30_000,
      })
      .toBe('2');
    await expect(option.textContent()).resolves.toContain(
      say('stock:soldInStoreTill', { till: 'pokladna1', sold: '2' }),
    );
    await screenshot(page, 'sale-sold-in-store');
    await page.keyboard.press('Escape');
  });

  it('shows the hub in Settings: connected, the till seen, nothing behind', async () => {
    await page.keyboard.press('F4');
    const card = page.locator('[data-section="store-hub"]');
    await card.scrollIntoViewIfNeeded();
    await expect
      .poll(() => card.locator('[data-hub-state]').getAttribute('data-hub-state'))
      .toBe('connected');
    await expect
      .poll(() => card.locator('[data-hub-seen]').textContent(), { timeout: 30_000 })
      .toContain('pokladna1');
    await expect
      .poll(() => card.locator('[data-hub-seen]').textContent())
      .toContain(say('store:hubUpToDate'));
    await expect(card.locator('[data-hub-env]').textContent()).resolves.toContain('pokladna2');
    await card.locator('[data-hub-seen]').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-store-hub');

    // The card follows the till while it is open: pokladna1 sells again, its events are applied here
    // and the row says so (read once when opened, it showed "behind by 2" for good on a loaded run).
    const row = card.locator('[data-hub-seen] [data-till="pokladna1"]');
    const before = Number(await row.getAttribute('data-applied'));
    await sellAtOther();
    await expect
      .poll(async () => Number(await row.getAttribute('data-applied')), { timeout: 30_000 })
      .toBeGreaterThan(before);
    await expect.poll(() => row.textContent()).toContain(say('store:hubUpToDate'));
  });

  it('says in the status bar since when the other tills are out of reach', async () => {
    await hub.kill9();
    const pill = page.locator('[data-store-hub="down"]');
    await pill.waitFor({ timeout: 30_000 });
    await expect(pill.textContent()).resolves.toContain(say('store:storeDown'));
    await screenshot(page, 'store-hub-down');
    await hub.start();
    await pill.waitFor({ state: 'detached', timeout: 60_000 });
  });

  it("says that this till's journal is not sent when the hub holds another one under its name", async () => {
    // As if this till's folder had been replaced: the hub's last event of pokladna2 is one this
    // till's journal does not have. Checked at connection: the hub restarted.
    const nc = await connect({ servers: hub.url, user: 'pokladna2', pass: hub.password('pokladna2') });
    try {
      await jetstream(nc).publish(
        journalSubject('pokladna2'),
        JSON.stringify({ seq: 999, kind: 'shift-open', body: {} }),
        { msgID: messageId('pokladna2', 999) },
      );
    } finally {
      await nc.close();
    }
    await goTo(page, 'sale');
    await hub.kill9();
    await hub.start();
    const pill = page.locator('[data-store-hub="journal-break"]');
    await pill.waitFor({ timeout: 60_000 });
    await expect(pill.textContent()).resolves.toBe(say('store:storeBreak'));
    await expect(pill.getAttribute('title')).resolves.toContain('pokladna2');
    await screenshot(page, 'store-hub-journal-break');
    await pill.click();
    const notice = page.locator('[data-section="store-hub"] [data-hub-journal-break]');
    await notice.waitFor({ timeout: 30_000 });
    await expect(notice.getAttribute('data-hub-journal-break')).resolves.toBe('999');
    await expect(notice.textContent()).resolves.toContain('pokladna2');
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-store-hub-journal-break');
  });
});
