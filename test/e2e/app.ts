// Page helpers for the e2e tests: what a cashier does, in Playwright terms.
import type { Page } from 'playwright-core';

/** A keyboard-wedge scanner: the code typed at `msPerKey` (10 ms/key), then Enter. */
export async function scan(page: Page, code: string, msPerKey = 10): Promise<void> {
  // The scanner module treats a burst right after a person's keystroke as typing; real scans come
  // after a pause.
  await page.waitForTimeout(450);
  await page.keyboard.type(code, { delay: msPerKey });
  await page.keyboard.press('Enter');
}

export async function goTo(page: Page, screen: 'sale' | 'stock' | 'orders' | 'settings'): Promise<void> {
  const key = { sale: 'F1', stock: 'F2', orders: 'F3', settings: 'F4' }[screen];
  await page.keyboard.press(key);
  await page.getByTestId(screen).waitFor();
}

export function statusBar(page: Page) {
  return page.getByTestId('status-bar');
}
