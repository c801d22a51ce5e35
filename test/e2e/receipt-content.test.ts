// Receipts a store can hand out, and books that agree with them, through the web shell in Debian's
// Chromium against the real sim, at 1024x768 and 1280x800: the seller's header and the till's
// receipt number prefix set in Settings (each field checked), a card sale's receipt with the seller,
// the number, payment and change and none of Counter's own words, the instance's order coming to the
// receipt's total line by line, units kept with their numbers and a printable margin on 58 mm paper
// (looked at in print media and as PDFs), "KOPIE" on every print after the first (F7 again on Sale,
// and Orders' reprint), and a walk-in sale that prints no customer and takes the next number.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { runCli } from '../../main/cli/run.ts';
import { withCheckDigit } from '../../main/barcode/index.ts';
import { SettingsStore } from '../../main/settings/store.ts';
import type { AdminOrder } from '../../sim/admin.ts';
import { goTo, placeOrder, scan } from './app.ts';
import {
  ARTIFACTS,
  launchChromium,
  screenshot,
  startWebShellProcess,
  type RunningShell,
  SIZES,
} from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { E2E_LOCALE, newPage, say } from './lang.ts';
import { freshTerminal, fromCatalog, stopAll, type SyncedTerminal } from '../support/terminal.ts';
import { sellsPlainlyOnSim } from '../support/sim-goods.ts';

declare global {
  interface Window {
    /** Each print the browser started: the receipt printed, whether it was marked a copy, and its end. */
    __receiptPrints?: { order: string | null; copy: boolean; ended: boolean }[];
  }
}

/** A card of company 1: 5 % off every line and 10.00 off the sale. */
const CARD = withCheckDigit('2990000000610');
/** A product name with a number and its unit, long enough to wrap on 58 mm paper. */
const CHOCOLATE = 'Čokoláda hořká pravá belgická s kousky lískových oříšků 100 g';
const SELLER = {
  name: 'Potraviny U Lípy s.r.o.',
  address: 'Lipová 12\n110 00 Praha 1',
  registrationNumber: '27082440',
  vatNumber: 'CZ27082440',
};

let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;
let chocolate: string;
let other: string;
let walkInName: string;
/** The card's company as the cashier knows it: its own name, not the card's. */
let cardCompanyName: string;

beforeAll(async () => {
  terminal = await freshTerminal('receipt-content');
  const { sim, dataDir, env } = terminal;
  sim.admin.addCompanyCard({
    companyId: 1,
    barcode: CARD,
    name: 'Věrnostní karta',
    discount: 5,
    discountAmount: 10,
  });
  // Two plain products of one warehouse: one renamed so its name carries "100 g".
  const items = sim.admin
    .stockItems()
    .filter((i) => sellsPlainlyOnSim(i) && i['prohibitionOfDiscounts'] !== true);
  const [first] = items;
  if (first === undefined) throw new Error('the small sim has a sellable product');
  const second = items.find(
    (i) => i['warehouseId'] === first['warehouseId'] && i['productId'] !== first['productId'],
  );
  if (second === undefined) throw new Error('the small sim has two products in a warehouse');
  chocolate = String(first['barcode']);
  other = String(second['barcode']);
  for (const item of sim.admin.stockItems().filter((i) => i['barcode'] === chocolate))
    sim.admin.mutateStockItem(Number(item['id']), { productName: CHOCOLATE });
  let out = '';
  const code = await runCli(['sync'], { stdout: (t) => (out += t), stderr: (t) => (out += t), env });
  if (code !== 0) throw new Error(`pos sync failed: ${out}`);
  // A company is named by its latest invoice's customerName (its own name), else by its card: the
  // card comes second (issue 34, point 8).
  const companyName = `coalesce(
      (SELECT r.customerName FROM financial_receivable r WHERE r.customerId = c.companyId
         AND trim(coalesce(r.customerName, '')) <> '' ORDER BY r.id DESC LIMIT 1),
      min(c.name))`;
  cardCompanyName = fromCatalog(
    dataDir,
    (db) =>
      (
        db
          .prepare(`SELECT ${companyName} AS name FROM company_card c WHERE c.companyId = 1 AND c.name <> ''`)
          .get() as { name: string }
      ).name,
  );
  // The walk-in customer: another company than the card's.
  const walkIn = fromCatalog(
    dataDir,
    (db) =>
      db
        .prepare(
          `SELECT c.companyId, ${companyName} AS name FROM company_card c WHERE c.name IS NOT NULL
             AND c.name != '' AND c.companyId != 1 GROUP BY c.companyId ORDER BY c.companyId LIMIT 1`,
        )
        .get() as { companyId: number; name: string },
  );
  walkInName = walkIn.name;
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  new SettingsStore(db).write({ warehouseId: Number(first['warehouseId']), walkInCustomer: walkIn });
  db.close();
  [shell, browser] = await Promise.all([startWebShellProcess(env), launchChromium()]);
  page = await newPage(browser, { viewport: SIZES[1] });
  // Watched, not replaced: each print the browser starts, and whether its copy said KOPIE then.
  await page.addInitScript(() => {
    window.__receiptPrints = [];
    window.addEventListener('beforeprint', () => {
      const receipt = document.querySelector<HTMLElement>('.print-root .receipt');
      window.__receiptPrints?.push({
        order: receipt?.dataset.receipt ?? null,
        copy: receipt?.querySelector('[data-receipt-copy-mark]') != null,
        ended: false,
      });
    });
    window.addEventListener('afterprint', () => {
      const last = window.__receiptPrints?.at(-1);
      if (last !== undefined) last.ended = true;
    });
  });
  await page.goto(shell.url);
});

