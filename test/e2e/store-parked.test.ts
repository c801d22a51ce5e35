// Issue 38's parked sales across the store, on screen in the run's language at 1024x768: two web
// shells ("pokladna1", "pokladna2"), each on its own data folder, one instance (the sim) and one real
// nats-server hub. A sale parked at till 1 (F10) shows in till 2's parked list (F10 on an empty
// counter: the status says how many the store has parked), marked with the till it was parked at;
// Enter recalls it at till 2 with its lines. Till 1's list then shows it as taken by till 2. With
// the hub killed, till 2's list says it shows only its own parked sales. A sale parked while till 2's
// list is being read (its answer held) shows in it once it appears.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestHub } from '../support/nats-hub.ts';
import type { SyncedTerminal } from '../support/terminal.ts';
import { rpc } from '../bench/page-helpers.ts';
import { goTo, placeOrder, scan } from './app.ts';
import { screenshot } from './browser.ts';
import { tapCalls } from './call-tap.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { say } from './lang.ts';
import { storeReport } from './store-report.ts';
import { startStoreTills, type StoreTills } from './store-tills.ts';

let tills: StoreTills | undefined;
let hub: TestHub;
let one: SyncedTerminal;
let page1: Page;
let page2: Page;
let a = '';
let b = '';

beforeAll(async () => {
  tills = await startStoreTills('store-parked', {}, true);
  ({ hub, one, page1, page2 } = tills);
  [a, b] = tills.plain;
}, 300_000);

afterAll(async () => {
  await tills?.stop();
});

screenshotOnFailure(() => page2, 'store-parked');
// A sale one till parked that the other never lists: which of them, or the hub, lost it.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail' || tills === undefined) return;
  console.error(`store-parked ${task.name}: the store as each till knew it\n${await storeReport(tills)}`);
});

/** Till 1's parked sales another till took over, as its file says. */
function takenAtOne(): number {
  const db = new Database(join(one.dataDir, 'counter.sqlite'), { readonly: true });
  try {
    return db
      .prepare("SELECT count(*) FROM shopping_session WHERE takenBy = 'pokladna2'")
      .pluck()
      .get() as number;
  } finally {
    db.close();
  }
}

const dialog = (page: Page) => page.getByTestId('parked-sales');
const lines = (page: Page) => page.getByTestId('lines-box').locator('[data-line]');
const parkedButton = (page: Page) => page.locator('[data-action="parked-sales"]');

