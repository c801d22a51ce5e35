// A till with a history, through the web shell in Debian's Chromium against the real sim, at 1024×768
// and 1280×800: the Orders screen shows its newest page and brings older ones on demand, filters by
// state, part of a reference and day in SQLite, follows a sale placed meanwhile without reading the
// list again, and, once Settings shorten the retention, old orders keep their row and total while
// their receipt says their lines are no longer kept.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { insertOutboxOrder, recordOutboxOutcome, type OutboxOutcome } from '../../db/outbox.ts';
import { SettingsStore } from '../../main/settings/store.ts';
import { datePattern, formatDate } from '../../renderer/format/format.ts';
import { goTo, placeOrder, scan } from './app.ts';
import { tapCalls } from './call-tap.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell, SIZES } from './browser.ts';
import { E2E_LANGUAGE, E2E_LOCALE, newPage, say } from './lang.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { lastKeyStamp, sendKeys } from './keys.ts';
import {
  SELLS_PLAINLY,
  firstSellable,
  fromCatalog,
  stopAll,
  syncedTerminal,
  type SyncedTerminal,
} from '../support/terminal.ts';

/** A person's keys, well apart from a scanner's (its longest gap inside a burst is 100 ms). */
const PERSON_MS_PER_KEY = 150;

let terminal: SyncedTerminal;
let shell: RunningShell | undefined;
let browser: Browser | undefined;
let page: Page;
let barcode: string;
/** A valid customer card taking a discount off every line, and a product that allows one. */
let discountCard: string;
let discountable: string;
/** What was placed, by kind: ids newest last. */
const seeded: Record<'dayOne' | 'needsFix' | 'cancelled' | 'dayThree', { id: number; reference: string }[]> =
  {
    dayOne: [],
    needsFix: [],
    cancelled: [],
    dayThree: [],
  };
const TOTAL = 60 + 3 + 7 + 60;
/** Noon (UTC) of three days in March 2025: the same calendar day in the browser whatever its zone. */
const noon = (day: number, i: number) => new Date(Date.UTC(2025, 2, day, 12, 0, i));

beforeAll(async () => {
  // An instance whose order item has no price or discount (its description says so) and whose answer
  // says no total: a sale with a card's discount is booked without it, and nothing says at what total.
  terminal = await syncedTerminal('history', {
    rejectedOrderItemFields: ['price', 'discountAmount'],
    orderAnswerExclude: ['total', 'items.total'],
  });
  const { dataDir, env } = terminal;
  const product = firstSellable(dataDir);
  barcode = product.barcode;
  const walkIn = fromCatalog(
    dataDir,
    (db) =>
      db
        .prepare(
          `SELECT companyId, min(name) AS name FROM company_card WHERE name <> '' GROUP BY companyId LIMIT 1`,
        )
        .get() as { companyId: number; name: string },
  );
  const now = new Date().toISOString().slice(0, 19);
  discountCard = fromCatalog(
    dataDir,
    (db) =>
      db
        .prepare(
          `SELECT barcode FROM company_card WHERE barcode IS NOT NULL AND coalesce(isInvalid, 0) = 0
             AND coalesce(discount, 0) > 0 AND (validTo IS NULL OR validTo > ?)
             AND (validFrom IS NULL OR validFrom < ?) ORDER BY id LIMIT 1`,
        )
        .get(now, now) as { barcode: string },
  ).barcode;
  discountable = fromCatalog(
    dataDir,
    (db) =>
      db
        .prepare(
          `SELECT barcode FROM stock_item WHERE warehouseId = ? AND barcode LIKE '859%' AND ${SELLS_PLAINLY}
             AND coalesce(prohibitionOfDiscounts, 0) = 0 AND unitOfMeasure = 'ks' ORDER BY id LIMIT 1`,
        )
        .get(product.warehouseId) as { barcode: string },
  ).barcode;
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  new SettingsStore(db).write({ warehouseId: product.warehouseId, walkInCustomer: walkIn });
  // Order files of three days, stored as `pos order` stores them; their list rows are summed up from
  // the cache the first time they are listed.
  const place = (
    kind: keyof typeof seeded,
    day: number,
    count: number,
    outcome: (i: number) => OutboxOutcome,
  ) =>
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const o = insertOutboxOrder(
          db,
          {
            customerId: walkIn.companyId,
            warehouseId: product.warehouseId,
            items: [{ productId: product.productId, quantity: 1 + (i % 3) }],
          },
          { now: noon(day, i) },
        );
        recordOutboxOutcome(db, o.id, ['queued'], outcome(i), noon(day, i));
        seeded[kind].push({ id: o.id, reference: o.clientReference });
      }
    })();
  // Acknowledged then by the instance's clock too (its answer's Date), as retention asks of both.
  place('dayOne', 10, 60, (i) => ({
    state: 'sent',
    remoteId: 81_000 + i,
    instanceAcknowledgedAt: noon(10, i).toISOString(),
  }));
  place('needsFix', 11, 3, () => ({
    state: 'needs-fix',
    fieldErrors: { customerId: ['The customer is not known.'] },
    messages: ['The customer is not known.'],
  }));
  place('cancelled', 11, 7, (i) => ({
    state: 'cancelled',
    remoteId: 82_000 + i,
    instanceAcknowledgedAt: noon(11, i).toISOString(),
  }));
  place('dayThree', 12, 60, (i) => ({
    state: 'sent',
    remoteId: 83_000 + i,
    instanceAcknowledgedAt: noon(12, i).toISOString(),
  }));
  db.close();

  const [started, chromium] = await Promise.all([startWebShellProcess(env), launchChromium()]);
  [shell, browser] = [started, chromium];
  page = await newPage(chromium, { viewport: SIZES[1] });
  await tapCalls(page);
  await page.goto(started.url);
});

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(() => page, 'orders-history');

