// Paying and the receipt, through the web shell in Debian's Chromium against the real sim: F9 opens a
// payment panel (amount given, round notes, change due, cash or card; Enter places, Esc goes back),
// and every placed or queued order has a receipt (80 mm and 58 mm layouts, printed through
// window.print(), a queued order's receipt not confirmed yet and carrying its reference, reprinted
// from Orders). Printing is the browser's own window.print(), untouched: the page's beforeprint and
// afterprint events are recorded (with the receipt the print copy holds then), Chromium's console must
// not say it ignored the call, and the print copy is looked at as a PDF and as the printer gets it.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../../sim/server.ts';
import { goTo, scan, statusBar, takeWarehouse } from './app.ts';
import { ARTIFACTS, launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { E2E_LOCALE, newPage, say, sayPattern } from './lang.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import {
  freshTerminal,
  fromCatalog,
  plainProducts,
  stopAll,
  type SyncedTerminal,
} from '../support/terminal.ts';

declare global {
  interface Window {
    /** Each print the browser started (beforeprint): the receipt printed, and whether it ended (afterprint). */
    __prints?: { paper: string | null; order: string | null; ended: boolean }[];
  }
}

let terminal: SyncedTerminal;
let sim: RunningSim;
let shell: RunningShell;
let browser: Browser;
let page: Page;
let products: { barcode: string; price: number }[];
let card: { barcode: string; companyId: number };
const printRefusals: string[] = [];

beforeAll(async () => {
  terminal = await freshTerminal('payment');
  ({ sim } = terminal);
  [shell, browser] = await Promise.all([startWebShellProcess(terminal.env), launchChromium()]);
  page = await newPage(browser, { viewport: { width: 1366, height: 820 } });
  // Watched, not replaced: the browser says when it starts printing and when the print dialog is done.
  await page.addInitScript(() => {
    window.__prints = [];
    window.addEventListener('beforeprint', () => {
      const receipt = document.querySelector<HTMLElement>('.print-root .receipt');
      window.__prints?.push({
        paper: receipt?.dataset.paper ?? null,
        order: receipt?.dataset.receipt ?? null,
        ended: false,
      });
    });
    window.addEventListener('afterprint', () => {
      const last = window.__prints?.at(-1);
      if (last !== undefined) last.ended = true;
    });
  });
  // Chromium says so in the console when it drops a print() call (a sandbox without allow-modals,
  // calls too frequent).
  page.on('console', (message) => {
    if (/print\(\)/.test(message.text())) printRefusals.push(message.text());
  });
  await page.goto(shell.url);
});

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(() => page, 'pay');

const fromCache = <T>(fn: (db: Database.Database) => T): T => fromCatalog(terminal.dataDir, fn);

const panel = () => page.getByTestId('payment-panel');
const lines = () => page.getByTestId('sale-lines');
const placedReceipt = () => page.getByTestId('placed-receipt').locator('.receipt');
const prints = () => page.evaluate(() => window.__prints ?? []);

/**
 * Waits for the print the last key or click started to have run its course (beforeprint, then
 * afterprint once the print dialog is done), with no print() call dropped, and returns its receipt.
 */
async function printed(before: number): Promise<{ paper: string | null; order: string | null }> {
  const ended = [...Array<unknown>(before + 1)].map(() => true);
  await expect
    .poll(async () => ({ ended: (await prints()).map((p) => p.ended), refusals: printRefusals }))
    .toEqual({ ended, refusals: [] });
  const { paper, order } = (await prints()).at(-1) ?? { paper: null, order: null };
  return { paper, order };
}

/** A sale of `count` products and the customer card, on screen. */
async function sale(count: number): Promise<void> {
  for (const p of products.slice(0, count)) {
    await scan(page, p.barcode);
    await lines().locator(`[data-barcode="${p.barcode}"]`).waitFor();
  }
  await scan(page, card.barcode);
  await expect
    .poll(() => page.getByTestId('customer').getAttribute('data-company'))
    .toBe(String(card.companyId));
}

/** The total the payment panel shows, as a number (its data-amount). */
async function panelTotal(): Promise<number> {
  return Number(await panel().locator('[data-payment-total]').getAttribute('data-amount'));
}

const money = (n: number) => n.toFixed(2);
/** A cash amount as it is paid: whole crowns (the demo's currency is CZK), half a crown up. */
const inCrowns = (amount: number): number => Math.round(amount);

/** The run's number format (the page's locale): grouping and decimal separator. */
const numberParts = new Intl.NumberFormat(E2E_LOCALE).formatToParts(12345.5);
const DECIMAL = numberParts.find((p) => p.type === 'decimal')?.value ?? '.';

