// Deterministic demo data: the same size and seed always give the same rows (no clock, no
// Math.random), so tests and screenshots can name products, cards and barcodes.
import { ean13, variableMeasureEan13 } from './ean.ts';
import { financialReceivableColumns, jsonToColumn, stockItemColumns } from './fields.ts';
import * as n from './names.ts';
import { createPrng, type Prng } from './prng.ts';
import { DocTable, type SimDb } from './store.ts';
import { formatDateTime } from './time.ts';

export type SimSize = 'small' | 'demo' | 'large';

interface SizeSpec {
  readonly warehouses: number;
  /** The last warehouses are marked inactive (still stocked), to exercise the flag. */
  readonly inactiveWarehouses: number;
  readonly products: number;
  readonly companies: number;
}

export const sizeSpecs: Record<SimSize, SizeSpec> = {
  small: { warehouses: 3, inactiveWarehouses: 0, products: 60, companies: 20 },
  demo: { warehouses: 6, inactiveWarehouses: 1, products: 2000, companies: 500 },
  large: { warehouses: 8, inactiveWarehouses: 1, products: 12_500, companies: 2000 },
};

/** Seeded time stamps fall in 2024, before anything the running sim writes. */
const BASE_TIME = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;

/** Unit ids of the generated product units. */
export const UNIT = { piece: 1, kilogram: 2, pack: 3, carton: 4 } as const;

export const itemLists: Record<string, readonly string[]> = {
  'sport/accessories/helmet-skeletons': ['Polykarbonát', 'Karbon', 'Skelný laminát'],
  'building-materials/palette-dimensions': ['1200 × 800 mm (EUR)', '1200 × 1000 mm', '800 × 600 mm'],
  'jewellery/watches/date-displays': ['Analogové', 'Digitální', 'Bez data'],
  'jewellery/watches/watch-face-shapes': ['Kulatý', 'Čtvercový', 'Oválný'],
  'jewellery/watches/watch-case-sizes': ['36 mm', '40 mm', '42 mm', '44 mm'],
  'building-materials/materials': ['Cihla plná', 'Pórobeton', 'Dřevo – smrk', 'Ocel'],
  'sport/tyre-types': ['Letní', 'Zimní', 'Celoroční'],
  'damage-types': ['Rozbitý obal', 'Prošlá záruka', 'Poškození při přepravě', 'Vada materiálu'],
};

function time(prng: Prng, fromDay: number, toDay: number): string {
  return formatDateTime(
    new Date(BASE_TIME + prng.int(fromDay * 24, toDay * 24) * 3_600_000 + prng.int(0, 3599) * 1000),
  );
}

const round2 = (x: number): number => Math.round(x * 100) / 100;
const pad = (x: number, width: number): string => String(x).padStart(width, '0');

interface Company {
  readonly id: number;
  readonly name: string;
  readonly city: string;
  readonly zipCode: string;
  readonly address1: string;
  readonly ico: string;
}

interface Product {
  readonly id: number;
  readonly kind: 'plain' | 'weight' | 'price';
  readonly fields: Record<string, unknown>;
}

export function seed(db: SimDb, size: SimSize, seedValue: number): void {
  const prng = createPrng(seedValue);
  const spec = sizeSpecs[size];
  db.transaction(() => {
    const warehouses = seedWarehouses(db, spec);
    const companies = seedCompanies(db, prng, spec.companies);
    const products = seedProducts(db, prng, spec.products, companies);
    seedStockItems(db, prng, products, warehouses);
    seedCards(db, prng, companies);
    seedRepresentatives(db, prng, companies);
    seedReceivables(db, prng, companies);
    seedReferenceLists(db, prng, products);
  })();
}

interface WarehouseRow {
  readonly id: number;
  readonly name: string;
  readonly number: string;
}

function seedWarehouses(db: SimDb, spec: SizeSpec): WarehouseRow[] {
  const insert = db.prepare('INSERT INTO warehouse (id, name, number, isInactive) VALUES (?, ?, ?, ?)');
  const rows: WarehouseRow[] = [];
  for (let i = 0; i < spec.warehouses; i++) {
    const row = { id: i + 1, name: n.warehouseNames[i] ?? `Sklad ${i + 1}`, number: pad(i + 1, 2) };
    insert.run(row.id, row.name, row.number, i >= spec.warehouses - spec.inactiveWarehouses ? 1 : null);
    rows.push(row);
  }
  return rows;
}

