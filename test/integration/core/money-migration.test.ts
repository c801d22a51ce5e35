// A till's data folder with history, written by Counter at migration 25 (before money left REAL
// columns: shopping_session_line.unitPrice and fixedTotal, shopping_session.customerOwes), opened by
// today's Counter: every report reads the same after the migration, byte for byte (issue 36, point 1).
//
// The folder (test/integration/core/data-v25/) was made by this file's builder, run once against the
// code of main at 3995f43 (migration 25):
//   COUNTER_BUILD_DATA_V25=1 npx vitest run test/integration/core/money-migration.test.ts
// It holds two shifts (the first closed with its Z report, the second open), sales sent to the sim and
// sales queued while it was down, a 0.125 price x 1000, a price worked out from priceWoVat 0.0826,
// weighed and price-label lines (fixedTotal), a card customer who owes (customerOwes), a price override
// and a percent off, cash paid in and out, cash rounded, card and split tenders, a parked sale and a
// sale open at the counter. The builder then read every report from a copy of the folder, as the test
// does, into expected.json: what the Counter of that version said. The test reads the same from a
// fresh copy with today's code. Rebuilding it with today's code would make a folder of today's
// version: the builder is kept to say how the folder was made, not to be run again.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import type { Envelope, OutboxEntryView, ScanView, SessionView } from '../../../contract/contract.ts';
import { withCheckDigit } from '../../../main/barcode/index.ts';
import { Core } from '../../../main/core/core.ts';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import { asBefore } from '../../support/as-before.ts';
import { FakePrinter } from '../../support/fake-printer.ts';
import { tempDir } from '../../support/fixtures.ts';
import { startSyncedCore } from '../../support/synced-core.ts';

const FIXTURE = join(import.meta.dirname, 'data-v25');
const FILES = ['counter.sqlite', 'counter.catalog.sqlite'] as const;
const EXPECTED = join(FIXTURE, 'expected.json');
/** A cheese sold by weight under a variable-measure GTIN-14, at a price of three decimals a kg. */
const CHEESE = withCheckDigit('98599990000360');
const CARD = '2900000000017';

/** Every report Counter gives of the folder, as text: the views as JSON, the prints as ESC/POS bytes. */
type Reports = Record<string, string>;

/** When the reports are read: the X report and a print say when they were made. */
const READ_AT = new Date('2026-12-01T09:30:00.000Z');

async function readReports(dataDir: string): Promise<Reports> {
  // Prints say the time in the till's zone: the folder's was read in UTC.
  process.env['TZ'] = 'UTC';
  vi.useFakeTimers({ toFake: ['Date'], now: READ_AT });
  try {
    return await reportsOf(dataDir);
  } finally {
    vi.useRealTimers();
  }
}

async function reportsOf(dataDir: string): Promise<Reports> {
  const printer = await FakePrinter.start();
  // No instance: nothing is sent or synced while the reports are read; the printer is a fake one.
  const core = await Core.create({
    dataDir,
    credentials: new MemoryCredentialStore(),
    env: { POS_RECEIPT_PRINTER: printer.address },
    autoSync: false,
    log: () => undefined,
  });
  const call = async (channel: string, input: unknown): Promise<unknown> => {
    const envelope: Envelope = await core.invoke(channel, input);
    if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
    return envelope.value;
  };
  const reports: Reports = {};
  const keep = async (name: string, channel: string, input: unknown): Promise<unknown> => {
    const value = await call(channel, input);
    reports[name] = JSON.stringify(value);
    return value;
  };
  try {
    const orders = (await keep('outbox.list', 'outbox.list', {})) as OutboxEntryView[];
    await keep('outbox.page', 'outbox.page', {});
    await keep('outbox.page sent', 'outbox.page', { filter: { states: ['sent'] }, limit: 2 });
    for (const { id } of orders) {
      await keep(`outbox.get ${id}`, 'outbox.get', { id });
      await keep(`receipt.get ${id}`, 'receipt.get', { id });
    }
    await keep('shift.last', 'shift.last', {});
    await keep('shift.current', 'shift.current', {});
    await keep('session.current', 'session.current', {});
    await keep('session.parked', 'session.parked', {});
    await keep('display.get', 'display.get', {});
    // On paper: each receipt reprinted, then the X and Z reports.
    for (const [n, { id }] of orders.entries()) {
      await call('printer.reprint', { id });
      await printer.until((jobs) => jobs.length === n + 1);
    }
    await call('printer.printReport', { report: 'x' });
    await call('printer.printReport', { report: 'z' });
    await printer.until((jobs) => jobs.length === orders.length + 2);
    for (const [n, job] of printer.printed().entries())
      reports[`printed ${n}`] = Buffer.from(job).toString('base64');
  } finally {
    await core.close();
    await printer.close();
  }
  // What the instance was sent, or will be: the stored bodies and summaries as they are.
  const db = new Database(join(dataDir, 'counter.sqlite'), { readonly: true });
  try {
    for (const row of db.prepare('SELECT id, payload, summary FROM outbox_order ORDER BY id').all()) {
      const { id, payload, summary } = row as { id: number; payload: string; summary: string | null };
      reports[`payload ${id}`] = payload;
      reports[`summary ${id}`] = summary ?? 'null';
    }
  } finally {
    db.close();
  }
  return reports;
}

/** The reports that are views (JSON of the contract); the rest are prints and stored texts. */
const VIEW = /^(outbox|receipt|shift|session|display)\./;

