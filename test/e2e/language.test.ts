// The screens' language, through the web shell in Debian's Chromium against the real sim: a Czech
// browser gets Czech words and Czech numbers; Settings switches the language at once (same page, no
// reload, no manager PIN asked even with one set), the choice outlives a reload; and the price
// currency set in Settings is the one prices are shown in.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { SettingsStore } from '../../main/settings/store.ts';
import { goTo, scan, setManagerPin } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import {
  firstSellable,
  stopAll,
  syncedTerminal,
  type Sellable,
  type SyncedTerminal,
} from '../support/terminal.ts';

const PIN = '24680';

let terminal: SyncedTerminal;
let shell: RunningShell | undefined;
let browser: Browser | undefined;
let page: Page;
let product: Sellable;

beforeAll(async () => {
  terminal = await syncedTerminal('language');
  product = firstSellable(terminal.dataDir);
  // The terminal sells from the product's warehouse (chosen before the shell starts, as a11y does),
  // to a walk-in customer without a card (F9 opens the payment panel only for a sale with a customer).
  const db = openDatabase(join(terminal.dataDir, 'counter.sqlite'));
  new SettingsStore(db).write({
    warehouseId: product.warehouseId,
    walkInCustomer: { companyId: 1, name: 'Hotovostní prodej' },
  });
  db.close();
  const [started, chromium] = await Promise.all([startWebShellProcess(terminal.env), launchChromium()]);
  [shell, browser] = [started, chromium];
  // A Czech browser: 'system' (the default) speaks Czech.
  page = await chromium.newPage({ viewport: { width: 1366, height: 900 }, locale: 'cs-CZ' });
  await page.goto(started.url);
  await page.getByTestId('status-bar').waitFor();
});

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(() => page, 'language');

const tabs = () =>
  page
    .locator('nav.tabs [data-nav]')
    .evaluateAll((els) => els.map((e) => e.firstChild?.textContent?.trim() ?? ''));
const option = (language: string) => page.locator(`[data-language-option="${language}"]`);
const pinDialog = () => page.getByTestId('pin-dialog');

/** The manager PIN typed into the prompt that a guarded change opened. */
async function givePin(): Promise<void> {
  await pinDialog().waitFor();
  await page.keyboard.type(PIN);
  await page.keyboard.press('Enter');
  await pinDialog().waitFor({ state: 'detached' });
}

/** The product's price as the Stock screen shows it. */
async function stockPrice(): Promise<string> {
  await goTo(page, 'stock');
  await page.getByTestId('stock-search').fill(product.barcode);
  const price = page.locator(`[data-product="${product.productId}"] .price`).first();
  await expect.poll(() => price.textContent(), { timeout: 10_000 }).toMatch(/\d/);
  return (await price.textContent()) ?? '';
}

