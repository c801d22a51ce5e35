// A person's keys on the Returns screen with focus outside any field, in Debian's Chromium through
// the web shell against the real sim, in the e2e language at 1024×768. Keys are stamped (keys.ts): a
// person's 140 ms apart, a scanner's 10 ms apart. F11 and a receipt's number typed at once after it
// (the screen just opened, focus nowhere: the Sale screen's code field went with its screen) land in
// the find field, as keys typed on Sale land in its code field; with "Bez účtenky" (F6) open, in its
// search field. A scanner's burst made with focus outside any field finds the sale by it and hands
// focus back (its keys only hop through the field).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureTill, stopAll, syncedTerminal, type SyncedTerminal } from '../support/terminal.ts';
import { openOnSale, scan } from './app.ts';
import { screenshot, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { sendKeys } from './keys.ts';
import { E2E_LANGUAGE } from './lang.ts';

const TYPING_MS_PER_KEY = 140;

let terminal: SyncedTerminal;
let shell: RunningShell | undefined;
let browser: Browser | undefined;
let page: Page;

beforeAll(async () => {
  terminal = await syncedTerminal('returns-typing');
  configureTill(terminal.dataDir, { language: E2E_LANGUAGE });
  ({ shell, browser, page } = await openOnSale(terminal.env));
}, 300_000);

afterAll(async () => {
  await stopAll(terminal, shell, browser);
});

screenshotOnFailure(() => page, 'returns-typing');

const findField = () => page.locator('input[data-field="return-find"]');
const noReceiptField = () => page.locator('input[data-field="no-receipt-find"]');
const focusedField = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.field);

/** A person types `text` wherever focus is, keys stamped 140 ms apart from now. */
async function typeAsPerson(text: string): Promise<void> {
  await sendKeys(page, text, Date.now(), TYPING_MS_PER_KEY);
}

describe('typing on the Returns screen with focus outside any field', () => {
  it('keys typed right after F11 land in the find field', async () => {
    await page.locator('[data-field="code"]').click();
    // F11 and the number at once: the screen is only just opened when the first key comes.
    await page.keyboard.press('F11');
    await typeAsPerson('P1-000042');
    await expect.poll(() => findField().inputValue()).toBe('P1-000042');
    expect(await focusedField()).toBe('return-find');
    await screenshot(page, `returns-typing-${E2E_LANGUAGE}-1024-typed`);
  });

  it('with "Bez účtenky" (F6) open, keys land in its search field', async () => {
    await page.keyboard.press('F6');
    await page.getByTestId('return-no-receipt').waitFor();
    await page.locator('[data-testid="returns"] h1').click();
    await typeAsPerson('abc');
    await expect.poll(() => noReceiptField().inputValue()).toBe('abc');
    await page.keyboard.press('F6');
    await findField().waitFor();
  });

  it('a scan with focus outside any field goes into the find field, and focus goes back', async () => {
    if ((await noReceiptField().count()) > 0) await page.keyboard.press('F6');
    await findField().waitFor();
    await page.locator('[data-testid="returns"] h1').click();
    await scan(page, '1234567890');
    await expect.poll(() => findField().inputValue()).toBe('1234567890');
    await expect.poll(focusedField).toBeUndefined();
  });
});