function seedCompanies(db: SimDb, prng: Prng, count: number): Company[] {
  const table = new DocTable(db, 'company');
  const out: Company[] = [];
  for (let id = 1; id <= count; id++) {
    const surname = prng.pick(n.surnames);
    const [city, zipCode] = prng.pick(n.cities);
    const style = prng.int(0, 2);
    const name =
      style === 0
        ? `${prng.pick(n.trades)} ${surname} ${prng.pick(n.legalForms)}`
        : style === 1
          ? `${surname} & ${n.femaleSurname(prng.pick(n.surnames))} ${prng.pick(n.legalForms)}`
          : `${prng.pick(n.trades)} U ${n.familyName(surname)}`;
    const company: Company = {
      id,
      name,
      city,
      zipCode,
      address1: `${prng.pick(n.streets)} ${prng.int(1, 250)}`,
      ico: pad(prng.int(10_000_000, 99_999_999), 8),
    };
    table.insert(null, () => ({ ...company }));
    out.push(company);
  }
  return out;
}

/** Name and group of a product; the noun decides the group and the package size's unit. */
function productNaming(
  prng: Prng,
  id: number,
  kind: Product['kind'],
  brand: string,
): { name: string; group: string } {
  if (id === 1) return { name: 'Žluťoučký kůň – plyšová hračka', group: 'HRA' };
  if (kind === 'weight') return { name: prng.pick(n.weighedProducts), group: 'OVZ' };
  if (kind === 'price') return { name: prng.pick(n.pricedProducts), group: 'MAS' };
  const [noun, gender, group, measure] = prng.pick(n.nouns);
  const adjective = prng.pick(n.adjectives)[gender];
  const text = `${adjective} ${noun} ${brand} ${prng.pick(n.packageSizes[measure])}`;
  return { name: text.charAt(0).toUpperCase() + text.slice(1), group };
}

function seedProducts(db: SimDb, prng: Prng, count: number, companies: readonly Company[]): Product[] {
  const table = new DocTable(db, 'product');
  const units = new DocTable(db, 'product_unit');
  const codes = new DocTable(db, 'supplier_product_code');
  const out: Product[] = [];
  for (let id = 1; id <= count; id++) {
    // By id, not by chance: every size, even small, has weighed (5 %) and price-labelled (4 %) products.
    const kind: Product['kind'] = id % 20 === 7 ? 'weight' : id % 25 === 13 ? 'price' : 'plain';
    const brandIndex = prng.int(0, n.brands.length - 1);
    const naming = productNaming(prng, id, kind, n.brands[brandIndex] ?? '');
    const groupCode = naming.group;
    const commodity = n.groups.find(([g]) => g === groupCode)?.[1] ?? groupCode;
    const barcode =
      kind === 'plain'
        ? ean13('859' + pad(1000 + brandIndex, 4) + pad(id % 100_000, 5))
        : variableMeasureEan13(kind === 'weight' ? '21' : '23', id);
    const vatRate = groupCode === 'NAP' || groupCode === 'DRO' || groupCode === 'HRA' ? 21 : 12;
    const price = kind === 'weight' ? prng.int(19, 149) + 0.9 : prng.int(9, 499) + 0.9;
    const priceWoVat = round2(price / (1 + vatRate / 100));
    const stockPrice = round2(priceWoVat * (0.6 + prng.next() * 0.25));
    const supplier = prng.pick(companies);
    const supplierProductCode = `S${pad(supplier.id, 4)}-${pad(id, 6)}`;
    const fields: Record<string, unknown> = {
      productId: id,
      productName: naming.name,
      productCode: `${groupCode}-${pad(id, 5)}`,
      barcode,
      brand: kind === 'plain' ? n.brands[brandIndex] : undefined,
      commodity,
      groupCode,
      groupId: n.groups.findIndex(([g]) => g === groupCode) + 1,
      unitOfMeasure: kind === 'weight' ? 'kg' : 'ks',
      vatRate,
      price,
      priceWoVat,
      stockPrice,
      margin: round2(((priceWoVat - stockPrice) / priceWoVat) * 100),
      supplierId: supplier.id,
      supplierName: supplier.name,
      supplierNumber: supplier.ico,
      supplierProductCode,
      isInactive: prng.chance(0.02),
      prohibitionOfSale: kind === 'plain' && prng.chance(0.01),
      prohibitionOfDiscounts: prng.chance(0.05),
      isNew: prng.chance(0.05),
      isInPromo: prng.chance(0.1),
      isService: false,
      isVoucher: false,
      trackedItem: true,
      usesLocation: true,
      createdAt: time(prng, 0, 120),
    };
    table.insert(null, () => ({
      id,
      name: fields['productName'],
      code: fields['productCode'],
      barcode,
      kind,
      vatRate,
      price,
    }));
    seedUnits(units, prng, id, kind);
    codes.insert(id, (codeId) => ({
      id: codeId,
      productId: id,
      supplierId: supplier.id,
      supplierProductCode,
      price: stockPrice,
      priceCoefficient: 1,
      quantityCoefficient: 1,
      unitId: kind === 'weight' ? UNIT.kilogram : UNIT.piece,
      isInvalid: false,
      createdAt: fields['createdAt'],
      lastModify: fields['createdAt'],
    }));
    out.push({ id, kind, fields });
  }
  return out;
}

