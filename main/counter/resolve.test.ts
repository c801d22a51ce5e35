// ScanResolver over a real SQLite cache (catalog queries), with card answers shaped as the service
// client gives them (ServiceError for failures): the branches the sim does not easily produce.
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDb } from '../../test/support/fixtures.ts';
import {
  saveSyncState,
  upsertCompanyCard,
  upsertReceivables,
  upsertStockItems,
} from '../../db/catalog/index.ts';
import type { Db } from '../../db/database.ts';
import { ServiceError, type ScanResult } from '../service/index.ts';
import { readGtin } from '../barcode/index.ts';
import { ScanResolver, type CardService } from './resolve.ts';

let db: Db;
const now = new Date('2026-06-01T12:00:00');
const at = now.toISOString();

beforeEach(() => {
  db = tempDb('resolve').db;
  const item = (id: number, barcode: string, extra: Record<string, unknown> = {}) => ({
    id,
    warehouseId: 1,
    productId: id,
    barcode,
    productName: `Product ${id}`,
    price: 25,
    vatRate: 12,
    ...extra,
  });
  upsertStockItems(
    db,
    [
      item(1, '0036000291452'), // stored as EAN-13, scanned as UPC-A
      item(2, '4006381333931'),
      item(3, '5901234123457', { prohibitionOfSale: true }),
      { ...item(4, '9780306406157'), warehouseId: 2, warehouseName: 'Brno' },
      // A variable-measure trade item: GTIN-14 with the indicator digit 9.
      item(5, '94006381333934'),
    ],
    { syncedAt: at, mark: 1 },
  );
  // A card whose number looks like an EAN-13 with a wrong check digit.
  upsertCompanyCard(
    db,
    { id: 9, companyId: 90, barcode: '2900000000019', name: 'Odd card', discount: 3 },
    at,
  );
  upsertCompanyCard(db, { id: 8, companyId: 80, barcode: 'K000000008', name: 'Plain card' }, at);
});

const failing = (error: ServiceError): CardService => ({ scanCard: () => Promise.reject(error) });
const context = { warehouseId: 1, sessionId: 5 };

