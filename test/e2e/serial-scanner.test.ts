// The serial scanner (USB-COM) through the web shell, in Debian's Chromium against the real sim: a
// real pseudo-terminal pair from socat is the scanner's port, typed into Settings (a pty is not in
// the system's list); what the test writes into its other end is what the scanner sends. Settings
// sets it by its path, and the status bar says it is connected.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { SettingsStore } from '../../main/settings/store.ts';
import { ptyPair, type PtyPair } from '../support/pty.ts';
import { sharedTempDir } from '../support/fixtures.ts';
import {
  fromCatalog,
  SELLS_PLAINLY,
  stopAll,
  syncedTerminal,
  type SyncedTerminal,
} from '../support/terminal.ts';
import { goTo, statusBar, statusBarProblems } from './app.ts';
import { launchChromium, screenshot, SIZES, startWebShellProcess, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { E2E_LANGUAGE, newPage, say } from './lang.ts';

interface Product {
  barcode: string;
  productName: string;
}

let terminal: SyncedTerminal;
let shell: RunningShell | undefined;
let browser: Browser | undefined;
let page: Page;
const pair: PtyPair = ptyPair(sharedTempDir('serial-e2e'));
let products: Product[];

beforeAll(async () => {
  terminal = await syncedTerminal('serial');
  const warehouseId = fromCatalog(
    terminal.dataDir,
    (db) =>
      (
        db
          .prepare(
            `SELECT warehouseId FROM stock_item WHERE ${SELLS_PLAINLY} GROUP BY warehouseId
                    ORDER BY count(*) DESC LIMIT 1`,
          )
          .get() as { warehouseId: number }
      ).warehouseId,
  );
  products = fromCatalog(
    terminal.dataDir,
    (db) =>
      db
        .prepare(
          `SELECT barcode, productName FROM stock_item
           WHERE warehouseId = ? AND ${SELLS_PLAINLY} AND productName IS NOT NULL AND barcode IS NOT NULL
             AND length(barcode) = 13 AND barcode NOT LIKE '2%' AND unitOfMeasure = 'ks'
           GROUP BY barcode ORDER BY min(id) LIMIT 4`,
        )
        .all(warehouseId) as Product[],
  );
  expect(products).toHaveLength(4);
  const db = openDatabase(join(terminal.dataDir, 'counter.sqlite'));
  new SettingsStore(db).write({ warehouseId, language: E2E_LANGUAGE, shiftRequired: false });
  db.close();
  await pair.start();
  const [started, chromium] = await Promise.all([startWebShellProcess(terminal.env), launchChromium()]);
  [shell, browser] = [started, chromium];
  page = await newPage(chromium, { viewport: SIZES[0] });
  await page.goto(started.url);
}, 180_000);

afterAll(async () => {
  await pair.pull();
  await stopAll(terminal, shell, browser);
});

screenshotOnFailure(() => page, 'serial');

const serialPill = () => statusBar(page).locator('[data-serial-scanner]');

describe('serial scanner in the web shell', () => {
  it('is set in Settings by its path, and the status bar says it is connected', async () => {
    await goTo(page, 'settings');
    const card = page.locator('[data-section="serial-scanner"]');
    await card.scrollIntoViewIfNeeded();
    await expect
      .poll(() => card.locator('[data-serial-ports]').getAttribute('data-serial-ports'))
      .not.toBe('asking');
    await card.locator('[data-field="serialPort"]').fill(pair.port);
    await card.locator('[data-action="save-serial-scanner"]').click();
    await expect
      .poll(() => card.locator('[data-serial-notice]').textContent())
      .toBe(say('serial:serialSaved'));
    await expect.poll(() => serialPill().getAttribute('data-serial-scanner')).toBe('connected');
    expect(await serialPill().textContent()).toBe(say('serial:serialStatusConnected'));
    await card.locator('h2').scrollIntoViewIfNeeded();
    await screenshot(page, `serial-${E2E_LANGUAGE}-settings-1024`);
    expect(await statusBarProblems(page)).toBeNull();
  });
});