afterAll(async () => {
  await stopAll(terminal, shell, browser);
});

screenshotOnFailure(() => page, 'receipt-content');

const placed = () => page.getByTestId('placed-receipt').locator('.receipt');
const sellerForm = () => page.locator('[data-section="seller"]');
const prints = () => page.evaluate(() => window.__receiptPrints ?? []);

/** Waits for the print just started to have run its course; returns what it printed. */
async function printed(before: number): Promise<{ order: string | null; copy: boolean }> {
  await expect
    .poll(async () => (await prints()).map((p) => p.ended))
    .toEqual([...Array<boolean>(before + 1)].fill(true));
  const last = (await prints()).at(-1);
  return { order: last?.order ?? null, copy: last?.copy ?? false };
}

const DECIMAL =
  new Intl.NumberFormat(E2E_LOCALE).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';

/** An amount as the page shows it ("1 234,50 Kč"), in cents. */
function cents(text: string | null): number {
  const kept = Array.from(text ?? '')
    .filter((c) => /[\d-]/.test(c) || c === DECIMAL)
    .join('');
  return Math.round(Number(kept.replace(DECIMAL, '.')) * 100);
}

async function atEachSize(shot: string, check: () => Promise<void>): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await check();
    await screenshot(page, `${shot}-${size.width}x${size.height}`);
  }
}

async function choosePaper(paper: '80mm' | '58mm'): Promise<void> {
  await goTo(page, 'settings');
  await page.locator(`[data-paper-option="${paper}"]`).click();
  await expect.poll(() => page.locator(`[data-paper-option="${paper}"]`).isChecked()).toBe(true);
  await goTo(page, 'sale');
}

