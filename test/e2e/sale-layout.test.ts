// The Sale screen at a POS touchscreen's 1024x768 and a laptop's 1280x800, in Debian's Chromium
// through the web shell against the real sim: the newest line is always in sight (the list follows
// it, nothing covers it, its ✕ is whole), long names take two rows at most, a seven-digit total
// fits its panel, a placed order's receipt leaves the lines in sight, and a quantity is typed for
// the selected line from the keyboard (5*, Enter) without a scan ever being taken for it.
// Checked by geometry: each element whole inside the window and every clipping box around it, and
// on top at its corners and centre (elementFromPoint).
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder, scan, takeWarehouse } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell, SIZES } from './browser.ts';
import { newPage, say } from './lang.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { freshTerminal, fromCatalog, stopAll, type SyncedTerminal } from '../support/terminal.ts';

let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;

type Size = (typeof SIZES)[number];
const named = (s: Size) => `${String(s.width)}x${String(s.height)}`;

/** Names as long as a real catalog's, in the warehouse the test sells from. */
const LONG_NAMES = [
  'Kuchyňské utěrky z egyptské bavlny s vyšívaným okrajem, sada šesti kusů, 50 × 70 cm',
  'Prací gel na barevné prádlo s vůní horské louky a aloe vera, 60 pracích dávek',
  'Čokoládové bonbony plněné višňovým likérem v dárkové krabičce s mašlí, 250 g',
  'Olivový olej extra panenský z první lisovací studené extrakce z Kréty, 750 ml',
  'Dětská zimní kombinéza nepromokavá s odnímatelnou kapucí, velikost 98–104',
  'Sada šroubováků s bitovými nástavci a magnetickým držákem v kufříku, 42 dílů',
  'Zahradní solární lampa z nerezové oceli s pohybovým čidlem a třemi režimy svícení',
  'Přírodní minerální voda jemně perlivá ze šumavského pramene, balení 6 × 1,5 l',
];
const WAREHOUSE = 1;
interface Added {
  readonly name: string;
  readonly barcode: string;
}
let products: Added[];
/** A coffee machine at a price whose five make a seven-digit total. */
let costly: Added;
let card: { barcode: string; companyId: number };

beforeAll(async () => {
  terminal = await freshTerminal('sale-layout');
  const add = (name: string, price: number): Added => {
    const row = terminal.sim.admin.addStockItem({
      warehouseId: WAREHOUSE,
      productName: name,
      unitOfMeasure: 'ks',
      vatRate: 21,
      price,
      quantityInStock: 500,
      quantityAvailable: 500,
    });
    return { name, barcode: row['barcode'] as string };
  };
  products = LONG_NAMES.map((name, i) => add(name, 19.9 + i * 10));
  costly = add(
    'Profesionální espresso kávovar s dvojitým bojlerem a mlýnkem, nerezové provedení',
    246_913.58,
  );
  [shell, browser] = await Promise.all([startWebShellProcess(terminal.env), launchChromium()]);
  page = await newPage(browser, { viewport: { ...SIZES[1] } });
  await page.goto(shell.url);
});

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(() => page, 'sale-layout');

const box = () => page.getByTestId('lines-box');
const rows = () => page.getByTestId('sale-lines').locator('tbody tr');
const row = (p: Added) => page.locator(`[data-testid="sale-lines"] tr[data-barcode="${p.barcode}"]`);
const codeField = () => page.locator('[data-field="code"]');
const legend = () => page.getByTestId('key-legend');

/**
 * Null when the element is whole in the window and in every clipping box around it, and on top at
 * its four corners (2 px in, past a rounded corner's arc) and its centre; otherwise what is wrong,
 * for the failure message.
 */
