// Page helpers for the e2e tests: what a cashier does, in Playwright terms.
import type { Page } from 'playwright-core';
import { sendKeys } from './keys.ts';

/**
 * A keyboard-wedge scanner typing `code` then Enter at `msPerKey` (10 ms/key). The keys go in through
 * Chromium's input pipeline in one go, each stamped with the scanner's own timing (keys.ts), as the
 * OS stamps a real scanner's key events: a loaded test machine cannot then stretch the gaps between
 * keys, which a scanner never does. test/bench/ measures the real-time path separately.
 */
export async function scan(page: Page, code: string, msPerKey = 10): Promise<void> {
  // The scanner module takes a burst right after a person's keystroke for typing; real scans come
  // after a pause (the person's keys are stamped with the real clock, so real time has to pass).
  await page.waitForTimeout(450);
  await sendKeys(page, `${code}\n`, Date.now(), msPerKey);
}

/**
 * Places the sale as a cashier does since the payment panel (issue 17): F9 opens the panel, Enter
 * with nothing typed takes the exact amount in cash and places the order. The panel closes either
 * way (placed, or refused by the core with the reason on the Sale screen).
 */
export async function placeOrder(page: Page): Promise<void> {
  const panel = page.getByTestId('payment-panel');
  await page.keyboard.press('F9');
  await panel.waitFor();
  await page.keyboard.press('Enter');
  await panel.waitFor({ state: 'detached' });
}

export async function goTo(page: Page, screen: 'sale' | 'stock' | 'orders' | 'settings'): Promise<void> {
  const key = { sale: 'F1', stock: 'F2', orders: 'F3', settings: 'F4' }[screen];
  await page.getByTestId('status-bar').waitFor();
  await page.keyboard.press(key);
  await page.getByTestId(screen).waitFor();
}

export function statusBar(page: Page) {
  return page.getByTestId('status-bar');
}

/**
 * Syncs every resource from Settings and waits until each is done. A configured shell may already be
 * syncing on its own at start (the button is disabled meanwhile, for as long as that takes on a busy
 * machine): then that sync is waited for instead of a second one. Waits in the page, so a beforeAll
 * may call it too.
 */
export async function syncAll(page: Page): Promise<void> {
  const timeout = { timeout: 90_000 };
  await page.waitForFunction(syncSettled, true, timeout);
  // A sync started on its own just now disables the button again: the click waits it out too.
  if (!(await page.evaluate(syncSettled, false)))
    await page.locator('[data-action="sync-now"]').click(timeout);
  await page.waitForFunction(syncSettled, false, timeout);
}

/** Run in the page: every resource synced, or (with `orIdle`) the Sync now button free again. */
function syncSettled(orIdle: boolean): boolean {
  const rows = [...document.querySelectorAll('[data-section="sync"] [data-resource]')];
  if (rows.length >= 6 && rows.every((e) => e.getAttribute('data-state') === 'done')) return true;
  const button = document.querySelector('[data-action="sync-now"]');
  return orIdle && button instanceof HTMLButtonElement && !button.disabled;
}
