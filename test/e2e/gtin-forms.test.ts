// Every form of a GTIN sells (issue 34, point 7), on the Sale screen at 1024x768, in Debian's Chromium
// through the web shell against the real sim: the instance lists GTIN-14 or zero-padded codes, as
// catalogs fed from GS1 data pools do, and the scanner reads the label (EAN-13, UPC-A, EAN-8); a
// padded scan finds a short catalog code too. A code that is no GTIN still has to match as written.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOnSale, scan } from './app.ts';
import { screenshot, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { say } from './lang.ts';
import type { SyncedTerminal } from '../support/terminal.ts';
import { configureTill, freshTerminal, stopAll, syncCache } from '../support/terminal.ts';

const WAREHOUSE = 1;
/** Catalog code as the instance lists it, and what the scanner reads off the goods. */
const ITEMS = [
  { productName: 'Hořčice plnotučná', catalog: '05901234123457', label: '5901234123457' },
  { productName: 'Polévka rajčatová', catalog: '00036000291452', label: '036000291452' },
  { productName: 'Žvýkačky mátové', catalog: '0000096385074', label: '96385074' },
  { productName: 'Sůl mořská', catalog: '40170725', label: '00000040170725' },
] as const;
const INTERNAL = { productName: 'Dárková taška', catalog: '000123', label: '123' } as const;

let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  terminal = await freshTerminal('gtin-forms');
  for (const { productName, catalog } of [...ITEMS, INTERNAL]) {
    terminal.sim.admin.addStockItem({
      productName,
      barcode: catalog,
      unitOfMeasure: 'ks',
      vatRate: 21,
      price: 25,
      quantityInStock: 100,
      quantityAvailable: 100,
      warehouseId: WAREHOUSE,
    });
  }
  await syncCache(terminal.env);
  configureTill(terminal.dataDir);
  ({ shell, browser, page } = await openOnSale(terminal.env));
}, 120_000);

afterAll(async () => {
  await stopAll(terminal, shell, browser);
});

screenshotOnFailure(() => page, 'gtin-forms');

const rows = () => page.getByTestId('sale-lines').locator('tbody tr');
const announcer = () => page.getByTestId('announcer');

describe('a GTIN in any form on the Sale screen', { timeout: 180_000 }, () => {
  it('each label adds its product listed under a padded code, and a padded scan the short one', async () => {
    for (const [i, item] of ITEMS.entries()) {
      await scan(page, item.label);
      await expect.poll(() => rows().count()).toBe(i + 1);
      await rows().filter({ hasText: item.productName }).waitFor();
    }
    await screenshot(page, 'gtin-forms-sale');
  });

  it('a code that is no GTIN is not padded: the short internal code is unknown', async () => {
    const before = await rows().count();
    await scan(page, INTERNAL.label);
    await expect.poll(() => announcer().textContent()).toContain(say('core:unknownCode', { code: '123' }));
    expect(await rows().count()).toBe(before);
  });
});
