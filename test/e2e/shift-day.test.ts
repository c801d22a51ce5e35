// A day's shift through the web shell in Debian's Chromium against the real sim, in the run's
// language at 1024×768 and 1280×800 (one shell, one page, the viewport switched within a case): F9 on
// a sale with no shift open asks for the float and goes on to the payment; a cash sale in haléře
// counted in whole crowns, the rounding on the payment panel and the receipt; cash and card sales, a
// void and cash paid out, one sale queued while the instance is away; the X report on the Shift
// screen (F5) with the day's rounding; the close with a counted difference over the limit that waits
// for the manager PIN; the Z report on screen and on the receipt's paper, and `pos shift --last
// --json` saying the same; the queued sale acknowledged later and shown so on the closed shift's
// report. The status bar says the shift and who works the till; Ctrl+O on the Sale screen opens the
// drawer without a sale, counted on the screen's report, the printed one and pos shift's alike; the
// Z report on 58 mm paper, from a network receipt printer (32 columns, decoded) and from the system
// print path (a PDF, looked at).
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShiftReportView } from '../../contract/contract.ts';
import { runCli } from '../../main/cli/run.ts';
import { formatter } from '../../main/printer/paper.ts';
import { fill, REPORT_WORDS } from '../../main/printer/words.ts';
import { askCore, goTo, openOnSale, scan, statusBar, statusBarProblems, syncAll } from './app.ts';
import { formatMoney, formatSignedMoney } from '../../renderer/format/format.ts';
import { ARTIFACTS, screenshot, type RunningShell, SIZES } from './browser.ts';
import { E2E_LANGUAGE, E2E_LOCALE, say } from './lang.ts';
import { decodeEscPos, type Decoded } from '../support/escpos-decoder.ts';
import { FakePrinter } from '../support/fake-printer.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import {
  freshTerminal,
  fromCatalog,
  plainProducts,
  stopAll,
  type SyncedTerminal,
} from '../support/terminal.ts';

let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;
let products: { id: number; barcode: string; price: number }[];
let printer: FakePrinter;

/** A cashier's name as long as they come: the status bar and the 58 mm report keep it readable. */
const CASHIER = 'Bohuslava Nováková-Šťastná z Poděbrad';
/** Paid in: an amount as large as a drawer's figures get, on 58 mm paper too. */
const BIG = 9_999_999.99;

beforeAll(async () => {
  // No shift open: the day starts at this till as it would on a real instance.
  terminal = await freshTerminal('shift-day', {}, { shift: false });
  // A 58 mm network receipt printer in its normal font (32 characters a line), with the drawer on it.
  printer = await FakePrinter.start();
  const env = { ...terminal.env, POS_RECEIPT_PRINTER: `${printer.address}?columns=32` };
  // axe-core is put into the page to check it (the app's CSP admits no inline script otherwise).
  ({ shell, browser, page } = await openOnSale(env, { viewport: SIZES[0], bypassCSP: true }));
});

afterAll(async () => {
  await terminal.sim.faults.setOffline(false);
  await stopAll(terminal, shell, browser);
  await printer.close();
});

screenshotOnFailure(() => page, 'shift-day');

const lines = () => page.getByTestId('sale-lines');
const panel = () => page.getByTestId('payment-panel');
const floatPrompt = () => page.getByTestId('float-prompt');
const shiftScreen = () => page.getByTestId('shift');
const report = () => shiftScreen().locator('.shift-paper [data-shift-report]');
const placedReceipt = () => page.getByTestId('placed-receipt').locator('.receipt');

/** Six of the first product: the demo's prices end in ,90 Kč, six of them in ,40 Kč. */
const ROUNDED_QUANTITY = 6;
/** A cash total as it is paid: whole crowns (the demo's currency is CZK), half a crown up. */
const inCrowns = (total: number): number => Math.round(total);
const cents = (n: number): number => Math.round(n * 100);
/** What the day's first sale (six of the first product) and second (one of the second) came to. */
const firstTotal = (): number => cents((products[0]?.price ?? 0) * ROUNDED_QUANTITY) / 100;
const secondTotal = (): number => products[1]?.price ?? 0;

const shiftStatus = () => statusBar(page).locator('[data-shift-status]');

/** The printer's jobs with text and a cut (receipts and reports), decoded. */
const printed = (): Decoded[] =>
  printer
    .printed()
    .map((job) => decodeEscPos(job))
    .filter((d) => d.cuts > 0);