function copyOfFixture(): string {
  const dir = tempDir('money-migration');
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

describe('a data folder of migration 25 opened by today’s Counter', () => {
  it.skipIf(process.env['COUNTER_BUILD_DATA_V25'] === '1')(
    'reads every report as that version did: receipts, prints, Orders, X and Z reports, order bodies',
    async () => {
      expect(userVersion(join(FIXTURE, 'counter.sqlite'))).toBe(25);
      const expected = JSON.parse(readFileSync(EXPECTED, 'utf8')) as Reports;
      const dir = copyOfFixture();
      const reports = await readReports(dir);
      expect(userVersion(join(dir, 'counter.sqlite'))).toBeGreaterThan(25);
      expect(Object.keys(reports)).toEqual(Object.keys(expected));
      for (const [name, text] of Object.entries(expected)) {
        const actual = reports[name] ?? '';
        // A view may have gained fields since (an entry's document kind): what that version said is
        // compared, field by field, as the same text; prints and stored bodies byte for byte.
        const same = VIEW.test(name)
          ? JSON.stringify(asBefore(JSON.parse(actual), JSON.parse(text)))
          : actual;
        expect(same, name).toBe(text);
      }
      // Money left the REAL columns: amounts are integers, unit prices exact decimal text.
      const db = new Database(join(dir, 'counter.sqlite'), { readonly: true });
      try {
        const columns = (table: string): { name: string; type: string }[] =>
          db.prepare(`SELECT name, type FROM pragma_table_info(?)`).all(table) as {
            name: string;
            type: string;
          }[];
        expect(columns('shopping_session_line')).toEqual(
          expect.arrayContaining([
            { name: 'unitPrice', type: 'TEXT' },
            { name: 'fixedTotalMinor', type: 'INTEGER' },
          ]),
        );
        expect(columns('shopping_session')).toEqual(
          expect.arrayContaining([{ name: 'customerOwesMinor', type: 'INTEGER' }]),
        );
        const prices = db
          .prepare('SELECT DISTINCT unitPrice FROM shopping_session_line ORDER BY unitPrice')
          .pluck()
          .all();
        expect(prices).toEqual(expect.arrayContaining(['0.125', '0.099946', '19.995']));
      } finally {
        db.close();
      }
    },
    180_000,
  );

  it.runIf(process.env['COUNTER_BUILD_DATA_V25'] === '1')(
    'builder: writes the folder with the code of its version',
    async () => {
      const dataDir = tempDir('data-v25-build');
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
      // Read twice: what differs between two readings of one folder (a time) cannot be compared.
      const again = await readReports(copyOfFixture());
      expect(again).toEqual(reports);
      writeFileSync(EXPECTED, `${JSON.stringify(reports, null, 2)}\n`);
    },
    150_000,
  );
});

/** Two shifts of sales through the core against the sim, the last sales queued while it was down. */
async function buildHistory(dataDir: string): Promise<void> {
  const printer = await FakePrinter.start();
  const ids = { screws: 0, cumin: 0, nails: 0, tea: 0 };
  const till = await startSyncedCore({
    dataDir,
    env: { POS_RECEIPT_PRINTER: printer.address },
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
    // Shift 1: cash in and out, three sales, all sent; closed with its Z report.
    await call('shift.cash', { direction: 'in', amount: 500, reason: 'Drobné' });
    await scan(CARD);
    await add(ids.screws, 1000);
    await add(ids.cumin, 1000);
    await scan(`(01)${CHEESE}(3103)001235`);
    await scan(`(01)${CHEESE}(3922)12345`);
    const first = await close({ method: 'cash', given: 1000 });
    await till.settled(first.id);

    await add(ids.screws, 8);
    const nails = ((await add(ids.nails, 7)) as ScanView).session.lines.at(-1);
    await call('session.adjustLine', { lineId: nails?.id, adjustment: { kind: 'price', value: 2.2 } });
    const last = ((await add(ids.tea, 2)) as ScanView).session.lines.at(-1);
    await call('session.adjustLine', { lineId: last?.id, adjustment: { kind: 'percent', value: 15 } });
    const second = await close({ method: 'split', card: 20, given: 500 });
    await till.settled(second.id);
    await add(ids.cumin, 333);
    const third = await close({ method: 'card' });
    await till.settled(third.id);
    await call('shift.cash', { direction: 'out', amount: 120.5, reason: 'Odvod' });
    await call('shift.close', { counted: 1234 });

    // Shift 2: the instance goes down; two sales queue, one parked, one left open at the counter.
    await call('shift.open', { float: 300 });
    await till.sim.close();
    await scan(CARD);
    await add(ids.screws, 1000);
    await scan(`(01)${CHEESE}(3922)00998`);
    await close({ method: 'cash' });
    await add(ids.cumin, 250);
    await close({ method: 'cash', given: 100 });
    // Every receipt printed before the till closes: none waits in the queue of the folder.
    await printer.until((jobs) => jobs.length === 5);
    await scan(`(01)${CHEESE}(3922)04321`);
    await add(ids.screws, 3);
    await call('session.park', {});
    await scan(CARD);
    await add(ids.cumin, 1000);
    await scan(`(01)${CHEESE}(3103)000500`);
  } finally {
    await till.core.close();
    await till.sim.close().catch(() => undefined);
    await printer.close();
  }
}
