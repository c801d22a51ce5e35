// Returns in doubt on Orders, through the web shell in Debian's Chromium, in the run's language at
// 1024x768: a DELETE's return (its sale's order still recorded sent: the DELETE's answer never came)
// is settled on its row, by the two buttons; a return whose document is a negative order of its own
// has no such buttons (the core settles only a DELETE's), but says its order settles it in the list
// below and has that list show the order. The data folder is seeded before the shell starts, and the
// instance is out of reach (port 9) for the whole test, so nothing changes state meanwhile. A return
// settled by another screen (a call to the core, no order of the outbox touched) is followed by the
// list while Orders stays open (the core's `returns.changed`); a return settled or booked by its
// button takes the call's answer on its row even when no event reaches the page.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { claimForSending, insertOutboxOrder, recordOutboxOutcome } from '../../db/outbox.ts';
import { setReturnRoute } from '../../db/returns.ts';
import { demoEnv, sharedTempDir } from '../support/fixtures.ts';
import { openShift, returnCash, sell, WAREHOUSE } from '../support/store-sales.ts';
import { askCore, goTo } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { newPage, say } from './lang.ts';

let shell: RunningShell | undefined;
let browser: Browser | undefined;
let page: Page;
const dataDir = sharedTempDir('e2e-returns-settle');
/** The negative order that is the second return's document, in doubt. */
let documentId: number;
let documentReference: string;
/** The DELETE's return, in doubt. */
let deletedId: number;
/** Another DELETE's return in doubt, settled while a page's event stream is held back. */
let lateId: number;

beforeAll(async () => {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  openShift(db, 50000);
  // Two sales (P1-000001, P1-000002), each acknowledged by the instance, and one unit of each back.
  const sold = (remoteId: number): number => {
    const order = sell(db, 11, 2, new Date(), 'P1');
    recordOutboxOutcome(db, order, ['queued'], { state: 'sent', remoteId });
    return order;
  };
  const first = sold(501);
  const second = sold(502);
  const third = sold(503);
  // P1-V000001 went by DELETE of the first sale's order, whose answer never came: that order is still
  // recorded sent, so the return is in doubt, for a manager to settle on its row.
  deletedId = returnCash(db, first, 1);
  setReturnRoute(db, deletedId, {
    route: 'delete',
    state: 'document',
    documentOrderId: first,
  });
  // P1-V000003 the same (after P1-V000002 below): settled while a page's event stream is down.
  const lateNews = (): number => {
    const id = returnCash(db, third, 1);
    setReturnRoute(db, id, { route: 'delete', state: 'document', documentOrderId: third });
    return id;
  };
  // P1-V000002 went as a negative order, whose answer never came: that order is in doubt.
  const document = insertOutboxOrder(db, {
    customerId: 7,
    warehouseId: WAREHOUSE,
    items: [{ productId: 11, quantity: -1, price: 10 }],
  });
  setReturnRoute(db, returnCash(db, second, 1), {
    route: 'negative-order',
    state: 'document',
    documentOrderId: document.id,
  });
  lateId = lateNews();
  // P1-V000004 in doubt after a DELETE, P1-V000005 for the back office: each settled by its button
  // while the page hears no event, so only the call's own answer can change its row.
  const fourth = sold(504);
  const clicked = returnCash(db, fourth, 1);
  setReturnRoute(db, clicked, { route: 'delete', state: 'document', documentOrderId: fourth });
  setReturnRoute(db, returnCash(db, sold(505), 1), { route: 'back-office', state: 'back-office' });
  claimForSending(db, document.id, ['queued']);
  recordOutboxOutcome(db, document.id, ['sending'], { state: 'in-doubt' });
  db.close();
  documentId = document.id;
  documentReference = document.clientReference;
  [shell, browser] = await Promise.all([
    // Port 9 (discard) refuses connections: the instance is unreachable for the whole test.
    startWebShellProcess(demoEnv('http://127.0.0.1:9', dataDir)),
    launchChromium(),
  ]);
  page = await newPage(browser, { viewport: { width: 1024, height: 768 } });
  screenshotOnFailure(
    () => page,
    'returns-settle',
    () => shell,
  );
  await page.goto(shell.url);
});

afterAll(async () => {
  await browser?.close();
  await shell?.stop();
});