/**
 * Null when the status bar is on one line, or on more only because its items do not fit one (README:
 * "When its items do not fit one line (1024 px, offline, receipts waiting, a long name), the last go
 * to a second line, never cut"): the first item of the second line would not fit after the first
 * line's items. The instance counts as nothing there (flex-basis 0, it takes what is left).
 */
function statusBarWrapsNeedlessly(): Promise<string | null> {
  return statusBar(page).evaluate((bar) => {
    const items = Array.from(bar.children).filter((el) => el.getBoundingClientRect().width > 0);
    const middle = (el: Element) => {
      const r = el.getBoundingClientRect();
      return Math.round((r.top + r.height / 2) / 10);
    };
    const firstLine = items.filter((el) => middle(el) === middle(items[0] as Element));
    const next = items.find((el) => middle(el) !== middle(items[0] as Element));
    if (next === undefined) return null;
    const style = getComputedStyle(bar);
    const room = bar.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const gap = parseFloat(style.columnGap) || 0;
    const width = (el: Element) => {
      const m = getComputedStyle(el);
      const basis = el.getBoundingClientRect().width;
      return basis + parseFloat(m.marginLeft) + parseFloat(m.marginRight);
    };
    const wanted = [...firstLine, next].reduce((sum, el) => sum + width(el), 0) + gap * firstLine.length;
    return wanted > room + 0.5
      ? null
      : `"${next.textContent}" went to a second line with room for it on the first (${String(Math.round(wanted))} of ${String(Math.round(room))} px)`;
  });
}

/**
 * The status bar at both sizes: every item whole, on one line at 1280 px unless it is at its fullest
 * (`crowded`: offline, receipts waiting) or its items (a long name, a long sync age) do not fit one,
 * and its picture (the bar alone and the page).
 */
async function statusBarShots(name: string, crowded = false): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect.poll(() => statusBarProblems(page)).toBeNull();
    // At 1024 px a long name may take the last items to a second line, never cut them; at 1280 px
    // too when the items do not fit (the port's digits and the sync's age vary), never needlessly.
    if (size.width === 1280 && !crowded) await expect.poll(statusBarWrapsNeedlessly).toBeNull();
    await statusBar(page).screenshot({ path: join(ARTIFACTS, `${name}-bar-${String(size.width)}.png`) });
    await screenshot(page, `${name}-${String(size.width)}`);
  }
}

/** The run's decimal separator: amounts typed as a person in this language types them. */
const DECIMAL =
  new Intl.NumberFormat(E2E_LOCALE).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
const typed = (n: number) => n.toFixed(2).replace('.', DECIMAL);

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core on the page as it is: the serious and critical violations (ids and where). */
async function seriousViolations(): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    interface Result {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    }
    const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

async function sell(product: { barcode: string }): Promise<void> {
  await scan(page, product.barcode);
  await lines().locator(`[data-barcode="${product.barcode}"]`).waitFor();
}

/** F9, the way of paying (F2 cash, F3 card) and the cash handed over, then Enter: placed. */
async function pay(method: 'cash' | 'card', given?: number): Promise<void> {
  await page.keyboard.press('F9');
  await panel().waitFor();
  await page.keyboard.press(method === 'cash' ? 'F2' : 'F3');
  if (given !== undefined) await panel().locator('[data-field="given"]').fill(typed(given));
  await page.keyboard.press('Enter');
  await panel().waitFor({ state: 'detached' });
  await expect.poll(() => lines().locator('tbody tr').count()).toBe(0);
}

/** What a figure of the report on screen says, as a number (the page's locale and currency). */
async function amountIn(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  const kept = Array.from(text)
    .filter((c) => /[\d-]/.test(c) || c === DECIMAL || c === '−')
    .join('')
    .replace('−', '-');
  return Number(kept.replace(DECIMAL, '.'));
}

/** An amount as the screens write it in the run's language, in crowns ("−0,40 Kč" with `signed`). */
function crowns(n: number, signed = false): string {
  return signed ? formatSignedMoney(n, 'CZK', E2E_LOCALE) : formatMoney(n, 'CZK', E2E_LOCALE);
}

/** The day's cash rounding: the two cash sales' (the others went by card). */
function dayRoundingOf(): number {
  const of = (total: number) => cents(inCrowns(total)) - cents(total);
  return (of(firstTotal()) + of(secondTotal())) / 100;
}

async function posShiftLast(): Promise<ShiftReportView> {
  let out = '';
  const code = await runCli(['shift', '--last', '--json'], {
    stdout: (t) => (out += t),
    stderr: () => undefined,
    env: terminal.env,
  });
  expect(code).toBe(0);
  return JSON.parse(out) as ShiftReportView;
}

