// A fast generator of a large offline stock cache (the real schema, via openCatalog), for the
// lookup and restart benchmarks here and for the counter's scan benchmark. `file` is an app file
// (counter.sqlite's schema, empty) with the generated catalog beside it (catalogFileFor). Rows are written with
// plain prepared INSERTs in one transaction (not through sync), ~1M rows in seconds. The file is
// kept in the temp folder keyed by its parameters, so repeated bench runs reuse it.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stockItemFields } from '../../db/catalog/index.ts';
import { catalogFileFor, openCatalog, openDatabase } from '../../db/database.ts';

export interface StockCacheOptions {
  items: number;
  warehouses?: number;
  /** Where to write; default a file in the temp folder named by the parameters (reused if present). */
  file?: string;
}

export interface StockCache {
  file: string;
  items: number;
  products: number;
  warehouses: number;
  /** The i-th product's fields, computed (no query needed), for choosing lookups. */
  product(i: number): GeneratedProduct;
}

export interface GeneratedProduct {
  productId: number;
  barcode: string;
  productCode: string;
  supplierProductCode: string;
  productName: string;
  brand: string;
}

const LAYOUT = 2; // 2: the catalog in a file of its own
const adjectives = [
  'Žluťoučký',
  'Červený',
  'Modrý',
  'Zelený',
  'Bílý',
  'Černý',
  'Šedý',
  'Hnědý',
  'Růžový',
  'Fialový',
  'Velký',
  'Malý',
  'Dlouhý',
  'Krátký',
  'Široký',
  'Úzký',
  'Těžký',
  'Lehký',
  'Měkký',
  'Tvrdý',
  'Starý',
  'Nový',
  'Rychlý',
  'Pomalý',
  'Teplý',
  'Studený',
  'Suchý',
  'Mokrý',
  'Čistý',
  'Špinavý',
];
const nouns = [
  'kůň',
  'stůl',
  'hrnek',
  'talíř',
  'nůž',
  'šroub',
  'hřebík',
  'kabel',
  'svetr',
  'šátek',
  'kartáč',
  'míč',
  'deštník',
  'batoh',
  'kufr',
  'rukavice',
  'čepice',
  'boty',
  'ponožky',
  'košile',
  'lžíce',
  'vidlička',
  'hrnec',
  'pánev',
  'konvice',
  'lampa',
  'žárovka',
  'vypínač',
  'zásuvka',
  'kladivo',
  'pila',
  'vrtačka',
  'klíč',
  'zámek',
  'řetěz',
  'lano',
  'páska',
  'lepidlo',
  'barva',
  'štětec',
];
const brands = ['Ďáblík', 'Öko', 'Prima', 'Kvalita', 'Domov', 'Dílna', 'Sport', 'Zahrada'];

/** EAN-13 with a valid check digit. */
export function ean13(body12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[i]) * (i % 2 === 0 ? 1 : 3);
  return body12 + String((10 - (sum % 10)) % 10);
}

export function generatedProduct(i: number): GeneratedProduct {
  const productId = i + 1;
  const adjective = adjectives[i % adjectives.length] ?? '';
  const noun = nouns[Math.floor(i / adjectives.length) % nouns.length] ?? '';
  return {
    productId,
    barcode: ean13(`859${String(productId).padStart(9, '0')}`),
    productCode: `P${String(productId).padStart(7, '0')}`,
    supplierProductCode: `S-${(productId * 7919) % 1_000_003}`,
    productName: `${adjective} ${noun} ${(i % 997) + 1}`,
    brand: brands[i % brands.length] ?? '',
  };
}

export function generateStockCache(options: StockCacheOptions): StockCache {
  const warehouses = options.warehouses ?? 5;
  const products = Math.ceil(options.items / warehouses);
  const file =
    options.file ?? join(tmpdir(), `counter-bench-stock-${options.items}-${warehouses}-v${LAYOUT}.sqlite`);
  const cache: StockCache = { file, items: options.items, products, warehouses, product: generatedProduct };
  const catalogFile = catalogFileFor(file);
  if (options.file === undefined && existsSync(file) && existsSync(catalogFile)) return cache;
  // Written under a temporary name and renamed: an interrupted generation is never reused.
  const partial = `${catalogFile}.partial`;
  for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(f, { force: true });
  const db = openCatalog(partial);
  const cols = [...stockItemFields, 'syncedAt', 'syncMark'];
  const insert = db.prepare(
    `INSERT INTO stock_item (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
  );
  const search = db.prepare('INSERT INTO product_search (rowid, productName, brand) VALUES (?, ?, ?)');
  const syncedAt = new Date().toISOString();
  db.transaction(() => {
    for (let w = 1; w <= warehouses; w++) {
      db.prepare('INSERT INTO warehouse (id, name, number, syncedAt) VALUES (?, ?, ?, ?)').run(
        w,
        `Sklad ${w}`,
        `0${w}`,
        syncedAt,
      );
    }
    let id = 0;
    for (let i = 0; i < products && id < options.items; i++) {
      const p = generatedProduct(i);
      search.run(p.productId, p.productName, p.brand);
      for (let w = 1; w <= warehouses && id < options.items; w++) {
        id++;
        const q = (i * 31 + w * 7) % 50;
        insert.run(
          id,
          w,
          p.productId,
          p.barcode,
          p.productCode,
          p.supplierProductCode,
          p.productName,
          p.brand,
          'ks',
          100 + (i % 900),
          Math.round(((100 + (i % 900)) / 1.21) * 100) / 100,
          21,
          q,
          q - (q % 3),
          q % 3,
          i % 5,
          0,
          0,
          '2026-01-01T08:00:00',
          `Sklad ${w}`,
          `0${w}`,
          0, // prohibitionOfDiscounts
          0, // isInactiveInWarehouse
          syncedAt,
          1,
        );
      }
    }
    db.prepare(
      `INSERT INTO sync_state (resource, lastCompleteAt, lastFullAt, watermark, fullPass) VALUES ('stockItems', ?, ?, ?, 1)`,
    ).run(syncedAt, syncedAt, '2026-01-01T08:00:00');
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  renameSync(partial, catalogFile);
  rmSync(`${partial}-wal`, { force: true });
  rmSync(`${partial}-shm`, { force: true });
  openDatabase(file).close(); // the app file the catalog sits beside
  return cache;
}

/** "zlut kun": the first letters of a product's first two words without diacritics, lower case. */
export function nameQuery(p: GeneratedProduct): string {
  return p.productName
    .split(' ')
    .slice(0, 2)
    .map((w) => w.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().slice(0, 4))
    .join(' ');
}
