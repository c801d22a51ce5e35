// Generated data: deterministic per seed, sized as INTERFACES.md says, realistic where tests rely on it.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTempDir, tempDir } from '../test/support/fixtures.ts';
import { isValidEan13 } from './ean.ts';
import { DEFAULT_SEED } from './prng.ts';
import { seed, sizeSpecs, type SimSize } from './seed.ts';
import { markSeeded, openStore, type SimDb } from './store.ts';

/** A store seeded for `size` in `dir` (by default a new folder of the running test). */
function seeded(size: SimSize, seedValue = DEFAULT_SEED, dir = tempDir('sim-seed')): SimDb {
  const { db } = openStore(join(dir, 'sim.sqlite'), 'test');
  seed(db, size, seedValue);
  markSeeded(db, 'test');
  return db;
}

function dump(db: SimDb): string {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  return JSON.stringify(tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).all()]));
}

const all = <T>(db: SimDb, sql: string): T[] => db.prepare(sql).all() as T[];
const count = (db: SimDb, sql: string): number => db.prepare(sql).pluck().get() as number;

const demoDir = sharedTempDir('sim-seed-demo');
let demo: SimDb;
beforeAll(() => {
  demo = seeded('demo', DEFAULT_SEED, demoDir);
});
afterAll(() => {
  demo.close();
});

describe('determinism', () => {
  it('gives the same data for the same size and seed, other data for another seed', () => {
    const a = seeded('small');
    const b = seeded('small');
    const c = seeded('small', 12345);
    expect(dump(a)).toBe(dump(b));
    expect(dump(a)).not.toBe(dump(c));
    for (const db of [a, b, c]) db.close();
  });
});

describe('sizes', () => {
  it('demo: >= 5 warehouses, 2,000 products stocked in every warehouse, units for each', () => {
    const warehouses = count(demo, 'SELECT COUNT(*) FROM warehouse');
    expect(warehouses).toBeGreaterThanOrEqual(5);
    expect(count(demo, 'SELECT COUNT(*) FROM product')).toBe(2000);
    expect(count(demo, 'SELECT COUNT(*) FROM stock_item')).toBe(2000 * warehouses);
    expect(count(demo, "SELECT COUNT(DISTINCT productId || '-' || warehouseId) FROM stock_item")).toBe(
      2000 * warehouses,
    );
    expect(count(demo, 'SELECT COUNT(DISTINCT parentId) FROM product_unit')).toBe(2000);
  });

  it('demo: 500 companies each with a card, unique card barcodes, representatives and receivables naming companies', () => {
    expect(count(demo, 'SELECT COUNT(*) FROM company')).toBe(500);
    expect(count(demo, 'SELECT COUNT(DISTINCT parentId) FROM company_card')).toBe(500);
    const cards = count(demo, 'SELECT COUNT(*) FROM company_card');
    expect(count(demo, "SELECT COUNT(DISTINCT json_extract(data, '$.barcode')) FROM company_card")).toBe(
      cards,
    );
    expect(
      count(
        demo,
        'SELECT COUNT(DISTINCT parentId) FROM representative WHERE parentId IN (SELECT id FROM company)',
      ),
    ).toBe(500);
    expect(
      count(demo, 'SELECT COUNT(*) FROM financial_receivable WHERE customerId IN (SELECT id FROM company)'),
    ).toBeGreaterThan(300);
  });

  it('small: has weighed (21) and price-labelled (23) products that may be sold', () => {
    const db = seeded('small');
    for (const prefix of ['21', '23']) {
      const n = count(
        db,
        `SELECT COUNT(*) FROM stock_item WHERE barcode LIKE '${prefix}%' AND coalesce(prohibitionOfSale, 0) = 0 AND price > 0`,
      );
      expect(n, prefix).toBeGreaterThanOrEqual(3 * 2);
    }
    db.close();
  });

  it('large: at least 100,000 stock items by construction; small: 3 warehouses, 60 products, 20 companies', () => {
    expect(sizeSpecs.large.warehouses * sizeSpecs.large.products).toBeGreaterThanOrEqual(100_000);
    expect(sizeSpecs.small).toMatchObject({ warehouses: 3, products: 60, companies: 20 });
  });
});

describe('realism', () => {
  it('product barcodes are valid EAN-13; weight (21) and price (23) products store zeroed value digits', () => {
    const rows = all<{ barcode: string; unitOfMeasure: string }>(
      demo,
      'SELECT DISTINCT barcode, unitOfMeasure FROM stock_item',
    );
    expect(rows.every((r) => isValidEan13(r.barcode))).toBe(true);
    const weighed = rows.filter((r) => r.barcode.startsWith('21'));
    const priced = rows.filter((r) => r.barcode.startsWith('23'));
    expect(weighed.length).toBeGreaterThan(20);
    expect(priced.length).toBeGreaterThan(20);
    for (const r of [...weighed, ...priced]) expect(r.barcode.slice(7, 12)).toBe('00000');
    expect(weighed.every((r) => r.unitOfMeasure === 'kg')).toBe(true);
  });

  it('product names carry diacritics, including the Žluťoučký kůň', () => {
    const names = all<{ productName: string }>(demo, 'SELECT DISTINCT productName FROM stock_item').map(
      (r) => r.productName,
    );
    expect(names).toContain('Žluťoučký kůň – plyšová hračka');
    expect(names.filter((n) => /[^\u0020-\u007e]/.test(n)).length).toBeGreaterThan(names.length / 2);
  });

  it('some cards are invalid, expired or not yet valid', () => {
    const cards = all<{ data: string }>(demo, 'SELECT data FROM company_card').map(
      (r) => JSON.parse(r.data) as { isInvalid?: boolean; validFrom?: string; validTo?: string },
    );
    const now = new Date().toISOString().slice(0, 19);
    expect(cards.filter((c) => c.isInvalid === true).length).toBeGreaterThan(5);
    expect(cards.filter((c) => c.validTo !== undefined && c.validTo < now).length).toBeGreaterThan(5);
    expect(cards.filter((c) => c.validFrom !== undefined && c.validFrom > now).length).toBeGreaterThan(5);
  });
});
