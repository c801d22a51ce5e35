// Every form of a GTIN sells (issue 34, point 7). Catalogs fed from GS1 data pools list GTIN-14 or
// zero-padded codes; the label on the goods carries the EAN-13, UPC-A or EAN-8. Through the core's
// calls, as the Sale screen makes them, against the real sim over HTTP and a real SQLite data folder:
// the label finds the padded catalog code, a padded scan finds the short catalog code, and a code
// that is no GTIN (letters, an internal number of no GTIN length) still matches only as written.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ScanView } from '../../../contract/contract.ts';
import { runCli } from '../../../main/cli/run.ts';
import { demoEnv, sharedTempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

const WAREHOUSE = 1;
let till: SyncedCore;
const dataDir = sharedTempDir('gtin-forms');

/** Catalog code as the instance lists it, and the code on the label (what the scanner reads). */
const items = {
  ean13: { productName: 'Hořčice plnotučná', catalog: '05901234123457', label: '5901234123457' },
  upcA: { productName: 'Polévka rajčatová', catalog: '00036000291452', label: '036000291452' },
  ean8: { productName: 'Žvýkačky mátové', catalog: '0000096385074', label: '96385074' },
  // The other direction: the catalog lists the short code, the scanner reads a padded form.
  short: { productName: 'Sůl mořská', catalog: '40170725', label: '00000040170725' },
  // No GTIN: an internal code and a Code 128 text stay exact.
  internal: { productName: 'Dárková taška', catalog: '000123', label: '123' },
  text: { productName: 'Dárkový poukaz', catalog: 'POUKAZ-0500', label: 'poukaz-0500' },
} as const;
type ItemName = keyof typeof items;

beforeAll(async () => {
  till = await startSyncedCore({
    dataDir,
    warehouseId: WAREHOUSE,
    openShift: false,
    seed: (instance) => {
      for (const { productName, catalog } of Object.values(items)) {
        instance.admin.addStockItem({
          productName,
          barcode: catalog,
          unitOfMeasure: 'ks',
          vatRate: 21,
          price: 30,
          quantityInStock: 80,
          quantityAvailable: 80,
          warehouseId: WAREHOUSE,
        });
      }
    },
  });
}, 90_000);

afterAll(() => till.close());

afterEach(async () => {
  await till.call('session.cancel', {});
});

async function scanned(code: string): Promise<ScanView['outcome']> {
  const view = (await till.call('session.scan', { code, via: 'scanner' })) as ScanView;
  return view.outcome;
}

describe('a GTIN in any of its forms', () => {
  it.each(['ean13', 'upcA', 'ean8'] as ItemName[])(
    'the label of %s finds the zero-padded code of the catalog',
    async (name) => {
      const { label, productName } = items[name];
      expect(await scanned(label)).toMatchObject({ kind: 'product', name: productName });
    },
  );

  it('a padded scan finds the short code of the catalog, in every padded length', async () => {
    for (const code of ['00000040170725', '0000040170725', '000040170725', '40170725']) {
      expect(await scanned(code)).toMatchObject({ kind: 'product', name: items.short.productName });
    }
    // and the padded catalog codes under every form too
    for (const code of ['5901234123457', '05901234123457']) {
      expect(await scanned(code)).toMatchObject({ kind: 'product', name: items.ean13.productName });
    }
  });

  it('a code that is no GTIN matches only as written', async () => {
    expect(await scanned(items.internal.catalog)).toMatchObject({
      kind: 'product',
      name: items.internal.productName,
    });
    expect(await scanned(items.internal.label)).not.toMatchObject({ kind: 'product' });
    expect(await scanned(items.text.catalog)).toMatchObject({
      kind: 'product',
      name: items.text.productName,
    });
    expect(await scanned(items.text.label)).not.toMatchObject({ kind: 'product' });
  });

  it('`pos stock` and `pos scan` find the padded catalog code by the label', async () => {
    const env = demoEnv(till.sim.url, dataDir);
    let out = '';
    const stock = await runCli(['stock', items.upcA.label, '--json'], {
      stdout: (t) => (out += t),
      stderr: () => undefined,
      env,
    });
    expect(stock).toBe(0);
    expect(JSON.parse(out)).toMatchObject([
      { barcode: items.upcA.catalog, productName: items.upcA.productName },
    ]);
    out = '';
    const scan = await runCli(['scan', items.ean8.label, '--warehouse', String(WAREHOUSE), '--json'], {
      stdout: (t) => (out += t),
      stderr: () => undefined,
      env,
    });
    expect(scan).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ kind: 'product', stockItem: { barcode: items.ean8.catalog } });
  });
});
