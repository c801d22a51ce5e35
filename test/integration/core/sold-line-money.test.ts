// A till's data folder with sales and returns, written by Counter at migration 30 (when
// `sold_line.unitPrice`, what each closed sale's line cost a unit, was still a REAL), opened by today's
// Counter: the column holds the exact decimal as TEXT (issue 36, point 1), and everything read from it
// reads the same after: each sale as a return sees it (its lines, prices, what was paid and what is left),
// each return, the receipts and the Orders screen.
//
// The folder (test/integration/core/data-v30/) was made by this file's builder, run once against the
// code of main at ef47501 (migration 30):
//   COUNTER_BUILD_DATA_V30=1 npx vitest run test/integration/core/sold-line-money.test.ts
// It holds sales of a 0.125 price x 1000, a gross price worked out from priceWoVat 0.0826 (0.099946),
// a weighed cheese at 19.995 a kg, a price override and a percent off, a card customer's 10 %, and a
// return of part of the first sale. The builder then read every report from a copy of the folder, as
// the test does, into expected.json: what the Counter of that version said. Rebuilding it with today's
// code would make a folder of today's version: the builder is kept to say how the folder was made.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type {
  Envelope,
  OutboxEntryView,
  ReceiptView,
  ScanView,
  SessionView,
} from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';
import { soldLines } from '../../../db/returns.ts';
import { withCheckDigit } from '../../../main/barcode/index.ts';
import { Core } from '../../../main/core/core.ts';
import { buildReturns } from '../../../main/areas/returns.ts';
import { returnView } from '../../../main/returns/index.ts';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import { SettingsStore } from '../../../main/settings/store.ts';
import { asBefore } from '../../support/as-before.ts';
import { tempDir } from '../../support/fixtures.ts';
import { startSyncedCore } from '../../support/synced-core.ts';

const FIXTURE = join(import.meta.dirname, 'data-v30');
const FILES = ['counter.sqlite', 'counter.catalog.sqlite'] as const;
const EXPECTED = join(FIXTURE, 'expected.json');
const CHEESE = withCheckDigit('98599990000360');
const CARD = '2900000000017';

type Reports = Record<string, string>;

/** Every report of the folder that reads the sales' lines as paid, as JSON text. */
async function readReports(dataDir: string): Promise<Reports> {
  const reports: Reports = {};
  const core = await Core.create({
    dataDir,
    credentials: new MemoryCredentialStore(),
    autoSync: false,
    log: () => undefined,
  });
  const receipts: string[] = [];
  try {
    const call = async (channel: string, input: unknown): Promise<unknown> => {
      const envelope: Envelope = await core.invoke(channel, input);
      if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
      reports[`${channel} ${JSON.stringify(input)}`] = JSON.stringify(envelope.value);
      return envelope.value;
    };
    const orders = (await call('outbox.list', {})) as OutboxEntryView[];
    for (const { id } of orders) {
      const receipt = (await call('receipt.get', { id })) as ReceiptView;
      if (receipt.number !== undefined) receipts.push(receipt.number);
    }
  } finally {
    await core.close();
  }
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    const { returns } = buildReturns({ db, settings: new SettingsStore(db) });
    for (const receipt of receipts) {
      const sale = returns.find(receipt);
      reports[`return of ${receipt}`] = JSON.stringify(sale);
      reports[`sold lines of ${receipt}`] = JSON.stringify(soldLines(db, sale.sessionId));
      for (const r of sale.returns) reports[`return ${r.id}`] = JSON.stringify(returnView(db, r.id));
    }
  } finally {
    db.close();
  }
  return reports;
}

function copyOfFixture(): string {
  const dir = tempDir('sold-line-money');
  for (const file of FILES) cpSync(join(FIXTURE, file), join(dir, file));
  return dir;
}

function userVersion(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
}