function seedUnits(units: DocTable, prng: Prng, productId: number, kind: Product['kind']): void {
  const base = kind === 'weight' ? UNIT.kilogram : UNIT.piece;
  units.insert(productId, (id) => ({
    id,
    productId,
    unitId: base,
    unit: base,
    unitOrder: 1,
    guid: prng.guid(),
    isInvisible: false,
    quantityCoefficient: 1,
    weight: kind === 'weight' ? 1 : round2(0.1 + prng.next()),
    weightUnitId: UNIT.kilogram,
  }));
  if (kind !== 'plain' || !prng.chance(0.5)) return;
  const perPack = prng.pick([6, 8, 10, 12, 24]);
  units.insert(productId, (id) => ({
    id,
    productId,
    unitId: UNIT.pack,
    unit: UNIT.pack,
    unitOrder: 2,
    guid: prng.guid(),
    isInvisible: false,
    quantityCoefficient: perPack,
    height: prng.int(10, 40),
    width: prng.int(20, 60),
    depth: prng.int(20, 60),
    dimensionUnitId: 10,
    dimension: 'cm',
  }));
  if (!prng.chance(0.3)) return;
  units.insert(productId, (id) => ({
    id,
    productId,
    unitId: UNIT.carton,
    unit: UNIT.carton,
    unitOrder: 3,
    guid: prng.guid(),
    isInvisible: prng.chance(0.2),
    quantityCoefficient: perPack * 4,
  }));
}

function seedStockItems(
  db: SimDb,
  prng: Prng,
  products: readonly Product[],
  warehouses: readonly WarehouseRow[],
): void {
  const columns = stockItemColumns.map((f) => `"${f.name}"`).join(', ');
  const insert = db.prepare(
    `INSERT INTO stock_item (${columns}) VALUES (${stockItemColumns.map(() => '?').join(', ')})`,
  );
  let id = 0;
  for (const warehouse of warehouses) {
    for (const product of products) {
      id += 1;
      const weighed = product.kind === 'weight';
      const inStock = prng.chance(0.1) ? 0 : weighed ? round2(prng.next() * 80) : prng.int(1, 250);
      const blocked = weighed ? 0 : Math.min(inStock, prng.chance(0.2) ? prng.int(1, 5) : 0);
      const row: Record<string, unknown> = {
        ...product.fields,
        id,
        warehouseId: warehouse.id,
        warehouseName: warehouse.name,
        warehouseNumber: warehouse.number,
        locationText: `${String.fromCharCode(65 + prng.int(0, 7))}-${pad(prng.int(1, 30), 2)}-${prng.int(1, 6)}`,
        quantityInStock: inStock,
        quantityBlocked: blocked,
        quantityAvailable: round2(inStock - blocked),
        quantityOrdered: prng.chance(0.15) ? prng.int(1, 20) : 0,
        totalQuantity: inStock,
        minQuantity: 5,
        optQuantity: 50,
        maxQuantity: 300,
        isInactiveInWarehouse: prng.chance(0.01),
        lastModify: time(prng, 120, 365),
      };
      insert.run(stockItemColumns.map((f) => jsonToColumn(f, row[f.name])));
    }
  }
}