function wholeAndOnTop(target: Locator): Promise<string | null> {
  return target.evaluate((el) => {
    const name = (e: Element | null): string =>
      e === null
        ? 'nothing'
        : `${e.tagName.toLowerCase()}${e.id === '' ? '' : `#${e.id}`}.${[...e.classList].join('.')}` +
          (e instanceof HTMLElement && e.dataset.testid !== undefined ? `[${e.dataset.testid}]` : '');
    const r = el.getBoundingClientRect();
    const at = `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    if (r.width < 1 || r.height < 1) return `${name(el)} has no size`;
    if (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
      return `${name(el)} at ${at} is not inside the ${String(innerWidth)}x${String(innerHeight)} window`;
    for (let a = el.parentElement; a !== null; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      const left = c.left + a.clientLeft;
      const top = c.top + a.clientTop;
      if (r.left < left - 0.5 || r.top < top - 0.5) return `${name(el)} at ${at} is cut by ${name(a)}`;
      if (r.right > left + a.clientWidth + 0.5 || r.bottom > top + a.clientHeight + 0.5)
        return `${name(el)} at ${at} is cut by ${name(a)}`;
    }
    // Inside a rounded corner's arc: 0.3 of the radius in from the box's corner on both axes.
    const d = 2 + 0.3 * (parseFloat(getComputedStyle(el).borderTopLeftRadius) || 0);
    const points: [number, number][] = [
      [r.left + d, r.top + d],
      [r.right - d, r.top + d],
      [r.left + d, r.bottom - d],
      [r.right - d, r.bottom - d],
      [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
    ];
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (hit === null || !el.contains(hit))
        return `${name(el)} at ${at} is covered at ${String(Math.round(x))},${String(Math.round(y))} by ${name(hit)}`;
    }
    return null;
  });
}

/**
 * Null when the first line of the element's text is inside every clipping box around it and on top
 * at its centre (for a box stretched taller than its text, as a grid row's label).
 */
function textInSight(target: Locator): Promise<string | null> {
  return target.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = range.getClientRects()[0];
    const text = el.textContent;
    if (r === undefined) return `"${text}" has no text box`;
    for (let a = el.parentElement; a !== null; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      const top = c.top + a.clientTop;
      if (r.top < top - 0.5 || r.bottom > top + a.clientHeight + 0.5) return `"${text}" is cut off`;
    }
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return hit !== null && el.contains(hit) ? null : `"${text}" is covered`;
  });
}

/** The newest (selected) line's row and its ✕ are whole and uncovered. */
async function lineInSight(p: Added): Promise<void> {
  await expect.poll(() => wholeAndOnTop(row(p))).toBeNull();
  expect(await wholeAndOnTop(row(p).locator('button.danger'))).toBeNull();
  expect(await wholeAndOnTop(row(p).locator('input.qty'))).toBeNull();
}

/** Its name in the DOM whole (and as its title), drawn on two rows at most. */
async function nameFits(p: Added): Promise<void> {
  const name = row(p).locator('.item-name');
  expect(await name.textContent()).toBe(p.name);
  expect(await name.getAttribute('title')).toBe(p.name);
  const { height, lineHeight } = await name.evaluate((e) => ({
    height: e.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(e).lineHeight),
  }));
  expect(height).toBeLessThanOrEqual(2 * lineHeight + 1);
}

/** The key legend takes its own space under the lines, inside the window. */
async function legendBelowLines(): Promise<void> {
  const [lines, keys] = await Promise.all([box().boundingBox(), legend().boundingBox()]);
  expect(lines).not.toBeNull();
  expect(keys).not.toBeNull();
  if (lines === null || keys === null) return;
  expect(keys.y).toBeGreaterThanOrEqual(lines.y + lines.height - 0.5);
  expect(keys.y + keys.height).toBeLessThanOrEqual((page.viewportSize()?.height ?? 0) + 0.5);
}

/**
 * The customer panel shows all it says, or says there is more: when what the customer owes runs
 * past its bottom, a sign in sight says so, and scrolled to its end the note's last line is whole.
 */
async function customerPanelSaysMore(): Promise<void> {
  const panel = page.getByTestId('customer');
  const more = panel.locator('[data-more]');
  const overflows = () => panel.evaluate((e) => e.scrollHeight > e.clientHeight + 1);
  if (!(await overflows())) return;
  await expect.poll(() => wholeAndOnTop(more)).toBeNull();
  await panel.evaluate((e) => e.scrollTo(0, e.scrollHeight));
  await expect.poll(() => more.count()).toBe(0);
  const note = panel.locator('[data-owes-note]');
  const lastLineCut = await note.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = [...range.getClientRects()].at(-1);
    const box = el.closest('[data-testid="customer"]')?.getBoundingClientRect();
    return r === undefined || box === undefined ? 'no text' : r.bottom > box.bottom + 0.5;
  });
  expect(lastLineCut).toBe(false);
  await panel.evaluate((e) => e.scrollTo(0, 0));
}

async function voidIfAny(): Promise<void> {
  if (
    (await rows().count()) === 0 &&
    (await page.getByTestId('customer').getAttribute('data-company')) === ''
  )
    return;
  const button = page.locator('[data-action="void-sale"]');
  await page.keyboard.press('F8');
  await expect.poll(() => button.textContent()).toContain(say('sale:voidPressAgain'));
  await page.keyboard.press('F8');
  await expect.poll(() => rows().count()).toBe(0);
}

/** A person's keys: after a pause, one by one, slower than any scanner. */
async function typeByHand(text: string): Promise<void> {
  await page.waitForTimeout(450);
  await page.keyboard.type(text, { delay: 150 });
}

describe('the Sale screen from 1024x768 up', { timeout: 240_000 }, () => {
  it('syncs the cache and takes the terminal warehouse', async () => {
    await takeWarehouse(page, { sync: true, id: () => WAREHOUSE });
    // A card whose company owes something: the customer panel at its tallest.
    const now = new Date().toISOString().slice(0, 19);
    card = fromCatalog(terminal.dataDir, (db) =>
      db
        .prepare(
          `SELECT barcode, companyId FROM company_card
           WHERE barcode IS NOT NULL AND trim(coalesce(name, '')) <> '' AND coalesce(isInvalid, 0) = 0
             AND (validTo IS NULL OR validTo > ?) AND (validFrom IS NULL OR validFrom < ?)
           ORDER BY (SELECT count(*) FROM financial_receivable r WHERE r.customerId = companyId) DESC, id
           LIMIT 1`,
        )
        .get(now, now),
    ) as { barcode: string; companyId: number };
    expect(card).toBeDefined();
  });

  it('eight long-named lines: the newest is whole and uncovered after each scan, at both sizes', async () => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await voidIfAny();
      await scan(page, card.barcode);
      await expect
        .poll(() => page.getByTestId('customer').getAttribute('data-company'))
        .toBe(String(card.companyId));
      for (const [i, p] of products.entries()) {
        await scan(page, p.barcode);
        await expect.poll(() => rows().count()).toBe(i + 1);
        await lineInSight(p);
        await nameFits(p);
        await legendBelowLines();
      }
      // More lines than fit: the list scrolls in its own box, which followed the newest.
      expect(await box().evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
      expect(await box().evaluate((e) => e.scrollTop)).toBeGreaterThan(0);
      // The list never runs out of the screen: the sale is one window high.
      expect(await page.locator('.sale-main').evaluate((e) => e.scrollHeight <= e.clientHeight + 1)).toBe(
        true,
      );
      expect(await wholeAndOnTop(page.locator('[data-action="place-order"]'))).toBeNull();
      expect(await wholeAndOnTop(page.locator('[data-action="void-sale"]'))).toBeNull();
      expect(await wholeAndOnTop(page.locator('[data-total]'))).toBeNull();
      // The customer's company, card, discount and what they owe: each row's label is in sight.
      for (const term of await page.getByTestId('customer').locator('dt').all())
        expect(await textInSight(term)).toBeNull();
      // Nothing of it runs off its right edge either (a one-row card's name is cut with an ellipsis).
      expect(await page.getByTestId('customer').evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(
        true,
      );
      await customerPanelSaysMore();
      await screenshot(page, `layout-${named(size)}-eight-lines`);
    }
    // The window changes with the lines on it: the selected (newest) line stays in sight.
    await page.setViewportSize(SIZES[0]);
    const newest = products.at(-1) as Added;
    await lineInSight(newest);
    // The legend opened shows every key, taking the height from the lines, not covering them.
    const toggle = page.locator('[data-action="toggle-legend"]');
    await toggle.click();
    await expect.poll(() => legend().getAttribute('data-open')).toBe('true');
    await legend().locator('[data-legend-key="type"]').scrollIntoViewIfNeeded();
    expect(await wholeAndOnTop(legend().locator('[data-legend-key="type"]'))).toBeNull();
    await legendBelowLines();
    expect(await page.locator('.sale-main').evaluate((e) => e.scrollHeight <= e.clientHeight + 1)).toBe(true);
    await lineInSight(newest);
    await screenshot(page, 'layout-1024x768-legend-open');
    await toggle.click();
    await expect.poll(() => legend().getAttribute('data-open')).toBe('false');
  });

  it('a quantity typed for the selected line: arrows pick it, 5* and Enter set it; 2* before a scan still multiplies the scan', async () => {
    const [first] = products as [Added];
    const last = products.at(-1) as Added;
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // From the code field, Tab to the lines; up to the first line: the list follows the selection.
      await codeField().focus();
      await page.keyboard.press('Tab');
      for (let i = 0; i < products.length; i++) await page.keyboard.press('ArrowUp');
      await expect.poll(() => row(first).getAttribute('class')).toBe('selected');
      await lineInSight(first);
      // The legend says how, for that line, where it can be seen.
      const how = legend().locator('[data-legend-key="quantity"]');
      await expect.poll(() => how.textContent()).toContain(say('sale:typeQuantityOf', { name: first.name }));
      expect(await wholeAndOnTop(how.locator('kbd').first())).toBeNull();

      const quantity = size.width === 1024 ? '5' : '7';
      // The digits reach the code field from the lines; Enter sets the selected line.
      await typeByHand(`${quantity}*`);
      await expect.poll(() => codeField().inputValue()).toBe(`${quantity}*`);
      await page.locator(`[data-entry-sets="${quantity}"]`).waitFor();
      await expect
        .poll(() => legend().locator('[data-legend-key="Enter"]').textContent())
        .toContain(say('sale:setQuantityOf', { name: first.name, quantity }));
      await screenshot(page, `layout-${named(size)}-quantity-typed`);
      await page.keyboard.press('Enter');
      await expect.poll(() => row(first).getAttribute('data-quantity')).toBe(quantity);
      expect(await codeField().inputValue()).toBe('');
      // Focus is back on the lines, where the digits came from: the arrows pick again.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('sale-lines');
      await expect
        .poll(() => page.getByTestId('announcer').textContent())
        .toContain(say('sale:quantityStored', { name: first.name, quantity }));
      expect(await rows().count()).toBe(products.length);
      expect(await row(last).getAttribute('data-quantity')).toBe('1');
    }

    // A new price for the selected line (Ctrl+D): the struck original above the price charged, in
    // the price column's own width, so the names keep their room.
    const nameWidth = async () => (await row(first).locator('td.item').boundingBox())?.width ?? 0;
    const before: number[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      before.push(await nameWidth());
    }
    await page.keyboard.press('Control+d');
    await page.locator('[data-field="adjustment"]').fill('9,90');
    await page.keyboard.press('Enter');
    await row(first).locator('[data-line-adjustment="price"]').waitFor();
    for (const [i, size] of SIZES.entries()) {
      await page.setViewportSize(size);
      const [was, now] = [row(first).locator('s'), row(first).locator('[data-charged]')];
      const [wasBox, nowBox] = [await was.boundingBox(), await now.boundingBox()];
      expect(wasBox).not.toBeNull();
      expect(nowBox).not.toBeNull();
      if (wasBox === null || nowBox === null) return;
      expect(wasBox.y + wasBox.height).toBeLessThanOrEqual(nowBox.y + 0.5);
      expect(await nameWidth()).toBeGreaterThanOrEqual((before[i] ?? 0) - 1);
      await lineInSight(first);
      // The totals grew a discount row: what the customer owes is still in sight beside them.
      for (const term of await page.getByTestId('customer').locator('dt').all())
        expect(await textInSight(term)).toBeNull();
      // Nothing of it runs off its right edge either (a one-row card's name is cut with an ellipsis).
      expect(await page.getByTestId('customer').evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(
        true,
      );
      await customerPanelSaysMore();
      await screenshot(page, `layout-${named(size)}-price-override`);
    }

    // 2* then a scan: the scan adds two of its product (a scan, not a quantity for the selected line).
    await page.setViewportSize(SIZES[0]);
    await codeField().focus();
    await typeByHand('2*');
    await expect.poll(() => codeField().inputValue()).toBe('2*');
    await scan(page, costly.barcode);
    await expect.poll(() => row(costly).getAttribute('data-quantity')).toBe('2');
    expect(await row(first).getAttribute('data-quantity')).toBe('7');
    await lineInSight(costly);
  });

  it('a seven-digit total fits its panel, with the VAT table, at both sizes', async () => {
    await page.setViewportSize(SIZES[0]);
    // The coffee machine is the selected line: five of it.
    await expect.poll(() => row(costly).getAttribute('class')).toBe('selected');
    await codeField().focus();
    await codeField().fill('');
    await typeByHand('5*');
    await page.keyboard.press('Enter');
    await expect.poll(() => row(costly).getAttribute('data-quantity')).toBe('5');
    const total = page.locator('[data-total]');
    // Over a million, in two decimals: at least nine digits.
    await expect
      .poll(async () => ((await total.textContent()) ?? '').replace(/\D/g, '').length)
      .toBeGreaterThanOrEqual(9);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect.poll(() => total.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      expect(await wholeAndOnTop(total)).toBeNull();
      const vat = page.locator('[data-totals] .vat-fit');
      // Refitted by a ResizeObserver after the window changed: wait for it to fit.
      await expect.poll(() => vat.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      expect(await page.locator('[data-totals]').evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      for (const cell of await vat.locator('td:visible').all()) expect(await wholeAndOnTop(cell)).toBeNull();
      // Readable, not shrunk to fit: the VAT table leaves out its gross column (the total under it
      // says it) rather than going below 12 px.
      for (const cell of await vat.locator('td:visible, th:visible').all())
        expect(await cell.evaluate((e) => parseFloat(getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(
          12,
        );
      // The line's own total too, and its ✕.
      await lineInSight(costly);
      expect(await wholeAndOnTop(row(costly).locator('td.strong'))).toBeNull();
      await screenshot(page, `layout-${named(size)}-big-total`);
    }
  });

  it('the receipt of the order just placed leaves the lines in sight; the next scan is whole', async () => {
    // A seven-digit change: on one line, inside its panel, at both sizes; the customer panel's title
    // still in sight under it.
    await page.setViewportSize(SIZES[0]);
    await page.keyboard.press('F9');
    await page.getByTestId('payment-panel').waitFor();
    await page.locator('[data-field="given"]').fill('9999999');
    await page.keyboard.press('Enter');
    const change = page.locator('[data-change-due]');
    await change.waitFor();
    expect(((await change.textContent()) ?? '').replace(/\D/g, '').length).toBeGreaterThanOrEqual(9);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect.poll(() => change.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      const { height, lineHeight } = await change.evaluate((e) => ({
        height: e.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(e).lineHeight),
      }));
      expect(height).toBeLessThan(1.5 * lineHeight);
      expect(await wholeAndOnTop(change)).toBeNull();
      expect(await textInSight(page.getByTestId('customer').locator('h2'))).toBeNull();
      // Nothing left to void: the legend offers no F8 beside the disabled button.
      expect(await page.locator('[data-action="void-sale"]').isDisabled()).toBe(true);
      await expect.poll(() => legend().locator('[data-legend-key="F8"]').count()).toBe(0);
      await screenshot(page, `layout-${named(size)}-big-change`);
    }
    for (const size of SIZES) {
      await page.setViewportSize(size);
      if ((await rows().count()) === 0) {
        await scan(page, card.barcode);
        for (const p of products.slice(0, 3)) await scan(page, p.barcode);
        await expect.poll(() => rows().count()).toBe(3);
      }
      await placeOrder(page);
      const receipt = page.getByTestId('placed-receipt');
      await receipt.waitFor();
      // Still one window high: the receipt scrolls in its own box, the lines' box stays.
      expect(await page.locator('.sale-main').evaluate((e) => e.scrollHeight <= e.clientHeight + 1)).toBe(
        true,
      );
      expect(await wholeAndOnTop(box())).toBeNull();
      expect(await wholeAndOnTop(page.locator('[data-action="print-receipt"]'))).toBeNull();
      await screenshot(page, `layout-${named(size)}-placed-receipt`);
      const next = products[3] as Added;
      await scan(page, card.barcode);
      await scan(page, next.barcode);
      await lineInSight(next);
    }
  });
});