describe('a data folder of migration 30 with sales and a return, opened by today’s Counter', () => {
  it.skipIf(process.env['COUNTER_BUILD_DATA_V30'] === '1')(
    'keeps each sold line’s unit price as its exact decimal text; returns, receipts and orders read the same',
    async () => {
      expect(userVersion(join(FIXTURE, 'counter.sqlite'))).toBe(30);
      const expected = JSON.parse(readFileSync(EXPECTED, 'utf8')) as Reports;
      const dir = copyOfFixture();
      const reports = await readReports(dir);
      expect(userVersion(join(dir, 'counter.sqlite'))).toBeGreaterThan(30);
      expect(Object.keys(reports)).toEqual(Object.keys(expected));
      // A view may have gained fields since: what that version said is compared, field by field.
      for (const [name, text] of Object.entries(expected))
        expect(JSON.stringify(asBefore(JSON.parse(reports[name] ?? 'null'), JSON.parse(text))), name).toBe(
          text,
        );
      const db = new Database(join(dir, 'counter.sqlite'), { readonly: true });
      try {
        const type = db
          .prepare(`SELECT type FROM pragma_table_info('sold_line') WHERE name = 'unitPrice'`)
          .pluck()
          .get();
        expect(type).toBe('TEXT');
        const prices = db.prepare('SELECT unitPrice FROM sold_line').pluck().all();
        expect(prices).toEqual(expect.arrayContaining(['0.125', '0.099946', '19.995', '2.5', '39.9']));
        expect(prices.every((p) => typeof p === 'string')).toBe(true);
      } finally {
        db.close();
      }
    },
    180_000,
  );

  it.runIf(process.env['COUNTER_BUILD_DATA_V30'] === '1')(
    'builder: writes the folder with the code of its version',
    async () => {
      const dataDir = tempDir('data-v30-build');
      await buildHistory(dataDir);
      rmSync(FIXTURE, { recursive: true, force: true });
      mkdirSync(FIXTURE, { recursive: true });
      for (const file of FILES) {
        const db = new Database(join(dataDir, file));
        db.pragma('wal_checkpoint(TRUNCATE)');
        db.exec('VACUUM');
        db.close();
        cpSync(join(dataDir, file), join(FIXTURE, file));
        expect(existsSync(join(FIXTURE, file))).toBe(true);
      }
      const reports = await readReports(copyOfFixture());
      const again = await readReports(copyOfFixture());
      expect(again).toEqual(reports);
      writeFileSync(EXPECTED, `${JSON.stringify(reports, null, 2)}\n`);
    },
    150_000,
  );
});

/** Three sales through the core against the sim, then a return of part of the first. */
async function buildHistory(dataDir: string): Promise<void> {
  const ids = { screws: 0, cumin: 0, nails: 0, tea: 0 };
  const till = await startSyncedCore({
    dataDir,
    seed: (sim) => {
      const add = (fields: Record<string, unknown>): number =>
        sim.admin.addStockItem({ quantityInStock: 100_000, quantityAvailable: 100_000, ...fields })[
          'id'
        ] as number;
      ids.screws = add({ productName: 'Vrut 4x30', unitOfMeasure: 'ks', price: 0.125, vatRate: 21 });
      ids.cumin = add({
        productName: 'Kmín mletý',
        unitOfMeasure: 'g',
        price: null,
        priceWoVat: 0.0826,
        vatRate: 21,
      });
      add({ barcode: CHEESE, productName: 'Eidam vážený', unitOfMeasure: 'kg', price: 19.995, vatRate: 12 });
      ids.nails = add({ productName: 'Hřebík 2,5', unitOfMeasure: 'ks', price: 2.5, vatRate: 21 });
      ids.tea = add({ productName: 'Čaj zelený', unitOfMeasure: 'ks', price: 39.9, vatRate: 12 });
      sim.admin.addCompanyCard({ companyId: 1, barcode: CARD, name: 'Věrnostní karta', discount: 10 });
    },
  });
  const call = (channel: string, input: unknown): Promise<unknown> => till.call(channel, input);
  const add = (stockItemId: number, quantity: number): Promise<unknown> =>
    call('session.addStockItem', { stockItemId, quantity });
  const scan = async (code: string): Promise<SessionView> =>
    ((await call('session.scan', { code, via: 'scanner' })) as ScanView).session;
  const close = async (tender: unknown): Promise<OutboxEntryView> =>
    ((await call('session.close', { tender })) as { order: OutboxEntryView }).order;
  try {
    await call('settings.set', { language: 'cs', priceCurrency: 'CZK' });
    await scan(CARD);
    await add(ids.screws, 1000);
    await add(ids.cumin, 1000);
    await scan(`(01)${CHEESE}(3103)001235`);
    await till.settled((await close({ method: 'cash', given: 1000 })).id);

    await add(ids.screws, 8);
    const nails = ((await add(ids.nails, 7)) as ScanView).session.lines.at(-1);
    await call('session.adjustLine', { lineId: nails?.id, adjustment: { kind: 'price', value: 2.2 } });
    const tea = ((await add(ids.tea, 2)) as ScanView).session.lines.at(-1);
    await call('session.adjustLine', { lineId: tea?.id, adjustment: { kind: 'percent', value: 15 } });
    await till.settled((await close({ method: 'split', card: 20, given: 500 })).id);

    await add(ids.cumin, 333);
    await till.settled((await close({ method: 'card' })).id);
  } finally {
    await till.close();
  }
  // A return of 400 screws and the cheese of the first sale, stored offline: it waits for its route.
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    const { returns } = buildReturns({ db, settings: new SettingsStore(db) });
    const sale = returns.find('P1-000001');
    const cheese = sale.lines.find((l) => l.kind === 'weight');
    returns.make({
      receipt: 'P1-000001',
      lines: [
        { lineNo: 0, quantity: 400 },
        ...(cheese === undefined ? [] : [{ lineNo: cheese.lineNo, quantity: cheese.quantityMilli / 1000 }]),
      ],
    });
  } finally {
    db.close();
  }
}
