// Settings → Scanner, through the web shell in Debian's Chromium against the real sim: each setting
// is picked in the card, then a scanner configured that way scans on the Sale screen and the
// product is added. The keystrokes are what such a scanner sends: for the Czech layout,
// Shift+number row for each digit (which a US machine reports as !@#...); for the suffixes, Tab or
// nothing after the code; for paste/wedge delivery, one input event with the whole code.
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { SettingsStore } from '../../main/settings/store.ts';
import type { ScannerSettings } from '../../contract/contract.ts';
import { goTo, scan } from './app.ts';
import { launchChromium, startWebShellProcess, type RunningShell } from './browser.ts';
import { cdpOf, sendKeys } from './keys.ts';
import { newPage } from './lang.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import {
  plainProducts,
  stopAll,
  syncedTerminal,
  type Sellable,
  type SyncedTerminal,
} from '../support/terminal.ts';

let terminal: SyncedTerminal;
let shell: RunningShell | undefined;
let browser: Browser | undefined;
let page: Page;
let products: Sellable[];

beforeAll(async () => {
  terminal = await syncedTerminal('scanner-settings');
  // Several plain products (EAN-13, priced, sellable) of one warehouse: one per case.
  products = plainProducts(terminal.dataDir, {
    columns: 'warehouseId, productId, barcode, productName',
    where: 'warehouseId = (SELECT min(warehouseId) FROM stock_item WHERE barcode IS NOT NULL)',
    oneByBarcode: true,
    limit: 6,
  });
  const db = openDatabase(join(terminal.dataDir, 'counter.sqlite'));
  new SettingsStore(db).write({ warehouseId: products[0]?.warehouseId ?? null });
  db.close();
  const [started, chromium] = await Promise.all([startWebShellProcess(terminal.env), launchChromium()]);
  [shell, browser] = [started, chromium];
  page = await newPage(chromium, { viewport: { width: 1366, height: 900 } });
  await page.goto(started.url);
  await page.getByTestId('status-bar').waitFor();
});

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(() => page, 'scanner-settings');

function product(i: number): Sellable {
  const p = products[i];
  if (p === undefined) throw new Error(`the demo catalogue has no product #${i + 1} to scan`);
  return p;
}

/** Picks the scanner settings in Settings → Scanner (each is saved at once), then goes to Sale. */
async function configure(s: Pick<ScannerSettings, 'layout' | 'suffix' | 'delivery'>): Promise<void> {
  await goTo(page, 'settings');
  const card = page.locator('[data-section="scanner"]');
  for (const [field, value] of Object.entries(s)) {
    await card.locator(`select[data-field="${field}"]`).selectOption(value);
  }
  // Saved: the card shows what the app holds, and the scanner listens with it (attached again after
  // the render, it marks <body> with the settings it listens with).
  for (const [field, value] of Object.entries(s)) {
    await expect.poll(() => card.locator(`select[data-field="${field}"]`).inputValue()).toBe(value);
    await scannerListensWith(field, value);
  }
  await goTo(page, 'sale');
}

/** Waits until the scanner listens with `value` for `field` (the marks renderer/actions/attach.ts sets). */
function scannerListensWith(field: string, value: string): Promise<void> {
  return page.locator(`body[data-scanner-${field}="${value}"]`).waitFor({ state: 'attached' });
}

const line = (p: Sellable) => page.getByTestId('sale-lines').locator(`[data-barcode="${p.barcode}"]`);

/** Keys a scanner set to Czech QWERTZ sends: Shift+Digit for each digit (a US machine reports !@#...). */
async function scanCzech(session: CDPSession, code: string, start: number): Promise<void> {
  const shifted = ')!@#$%^&*(';
  const sends = Array.from(code, (d, i) => {
    const key = shifted[Number(d)] ?? d;
    const vk = d.charCodeAt(0);
    const at = start + i * 10;
    const params = {
      code: `Digit${d}`,
      key,
      windowsVirtualKeyCode: vk,
      nativeVirtualKeyCode: vk,
      modifiers: 8,
    };
    return Promise.all([
      session.send('Input.dispatchKeyEvent', { type: 'keyDown', ...params, text: key, timestamp: at / 1000 }),
      session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...params, timestamp: (at + 3) / 1000 }),
    ]);
  });
  const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 };
  const end = start + code.length * 10;
  await Promise.all([
    ...sends,
    session.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter, text: '\r', timestamp: end / 1000 }),
    session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter, timestamp: (end + 3) / 1000 }),
  ]);
}