function seedCards(db: SimDb, prng: Prng, companies: readonly Company[]): void {
  const cards = new DocTable(db, 'company_card');
  const barcodeIndex = db.prepare('INSERT INTO company_card_barcode (barcode, cardId) VALUES (?, ?)');
  for (const company of companies) {
    const count = prng.chance(0.2) ? 2 : 1;
    for (let i = 0; i < count; i++) {
      cards.insert(company.id, (id) => {
        // Mostly EAN-13 in the in-store range 29 (never 21/23, which are variable-measure products);
        // every 7th card is an alphanumeric code as some loyalty schemes print.
        const barcode = id % 7 === 0 ? `K${pad(id, 9)}` : ean13('29' + pad(id, 10));
        barcodeIndex.run(barcode, id);
        const roll = prng.next();
        const card: Record<string, unknown> = {
          id,
          companyId: company.id,
          barcode,
          name: `Věrnostní karta ${i + 1} – ${company.name}`.slice(0, 80),
          discount: prng.pick([0, 0, 2, 3, 5, 10]),
          discountAmount: 0,
          discountGroupId: prng.int(1, 4),
          guid: prng.guid(),
          isBillingEnabled: prng.chance(0.3),
          isInvalid: roll < 0.05,
          lastModify: time(prng, 0, 365),
          validFrom: roll >= 0.05 && roll < 0.08 ? '2099-01-01T00:00:00' : time(prng, 0, 60),
        };
        // Expired cards end in 2024; most others are open-ended.
        if (roll >= 0.08 && roll < 0.13) card['validTo'] = time(prng, 200, 300);
        else if (prng.chance(0.3)) card['validTo'] = '2030-12-31T23:59:59';
        if (prng.chance(0.1)) card['note'] = 'Karta vydána na pobočce.';
        return card;
      });
    }
  }
}

function seedRepresentatives(db: SimDb, prng: Prng, companies: readonly Company[]): void {
  const reps = new DocTable(db, 'representative');
  for (const company of companies) {
    // Every company has a representative: it is how a client discovers which companies exist.
    const count = prng.chance(0.25) ? 2 : 1;
    for (let i = 0; i < count; i++) {
      const female = prng.chance(0.5);
      const surname = prng.pick(n.surnames);
      const name = prng.pick(female ? n.femaleNames : n.maleNames);
      const fullSurname = female ? n.femaleSurname(surname) : surname;
      reps.insert(company.id, (id) => ({
        id,
        companyId: company.id,
        name,
        surname: fullSurname,
        title: prng.pick(['', 'Ing.', 'Mgr.', 'Bc.', 'MUDr.']) || undefined,
        email: `${ascii(name)}.${ascii(fullSurname)}${id}@example.cz`.toLowerCase(),
        phone: `+420 ${prng.int(200, 599)} ${pad(prng.int(0, 999), 3)} ${pad(prng.int(0, 999), 3)}`,
        mobilePhone: `+420 ${prng.int(601, 799)} ${pad(prng.int(0, 999), 3)} ${pad(prng.int(0, 999), 3)}`,
        address1: company.address1,
        city: company.city,
        zipCode: company.zipCode,
        country: 'Česká republika',
        functionId: prng.int(1, 4),
        isInformEnabled: prng.chance(0.5),
        dateOfBirth: formatDateTime(
          new Date(Date.UTC(prng.int(1955, 2000), prng.int(0, 11), prng.int(1, 28))),
        ),
      }));
    }
  }
}

