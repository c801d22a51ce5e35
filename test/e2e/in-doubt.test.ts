// An in-doubt order settled by the operator in the Orders screen: the instance is out of reach (so no
// replay can settle it first), the operator found the order on the instance by its reference and
// records it as sent under the instance's order id. Through the web shell in Debian's Chromium.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { claimForSending, getOutboxOrder, insertOutboxOrder, recordOutboxOutcome } from '../../db/outbox.ts';
import { demoEnv, sharedTempDir } from '../support/fixtures.ts';
import { goTo } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { newPage, say } from './lang.ts';

let shell: RunningShell;
let browser: Browser;
let page: Page;
const dataDir = sharedTempDir('e2e-in-doubt');
let lostId: number;
let reference: string;

beforeAll(async () => {
  // The app was killed while this order's request was out: it is in-doubt when the app comes back.
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  const lost = insertOutboxOrder(db, {
    customerId: 7,
    warehouseId: 1,
    items: [{ productId: 3, quantity: 2 }],
  });
  claimForSending(db, lost.id, ['queued']);
  recordOutboxOutcome(db, lost.id, ['sending'], { state: 'in-doubt' });
  db.close();
  lostId = lost.id;
  reference = lost.clientReference;
  [shell, browser] = await Promise.all([
    // Port 9 (discard) refuses connections: the instance is unreachable for the whole test.
    startWebShellProcess(demoEnv('http://127.0.0.1:9', dataDir)),
    launchChromium(),
  ]);
  page = await newPage(browser, { viewport: { width: 1366, height: 820 } });
  await page.goto(shell.url);
});

afterAll(async () => {
  await browser.close();
  await shell.stop();
});

describe('an in-doubt order', { timeout: 60_000 }, () => {
  it('is explained with its reference and recorded as sent under the id the operator found', async () => {
    await goTo(page, 'orders');
    const entry = page.locator(`[data-order="${String(lostId)}"]`);
    await expect.poll(() => entry.getAttribute('data-state')).toBe('in-doubt');
    await entry.locator('.order-summary').click();
    await expect.poll(() => entry.locator('[data-reference]').textContent()).toBe(reference);
    const mark = entry.locator('[data-action="mark-sent"]');
    // Nothing to record until an order id is typed; not a number is refused by the form.
    expect(await mark.isDisabled()).toBe(true);
    await entry.locator('[data-field="remoteId"]').fill('12a');
    expect(await mark.isDisabled()).toBe(true);
    await entry.locator('[data-field="remoteId"]').fill('4242');
    await screenshot(page, 'orders-in-doubt');
    await mark.click();
    // Marking as sent asks first, as every destructive action does: the operator confirms.
    await page.getByTestId('confirm-dialog').locator('[data-action="confirm-destroy"]').click();

    await expect.poll(() => entry.getAttribute('data-state')).toBe('sent');
    await expect
      .poll(() => entry.locator('.order-summary').textContent())
      .toContain(say('orders:instanceId', { id: 4242 }));
    const db = openDatabase(join(dataDir, 'counter.sqlite'), { readonly: true });
    try {
      expect(getOutboxOrder(db, lostId)).toMatchObject({ state: 'sent', remoteId: 4242 });
    } finally {
      db.close();
    }
  });
});