describe('ScanResolver', () => {
  it('finds a product stored as EAN-13 when scanned as UPC-A', async () => {
    const r = await new ScanResolver({ db, now: () => now }).resolve('036000291452', context);
    expect(r).toMatchObject({ kind: 'product', stockItem: { id: 1 }, lineKind: 'unit', quantity: 1 });
  });

  it('takes price (392n) and count (30) from a scanned GS1 element string of a variable-measure GTIN only', async () => {
    const resolver = new ScanResolver({ db, now: () => now });
    const scanned = { ...context, via: 'scanner' } as const;
    expect(await resolver.resolve('(01)94006381333934(3922)5000', scanned)).toMatchObject({
      kind: 'product',
      stockItem: { id: 5 },
      lineKind: 'price',
      fixedTotalMinor: 5000,
      quantity: 2,
    });
    expect(await resolver.resolve('(01)94006381333934(30)6', scanned)).toMatchObject({
      lineKind: 'unit',
      quantity: 6,
    });
    // A fixed-measure GTIN names one trade item: its price and count elements are not its own.
    for (const code of ['(01)04006381333931(3922)5000', '(01)04006381333931(30)6']) {
      expect(await resolver.resolve(code, scanned)).toMatchObject({
        stockItem: { id: 2 },
        lineKind: 'unit',
        quantity: 1,
        fixedTotalMinor: null,
      });
    }
    // Typed, or sent without saying how, the value is not taken at all.
    for (const via of ['keyboard', undefined] as const) {
      expect(await resolver.resolve('(01)94006381333934(3922)5000', { ...context, via })).toMatchObject({
        kind: 'rejected',
        said: [{ key: 'labelTyped', values: { name: 'Product 5' } }],
      });
    }
  });

  it('refuses a product under prohibition of sale, and names the warehouse that has one stocked elsewhere', async () => {
    const resolver = new ScanResolver({ db, now: () => now });
    const refused = await resolver.resolve('5901234123457', context);
    expect(refused).toMatchObject({
      kind: 'rejected',
      message: 'Product 3 may not be sold (prohibition of sale).',
      stockItem: { id: 3, prohibitionOfSale: true },
    });
    expect(await resolver.resolve('9780306406157', context)).toMatchObject({
      kind: 'unknown',
      message: '9780306406157 is not stocked in this warehouse (it is in Brno).',
    });
  });

  it('lets a cached card number that looks like a misread EAN-13 win over "misread", without asking online', async () => {
    expect(readGtin('2900000000019')).toMatchObject({ valid: false });
    let asked = 0;
    const cardService: CardService = {
      scanCard: () => {
        asked++;
        return Promise.reject(
          new ServiceError({ kind: 'network', message: 'x', mayHaveReachedServer: false }),
        );
      },
    };
    const r = await new ScanResolver({ db, cardService, now: () => now }).resolve('2900000000019', context);
    expect(r).toMatchObject({ kind: 'customer', companyId: 90, source: 'offline', owesMinor: null });
    expect(asked).toBe(0);
    // Not a cached card: a misread, still without a network call.
    expect(
      await new ScanResolver({ db, cardService, now: () => now }).resolve('2900000000029', context),
    ).toMatchObject({
      kind: 'misread',
    });
    expect(asked).toBe(0);
  });

  it('uses the cache for every service failure but 404, and reports what the customer owes once receivables synced', async () => {
    upsertReceivables(
      db,
      [
        { id: 1, customerId: 80, amount: 1000, alreadyPaid: 250.5 },
        { id: 2, customerId: 80, amount: 99.9, alreadyPaid: 99.9 },
      ],
      { syncedAt: at, mark: 1 },
    );
    saveSyncState(db, 'financialReceivables', { lastCompleteAt: at });
    for (const error of [
      new ServiceError({ kind: 'network', message: 'refused', mayHaveReachedServer: false }),
      new ServiceError({ kind: 'http', status: 503, message: 'down', mayHaveReachedServer: true }),
      new ServiceError({
        kind: 'http',
        status: 403,
        message: 'no',
        permission: 'Permissions.PointOfSale.View',
        mayHaveReachedServer: true,
      }),
      new ServiceError({ kind: 'not-available', message: 'older release', mayHaveReachedServer: false }),
    ]) {
      const r = await new ScanResolver({ db, cardService: failing(error), now: () => now }).resolve(
        'K000000008',
        context,
      );
      expect(r).toMatchObject({ kind: 'customer', companyId: 80, source: 'offline', owesMinor: 74950 });
    }
    const notFound = new ServiceError({
      kind: 'http',
      status: 404,
      message: 'no card',
      mayHaveReachedServer: true,
    });
    const r = await new ScanResolver({ db, cardService: failing(notFound), now: () => now }).resolve(
      'K000000008',
      context,
    );
    expect(r).toEqual({
      kind: 'unknown',
      message: '"K000000008" is neither a product nor a customer card we know.',
      said: [{ key: 'unknownCode', values: { code: 'K000000008' } }],
    });
  });

  it('says what a customer owes is not known when a receivable is beyond what the till can count, and scans the card', async () => {
    // 1e14 is 10^16 minor units, past 2^53: the money module holds no such amount.
    upsertReceivables(
      db,
      [
        { id: 1, customerId: 80, amount: 1e14, alreadyPaid: 0, currency: 'CZK' },
        { id: 2, customerId: 80, amount: 100, alreadyPaid: 0, currency: 'CZK' },
        // Each one an amount, their sum (2 x 6e15 minor units) not.
        { id: 3, customerId: 90, amount: 6e13, alreadyPaid: 0, currency: 'CZK' },
        { id: 4, customerId: 90, amount: 6e13, alreadyPaid: 0, currency: 'CZK' },
        { id: 5, customerId: 70, amount: 120.5, alreadyPaid: 0.25, currency: 'CZK' },
      ],
      { syncedAt: at, mark: 1 },
    );
    saveSyncState(db, 'financialReceivables', { lastCompleteAt: at });
    const online: CardService = {
      scanCard: (_, barcode) =>
        Promise.resolve({ companyId: 80, card: { id: 8, companyId: 80, barcode, name: 'Plain card' } }),
    };
    const resolve = (code: string, cardService?: CardService) =>
      new ScanResolver({ db, now: () => now, ...(cardService ? { cardService } : {}) }).resolve(
        code,
        context,
      );
    expect(await resolve('K000000008', online)).toMatchObject({
      kind: 'customer',
      companyId: 80,
      source: 'online',
      owesMinor: null,
    });
    expect(await resolve('K000000008')).toMatchObject({
      kind: 'customer',
      source: 'offline',
      owesMinor: null,
    });
    expect(await resolve('2900000000019')).toMatchObject({
      kind: 'customer',
      companyId: 90,
      owesMinor: null,
    });
    // Another customer's receivables are as known as ever.
    upsertCompanyCard(db, { id: 7, companyId: 70, barcode: 'K000000007', name: 'Card 7' }, at);
    expect(await resolve('K000000007')).toMatchObject({ kind: 'customer', owesMinor: 12025 });
  });

  it('sends the session id, caches a card resolved online and refuses it when expired', async () => {
    const calls: [number, string][] = [];
    const online: CardService = {
      scanCard: (sessionId, barcode): Promise<ScanResult> => {
        calls.push([sessionId, barcode]);
        return Promise.resolve({
          companyId: 70,
          card: { id: 7, companyId: 70, barcode, name: 'New card', validTo: '2026-05-31T00:00:00' },
        });
      },
    };
    const r = await new ScanResolver({ db, cardService: online, now: () => now }).resolve(
      'K000000007',
      context,
    );
    expect(calls).toEqual([[5, 'K000000007']]);
    expect(r).toMatchObject({
      kind: 'rejected',
      source: 'online',
      message: 'This card expired on 2026-05-31.',
    });
    const offline = await new ScanResolver({ db, now: () => new Date('2026-05-31T18:00:00') }).resolve(
      'K000000007',
      context,
    );
    expect(offline).toMatchObject({ kind: 'customer', companyId: 70, source: 'offline' });
  });
});