function ascii(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

function seedReceivables(db: SimDb, prng: Prng, companies: readonly Company[]): void {
  const insert = db.prepare(
    `INSERT INTO financial_receivable (${financialReceivableColumns.map((f) => `"${f.name}"`).join(', ')})
     VALUES (${financialReceivableColumns.map(() => '?').join(', ')})`,
  );
  let id = 0;
  for (const company of companies) {
    if (!prng.chance(0.6)) continue;
    const count = prng.int(1, 3);
    for (let i = 0; i < count; i++) {
      id += 1;
      const eur = prng.chance(0.1);
      const amount = round2(prng.int(500, 90_000) + prng.int(0, 99) / 100);
      const paidRoll = prng.next();
      const alreadyPaid = paidRoll < 0.3 ? amount : paidRoll < 0.5 ? round2(amount * prng.next()) : 0;
      const date = time(prng, 150, 350);
      const basis = round2(amount / 1.21);
      const row: Record<string, unknown> = {
        id,
        customerId: company.id,
        customerName: company.name,
        address1: company.address1,
        city: company.city,
        zipCode: company.zipCode,
        companyIdentificationNumber: company.ico,
        vatRegistrationNumber: `CZ${company.ico}`,
        currency: eur ? 'EUR' : 'CZK',
        currencyId: eur ? 2 : 1,
        amount,
        alreadyPaid,
        date,
        dueDate: formatDateTime(new Date(Date.parse(`${date}Z`) + 14 * DAY)),
        paidOnDate:
          alreadyPaid === amount
            ? formatDateTime(new Date(Date.parse(`${date}Z`) + prng.int(1, 30) * DAY))
            : undefined,
        documentType: 'FV',
        type: 'F',
        documentSeries: 2024,
        internalNumber: 240_000 + id,
        headerInternalId: 100_000 + id,
        variableSymbol: `2024${pad(id, 6)}`,
        paymentType: prng.pick(['Převodem', 'Hotově', 'Kartou']),
        paymentTypeId: prng.int(1, 3),
        userFullName: 'Jana Účetní',
        vatBasisBasicRate: basis,
        vatAmountBasicRate: round2(amount - basis),
      };
      insert.run(financialReceivableColumns.map((f) => jsonToColumn(f, row[f.name])));
    }
  }
}

function seedReferenceLists(db: SimDb, prng: Prng, products: readonly Product[]): void {
  const countries = new DocTable(db, 'country_of_origin');
  const countryRows: readonly (readonly [string, string, string])[] = [
    ['CZ', 'CZE', 'Česko'],
    ['SK', 'SVK', 'Slovensko'],
    ['DE', 'DEU', 'Německo'],
    ['AT', 'AUT', 'Rakousko'],
    ['PL', 'POL', 'Polsko'],
    ['HU', 'HUN', 'Maďarsko'],
    ['IT', 'ITA', 'Itálie'],
    ['ES', 'ESP', 'Španělsko'],
  ];
  for (const [countryLabel, isoLabel, name] of countryRows) {
    countries.insert(null, (id) => ({ id, countryLabel, isoLabel, name, guid: prng.guid() }));
  }
  const ages = new DocTable(db, 'age_limit');
  for (const [name, minimalAge] of [
    ['Bez omezení', undefined],
    ['Od 15 let', 15],
    ['Od 18 let', 18],
  ] as const) {
    ages.insert(null, (id) => ({ id, name, minimalAge }));
  }
  const insertEntry = db.prepare('INSERT INTO item_list_entry (list, name) VALUES (?, ?)');
  for (const [list, names] of Object.entries(itemLists))
    for (const name of names) insertEntry.run(list, name);
  const repricing = new DocTable(db, 'repricing');
  for (let doc = 1; doc <= 5; doc++) {
    repricing.insert(null, (id) => {
      const created = time(prng, 100, 300);
      const items = Array.from({ length: prng.int(3, 8) }, (_, i) => {
        const product = prng.pick(products);
        const original = Number(product.fields['price']);
        const newPrice = round2(original * (0.8 + prng.next() * 0.4));
        const vatRate = Number(product.fields['vatRate']);
        return {
          id: id * 100 + i + 1,
          item: i + 1,
          productId: product.id,
          documentType: 'PC',
          originalPrice: original,
          originalPriceWoVat: round2(original / (1 + vatRate / 100)),
          newPrice,
          newPriceWoVat: round2(newPrice / (1 + vatRate / 100)),
          vatRate,
          quantity: prng.int(1, 100),
          dateOfCreation: created,
        };
      });
      return {
        id,
        internalNumber: 2024_000 + id,
        dateOfCreation: created,
        startDate: created,
        isApplied: doc <= 3,
        isApproved: doc <= 4,
        isEnded: doc === 1,
        userId: 1,
        items,
      };
    });
  }
}
