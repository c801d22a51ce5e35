// Accessible, through the web shell in Debian's Chromium against the real sim: no keyboard trap
// (Esc, Tab and Shift+Tab leave the scanner test pad), key labels on buttons as readable as the
// text, and axe-core on every screen and dialog with no serious or critical violation. On each, no
// field the browser could offer typed history or autofill in (a scan's Enter could accept one): every
// input and textarea carries autocomplete="off" ("new-password" on a secret chosen).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { claimForSending, insertOutboxOrder, recordOutboxOutcome } from '../../db/outbox.ts';
import { SettingsStore } from '../../main/settings/store.ts';
import { goTo, scan, setManagerPin } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { newPage, say } from './lang.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import {
  firstSellable,
  fromCatalog,
  stopAll,
  syncedTerminal,
  type SyncedTerminal,
} from '../support/terminal.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PIN = '97531';

let terminal: SyncedTerminal;
let shell: RunningShell | undefined;
let browser: Browser | undefined;
let page: Page;
let product: { barcode: string; productName: string };
let cardBarcode: string;
let needsFixId: number;

beforeAll(async () => {
  terminal = await syncedTerminal('a11y');
  const { dataDir, env } = terminal;
  const item = firstSellable(dataDir);
  const now = new Date().toISOString().slice(0, 19);
  const card = fromCatalog(
    dataDir,
    (db) =>
      db
        .prepare(
          `SELECT barcode FROM company_card WHERE barcode IS NOT NULL AND coalesce(isInvalid, 0) = 0
             AND (validTo IS NULL OR validTo > ?) AND (validFrom IS NULL OR validFrom < ?) ORDER BY id LIMIT 1`,
        )
        .get(now, now) as { barcode: string },
  );
  product = item;
  cardBarcode = card.barcode;

  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  new SettingsStore(db).write({ warehouseId: item.warehouseId });
  const stored = insertOutboxOrder(db, { items: [{ productId: item.productId, quantity: 0 }] });
  claimForSending(db, stored.id, ['queued']);
  recordOutboxOutcome(db, stored.id, ['sending'], {
    state: 'needs-fix',
    fieldErrors: { customerId: ['The customer is required.'], 'items[0].quantity': ['Must be above 0.'] },
    messages: ['The customer is required.', 'Must be above 0.'],
  });
  db.close();
  needsFixId = stored.id;

  const [started, chromium] = await Promise.all([startWebShellProcess(env), launchChromium()]);
  [shell, browser] = [started, chromium];
  // The app's CSP allows only its own scripts; this page bypasses it for the one script the test
  // injects (axe-core's source), which the app itself never loads.
  page = await newPage(chromium, { viewport: { width: 1366, height: 820 }, bypassCSP: true });
  await page.goto(started.url);
  await page.getByTestId('status-bar').waitFor();
  await page.addScriptTag({ content: AXE });
});

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(() => page, 'a11y');

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly nodes: string[];
}

/** axe-core on the page as it is: the serious and critical violations, each with where it is. */
function seriousViolations(): Promise<Violation[]> {
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } })
      .axe;
    interface AxeResults {
      violations: {
        id: string;
        impact: string | null;
        nodes: { target: string[]; failureSummary?: string }[];
      }[];
    }
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
      }));
  });
}

/** The data-field (or tag) of each field seen on the screens: the walk reached the ones it names. */
const fieldsSeen = new Set<string>();

/**
 * The fields on the page as it is that the browser may fill from its memory of typed text: each input
 * or textarea without autocomplete="off" ("new-password" only on a password box, a secret chosen).
 */
async function fieldsOfferingHistory(): Promise<string[]> {
  const fields = await page.evaluate(() =>
    [...document.querySelectorAll('input, textarea')].map((el) => ({
      name: el.getAttribute('data-field') ?? el.getAttribute('aria-label') ?? el.tagName.toLowerCase(),
      autocomplete: el.getAttribute('autocomplete'),
      password: el instanceof HTMLInputElement && el.type === 'password',
      html: el.outerHTML.slice(0, 200),
    })),
  );
  for (const f of fields) fieldsSeen.add(f.name);
  return fields
    .filter((f) => !(f.autocomplete === 'off' || (f.autocomplete === 'new-password' && f.password)))
    .map((f) => f.html);
}

const focusedTestPad = () =>
  page.evaluate(() => document.activeElement?.hasAttribute('data-testpad') === true);