describe('receipts a store can hand out', { timeout: 240_000 }, () => {
  it("Settings takes the seller's header and the till's prefix, each field checked", async () => {
    await goTo(page, 'settings');
    const form = sellerForm();
    await form.scrollIntoViewIfNeeded();
    await form.locator('[data-field="name"]').fill(SELLER.name);
    await form.locator('[data-field="address"]').fill(SELLER.address);
    // Seven digits are no IČO, "CZ123" no DIČ: said beside each field, nothing saved.
    await form.locator('[data-field="registrationNumber"]').fill('2708244');
    await form.locator('[data-field="vatNumber"]').fill('CZ123');
    await form.locator('[data-field="receiptPrefix"]').fill('K2');
    await form.locator('[data-action="save-seller"]').click();
    await expect
      .poll(() => form.locator('[data-field-error="registrationNumber"]').textContent())
      .toBe(say('settings:sellerRegistrationWrong'));
    expect(await form.locator('[data-field-error="vatNumber"]').textContent()).toBe(
      say('settings:sellerVatWrong'),
    );
    expect(await form.locator('[data-field-error]').count()).toBe(2);
    expect(await form.locator('[data-seller-notice]').textContent()).toBe(say('settings:sellerNotSaved'));
    await atEachSize('receipt-settings-invalid', async () => {
      await form.locator('[data-field-error="registrationNumber"]').scrollIntoViewIfNeeded();
      expect(await form.locator('[data-field-error="registrationNumber"]').isVisible()).toBe(true);
    });
    // Typed with spaces, as people do: stored without them.
    await form.locator('[data-field="registrationNumber"]').fill('270 82 440');
    await form.locator('[data-field="vatNumber"]').fill('cz 27082440');
    await form.locator('[data-action="save-seller"]').click();
    await expect
      .poll(() => form.locator('[data-seller-notice]').getAttribute('data-seller-notice'))
      .toBe('ok');
    expect(await form.locator('[data-field-error]').count()).toBe(0);
    expect(await form.locator('[data-field="registrationNumber"]').inputValue()).toBe(
      SELLER.registrationNumber,
    );
    expect(await form.locator('[data-field="vatNumber"]').inputValue()).toBe(SELLER.vatNumber);
    await atEachSize('receipt-settings-saved', async () => {
      await form.locator('[data-action="save-seller"]').scrollIntoViewIfNeeded();
      expect(await form.locator('[data-action="save-seller"]').isVisible()).toBe(true);
    });
  });

  it("a card sale's receipt: seller, number, payment and change, no jargon; the instance's order comes to its total", async () => {
    await page.setViewportSize(SIZES[0]);
    await goTo(page, 'sale');
    const lines = page.getByTestId('sale-lines');
    await scan(page, chocolate);
    await lines.locator(`[data-barcode="${chocolate}"]`).waitFor();
    await scan(page, chocolate);
    await scan(page, other);
    await lines.locator(`[data-barcode="${other}"]`).waitFor();
    await scan(page, CARD);
    await expect.poll(() => page.getByTestId('customer').getAttribute('data-company')).toBe('1');
    // Paid in cash, more than the total: the change is on the receipt.
    const panel = page.getByTestId('payment-panel');
    await page.keyboard.press('F9');
    await panel.waitFor();
    const total = Number(await panel.locator('[data-payment-total]').getAttribute('data-amount'));
    const given = Math.ceil(total / 100) * 100 + 100;
    await page.keyboard.type(String(given));
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'detached' });
    const receipt = placed();
    await receipt.waitFor();

    const seller = receipt.locator('[data-receipt-seller]');
    expect(await seller.textContent()).toContain(SELLER.name);
    expect(await seller.textContent()).toContain('Lipová 12');
    expect(await seller.locator('[data-receipt-ico]').textContent()).toBe(
      say('receipt:sellerRegistration', { value: SELLER.registrationNumber }),
    );
    expect(await seller.locator('[data-receipt-dic]').textContent()).toBe(
      say('receipt:sellerVat', { value: SELLER.vatNumber }),
    );
    expect(await receipt.locator('[data-receipt-number]').textContent()).toBe('K2-000001');
    expect(await receipt.locator('[data-receipt-copy-mark]').count()).toBe(0);
    expect(cents(await receipt.locator('[data-receipt-total]').textContent())).toBe(Math.round(total * 100));
    expect(cents(await receipt.locator('[data-receipt-given]').textContent())).toBe(given * 100);
    // Cash pays the total in whole crowns (the demo's currency is CZK): the rounding on a line of its
    // own (none when the total is whole crowns), the change from the crowns paid.
    const due = Math.round(total);
    const rounding = receipt.locator('[data-receipt-rounding]');
    expect(await rounding.count()).toBe(due * 100 === Math.round(total * 100) ? 0 : 1);
    if (due * 100 !== Math.round(total * 100)) {
      expect(await rounding.getAttribute('data-receipt-rounding')).toBe(
        ((due * 100 - Math.round(total * 100)) / 100).toFixed(2),
      );
      expect(cents(await receipt.locator('[data-receipt-cash]').textContent())).toBe(due * 100);
    }
    expect(cents(await receipt.locator('[data-receipt-change]').textContent())).toBe((given - due) * 100);
    expect(await receipt.locator('[data-receipt-customer]').textContent()).toBe(
      say('receipt:customer', { name: cardCompanyName }),
    );
    // The reference is at the bottom, for look-ups; the header carries none of it.
    expect(await receipt.locator('header [data-receipt-reference]').count()).toBe(0);
    const reference = (await receipt.locator('footer [data-receipt-reference]').textContent()) ?? '';
    expect(reference).toMatch(/^[0-9a-f-]{36}$/);

    // The paper the customer takes: no word of the instance or of the order's state.
    const onPaper = await printText();
    expect(onPaper).not.toMatch(/instan/i);
    expect(onPaper).not.toContain(walkInName);
    expect(onPaper).toContain('K2-000001');

    // The instance's books: the order it stored comes to the receipt's total, line by line.
    let order: AdminOrder | undefined;
    await expect
      .poll(() => (order = terminal.sim.admin.listOrders().find((o) => o.clientReference === reference)), {
        timeout: 20_000,
      })
      .toBeDefined();
    const lineCents = (order?.items ?? []).map(
      (i) =>
        Math.round((i.price ?? Number.NaN) * i.quantity * 100) - Math.round((i.discountAmount ?? 0) * 100),
    );
    expect(lineCents.reduce((a, b) => a + b, 0)).toBe(Math.round(total * 100));
    expect(Math.round((order?.total ?? Number.NaN) * 100)).toBe(Math.round(total * 100));
    const shownLines = await receipt.locator('[data-receipt-line] .num').allTextContents();
    expect(order?.items.map((i) => Math.round((i.price ?? 0) * i.quantity * 100))).toEqual(
      shownLines.map(cents),
    );

    await atEachSize('receipt-sale-card', async () => {
      await receipt.locator('[data-receipt-total]').scrollIntoViewIfNeeded();
      expect(await receipt.locator('[data-receipt-total]').isVisible()).toBe(true);
      await receipt.locator('[data-receipt-number]').scrollIntoViewIfNeeded();
      expect(await receipt.locator('[data-receipt-number]').isVisible()).toBe(true);
    });
  });

  it('keeps units with their numbers and a printable margin, on 58 mm and 80 mm paper', async () => {
    for (const [paper, widthMm, marginMm] of [
      ['58mm', 58, 4.5],
      ['80mm', 80, 3.5],
    ] as const) {
      await choosePaper(paper);
      await expect.poll(() => placed().getAttribute('data-paper')).toBe(paper);
      await page.emulateMedia({ media: 'print' });
      try {
        const copy = page.locator('.print-root .receipt');
        expect(await copy.isVisible()).toBe(true);
        const looked = await copy.evaluate(lookAtPrint);
        expect(Math.round(looked.widthMm), paper).toBe(widthMm);
        // The amounts end inside the printable area, not at the paper's edge.
        expect(Math.min(...looked.rightMarginsMm), paper).toBeGreaterThanOrEqual(marginMm);
        expect(looked.leftMarginMm, paper).toBeGreaterThanOrEqual(marginMm);
        // "100 g" on one line, wherever the name wraps; every group of a line's detail on one line.
        expect(looked.unitSplit, paper).toEqual([]);
        expect(looked.partsSplit, paper).toEqual([]);
        expect(looked.nameLines, paper).toBeGreaterThan(1);
        // The order's state is the cashier's, never on paper.
        expect(looked.stateShown, paper).toBe(false);
        await copy.screenshot({ path: join(ARTIFACTS, `receipt-print-${paper}.png`) });
      } finally {
        await page.emulateMedia({ media: null });
      }
      await page.pdf({ path: join(ARTIFACTS, `receipt-content-${paper}.pdf`), preferCSSPageSize: true });
    }
    await atEachSize('receipt-sale-80mm', async () => {
      expect(await placed().isVisible()).toBe(true);
    });
  });

  it('prints the first time as the original, every time after as KOPIE: F7 again, and from Orders', async () => {
    await page.setViewportSize(SIZES[1]);
    const order = await placed().getAttribute('data-receipt');
    const first = (await prints()).length;
    await page.keyboard.press('F7');
    expect(await printed(first)).toEqual({ order, copy: false });
    // Counted once the print dialog was done: what is on screen now would print as a copy.
    await expect.poll(() => placed().getAttribute('data-receipt-copy')).toBe('true');
    expect(await placed().locator('[data-receipt-copy-mark]').textContent()).toBe(say('receipt:copy'));
    const again = (await prints()).length;
    await page.keyboard.press('F7');
    expect(await printed(again)).toEqual({ order, copy: true });
    await page.emulateMedia({ media: 'print' });
    try {
      expect(await page.locator('.print-root [data-receipt-copy-mark]').isVisible()).toBe(true);
    } finally {
      await page.emulateMedia({ media: null });
    }

    await goTo(page, 'orders');
    const row = page.locator(`[data-order="${order ?? ''}"]`);
    await row.locator('[data-action="receipt"]').click();
    const dialog = page.getByTestId('receipt-dialog');
    await dialog.waitFor();
    expect(await dialog.locator('[data-receipt-number]').textContent()).toBe('K2-000001');
    await atEachSize('receipt-reprint-dialog', async () => {
      await dialog.locator('[data-receipt-copy-mark]').scrollIntoViewIfNeeded();
      expect(await dialog.locator('[data-receipt-copy-mark]').isVisible()).toBe(true);
    });
    const reprint = (await prints()).length;
    await page.keyboard.press('F7');
    expect(await printed(reprint)).toEqual({ order, copy: true });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('a walk-in sale prints no customer; a voided sale takes no number, so the next is K2-000002', async () => {
    await page.setViewportSize(SIZES[0]);
    await goTo(page, 'sale');
    const lines = page.getByTestId('sale-lines');
    await scan(page, other);
    await lines.locator(`[data-barcode="${other}"]`).waitFor();
    await page.keyboard.press('F8');
    await page.keyboard.press('F8');
    await expect.poll(() => lines.locator('tbody tr').count()).toBe(0);
    await scan(page, other);
    await lines.locator(`[data-barcode="${other}"]`).waitFor();
    await placeOrder(page);
    const receipt = placed();
    await expect.poll(() => receipt.locator('[data-receipt-number]').textContent()).toBe('K2-000002');
    expect(await receipt.locator('[data-receipt-customer]').count()).toBe(0);
    expect(await receipt.textContent()).not.toContain(walkInName);
    await atEachSize('receipt-walk-in', async () => {
      await receipt.locator('[data-receipt-number]').scrollIntoViewIfNeeded();
      expect(await receipt.locator('[data-receipt-number]').isVisible()).toBe(true);
    });
  });
});

