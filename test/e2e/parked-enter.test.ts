// Enter in the parked sales (F10) when nothing was parked as it opened, in Debian's Chromium through
// the web shell against the real sim, in the run's language at 1024x768. The dialog opens on the list
// ("nothing parked"), not on its Park button: a person's Enter there recalls nothing and parks nothing (F10 or a
// click on the button parks), and a scan made meanwhile waits for the dialog to close, its Enter
// answering nothing. A sale parked while the list is open elsewhere shows in it (store-parked.test.ts).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTillWith, scan } from './app.ts';
import { screenshot, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { sendKeys } from './keys.ts';
import { say } from './lang.ts';
import type { SyncedTerminal } from '../support/terminal.ts';
import { stopAll } from '../support/terminal.ts';

const ITEMS = {
  milk: { productName: 'Mléko polotučné 1 l', barcode: '8591008000038' },
  bread: { productName: 'Chléb kmínový', barcode: '8594001000012' },
} as const;

let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ terminal, shell, browser, page } = await openTillWith('parked-enter', Object.values(ITEMS)));
}, 120_000);

afterAll(async () => {
  await stopAll(terminal, shell, browser);
});

screenshotOnFailure(() => page, 'parked-enter');

const rows = () => page.getByTestId('sale-lines').locator('tbody tr');
const barcodesOnSale = () => rows().evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-barcode')));
const dialog = () => page.getByTestId('parked-sales');
const waiting = () => page.getByTestId('scans-waiting');
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (el === null) return null;
    if (el.hasAttribute('data-parked-none')) return 'none';
    return el.getAttribute('data-action') ?? el.getAttribute('role') ?? el.tagName;
  });

describe('Enter in the parked sales opened with nothing parked', { timeout: 180_000 }, () => {
  it('a person’s Enter parks nothing; a scan’s Enter answers nothing and the scan waits', async () => {
    await scan(page, ITEMS.milk.barcode);
    await expect.poll(barcodesOnSale).toEqual([ITEMS.milk.barcode]);
    await page.keyboard.press('F10');
    await dialog().waitFor();
    expect(await dialog().getAttribute('data-count')).toBe('0');
    await screenshot(page, 'parked-enter-01-empty-1024');

    // A person's Enter: nothing parked, the dialog stays, the sale stays on the counter.
    await page.keyboard.press('Enter');
    // A scan, its scanner stalling 200 ms before its Enter: it waits; its Enter presses nothing.
    const at = Date.now() + 200;
    const bread = ITEMS.bread.barcode;
    await sendKeys(page, bread, at, 10);
    await sendKeys(page, '\n', at + (bread.length - 1) * 10 + 200, 10);
    await expect.poll(() => waiting().getAttribute('data-count')).toBe('1');
    expect(await waiting().textContent()).toBe(say('scanner:scansWaiting', { count: 1 }));
    expect(await dialog().isVisible()).toBe(true);
    expect(await page.locator('[data-parked-error]').count()).toBe(0);
    // Focus is on the words "nothing parked", not on the Park button.
    expect(await focused()).toBe('none');
    await screenshot(page, 'parked-enter-02-scan-waiting-1024');

    // Esc: the waiting scan is added to the sale that was never parked (parking would have emptied it).
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(barcodesOnSale).toEqual([ITEMS.milk.barcode, ITEMS.bread.barcode]);
    expect(await page.locator('[data-action="parked-sales"]').getAttribute('data-parked-count')).not.toBe(
      '1',
    );

    // F10 and Tab to the Park button: a person's Enter there parks, as the button says.
    await page.keyboard.press('F10');
    await dialog().waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('park-sale');
    await page.keyboard.press('Enter');
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(() => rows().count()).toBe(0);
    await expect
      .poll(() => page.locator('[data-action="parked-sales"]').getAttribute('data-parked-count'))
      .toBe('1');
  });
});