describe('accessible', { timeout: 120_000 }, () => {
  it('Sale, empty: no serious or critical axe violation', async () => {
    await page.getByTestId('sale').waitFor();
    expect(await seriousViolations()).toEqual([]);
    expect(await fieldsOfferingHistory()).toEqual([]);
  });

  it('Sale with lines and a customer: none either', async () => {
    await scan(page, product.barcode);
    await page.getByTestId('sale-lines').locator(`[data-barcode="${product.barcode}"]`).waitFor();
    await scan(page, cardBarcode);
    await expect.poll(() => page.getByTestId('customer').getAttribute('data-company')).not.toBeNull();
    expect(await seriousViolations()).toEqual([]);
    expect(await fieldsOfferingHistory()).toEqual([]);
    await screenshot(page, 'a11y-sale');
  });

  it('key labels on buttons read as well as the text: the F9 label on the blue button is >= 4.5:1', async () => {
    const ratios = await page.evaluate(() => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const WEIGHTS = [0.2126, 0.7152, 0.0722];
      const lum = (c: number[]) =>
        WEIGHTS.reduce((sum, w, i) => {
          const v = (c[i] ?? 0) / 255;
          return sum + w * (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        }, 0);
      return [...document.querySelectorAll('button.primary kbd')].map((kbd) => {
        const button = kbd.closest('button') ?? kbd;
        const fg = rgb(getComputedStyle(kbd).color);
        const bg = rgb(getComputedStyle(button).backgroundColor);
        // Opacity below 1 mixes the label into the button's colour.
        const alpha = Number(getComputedStyle(kbd).opacity) * (fg[3] ?? 1);
        const mixed = [0, 1, 2].map((i) => alpha * (fg[i] ?? 0) + (1 - alpha) * (bg[i] ?? 0));
        const hi = Math.max(lum(mixed), lum(bg));
        const lo = Math.min(lum(mixed), lum(bg));
        return { key: kbd.textContent, ratio: (hi + 0.05) / (lo + 0.05) };
      });
    });
    expect(ratios.map((r) => r.key)).toContain('F9');
    for (const r of ratios) expect(r.ratio, `${r.key} label`).toBeGreaterThanOrEqual(4.5);
  });

  it('Stock with results: none', async () => {
    await goTo(page, 'stock');
    await page.getByTestId('stock-search').fill(product.productName.split(/\s+/)[0] ?? '');
    await expect
      .poll(async () => Number(await page.getByTestId('stock-results').getAttribute('data-count')))
      .toBeGreaterThan(0);
    expect(await seriousViolations()).toEqual([]);
    expect(await fieldsOfferingHistory()).toEqual([]);
  });

  it('Orders with entries, a needs-fix one open: none', async () => {
    await goTo(page, 'orders');
    await expect
      .poll(() => page.locator(`[data-order="${String(needsFixId)}"]`).getAttribute('data-state'))
      .toBe('needs-fix');
    expect(await seriousViolations()).toEqual([]);
    expect(await fieldsOfferingHistory()).toEqual([]);
  });

  it("an order's receipt (reprint from Orders): none", async () => {
    const entry = page.locator(`[data-order="${String(needsFixId)}"]`);
    await entry.locator('[data-action="receipt"]').click();
    const dialog = page.getByTestId('receipt-dialog');
    await dialog.waitFor();
    expect(await seriousViolations()).toEqual([]);
    expect(await fieldsOfferingHistory()).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('Settings with the scanner test pad in use: none; Esc, Tab and Shift+Tab leave the pad', async () => {
    await goTo(page, 'settings');
    const pad = page.locator('[data-testpad]');
    await pad.click();
    await scan(page, product.barcode);
    await expect
      .poll(() => page.locator('[data-section="scanner-test"] [data-classified]').getAttribute('data-via'))
      .toBe('scanner');
    expect(await focusedTestPad()).toBe(true);
    expect(await seriousViolations()).toEqual([]);
    expect(await fieldsOfferingHistory()).toEqual([]);

    await page.keyboard.press('Escape');
    await expect.poll(focusedTestPad).toBe(false);
    await pad.focus();
    await page.keyboard.press('Tab');
    await expect.poll(focusedTestPad).toBe(false);
    await pad.focus();
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focusedTestPad).toBe(false);
    // F-keys still switch screens from the pad.
    await pad.focus();
    await page.keyboard.press('F3');
    await page.getByTestId('orders').waitFor();
  });

  it('the confirmation dialog and the PIN prompt: none', async () => {
    await setManagerPin(page, PIN);
    await goTo(page, 'orders');
    const entry = page.locator(`[data-order="${String(needsFixId)}"]`);
    await entry.locator('button', { hasText: say('orders:discard') }).click();
    await page.getByTestId('confirm-dialog').waitFor();
    expect(await seriousViolations()).toEqual([]);
    expect(await fieldsOfferingHistory()).toEqual([]);
    await page.locator('[data-action="confirm-destroy"]').click();
    await page.getByTestId('pin-dialog').waitFor();
    await page.keyboard.type('0000');
    await page.keyboard.press('Enter');
    await page.locator('[data-pin-error]').waitFor();
    expect(await seriousViolations()).toEqual([]);
    expect(await fieldsOfferingHistory()).toEqual([]);
    await screenshot(page, 'a11y-pin-dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('pin-dialog').waitFor({ state: 'detached' });
  });

  it('Shift and Returns: no field offers typed history either', async () => {
    await goTo(page, 'shift');
    await page.getByTestId('shift').waitFor();
    expect(await fieldsOfferingHistory()).toEqual([]);
    await goTo(page, 'returns');
    await page.locator('[data-field="return-find"]').waitFor();
    expect(await fieldsOfferingHistory()).toEqual([]);
  });

  it('the payment panel (F9): none', async () => {
    await goTo(page, 'sale');
    await page.keyboard.press('F9');
    const panel = page.getByTestId('payment-panel');
    await panel.waitFor();
    expect(await seriousViolations()).toEqual([]);
    expect(await fieldsOfferingHistory()).toEqual([]);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it("the walk reached the fields it is for: a line's quantity, the fix form, the scanner prefix", () => {
    for (const name of ['quantity', 'items[0].quantity', 'note', 'prefix', 'managerPin', 'given'])
      expect([...fieldsSeen]).toContain(name);
  });
});