describe('language', () => {
  it('a Czech browser gets Czech tabs and Czech-formatted prices', async () => {
    expect(await tabs()).toEqual(['Prodej', 'Sklad', 'Objednávky', 'Nastavení', 'Směna', 'Vrácení']);
    expect(await page.locator('html').getAttribute('lang')).toBe('cs');
    // cs-CZ: a comma before the hundredths (1 110,90).
    expect(await stockPrice()).toMatch(/\d,\d{2}(\s|$)/);
    await goTo(page, 'settings');
    expect(await option('system').isChecked()).toBe(true);
    expect(await option('system').locator('xpath=..').textContent()).toContain('Podle systému (Čeština)');
    expect(await page.locator('[data-section="language"] h2').textContent()).toBe('Jazyk');
    await screenshot(page, 'language-settings-cs');
  });

  it('switches to English at once, without a reload, and with no PIN asked even when one is set', async () => {
    // A manager PIN guards Settings; the language is every cashier's to choose.
    const card = await setManagerPin(page, PIN);
    const said = card.locator('[data-pin-result]');
    expect(await said.textContent()).toBe('PIN nastaven.');

    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    // By keyboard: the checked choice takes the focus, arrows move (and choose): System → Čeština →
    // Slovenčina → English is three steps down, or one step up from System.
    await option('system').focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(tabs).toEqual(['Sale', 'Stock', 'Orders', 'Settings', 'Shift', 'Returns']);
    expect(await pinDialog().count()).toBe(0);
    expect(await option('en').isChecked()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('[data-section="language"] h2').textContent()).toBe('Language');
    // What a card said before the switch is said again in the new language.
    expect(await said.textContent()).toBe('PIN set.');
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    await screenshot(page, 'language-switched-en');
  });

  it('keeps English after a reload', async () => {
    await page.reload();
    await page.getByTestId('status-bar').waitFor();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBeUndefined();
    await expect.poll(tabs).toEqual(['Sale', 'Stock', 'Orders', 'Settings', 'Shift', 'Returns']);
    // English numbers now, in the Czech browser's region for English: a point before the hundredths.
    expect(await stockPrice()).toMatch(/\d\.\d{2}/);
    await goTo(page, 'settings');
    expect(await option('en').isChecked()).toBe(true);
  });

  it('switches to Slovak by keyboard', async () => {
    await option('en').focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(tabs).toEqual(['Predaj', 'Sklad', 'Objednávky', 'Nastavenia', 'Zmena', 'Vrátenie']);
    expect(await pinDialog().count()).toBe(0);
    expect(await option('sk').isChecked()).toBe(true);
    expect(await page.locator('[data-section="language"] h2').textContent()).toBe('Jazyk');
    expect(await page.locator('[data-section="sync"] h2').textContent()).toBe('Synchronizácia');
    await screenshot(page, 'language-settings-sk');
  });
});

describe('price currency', () => {
  it("prices show the currency set in Settings; emptied, the receivables' one again", async () => {
    // Setting the PIN opened the lock; leaving Settings shuts it.
    await goTo(page, 'sale');
    await goTo(page, 'settings');
    const card = page.locator('[data-section="price-currency"]');
    const inEffect = card.locator('[data-currency-in-effect]');
    const learnt = await inEffect.getAttribute('data-currency-in-effect');
    expect(await inEffect.getAttribute('data-currency-set')).toBe('false');

    await card.locator('[data-field="priceCurrency"]').fill('eur');
    await card.locator('[data-field="priceCurrency"]').press('Enter');
    // A change of Settings (unlike the language) asks for the manager PIN.
    await givePin();
    await expect.poll(() => inEffect.getAttribute('data-currency-in-effect')).toBe('EUR');
    expect(await inEffect.textContent()).toBe('Ceny sa zobrazujú v EUR (nastavené tu).');
    expect(await card.locator('[data-field="priceCurrency"]').inputValue()).toBe('EUR');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'language-price-currency-sk');
    // sk-SK: "12,34 €".
    expect(await stockPrice()).toMatch(/\d,\d{2}\s€$/);
    // The payment panel offers euro notes: the first is the next 5 at or above the total, not 100.
    await goTo(page, 'sale');
    await scan(page, product.barcode);
    await page.getByTestId('sale-lines').locator(`[data-barcode="${product.barcode}"]`).waitFor();
    await page.keyboard.press('F9');
    const panel = page.getByTestId('payment-panel');
    const total = Number(await panel.locator('[data-payment-total]').getAttribute('data-amount'));
    const quick = await panel
      .locator('[data-quick]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-quick'))));
    expect(quick[0]).toBe(Math.max(5, Math.ceil(total / 5) * 5));
    expect(quick).toContain(Math.max(20, Math.ceil(total / 20) * 20));
    await screenshot(page, 'language-payment-eur-sk');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    await goTo(page, 'settings');
    await card.locator('[data-field="priceCurrency"]').fill('');
    await card.locator('[data-action="save-price-currency"]').click();
    await givePin();
    await expect.poll(() => inEffect.getAttribute('data-currency-set')).toBe('false');
    expect(await inEffect.getAttribute('data-currency-in-effect')).toBe(learnt);
  });
});
