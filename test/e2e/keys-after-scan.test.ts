// A key acts on the sale as the scans before it left it (issue 35: no keystroke lost or taken out of
// order). The cashier scans and voids (F8 twice) at once; the core's answer to that scan is held back
// here (the scan reaches the core, its answer waits in the browser), so the void comes while the scan
// is still on its way: the void must act after the scan, and the sale ends empty on the screen and in
// the core. The answer is held, not the call: the page's calls reach the core in the order made, over
// one socket (contract/call-socket.ts), so a call held in the browser would hold every later call of
// the page too, the void's included, whatever the page did.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionView } from '../../contract/contract.ts';
import { askCore, goTo, openTillSelling, scan, type PlainProduct } from './app.ts';
import { screenshot, SIZES, type RunningShell } from './browser.ts';
import { tapCalls } from './call-tap.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { say } from './lang.ts';
import { stopAll, type SyncedTerminal } from '../support/terminal.ts';

let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;
let product: PlainProduct;

beforeAll(async () => {
  ({ terminal, product, shell, browser, page } = await openTillSelling('keys-after-scan', 'TRUE', true));
}, 120_000);

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(() => page, 'keys-after-scan');

const lines = () => page.getByTestId('sale-lines').locator('tbody tr');
const stored = () =>
  page.getByTestId('sale-lines').locator(`[data-barcode="${product.barcode}"]:not([data-unstored])`);

/** The sale at the counter as the core has it, asked as the screens ask. */
function coreSale(): Promise<SessionView> {
  return askCore<SessionView>(page, 'session.current');
}

describe('keys after a scan', () => {
  it('F8 twice while the scan is still on its way voids the sale with that scan on it', async () => {
    await goTo(page, 'sale');
    await scan(page, product.barcode);
    await stored().waitFor();
    await page.keyboard.press('F8');
    await page.keyboard.press('F8');
    await expect.poll(() => lines().count()).toBe(0);

    // The next scan reaches the core; its answer waits until the void has been pressed.
    const held = (await tapCalls(page)).hold('session.scan');
    await scan(page, product.barcode);
    await held.arrived;
    expect((await coreSale()).lines).toHaveLength(1);
    await page.keyboard.press('F8');
    await page.keyboard.press('F8');
    await held.stop();

    await expect.poll(async () => (await coreSale()).lines.length).toBe(0);
    await expect.poll(() => lines().count()).toBe(0);
    const keymap = await page.evaluate(() => {
      const w = window as unknown as {
        counterKeymap?: () => { scanApplying: boolean; scansWaiting: number };
      };
      return w.counterKeymap?.();
    });
    expect(keymap).toMatchObject({ scanApplying: false, scansWaiting: 0 });
    expect((await coreSale()).lines).toEqual([]);
    expect(await lines().count()).toBe(0);
  });

  it('a scan whose answer is lost: the notice says to check first, and the line the core added shows', async () => {
    await goTo(page, 'sale');
    expect((await coreSale()).lines).toEqual([]);
    // The scan reaches the core, which adds the line; the socket breaks as its answer comes.
    const lost = (await tapCalls(page)).lose('session.scan');
    await scan(page, product.barcode);
    const notice = page.locator('[data-scan-outcome="error"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(say('core:coreNoAnswer'));
    await lost.stop();
    // The sale read again: the cashier sees the line went in, and does not scan it twice.
    await stored().waitFor();
    expect(await lines().count()).toBe(1);
    expect((await coreSale()).lines).toHaveLength(1);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `scan-no-answer-${size.width}x${size.height}`);
    }
    await page.keyboard.press('F8');
    await page.keyboard.press('F8');
    await expect.poll(async () => (await coreSale()).lines.length).toBe(0);
  });
});
