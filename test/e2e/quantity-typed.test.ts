// A quantity being typed is the person's (issue 35: no keystroke lost): the cashier types "5" in a
// line's quantity and, before Enter, scans the same product. The scan raises the stored quantity; the
// field keeps "5" and says the quantity changed meanwhile; Enter stores 5. Typed again and the same
// scan: Esc keeps the stored quantity. Czech, 1024x768, looked at in the screenshot.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goTo, openTillSelling, scan, type PlainProduct } from './app.ts';
import { screenshot, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { say } from './lang.ts';
import { stopAll, type SyncedTerminal } from '../support/terminal.ts';

let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;
let product: PlainProduct;

beforeAll(async () => {
  // A counted product: its quantity typed is a whole number.
  ({ terminal, product, shell, browser, page } = await openTillSelling(
    'quantity-typed',
    "unitOfMeasure IS NULL OR unitOfMeasure = 'ks'",
  ));
}, 120_000);

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(
  () => page,
  'quantity-typed',
  () => shell,
);

const row = () => page.getByTestId('sale-lines').locator(`[data-barcode="${product.barcode}"]`);
const field = () => row().locator('[data-field="quantity"]');
const meanwhile = () => row().locator('[data-quantity-meanwhile]');

/** A person types `text` over the line's quantity, at a person's pace. */
async function typeQuantity(text: string): Promise<void> {
  await field().click();
  await field().selectText();
  await page.keyboard.type(text, { delay: 90 });
  await expect.poll(() => field().inputValue()).toBe(text);
}

describe('a quantity being typed', () => {
  it('is kept when a scan raises the line meanwhile, said beside it, and stored by Enter', async () => {
    await goTo(page, 'sale');
    await scan(page, product.barcode);
    await expect.poll(() => row().getAttribute('data-quantity')).toBe('1');

    await typeQuantity('5');
    await scan(page, product.barcode);
    await expect.poll(() => row().getAttribute('data-quantity')).toBe('2');
    expect(await field().inputValue()).toBe('5');
    await expect
      .poll(() => meanwhile().textContent())
      .toBe(say('sale:quantityChangedMeanwhile', { quantity: '2' }));
    await screenshot(page, 'sale-quantity-meanwhile');

    await field().press('Enter');
    await expect.poll(() => row().getAttribute('data-quantity')).toBe('5');
    expect(await field().inputValue()).toBe('5');
    expect(await meanwhile().count()).toBe(0);
  });

  it('gives way to the stored quantity on Esc', async () => {
    await typeQuantity('9');
    await scan(page, product.barcode);
    await expect.poll(() => row().getAttribute('data-quantity')).toBe('6');
    await expect.poll(() => meanwhile().count()).toBe(1);
    expect(await field().inputValue()).toBe('9');
    await field().press('Escape');
    await expect.poll(() => field().inputValue()).toBe('6');
    expect(await row().getAttribute('data-quantity')).toBe('6');
    expect(await meanwhile().count()).toBe(0);
  });
});