const rows = () => page.locator('[data-order]');
const ids = () => rows().evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-order'))));
const older = () => page.locator('[data-action="older-orders"]');
const newestFirst = (list: readonly { id: number }[]) => list.map((o) => o.id).sort((a, b) => b - a);
const all = () => newestFirst(Object.values(seeded).flat());

/** The list's top in view, at each size, in a picture. */
async function pictures(name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.locator('main.screen').evaluate((el) => el.scrollTo(0, 0));
    await screenshot(page, `${name}-${size.width}`);
  }
}

describe('a history of orders on the Orders screen, at 1024×768 and 1280×800', { timeout: 180_000 }, () => {
  it('shows the newest page first and the older ones on demand, with the counts of the whole history', async () => {
    await goTo(page, 'orders');
    await expect.poll(ids).toEqual(all().slice(0, 50));
    expect(await page.locator('[data-filter="all"] .count').textContent()).toBe(String(TOTAL));
    expect(await page.locator('[data-filter="attention"] .count').textContent()).toBe('3');
    // An order file's row is summed up from the cache: its total and lines show.
    const top = rows().first();
    expect(await top.locator('[data-ticket-lines]').textContent()).toBe(say('orders:lines', { count: 1 }));
    expect(await top.locator('[data-ticket-total]').textContent()).toMatch(/\d[.,]\d{2}/);
    await pictures('orders-history-first-page');

    expect(await older().textContent()).toBe(say('orders:olderOrders'));
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await older().scrollIntoViewIfNeeded();
      await screenshot(page, `orders-history-older-button-${size.width}`);
    }
    await older().click();
    await expect.poll(ids).toEqual(all().slice(0, 100));
    await older().click();
    await expect.poll(ids).toEqual(all());
    await expect.poll(() => older().count()).toBe(0);
  });

  it('filters in SQLite by state, by part of a reference and by day', async () => {
    await page.locator('[data-filter="attention"]').click();
    await expect.poll(ids).toEqual(newestFirst(seeded.needsFix));
    await pictures('orders-history-attention');
    await page.locator('[data-filter="closed"]').click();
    await expect.poll(ids).toEqual(newestFirst(seeded.cancelled));
    await page.locator('[data-filter="all"]').click();
    await expect.poll(ids).toEqual(all().slice(0, 50));

    const find = page.locator('[data-field="findReference"]');
    const wanted = seeded.dayOne[17];
    await find.fill(wanted?.reference.slice(-10).toUpperCase() ?? '');
    await expect.poll(ids).toEqual([wanted?.id]);
    await find.fill('83059');
    await expect.poll(ids).toEqual([seeded.dayThree[59]?.id]);
    await find.fill('');

    // The day in the screens' language, as they write a date ("11. 3. 2025" in Czech), never the
    // browser's date box (which speaks the browser's language: "mm/dd/yyyy" on a Czech till).
    const day = page.locator('[data-field="findDay"]');
    const pattern = datePattern(
      {
        day: say('orders:dayLetterDay'),
        month: say('orders:dayLetterMonth'),
        monthName: say('orders:dayLetterMonthName'),
        year: say('orders:dayLetterYear'),
      },
      E2E_LOCALE,
    );
    expect(await day.getAttribute('placeholder')).toBe(pattern);
    await day.fill(formatDate('2025-03-11', E2E_LOCALE));
    const dayTwo = newestFirst([...seeded.needsFix, ...seeded.cancelled]);
    await expect.poll(ids).toEqual(dayTwo);
    expect(await older().count()).toBe(0);
    await pictures('orders-history-day');
    // Half a date typed leaves the list and the text as they are; the whole one filters by it. Typed at a
    // person's pace, each key stamped (keys.ts), so no machine's speed makes a burst of them a scan's.
    const dayOneText = E2E_LANGUAGE === 'en' ? '10/3/2025' : '10.3.2025';
    await day.fill('');
    await day.focus();
    await sendKeys(page, dayOneText.slice(0, 5), Date.now(), PERSON_MS_PER_KEY);
    await expect.poll(() => day.inputValue()).toBe(dayOneText.slice(0, 5));
    expect(await ids()).toEqual(all().slice(0, 50));
    const next = Math.max(Date.now(), lastKeyStamp(page) + PERSON_MS_PER_KEY);
    await sendKeys(page, dayOneText.slice(5), next, PERSON_MS_PER_KEY);
    await expect.poll(ids).toEqual(newestFirst(seeded.dayOne).slice(0, 50));
    await expect.poll(() => day.inputValue()).toBe(dayOneText);
    await day.fill(formatDate('2025-03-11', E2E_LOCALE));
    await expect.poll(ids).toEqual(dayTwo);
    // A text that is no date says so in the cashier's language, naming it; the list stays.
    const error = page.locator('[data-day-error]');
    for (const bad of [
      E2E_LANGUAGE === 'en' ? '31/2/2025' : '31. 2. 2025',
      { cs: 'zítra', sk: 'zajtra', en: 'tomorrow' }[E2E_LANGUAGE],
    ]) {
      await day.fill(bad);
      await day.press('Enter');
      await expect.poll(() => error.textContent()).toBe(say('orders:dayNotDate', { text: bad, pattern }));
      expect(await ids()).toEqual(dayTwo);
    }
    await page.setViewportSize(SIZES[0]);
    await page.locator('main.screen').evaluate((el) => el.scrollTo(0, 0));
    await screenshot(page, 'orders-history-day-not-a-date-1024');
    await day.fill(formatDate('2025-03-11', E2E_LOCALE));
    await expect.poll(() => error.count()).toBe(0);
    await page.locator('[data-filter="sent"]').click();
    await expect.poll(ids).toEqual([]);
    await page.getByText(say('orders:noOrderMatches')).waitFor();
    await day.fill(formatDate('2025-03-10', E2E_LOCALE));
    await expect.poll(ids).toEqual(newestFirst(seeded.dayOne).slice(0, 50));
    await day.fill('');
    await page.locator('[data-filter="all"]').click();
    await expect.poll(ids).toEqual(all().slice(0, 50));
  });

  it('a sale placed meanwhile joins the top and is followed to sent, the list never read again for it', async () => {
    const calls = await tapCalls(page);
    const from = calls.sent.length;
    const reads = () => calls.sent.slice(from).filter((c) => c === 'outbox.page' || c === 'outbox.list');
    await goTo(page, 'sale');
    await scan(page, barcode);
    await page.getByTestId('sale-lines').locator(`[data-barcode="${barcode}"]`).waitFor();
    await placeOrder(page);
    await expect
      .poll(() =>
        page.getByTestId('announcer').locator('[data-placed-order]').getAttribute('data-placed-order'),
      )
      .toBe('sent');
    expect(reads()).toEqual([]);
    // Back on Orders, its first page is read once (other tills' `pos order` send no event here).
    await goTo(page, 'orders');
    await expect.poll(() => rows().first().getAttribute('data-state')).toBe('sent');
    expect(await rows().first().locator('[data-walk-in]').count()).toBe(1);
    expect(await page.locator('[data-filter="all"] .count').textContent()).toBe(String(TOTAL + 1));
    expect(reads()).toEqual(['outbox.page']);
  });

  it('after a shorter retention in Settings, an old order keeps its row and total; its receipt says its lines are gone', async () => {
    const old = seeded.dayOne[0];
    const reference = old?.reference ?? '';
    const find = page.locator('[data-field="findReference"]');
    await find.fill(reference);
    await expect.poll(ids).toEqual([old?.id]);
    const total = await rows().first().locator('[data-ticket-total]').textContent();
    await find.fill('');

    await goTo(page, 'settings');
    const card = page.locator('[data-section="order-history"]');
    await card.scrollIntoViewIfNeeded();
    expect(await card.locator('[data-field="orderRetentionDays"]').inputValue()).toBe('90');
    await card.locator('[data-field="orderRetentionDays"]').fill('30');
    await card.locator('[data-action="save-retention"]').click();
    await expect.poll(() => card.locator('.notice').textContent()).toBe(say('settings:saved'));
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `orders-history-retention-${size.width}`);
    }

    await goTo(page, 'orders');
    await find.fill(reference);
    await expect.poll(ids).toEqual([old?.id]);
    // Compaction runs in the core after the change: the receipt says so once it has.
    const dialog = page.getByTestId('receipt-dialog');
    await expect
      .poll(
        async () => {
          await rows().first().locator('[data-action="receipt"]').click();
          await dialog.waitFor();
          const compacted = await dialog.locator('[data-receipt-compacted]').count();
          if (compacted === 0) await page.keyboard.press('Escape');
          return compacted;
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(await dialog.locator('[data-receipt-compacted]').textContent()).toBe(
      say('receipt:linesRemoved', { count: 1 }),
    );
    expect(await dialog.locator('[data-receipt-line]').count()).toBe(0);
    expect(await dialog.locator('[data-receipt-total]').textContent()).toBe(total);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `orders-history-compacted-receipt-${size.width}`);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The row still shows its total; orders waiting for a fix keep everything.
    expect(await rows().first().locator('[data-ticket-total]').textContent()).toBe(total);
    await find.fill('');
    await page.locator('[data-filter="attention"]').click();
    await expect.poll(ids).toEqual(newestFirst(seeded.needsFix));
    await rows().first().locator('[data-action="receipt"]').click();
    await dialog.waitFor();
    expect(await dialog.locator('[data-receipt-compacted]').count()).toBe(0);
    expect(await dialog.locator('[data-receipt-line]').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
  });

  it('a discounted sale the instance takes without its discount, saying no total: the notice and the row say what it booked is unknown', async () => {
    await goTo(page, 'orders');
    await page.locator('[data-filter="all"]').click();
    await goTo(page, 'sale');
    await scan(page, discountable);
    await page.getByTestId('sale-lines').locator(`[data-barcode="${discountable}"]`).waitFor();
    await scan(page, discountCard);
    await expect.poll(() => page.getByTestId('customer').getAttribute('data-company')).not.toBe('');
    await placeOrder(page);
    const placed = page.getByTestId('announcer').locator('[data-placed-order]');
    await expect.poll(() => placed.getAttribute('data-placed-order'), { timeout: 15_000 }).toBe('sent');
    await expect.poll(() => placed.textContent()).toBe(say('sale:placedSentPricesUnknown'));
    expect(await placed.getAttribute('class')).toContain('warn');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect.poll(() => placed.isVisible()).toBe(true);
      await screenshot(page, `sale-prices-unknown-${size.width}`);
    }

    await goTo(page, 'orders');
    const top = rows().first();
    await expect.poll(() => top.getAttribute('data-state')).toBe('sent');
    await top.locator('.order-summary').click();
    await expect
      .poll(() => top.locator('[data-headline]').textContent())
      .toBe(say('orders:sentPricesUnknown'));
    await pictures('orders-prices-unknown');
  });
});