describe('Settings → Scanner, then a scan on the Sale screen', () => {
  it('layout Czech QWERTZ: Shift+number row keys read as the digits', async () => {
    await configure({ layout: 'cs', suffix: 'enter-or-tab', delivery: 'keys-and-paste' });
    await page.waitForTimeout(450);
    await scanCzech(await cdpOf(page), product(0).barcode, Date.now());
    await line(product(0)).waitFor();
    expect(await page.locator('input[data-field="code"]').inputValue()).toBe('');
  });

  it('suffix Tab: the code ends with Tab', async () => {
    await configure({ layout: 'us', suffix: 'tab', delivery: 'keys-and-paste' });
    await page.waitForTimeout(450);
    await sendKeys(page, `${product(1).barcode}\t`, Date.now(), 10);
    await line(product(1)).waitFor();
  });

  it('suffix none: the code ends by silence', async () => {
    await configure({ layout: 'us', suffix: 'none', delivery: 'keys-and-paste' });
    await page.waitForTimeout(450);
    await sendKeys(page, product(2).barcode, Date.now(), 10);
    await line(product(2)).waitFor();
  });

  it('delivery paste/input only: the whole code in one input event, nothing left in the code field', async () => {
    await configure({ layout: 'us', suffix: 'enter-or-tab', delivery: 'paste' });
    const field = page.locator('input[data-field="code"]');
    await field.focus();
    await page.keyboard.insertText(product(3).barcode);
    await line(product(3)).waitFor();
    expect(await field.inputValue()).toBe('');
  });

  it('the test pad reads the next scan with the setting just changed, and says how it read it', async () => {
    await configure({ layout: 'cs', suffix: 'enter-or-tab', delivery: 'keys-and-paste' });
    await goTo(page, 'settings');
    const pad = page.locator('[data-testpad]');
    const how = page.locator('[data-section="scanner-test"] [data-scan-source]');
    const result = page.locator('[data-section="scanner-test"] [data-classified]');
    await pad.click();
    await page.waitForTimeout(450);
    await scanCzech(await cdpOf(page), product(5).barcode, Date.now());
    await expect.poll(() => result.locator('code').textContent()).toBe(product(5).barcode);
    expect(await how.getAttribute('data-scan-layout')).toBe('cs');
    expect(await how.getAttribute('data-scan-suffix')).toBe('Enter');
    expect(await page.locator('[data-key-code="Digit1"]').first().getAttribute('data-key-char')).toBe('1');
    // Set back to US, without leaving the screen: the same keys now read as the US layout's symbols.
    await page.locator('[data-section="scanner"] select[data-field="layout"]').selectOption('us');
    await expect.poll(() => page.locator('select[data-field="layout"]').inputValue()).toBe('us');
    await scannerListensWith('layout', 'us');
    await pad.click();
    await page.waitForTimeout(450);
    await scanCzech(await cdpOf(page), product(5).barcode, Date.now());
    // The code comes back from the core's classifier after the pad has said how it read the keys.
    const asUs = Array.from(product(5).barcode, (d) => ')!@#$%^&*('[Number(d)]).join('');
    await expect.poll(() => result.locator('code').textContent()).toBe(asUs);
    expect(await how.getAttribute('data-scan-layout')).toBe('us');
  });

  it('back to the defaults (US, Enter or Tab, keys and paste): a plain scan adds the product', async () => {
    await configure({ layout: 'us', suffix: 'enter-or-tab', delivery: 'keys-and-paste' });
    await scan(page, product(4).barcode);
    await line(product(4)).waitFor();
  });
});