/** The print copy's text as the printer gets it (print media: hidden parts left out). */
async function printText(): Promise<string> {
  await page.emulateMedia({ media: 'print' });
  try {
    return await page.locator('.print-root .receipt').innerText();
  } finally {
    await page.emulateMedia({ media: null });
  }
}

/**
 * Run in the page, on the print copy in print media: its width, how far the amounts end from the
 * paper's right edge and the text starts from its left (mm), which "number unit" pairs of the names
 * and which groups of the lines' detail were split over two lines, how many lines the long name
 * takes, and whether the order's state shows.
 */
function lookAtPrint(receipt: Element) {
  const toMm = (px: number) => (px * 25.4) / 96;
  const box = receipt.getBoundingClientRect();
  // What is printed: an element print CSS hides has no boxes (and a rect at 0, 0).
  const printed = (selector: string) =>
    [...receipt.querySelectorAll(selector)].filter((el) => el.getClientRects().length > 0);
  const amounts = printed('.num, .r-row > :last-child');
  const rightMarginsMm = amounts.map((el) => toMm(box.right - el.getBoundingClientRect().right));
  const texts = printed('.r-name, .r-qty, header p');
  const leftMarginMm = Math.min(...texts.map((el) => toMm(el.getBoundingClientRect().left - box.left)));
  const lineTops = (rects: DOMRectList) => new Set([...rects].map((r) => Math.round(r.top))).size;
  const unitSplit: string[] = [];
  let nameLines = 0;
  for (const name of receipt.querySelectorAll('.r-name')) {
    const node = name.firstChild;
    if (node === null) continue;
    const text = node.textContent ?? '';
    const range = document.createRange();
    range.selectNodeContents(name);
    nameLines = Math.max(nameLines, lineTops(range.getClientRects()));
    for (const match of text.matchAll(/\d+[\s\u00a0]+(?:g|kg|l|ml|ks|%)(?![\p{L}])/gu)) {
      const part = document.createRange();
      part.setStart(node, match.index);
      part.setEnd(node, match.index + match[0].length);
      if (lineTops(part.getClientRects()) > 1) unitSplit.push(match[0]);
    }
  }
  const partsSplit = [...receipt.querySelectorAll('[data-receipt-part]')]
    .filter((el) => lineTops(el.getClientRects()) > 1)
    .map((el) => el.textContent);
  const state = receipt.querySelector('.r-state');
  return {
    widthMm: toMm(box.width),
    rightMarginsMm,
    leftMarginMm,
    unitSplit,
    partsSplit,
    nameLines,
    stateShown: state !== null && state.getClientRects().length > 0,
  };
}