/** An amount as the page shows it (money in the locale, "1 234,50 Kč" or "CZK 1,234.50"), as a number. */
function amountOf(text: string): number {
  const kept = Array.from(text)
    .filter((c) => /[\d-]/.test(c) || c === DECIMAL)
    .join('');
  return Number(kept.replace(DECIMAL, '.'));
}

/** A plain two-decimal amount as the page's locale writes it ("1.00", "1,00"). */
const twoDecimals = (n: number) =>
  new Intl.NumberFormat(E2E_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

describe('tender and change, receipts', { timeout: 120_000 }, () => {
  it('syncs the catalog and takes a warehouse (setup)', { timeout: 240_000 }, async () => {
    const warehouseId = await takeWarehouse(page, { sync: true });
    products = plainProducts(terminal.dataDir, { columns: 'barcode, price', warehouseId, limit: 3 });
    const now = new Date().toISOString().slice(0, 19);
    card = fromCache((db) =>
      db
        .prepare(
          `SELECT barcode, companyId FROM company_card
           WHERE barcode IS NOT NULL AND coalesce(isInvalid, 0) = 0
             AND (validTo IS NULL OR validTo > ?) AND (validFrom IS NULL OR validFrom < ?)
           ORDER BY id LIMIT 1`,
        )
        .get(now, now),
    ) as typeof card;
    expect(products).toHaveLength(3);
    expect(card.barcode).toBeTruthy();
  });

  it('F9 opens the payment panel as a modal dialog with focus on the amount; Esc goes back untouched', async () => {
    await sale(2);
    const ordersBefore = sim.admin.listOrders().length;
    const codeField = page.locator('[data-field="code"]');
    await codeField.focus();
    await page.keyboard.press('F9');
    await panel().waitFor();
    expect(await panel().getAttribute('role')).toBe('dialog');
    expect(await panel().getAttribute('aria-modal')).toBe('true');
    const given = panel().locator('[data-field="given"]');
    await expect.poll(() => given.evaluate((el) => el === document.activeElement)).toBe(true);
    // Keyboard first: digits typed go to the amount, "," is a decimal separator.
    await page.keyboard.type('12,5');
    await expect.poll(() => given.inputValue()).toBe('12,5');
    // Focus is trapped: Tab and Shift+Tab go round the panel's controls, never out of it.
    const inPanel = () => panel().evaluate((el) => el.contains(document.activeElement));
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await inPanel()).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await inPanel()).toBe(true);
    // Screen keys do nothing while it is open: F1-F4 (F2/F3 are cash/card in here), F8.
    await page.keyboard.press('F4');
    expect(await page.getByTestId('sale').count()).toBe(1);
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'detached' });
    // Back to the sale untouched, focus where it was.
    expect(await lines().locator('tbody tr').count()).toBe(2);
    expect(await codeField.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(sim.admin.listOrders()).toHaveLength(ordersBefore);
  });

  it('refuses too little cash with a message naming both amounts, and places nothing', async () => {
    const ordersBefore = sim.admin.listOrders().length;
    await page.keyboard.press('F9');
    await panel().waitFor();
    const total = await panelTotal();
    await page.keyboard.type('1');
    await expect
      .poll(() => panel().locator('.payment-change').textContent())
      .toMatch(sayPattern('sale:shortBy', ['amount']));
    await page.keyboard.press('Enter');
    const error = panel().locator('[data-payment-error]');
    await expect
      .poll(() => error.textContent())
      .toMatch(sayPattern('sale:notEnoughCash', ['given', 'total', 'short']));
    const text = (await error.textContent()) ?? '';
    expect(text).toContain(twoDecimals(1));
    // What the cash must pay: the total in whole crowns (the demo's currency is CZK).
    expect(text).toContain(twoDecimals(inCrowns(total)));
    expect(await panel().isVisible()).toBe(true);
    expect(total).toBeGreaterThan(1);
    expect(await lines().locator('tbody tr').count()).toBe(2);
    expect(sim.admin.listOrders()).toHaveLength(ordersBefore);
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'detached' });
  });

  it('takes cash: round notes above the total, change due live, Enter places the order; the receipt shows it', async () => {
    const ordersBefore = sim.admin.listOrders().length;
    await page.keyboard.press('F9');
    await panel().waitFor();
    const total = await panelTotal();
    // The quick notes: round amounts at or above the total (the next 100, 200, 500, ...).
    const quick = await panel()
      .locator('[data-quick]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-quick'))));
    expect(quick.length).toBeGreaterThan(2);
    for (const n of quick) expect(n).toBeGreaterThanOrEqual(total);
    const first = quick[0] ?? Number.NaN;
    expect(first).toBe(Math.max(100, Math.ceil(total / 100) * 100));
    // A quick note, then typed over: the change follows what is given, from the cash due in whole
    // crowns (the demo's currency is CZK).
    const due = inCrowns(total);
    await panel().locator('[data-quick]').first().click();
    await expect
      .poll(() => panel().locator('.payment-change').getAttribute('data-change'))
      .toBe(money(first - due));
    const given = Math.ceil(total) + 100;
    await panel().locator('[data-field="given"]').fill('');
    await panel().locator('[data-field="given"]').focus();
    // A person's keys (slow): six or more at a machine's speed are a scanner's to the scanner module,
    // and an Enter within 400 ms of them would end that scan rather than place the order.
    await page.keyboard.type(`${String(given)}.00`, { delay: 120 });
    const change = given - due;
    await expect
      .poll(() => panel().locator('.payment-change').getAttribute('data-change'))
      .toBe(money(change));
    await screenshot(page, 'pay-01-panel-cash');
    await page.keyboard.press('Enter');
    await panel().waitFor({ state: 'detached' });
    await expect.poll(() => lines().locator('tbody tr').count()).toBe(0);
    await expect.poll(() => sim.admin.listOrders().length, { timeout: 15_000 }).toBe(ordersBefore + 1);
    // The order's note is the instance's record, in English whatever the screens speak.
    expect(sim.admin.listOrders().at(-1)?.note ?? '').toContain('paid in cash');
    // The receipt, on the Sale screen: the payment and the change, confirmed once the order is sent.
    const receipt = placedReceipt();
    await expect.poll(() => receipt.getAttribute('data-receipt-state'), { timeout: 15_000 }).toBe('sent');
    expect(await receipt.locator('[data-receipt-tender]').getAttribute('data-receipt-tender')).toBe('cash');
    expect(await receipt.locator('[data-receipt-line]').count()).toBe(2);
    const num = async (sel: string) => amountOf((await receipt.locator(sel).textContent()) ?? '');
    expect(await num('[data-receipt-given]')).toBeCloseTo(given, 2);
    expect(await num('[data-receipt-change]')).toBeCloseTo(change, 2);
    expect(await num('[data-receipt-total]')).toBeCloseTo(total, 2);
    expect(await receipt.locator('[data-receipt-confirmed]').getAttribute('data-receipt-confirmed')).toBe(
      'true',
    );
    // The key legend says F7 prints it, while it is on screen.
    await expect
      .poll(() => page.getByTestId('key-legend').locator('[data-legend-key="F7"]').textContent())
      .toContain(say('sale:printTheReceipt'));
    await screenshot(page, 'pay-02-receipt-sent');
  });

  it('takes card with F3 in the panel: the receipt says paid by card', async () => {
    await sale(1);
    await page.keyboard.press('F9');
    await panel().waitFor();
    await page.keyboard.press('F3');
    await expect.poll(() => panel().getAttribute('data-method')).toBe('card');
    expect(await panel().evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('F2');
    await expect.poll(() => panel().getAttribute('data-method')).toBe('cash');
    await page.keyboard.press('F3');
    await expect.poll(() => panel().getAttribute('data-method')).toBe('card');
    await screenshot(page, 'pay-03-panel-card');
    await page.keyboard.press('Enter');
    await panel().waitFor({ state: 'detached' });
    const receipt = placedReceipt();
    await expect
      .poll(() => receipt.locator('[data-receipt-tender]').getAttribute('data-receipt-tender'))
      .toBe('card');
    expect(sim.admin.listOrders().at(-1)?.note ?? '').toContain('paid by card');
  });

  it('prints the receipt through window.print, on 80 mm and 58 mm paper chosen in Settings', async () => {
    const receipt = placedReceipt();
    const order = await receipt.getAttribute('data-receipt');
    const before = (await prints()).length;
    await page.keyboard.press('F7');
    expect(await printed(before)).toEqual({ paper: '80mm', order });
    // The print copy: the paper's width, and a PDF of it (print media) on a page that wide.
    const copy = page.locator('.print-root .receipt');
    expect(await copy.getAttribute('class')).toContain('paper-80mm');
    expect(await copy.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(
      Math.round((80 * 96) / 25.4),
    );
    mkdirSync(ARTIFACTS, { recursive: true });
    expectReceiptPdf(await pdfOf('receipt-80mm'), 80);
    await printView('receipt-print-80mm');

    await goTo(page, 'settings');
    await page.locator('[data-paper-option="58mm"]').click();
    await expect.poll(() => page.locator('[data-paper-option="58mm"]').isChecked()).toBe(true);
    await goTo(page, 'sale');
    await expect.poll(() => receipt.getAttribute('data-paper')).toBe('58mm');
    expect(await receipt.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(
      Math.round((58 * 96) / 25.4),
    );
    const before58 = (await prints()).length;
    await page.locator('[data-action="print-receipt"]').click();
    expect(await printed(before58)).toEqual({ paper: '58mm', order });
    expectReceiptPdf(await pdfOf('receipt-58mm'), 58);
    await printView('receipt-print-58mm');
    await screenshot(page, 'pay-04-receipt-58mm');
    // Back to 80 mm for the rest.
    await goTo(page, 'settings');
    await page.locator('[data-paper-option="80mm"]').click();
    await expect.poll(() => page.locator('[data-paper-option="80mm"]').isChecked()).toBe(true);
    await goTo(page, 'sale');
  });

  it("a queued order's receipt (offline) says it is not confirmed yet and carries its reference", async () => {
    await sim.faults.setOffline(true);
    await expect
      .poll(() => statusBar(page).textContent(), { timeout: 20_000 })
      .toContain(say('common:offline'));
    await sale(1);
    const ordersBefore = sim.admin.listOrders().length;
    await page.keyboard.press('F9');
    await panel().waitFor();
    await page.keyboard.press('Enter'); // nothing typed: the exact amount in cash
    await panel().waitFor({ state: 'detached' });
    const receipt = placedReceipt();
    await expect.poll(() => receipt.getAttribute('data-receipt-state')).toBe('queued');
    const notConfirmed = say('receipt:notConfirmed', { state: say('receipt:stateQueued') });
    expect(await receipt.locator('[data-receipt-confirmed]').textContent()).toContain(notConfirmed);
    const reference = await receipt.locator('[data-receipt-reference]').textContent();
    const order = await receipt.getAttribute('data-receipt');
    expect(reference).toBeTruthy();
    expect(await num(receipt, '[data-receipt-change]')).toBe(0);
    await screenshot(page, 'pay-05-receipt-queued');
    expect(sim.admin.listOrders()).toHaveLength(ordersBefore);

    // Reprint from Orders: the same receipt in a dialog; F7 prints it, Esc closes and focus comes back.
    await goTo(page, 'orders');
    const row = page.locator(`[data-order="${order ?? ''}"]`);
    await row.waitFor();
    const button = row.locator('[data-action="receipt"]');
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('receipt-dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('role')).toBe('dialog');
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await dialog.locator('[data-receipt-reference]').textContent()).toBe(reference);
    expect(await dialog.locator('[data-receipt-confirmed]').textContent()).toContain(notConfirmed);
    // The Orders screen shows the same reference for that order.
    await screenshot(page, 'pay-06-reprint-dialog');
    const before = (await prints()).length;
    await page.keyboard.press('F7');
    expect(await printed(before)).toEqual({ paper: '80mm', order });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await sim.faults.setOffline(false);
  });
});

async function num(scope: ReturnType<Page['locator']>, sel: string): Promise<number> {
  return amountOf((await scope.locator(sel).textContent()) ?? '');
}

/** A PDF of the page as printed (print CSS: the receipt alone, @page the paper's size). */
async function pdfOf(name: string): Promise<string> {
  const path = join(ARTIFACTS, `${name}.pdf`);
  await page.pdf({ path, preferCSSPageSize: true, printBackground: true });
  return path;
}

/**
 * The fonts a PDF uses (its /BaseFont names). The receipt is set in a monospace face (receipt.css)
 * and the app in a proportional one: a PDF of the receipt alone uses monospace faces only.
 */
function pdfFonts(path: string): string[] {
  const text = readFileSync(path).toString('latin1');
  return [...text.matchAll(/\/BaseFont\s*\/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[1] ?? '');
}

/** What a PDF of the print copy must be: the receipt alone on one page the paper's width. */
function expectReceiptPdf(path: string, widthMm: number): void {
  expect(pdfWidthMm(path)).toBeCloseTo(widthMm, 0);
  expect(
    readFileSync(path)
      .toString('latin1')
      .match(/\/Type\s*\/Page\b/g),
  ).toHaveLength(1);
  const fonts = pdfFonts(path);
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.filter((font) => !/Mono|Courier/i.test(font))).toEqual([]);
}

/** The first page's width in mm, from its MediaBox (PDF points, 1/72 in). */
function pdfWidthMm(path: string): number {
  const text = readFileSync(path).toString('latin1');
  const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text);
  if (box === null) throw new Error(`no MediaBox in ${path}`);
  return ((Number(box[3]) - Number(box[1])) * 25.4) / 72;
}

/** The page as the printer gets it (print media): the receipt alone, looked at as a screenshot. */
async function printView(name: string): Promise<void> {
  await page.emulateMedia({ media: 'print' });
  try {
    const copy = page.locator('.print-root .receipt');
    expect(await copy.isVisible()).toBe(true);
    expect(await statusBar(page).isVisible()).toBe(false);
    expect(await page.getByTestId('sale').isVisible()).toBe(false);
    await copy.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
  } finally {
    // No emulation, not 'screen': a page emulating screen media would give page.pdf() the app, not
    // the print copy (its 58 mm PDF was a shot of the app squeezed onto the paper for that reason).
    await page.emulateMedia({ media: null });
  }
}