/**
 * The Z report on the 58 mm network printer (32 columns), decoded: every line within the paper, every
 * figure of pos shift's report standing alone on its line (nothing glued, nothing cut), each sale with
 * its state and the instance's id. The decoded text is kept beside the screenshots, to be read.
 */
async function zOn58mmPrinter(z: ShiftReportView): Promise<void> {
  await askCore(page, 'printer.printReport', { report: 'z' });
  const words = REPORT_WORDS[E2E_LANGUAGE];
  await expect.poll(() => printed().at(-1)?.lines[0]?.trim()).toBe(words.reportZ);
  const lines = printed().at(-1)?.lines ?? [];
  writeFileSync(
    join(ARTIFACTS, 'shift-07-z-58mm-escpos.txt'),
    lines.map((l) => `|${l.padEnd(32)}|`).join('\n'),
  );
  expect(lines.filter((l) => l.length > 32)).toEqual([]);
  const settings = await askCore<{ currency: string | null }>(page, 'settings.get');
  const f = formatter({ language: E2E_LANGUAGE, currency: settings.currency, columns: 32 });
  const figures = [
    z.float,
    z.sales.gross,
    ...z.byVatRate.flatMap((v) => [v.base, v.vat, v.gross]),
    ...Object.values(z.byMethod),
    z.cashTaken,
    z.changeGiven,
    z.paidIn,
    z.paidOut,
    z.expectedCash,
    z.countedCash ?? NaN,
    z.difference ?? NaN,
    ...z.saleOrders.map((o) => o.total),
  ];
  const alone = (form: string) =>
    lines.some((l) => new RegExp(`(^|\\s)${form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`).test(l));
  const missing = figures.filter((n) => ![f.price(n), f.amount(n), f.bare(n)].some(alone));
  expect(missing).toEqual([]);
  const text = lines
    .join('\n')
    .replace(/-\n\s*/g, '-')
    .replace(/\s+/g, ' ');
  expect(text).toContain(CASHIER);
  expect(text).toContain(fill(words.drawerOpenings, { count: '1' }));
  for (const sale of z.saleOrders) {
    const state = fill(words[`state_${sale.state}`], { id: String(sale.remoteId ?? '') });
    expect(text).toContain(`${fill(words.saleNumber, { number: String(sale.receiptNumber) })} `);
    expect(text).toContain(state);
  }
}

/**
 * The Z report through the system print path on 58 mm paper (Settings' paper), as the print CSS lays
 * it out: nothing runs past the paper or over its neighbour; printed to a PDF the paper's size and
 * rendered to PNG (pdftoppm) to be looked at; the Shift screen shows it at both sizes.
 */
async function zOn58mmPaper(z: ShiftReportView): Promise<void> {
  // Settings are the manager's (the PIN is set by now).
  await askCore(page, 'manager.unlock', { pin: '2468' });
  await askCore(page, 'settings.set', { receiptPaper: '58mm' });
  await askCore(page, 'manager.lock');
  await page.reload();
  await goTo(page, 'shift');
  await shiftScreen().locator('[data-action="show-z"]').click();
  await expect.poll(() => report().getAttribute('data-paper')).toBe('58mm');
  await expect.poll(() => report().getAttribute('data-shift-id')).toBe(String(z.id));
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await screenshot(page, `shift-07-z-58mm-screen-${String(size.width)}`);
  }
  await page.emulateMedia({ media: 'print' });
  const copy = page.locator('.print-root [data-shift-report]');
  expect(await copy.getAttribute('data-paper')).toBe('58mm');
  await expect.poll(() => paperProblems(copy)).toEqual([]);
  const pdf = join(ARTIFACTS, 'shift-07-z-58mm.pdf');
  await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  // One page the paper's width and the report's whole height: nothing spills onto a second.
  expect(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })).toMatch(/^Pages:\s+1$/m);
  const prefix = join(ARTIFACTS, 'shift-07-z-58mm-pdf');
  execFileSync('pdftoppm', ['-png', '-r', '150', pdf, prefix]);
  expect(
    readdirSync(ARTIFACTS).filter((n) => n.startsWith('shift-07-z-58mm-pdf') && n.endsWith('.png')),
  ).not.toEqual([]);
}