describe('returns in doubt on Orders', () => {
  it("settles a DELETE's return on its row, and shows a negative order's return at its order below", async () => {
    await goTo(page, 'orders');
    const deleted = page.locator('[data-return="P1-V000001"]');
    const negative = page.locator('[data-return="P1-V000002"]');
    await expect.poll(() => deleted.getAttribute('data-state')).toBe('in-doubt');
    await expect.poll(() => negative.getAttribute('data-state')).toBe('in-doubt');
    const settle = '[data-action="return-settle-gone"], [data-action="return-settle-there"]';

    // The DELETE's return: both of the manager's answers, on its row.
    expect(await deleted.locator('[data-action="return-settle-gone"]').innerText()).toBe(
      say('orders:returnSettleGone'),
    );
    expect(await deleted.locator('[data-action="return-settle-there"]').innerText()).toBe(
      say('orders:returnSettleThere'),
    );
    expect(await deleted.locator('[data-action="return-show-order"]').count()).toBe(0);

    // The negative order's return: no settling here (the core would refuse it), but where it is settled.
    expect(await negative.locator(settle).count()).toBe(0);
    expect(await negative.locator(`[data-return-at-order="${String(documentId)}"]`).innerText()).toBe(
      say('orders:returnAtOrder', { id: documentId }),
    );
    const show = negative.locator('[data-action="return-show-order"]');
    expect(await show.innerText()).toBe(say('orders:returnShowOrder', { id: documentId }));

    await screenshot(page, 'orders-returns-in-doubt-1024');

    // The list below filtered to what hides that order (the sent ones): the button brings it back.
    const document = page.locator(`[data-order="${String(documentId)}"]`);
    await expect.poll(() => document.getAttribute('data-state')).toBe('in-doubt');
    await page.locator('[data-filter="sent"]').click();
    await expect.poll(() => document.count()).toBe(0);
    expect(await page.locator('[data-order][data-state="sent"]').count()).toBe(5);
    await show.click();
    await expect.poll(() => document.getAttribute('data-state')).toBe('in-doubt');
    expect(await page.locator('[data-field="findReference"]').inputValue()).toBe(documentReference);
    expect(await page.locator('[data-filter="all"]').getAttribute('aria-pressed')).toBe('true');
    // Only that order: the sales' orders do not match its reference.
    await expect.poll(() => page.locator('[data-order]').count()).toBe(1);
    // Scrolled to, whole in the window (not under the status bar at the foot of it).
    const bar = await page.getByTestId('status-bar').boundingBox();
    await expect
      .poll(async () => {
        const box = await document.boundingBox();
        return box !== null && bar !== null && box.y >= 0 && box.y + box.height <= bar.y;
      })
      .toBe(true);
    await screenshot(page, 'orders-returns-settle-1024');

    // Settled below (the manager found it on the instance as order 4242): the return above follows
    // at once, with the screen left open.
    await document.locator('.order-summary').click();
    await document.locator('[data-field="remoteId"]').fill('4242');
    await document.locator('[data-action="mark-sent"]').click();
    await page.getByTestId('confirm-dialog').locator('[data-action="confirm-destroy"]').click();
    await expect.poll(() => document.getAttribute('data-state')).toBe('sent');
    await expect.poll(() => negative.getAttribute('data-state')).toBe('sent');
    expect(await negative.locator('[data-action="return-show-order"]').count()).toBe(0);
    expect(await deleted.getAttribute('data-state')).toBe('in-doubt');
  });

  it('follows a return settled by another screen, no order of the outbox touched, with Orders left open', async () => {
    await goTo(page, 'orders');
    const deleted = page.locator('[data-return="P1-V000001"]');
    await expect.poll(() => deleted.getAttribute('data-state')).toBe('in-doubt');
    const counts = await page.evaluate(
      () => document.querySelector('[data-section="orders-filter"] .filter-buttons')?.textContent,
    );
    // Another screen's manager found the order still on the instance: the return waits again (its
    // DELETE goes on the next pass; the instance is out of reach, so it stays waiting).
    expect(await stillThere(page, deletedId)).toMatchObject({ state: 'queued' });
    await expect.poll(() => deleted.getAttribute('data-state')).toBe('queued');
    expect(await deleted.locator('[data-action="return-settle-gone"]').count()).toBe(0);
    // The outbox's counts per state did not move: the list followed the returns' own news.
    expect(
      await page.evaluate(
        () => document.querySelector('[data-section="orders-filter"] .filter-buttons')?.textContent,
      ),
    ).toBe(counts);
  });

  it('reads the returns again when its event stream opens late: a change made meanwhile is shown', async () => {
    await onOrdersEventsHeld(async (release) => {
      const row = page.locator('[data-return="P1-V000003"]');
      await expect.poll(() => row.getAttribute('data-state')).toBe('in-doubt');
      // Settled while the page hears nothing: the core's `returns.changed` never reaches it.
      expect(await stillThere(page, lateId)).toMatchObject({ state: 'queued' });
      release();
      await expect.poll(() => row.getAttribute('data-state')).toBe('queued');
    });
  });

  it("settles by its buttons: the row takes the call's answer, with no event heard", async () => {
    await onOrdersEventsHeld(async () => {
      const gone = page.locator('[data-return="P1-V000004"]');
      const backOffice = page.locator('[data-return="P1-V000005"]');
      await expect.poll(() => gone.getAttribute('data-state')).toBe('in-doubt');
      await expect.poll(() => backOffice.getAttribute('data-state')).toBe('back-office');

      // The manager found the sale's order gone from the instance: asked first; its DELETE is then done.
      await gone.locator('[data-action="return-settle-gone"]').click();
      const confirm = page.getByTestId('confirm-dialog');
      await confirm.waitFor();
      await confirm.locator('[data-action="confirm-destroy"]').click();
      await expect.poll(() => gone.getAttribute('data-state')).toBe('sent');
      expect(await gone.locator('[data-action="return-settle-gone"]').count()).toBe(0);

      await backOffice.locator('[data-action="return-booked"]').click();
      await expect.poll(() => backOffice.getAttribute('data-state')).toBe('booked');
      expect(await backOffice.locator('[data-action="return-booked"]').count()).toBe(0);
    });
  });
});

/**
 * The till's page loaded again and on Orders, its event stream held back by Chromium until `body`
 * calls release (or ends).
 */
async function onOrdersEventsHeld(body: (release: () => void) => Promise<void>): Promise<void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/events', async (route) => {
    await held;
    await route.continue();
  });
  try {
    await page.reload();
    await goTo(page, 'orders');
    await body(release);
  } finally {
    release();
    // The held stream goes on only now: wait for it, or its handler acts on a route unrouted.
    await page.unrouteAll({ behavior: 'wait' });
  }
}

/**
 * A manager's "still on the instance" for return `id`, from a page as the page calls the core; throws
 * unless the core took it.
 */
function stillThere(on: Page, id: number): Promise<{ state: string }> {
  return askCore<{ state: string }>(on, 'returns.settle', { id, deleted: false });
}