describe('a sale parked at till 1 recalled at till 2', { timeout: 300_000 }, () => {
  it('lists it at till 2 with its till, recalls it there with its lines, and till 1 shows it taken', async () => {
    await goTo(page1, 'sale');
    for (const code of [a, a, b]) await scan(page1, code);
    await expect.poll(() => lines(page1).count()).toBe(2);
    await page1.keyboard.press('F10');
    await dialog(page1).waitFor();
    await page1.keyboard.press('F10');
    await dialog(page1).waitFor({ state: 'detached' });
    await expect.poll(() => lines(page1).count()).toBe(0);

    // Till 2, its counter empty: the status brings the store's parked sale, F10 lists it.
    await goTo(page2, 'sale');
    await expect
      .poll(() => parkedButton(page2).getAttribute('data-parked-count'), { timeout: 60_000 })
      .toBe('1');
    await page2.keyboard.press('F10');
    const theirs = dialog(page2).locator('[data-parked-till="pokladna1"]');
    await theirs.waitFor();
    expect(await theirs.textContent()).toContain(say('parked:atTill', { till: 'pokladna1' }));
    expect(await theirs.textContent()).toContain(say('parked:lines', { count: 2 }));
    await screenshot(page2, 'store-parked-list');
    await page2.keyboard.press('Enter');
    await dialog(page2).waitFor({ state: 'detached' });
    await expect.poll(() => lines(page2).count()).toBe(2);
    expect(await lines(page2).first().getAttribute('data-quantity')).toBe('2');
    await screenshot(page2, 'store-parked-recalled');

    // Till 1 hears of it: its list (a sale on its counter opens it) shows the sale as taken.
    await scan(page1, b);
    await expect.poll(() => lines(page1).count()).toBe(1);
    await expect.poll(takenAtOne, { timeout: 60_000, interval: 250 }).toBe(1);
    await page1.keyboard.press('F10');
    const taken = dialog(page1).locator('[data-parked-taken="pokladna2"]');
    await taken.waitFor();
    expect(await taken.getAttribute('aria-disabled')).toBe('true');
    expect(await taken.textContent()).toContain(say('parked:takenBy', { till: 'pokladna2' }));
    await screenshot(page1, 'store-parked-taken');
    await page1.keyboard.press('Escape');
    await dialog(page1).waitFor({ state: 'detached' });
  });

  it('lists at till 2 a sale parked at till 1 holding an exchange, greyed, and leaves it there', async () => {
    // Till 2's list is open before till 1 parks: it follows the store while open.
    await page2.keyboard.press('F10');
    await dialog(page2).waitFor();
    // Till 1 sells what is on its counter, takes it back as an exchange's credit (returns.holdExchange,
    // what "Výměna" on the Returns screen calls) and parks the new sale.
    await goTo(page1, 'sale');
    await expect.poll(() => lines(page1).count()).toBe(1);
    await placeOrder(page1);
    const number = page1.getByTestId('placed-receipt').locator('[data-receipt-number]');
    const receipt = (await number.textContent()) ?? '';
    expect(receipt).not.toBe('');
    const sold = (await rpc(page1, 'returns.find', { text: receipt })) as { lines: { lineNo: number }[] };
    const lineNo = sold.lines[0]?.lineNo;
    await rpc(page1, 'returns.holdExchange', { receipt, lines: [{ lineNo, quantity: 1 }] });
    await scan(page1, a);
    await expect.poll(() => lines(page1).count()).toBe(1);
    await page1.keyboard.press('F10');
    await dialog(page1).waitFor();
    await page1.keyboard.press('F10');
    await dialog(page1).waitFor({ state: 'detached' });

    // Till 2 lists it, greyed, saying which till can finish it; a click does not take it.
    const held = dialog(page2).locator(`[data-parked-exchange="${receipt}"]`);
    await held.waitFor({ timeout: 60_000 });
    expect(await held.getAttribute('aria-disabled')).toBe('true');
    expect(await held.textContent()).toContain(say('parked:exchangeThere', { receipt, till: 'pokladna1' }));
    await screenshot(page2, 'store-parked-exchange');
    const before = await lines(page2).count();
    // The list was empty when it opened: focus went to it when the sale came in, so Enter is the
    // list's (it takes no greyed sale), never the Park button's. A click does not take it either.
    await expect
      .poll(() => page2.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('listbox');
    await page2.keyboard.press('Enter');
    await held.click({ force: true });
    await page2.keyboard.press('Escape');
    await dialog(page2).waitFor({ state: 'detached' });
    expect(await lines(page2).count()).toBe(before);
  });

  it('at till 2, reads the list again when the store count changes while it is being read', async () => {
    // Till 2's list is read (the call reaches the core and is answered) and its answer held; till 1
    // parks a sale meanwhile and till 2's status says so before the held answer shows the list
    // (without that sale). The list must follow: it is compared with the status as it was when it
    // was asked for, not when it appeared (it then saw the new count, never read again).
    const recallable = dialog(page2).locator('[data-parked-till="pokladna1"]:not([aria-disabled])');
    await goTo(page1, 'sale');
    await scan(page1, b);
    await expect.poll(() => lines(page1).count()).toBe(1);
    await goTo(page2, 'sale');
    const count = Number(await parkedButton(page2).getAttribute('data-parked-count'));
    const held = (await tapCalls(page2)).hold('session.parked');
    try {
      await page2.keyboard.press('F10');
      await held.arrived;
      await page1.keyboard.press('F10');
      await dialog(page1).waitFor();
      await page1.keyboard.press('F10');
      await dialog(page1).waitFor({ state: 'detached' });
      await expect
        .poll(() => parkedButton(page2).getAttribute('data-parked-count'), { timeout: 60_000 })
        .toBe(String(count + 1));
      held.release();
      await dialog(page2).waitFor();
      await expect.poll(() => recallable.count()).toBe(1);
    } finally {
      await held.stop();
    }
    await page2.keyboard.press('Escape');
    await dialog(page2).waitFor({ state: 'detached' });
  });

  it('says at till 2 that only its own parked sales are listed while the hub is away', async () => {
    await hub.kill9();
    await expect.poll(() => page2.locator('[data-store-hub="down"]').count(), { timeout: 60_000 }).toBe(1);
    await page2.keyboard.press('F10');
    const notice = dialog(page2).locator('[data-parked-store-down]');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(say('parked:storeOffline'));
    await screenshot(page2, 'store-parked-hub-down');
    await page2.keyboard.press('Escape');
    await dialog(page2).waitFor({ state: 'detached' });
  });
});