/** What of a report on paper runs past the paper's printable width or over its neighbour in a row. */
function paperProblems(copy: Locator): Promise<string[]> {
  return copy.evaluate((paper) => {
    const style = getComputedStyle(paper);
    const box = paper.getBoundingClientRect();
    const left = box.left + parseFloat(style.paddingLeft) - 0.5;
    const right = box.right - parseFloat(style.paddingRight) + 0.5;
    const problems: string[] = [];
    for (const el of Array.from(paper.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.left < left || r.right > right) problems.push(`"${el.textContent}" runs past the paper`);
    }
    for (const row of Array.from(paper.querySelectorAll('.r-row, tr'))) {
      const cells = Array.from(row.children).map((c) => c.getBoundingClientRect());
      for (let i = 1; i < cells.length; i++) {
        const [a, b] = [cells[i - 1], cells[i]];
        if (a !== undefined && b !== undefined && b.left < a.right - 0.5 && b.top < a.bottom - 0.5)
          problems.push(`"${row.textContent}" runs together`);
      }
    }
    return problems;
  });
}

describe("a day's shift at the till", { timeout: 180_000 }, () => {
  it(
    'syncs the catalog, takes the warehouse and the walk-in customer (setup)',
    { timeout: 240_000 },
    async () => {
      await expect
        .poll(() => statusBar(page).textContent(), { timeout: 30_000 })
        .toContain(say('common:online'));
      await goTo(page, 'settings');
      await syncAll(page);
      const warehouseId = fromCatalog(
        terminal.dataDir,
        (db: Database.Database) =>
          db.prepare('SELECT id FROM warehouse ORDER BY id LIMIT 1').pluck().get() as number,
      );
      const companyId = fromCatalog(
        terminal.dataDir,
        (db: Database.Database) =>
          db
            .prepare('SELECT companyId FROM discovered_company ORDER BY companyId LIMIT 1')
            .pluck()
            .get() as number,
      );
      // Reports print in the screens' language (Settings'; 'system' would be the shell's OS's).
      await askCore(page, 'settings.set', {
        warehouseId,
        walkInCustomer: { companyId },
        language: E2E_LANGUAGE,
      });
      products = plainProducts(terminal.dataDir, {
        columns: 'id, barcode, price',
        warehouseId,
        where: 'price > 1 AND price < 500',
        limit: 5,
      });
      expect(products).toHaveLength(5);
      // The third sells for millions on the instance (as large as a till's figures get), synced like
      // every other price change: the reports print it on 58 mm paper too.
      const pricey = products[2] as (typeof products)[0];
      terminal.sim.admin.mutateStockItem(pricey.id, { price: BIG });
      const cachedPrice = () =>
        fromCatalog(
          terminal.dataDir,
          (db: Database.Database) =>
            db.prepare('SELECT price FROM stock_item WHERE id = ?').pluck().get(pricey.id) as number,
        );
      await askCore(page, 'sync.now', { full: true });
      await expect.poll(cachedPrice, { timeout: 60_000 }).toBe(BIG);
      await expect
        .poll(async () => (await askCore<{ running: boolean }>(page, 'sync.status')).running)
        .toBe(false);
      products[2] = { ...pricey, price: BIG };
      await page.reload();
      await goTo(page, 'sale');
    },
  );

  it('the manager adds a cashier in Settings; she signs in with her own PIN on the Shift screen (F5); the status bar says so', async () => {
    await goTo(page, 'settings');
    const card = page.locator('[data-section="cashiers"]');
    await card.locator('[data-field="cashierName"]').fill(CASHIER);
    await card.locator('[data-field="cashierPin"]').fill('4821');
    await card.locator('[data-action="add-cashier"]').click();
    await card.locator('[data-cashier-done]').waitFor();
    expect(await card.locator('[data-cashier]').count()).toBe(1);
    // The till has a cashier and nobody is signed in: the status bar says it, beside the closed shift.
    await expect
      .poll(() => shiftStatus().textContent())
      .toBe(`${say('common:shiftClosedStatus')} · ${say('common:nobodySignedIn')}`);
    expect(await shiftStatus().getAttribute('data-shift-status')).toBe('closed');
    const settingsCard = page.locator('[data-section="shift-settings"]');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await settingsCard.scrollIntoViewIfNeeded();
      await screenshot(page, `shift-00-settings-${String(size.width)}`);
    }
    await goTo(page, 'shift');
    const signIn = shiftScreen().locator('[data-section="sign-in"]');
    await signIn.locator('[data-field="signInPin"]').fill('0000');
    await signIn.locator('[data-action="sign-in"]').click();
    await signIn.locator('[data-sign-in-error]').waitFor();
    expect(await signIn.locator('[data-sign-in-error]').textContent()).toBe(
      say('core:cashierPinWrong', { name: CASHIER, tries: 4 }),
    );
    await signIn.locator('[data-field="signInPin"]').fill('4821');
    await signIn.locator('[data-action="sign-in"]').click();
    await expect.poll(() => signIn.getAttribute('data-signed-in')).not.toBe('');
    expect(await signIn.textContent()).toContain(say('shift:signedInAs', { name: CASHIER }));
    await expect
      .poll(() => shiftStatus().textContent())
      .toBe(`${say('common:shiftClosedStatus')} · ${CASHIER}`);
    await statusBarShots('shift-00-status-closed');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `shift-00-signed-in-${String(size.width)}`);
    }
    await goTo(page, 'sale');
  });

  it('F9 with no shift open asks for the float first; Enter opens the shift and goes on to the payment', async () => {
    const [first] = products as [(typeof products)[0]];
    // `6*` before the scan: six of it.
    await page.keyboard.type(`${String(ROUNDED_QUANTITY)}*`, { delay: 120 });
    await page.locator(`[data-entry-quantity="${String(ROUNDED_QUANTITY)}"]`).waitFor();
    await sell(first);
    await expect
      .poll(() => lines().locator(`[data-barcode="${first.barcode}"]`).getAttribute('data-quantity'))
      .toBe(String(ROUNDED_QUANTITY));
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.keyboard.press('F9');
      await floatPrompt().waitFor();
      expect(await panel().count()).toBe(0);
      expect(await floatPrompt().textContent()).toContain(say('shift:floatPromptHelp'));
      expect(await seriousViolations()).toEqual([]);
      await screenshot(page, `shift-01-float-prompt-${String(size.width)}`);
      // Esc: back to the sale, nothing opened.
      await page.keyboard.press('Escape');
      await floatPrompt().waitFor({ state: 'detached' });
    }
    await page.keyboard.press('F9');
    await floatPrompt().locator('[data-field="float-prompt"]').fill('1500');
    await page.keyboard.press('Enter');
    await panel().waitFor();
    expect(await floatPrompt().count()).toBe(0);
  });

  it('counts cash in whole crowns: the rounding and the cash to pay on the panel, the crowns paid on the receipt, a card exact', async () => {
    const total = firstTotal();
    const due = inCrowns(total);
    const rounding = (cents(due) - cents(total)) / 100;
    expect(rounding).toBeCloseTo(-0.4, 2);
    expect(Number(await panel().locator('[data-payment-total]').getAttribute('data-amount'))).toBe(total);
    const line = panel().locator('[data-payment-rounding]');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // Cash (the panel opens on it): the rounding on a line of its own, and what the cash pays.
      await expect.poll(() => line.getAttribute('data-payment-rounding')).toBe(rounding.toFixed(2));
      expect(await line.getAttribute('data-cash-due')).toBe(due.toFixed(2));
      const text = (await line.textContent()) ?? '';
      expect(text).toContain(say('sale:cashRounding', { amount: crowns(rounding, true) }));
      expect(text).toContain(say('sale:cashDue', { amount: crowns(due) }));
      expect(await panel().locator('[data-field="given"]').getAttribute('placeholder')).toBe(
        say('sale:givenPlaceholder', { amount: crowns(due) }),
      );
      // The exact crowns are enough: no change, nothing short.
      expect(await panel().locator('.payment-change').getAttribute('data-change')).toBe('0.00');
      expect(await seriousViolations()).toEqual([]);
      await screenshot(page, `shift-01-rounding-panel-${String(size.width)}`);
      // A card is charged the exact total: no rounding.
      await page.keyboard.press('F3');
      await expect.poll(() => line.count()).toBe(0);
      expect(await panel().textContent()).toContain(say('sale:cardCharges', { amount: crowns(total) }));
      await page.keyboard.press('F2');
      await line.waitFor();
    }
    // The exact amount in cash: Enter with nothing typed pays the crowns due.
    await page.keyboard.press('Enter');
    await panel().waitFor({ state: 'detached' });
    const state = await askCore<{ open: ShiftReportView | null }>(page, 'shift.current');
    expect(state.open).toMatchObject({
      float: 1500,
      sales: { count: 1, gross: total },
      byMethod: { cash: due },
      rounding,
      cashTaken: due,
      expectedCash: 1500 + due,
    });
    // The receipt says the total as sold, the rounding, and the crowns the cash paid.
    const receipt = placedReceipt();
    await expect.poll(() => receipt.locator('[data-receipt-rounding]').count()).toBe(1);
    expect(await receipt.locator('[data-receipt-rounding]').getAttribute('data-receipt-rounding')).toBe(
      rounding.toFixed(2),
    );
    expect(await amountIn(receipt.locator('[data-receipt-total]'))).toBeCloseTo(total, 2);
    expect(await amountIn(receipt.locator('[data-receipt-cash]'))).toBeCloseTo(due, 2);
    expect(await amountIn(receipt.locator('[data-receipt-given]'))).toBeCloseTo(due, 2);
    expect(await amountIn(receipt.locator('[data-receipt-change]'))).toBeCloseTo(0, 2);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await receipt.locator('[data-receipt-rounding]').scrollIntoViewIfNeeded();
      expect(await receipt.locator('[data-receipt-rounding]').isVisible()).toBe(true);
      await screenshot(page, `shift-01-rounding-receipt-${String(size.width)}`);
    }
    // The printed receipt (the same receipt in print media, as the system print dialog gets it).
    await page.emulateMedia({ media: 'print' });
    try {
      const copy = page.locator('.print-root .receipt');
      const printed = await copy.innerText();
      expect(printed).toContain(say('receipt:cashRounding'));
      expect(printed).toContain(crowns(rounding, true));
      expect(printed).toContain(say('receipt:paidInCash'));
      await copy.screenshot({ path: join(ARTIFACTS, 'shift-01-rounding-receipt-print.png') });
    } finally {
      await page.emulateMedia({ media: null });
    }
    // The status bar: the shift's number, since when, and who works the till.
    await expect.poll(() => shiftStatus().getAttribute('data-shift-status')).toBe(String(state.open?.id));
    const since = new Intl.DateTimeFormat(E2E_LOCALE, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(state.open?.openedAt ?? ''));
    expect(await shiftStatus().textContent()).toBe(
      `${say('common:shiftOpen', { id: state.open?.id ?? 0, since })} · ${CASHIER}`,
    );
    await statusBarShots('shift-01-status-open');
  });

  it('sells in cash and by card, voids one, pays cash in and out; one sale waits while the instance and the printer are away; X on F5', async () => {
    const [, second, third, fourth, fifth] = products as [
      (typeof products)[0],
      (typeof products)[0],
      (typeof products)[0],
      (typeof products)[0],
      (typeof products)[0],
    ];
    await sell(second);
    await pay('cash', 1000);
    await sell(third);
    await pay('card');
    await sell(fourth);
    await page.keyboard.press('F8');
    await page.keyboard.press('F8');
    await expect.poll(() => lines().locator('tbody tr').count()).toBe(0);
    // The three sales so far answered before the instance goes away: a send still under way would
    // be cut off and wait too, and the report would count two waiting (the close's three never come).
    await expect
      .poll(
        async () =>
          (await askCore<{ open: ShiftReportView }>(page, 'shift.current')).open.orders.acknowledged,
        { timeout: 30_000 },
      )
      .toBe(3);
    await terminal.sim.faults.setOffline(true);
    await printer.off();
    await sell(fifth);
    await pay('card');
    // Offline, one order queued, its receipt waiting for the printer: the status bar at its fullest.
    const printerPill = statusBar(page).locator('[data-printer-waiting]');
    await expect.poll(() => printerPill.getAttribute('data-printer-waiting')).toBe('1');
    await expect
      .poll(() => statusBar(page).locator('[data-online]').getAttribute('data-online'))
      .toBe('false');
    await statusBarShots('shift-02-status-offline', true);
    await printer.on();
    await printerPill.click();
    await expect.poll(() => printerPill.getAttribute('data-printer-waiting')).toBe('0');
    await page.setViewportSize(SIZES[0]);

    await goTo(page, 'shift');
    // Cash paid out, with the reason.
    const move = shiftScreen().locator('[data-section="cash-move"]');
    await move.locator('[data-field="cash-amount"]').fill(typed(120));
    await move.locator('[data-field="cash-reason"]').fill('Mytí oken');
    await move.locator('[data-action="paid-out"]').click();
    await shiftScreen().locator('[data-shift-done]').waitFor();
    await expect.poll(() => report().locator('[data-report-move="out"]').count()).toBe(1);
    // And paid in: change from the bank, millions of it.
    await move.locator('[data-field="cash-amount"]').fill(typed(BIG));
    await move.locator('[data-field="cash-reason"]').fill('Drobné z banky');
    await move.locator('[data-action="paid-in"]').click();
    await expect.poll(() => report().locator('[data-report-move="in"]').count()).toBe(1);

    const x = report();
    expect(await x.getAttribute('data-shift-report')).toBe('X');
    expect(await x.textContent()).toContain(say('shift:sales', { count: 4 }));
    expect(await x.textContent()).toContain(say('shift:voids', { count: 1 }));
    await expect
      .poll(() => x.locator('[data-report-orders="at-close"]').getAttribute('data-placed'))
      .toBe('4');
    // The sale made while the instance was away is not on it yet, and the report says so in words.
    expect(await x.textContent()).toContain(say('shift:ordersWaiting', { count: 1 }));
    // The cash sales as paid, in whole crowns; the rounding of both on the report, a line of its own.
    const expected = 1500 + inCrowns(firstTotal()) + inCrowns(secondTotal()) - 120 + BIG;
    expect(await amountIn(x.locator('[data-report-expected]'))).toBeCloseTo(expected, 2);
    await expect
      .poll(() => amountIn(x.locator('[data-report-row="rounding"]')))
      .toBeCloseTo(dayRoundingOf(), 2);
    expect(await seriousViolations()).toEqual([]);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `shift-02-x-report-${String(size.width)}`);
    }
    // No shift closed yet: asking for the last Z says so, and the open shift's X stays shown (it
    // said "no shift open" here, under an open shift, before).
    await shiftScreen().locator('[data-action="show-z"]').click();
    await expect
      .poll(() => shiftScreen().locator('[data-shift-error]').textContent())
      .toBe(say('shift:noneClosed'));
    expect(await report().getAttribute('data-shift-report')).toBe('X');
    expect(await shiftScreen().textContent()).not.toContain(say('shift:noShift'));
  });

  it('opens the drawer without a sale with Ctrl+O on the Sale screen; the Shift screen and the printed X count it', async () => {
    await goTo(page, 'sale');
    const legend = page.getByTestId('key-legend');
    await expect
      .poll(() => legend.locator('[data-legend-key="Ctrl+O"]').textContent())
      .toContain(say('sale:openDrawer'));
    const jobs = printer.printed().length;
    await page.keyboard.press('Control+o');
    await expect.poll(() => page.getByTestId('announcer').textContent()).toContain(say('sale:drawerOpened'));
    // The drawer's pulse alone went to the printer: no text, no cut.
    await printer.until((all) => all.length > jobs);
    expect(decodeEscPos(printer.printed().at(-1) ?? new Uint8Array())).toMatchObject({
      lines: [],
      cuts: 0,
      pulses: 1,
    });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `shift-03-drawer-key-${String(size.width)}`);
    }

    await goTo(page, 'shift');
    const openings = report().locator('[data-report-row="drawer-openings"]');
    await expect.poll(() => openings.getAttribute('data-report-drawer-openings')).toBe('1');
    expect(await openings.textContent()).toBe(say('shift:drawerOpenings', { count: 1 }));
    // Nobody set a manager PIN yet: the till opened it.
    expect(
      await report().locator('[data-report-drawer-opening]').getAttribute('data-report-drawer-opening'),
    ).toBe('till');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await openings.scrollIntoViewIfNeeded();
      await screenshot(page, `shift-03-drawer-openings-x-${String(size.width)}`);
    }
    // The X report on the printer counts the same one.
    await askCore(page, 'printer.printReport', { report: 'x' });
    const words = REPORT_WORDS[E2E_LANGUAGE];
    await expect.poll(() => printed().at(-1)?.lines[0]?.trim()).toBe(words.reportX);
    expect(printed().at(-1)?.lines).toContain(fill(words.drawerOpenings, { count: '1' }));
  });

  it('closes with a counted difference over the limit only with the manager PIN; the Z report, on screen and from pos shift', async () => {
    // The sales made while the instance was there are on it before the close.
    await expect
      .poll(
        async () =>
          (await askCore<{ open: ShiftReportView }>(page, 'shift.current')).open.orders.acknowledged,
        {
          timeout: 30_000,
        },
      )
      .toBe(3);
    await askCore(page, 'settings.set', { managerPin: '2468', cashDifferenceLimit: 0.5 });
    await askCore(page, 'manager.lock');
    const expected = await amountIn(report().locator('[data-report-expected]'));
    const counted = Math.round((expected - 1) * 100) / 100;
    const close = shiftScreen().locator('[data-section="close-shift"]');
    await close.locator('[data-field="counted"]').fill(typed(counted));
    await close.locator('[data-action="close-shift"]').click();
    const pin = page.getByTestId('pin-dialog');
    await pin.waitFor();
    expect(await pin.textContent()).toContain(
      say('core:lockedShiftDifference', { difference: '-1.00', limit: '0.50' }),
    );
    await screenshot(page, 'shift-03-pin-for-difference-1280');
    await pin.locator('[data-field="managerPin"]').fill('2468');
    await page.keyboard.press('Enter');
    await pin.waitFor({ state: 'detached' });
    await expect.poll(() => report().getAttribute('data-shift-report')).toBe('Z');
    const z = report();
    expect(await amountIn(z.locator('[data-report-difference]'))).toBeCloseTo(-1, 2);
    expect(await z.locator('[data-report-approved]').count()).toBe(1);
    expect(await z.locator('[data-report-over-limit]').count()).toBe(1);
    expect(await seriousViolations()).toEqual([]);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `shift-04-z-report-${String(size.width)}`);
    }
    // The paper copy the printer gets (80 mm), looked at as it prints.
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'shift-05-z-print-80mm');
    await page.emulateMedia({ media: 'screen' });

    // pos shift --last --json says what the screen says.
    const fromCli = await posShiftLast();
    expect(fromCli).toMatchObject({
      kind: 'Z',
      state: 'closed',
      countedCash: counted,
      difference: -1,
      managerApproved: true,
    });
    expect(fromCli.sales.count).toBe(4);
    expect(await amountIn(z.locator('[data-report-expected]'))).toBeCloseTo(fromCli.expectedCash, 2);
    // The day's cash rounding: on the Z report on screen and in the JSON alike.
    expect(fromCli.rounding).toBe(dayRoundingOf());
    expect(await amountIn(z.locator('[data-report-row="rounding"]'))).toBeCloseTo(fromCli.rounding, 2);
    expect(fromCli.byMethod.cash).toBe(inCrowns(firstTotal()) + inCrowns(secondTotal()));
    expect(await z.getAttribute('data-shift-id')).toBe(String(fromCli.id));
    const states = await z
      .locator('[data-report-sale]')
      .evaluateAll((rows) =>
        rows.map((r) => [
          Number(r.getAttribute('data-report-sale')),
          r.getAttribute('data-report-sale-state'),
        ]),
      );
    expect(states).toEqual(fromCli.saleOrders.map((s) => [s.orderId, s.state]));
    expect(fromCli.orders).toMatchObject({ placed: 4, acknowledged: 3, queued: 1 });
    // Who did it: every sale and the void were Jana's, and so were the opening and the close.
    expect(fromCli.byCashier.map((c) => [c.name, c.sales.count])).toEqual([[CASHIER, 4]]);
    expect(fromCli.byCashier[0]?.voids.count).toBe(1);
    expect(fromCli.openedBy?.name).toBe(CASHIER);
    expect(fromCli.closedBy?.name).toBe(CASHIER);
    expect(await z.locator('[data-report-cashier]').textContent()).toContain(CASHIER);
    // The drawer's opening without a sale: on the screen's Z as in pos shift's.
    expect(fromCli.drawerOpenings).toHaveLength(1);
    expect(
      await z.locator('[data-report-row="drawer-openings"]').getAttribute('data-report-drawer-openings'),
    ).toBe('1');
    // The shift is closed; she is still at the till.
    await expect
      .poll(() => shiftStatus().textContent())
      .toBe(`${say('common:shiftClosedStatus')} · ${CASHIER}`);

    await zOn58mmPrinter(fromCli);
    await zOn58mmPaper(fromCli);
  });

  it('shows on the closed shift later that the queued sale was acknowledged, the record at close kept', async () => {
    await terminal.sim.faults.setOffline(false);
    await expect
      .poll(
        async () => {
          await shiftScreen().locator('[data-action="show-z"]').click();
          return report().locator('[data-report-orders="now"]').getAttribute('data-acknowledged');
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe('4');
    const z = report();
    expect(await z.locator('[data-report-orders="at-close"]').getAttribute('data-acknowledged')).toBe('3');
    expect(await z.textContent()).toContain(say('shift:ordersAll', { count: 4 }));
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await z.locator('[data-report-orders="now"]').scrollIntoViewIfNeeded();
      await screenshot(page, `shift-06-z-follow-up-${String(size.width)}`);
    }
    const later = await posShiftLast();
    expect(later.orders).toMatchObject({ acknowledged: 3, queued: 1 });
    expect(later.followUp?.orders).toMatchObject({ acknowledged: 4, queued: 0 });
  });
});
