// A loyalty card issued at the till (issue 39), through the core's calls and the CLI, against the sim
// over HTTP and a synced till's real SQLite files: on the sale at once with its company's discount,
// sent once (offline: queued, the sale's order waiting for it), refused by field before anything is
// stored (a code that is a card's, a product's or misread; too long), and without the permission.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CardIssueView, CardPrepareView, ScanView } from '../../../contract/contract.ts';
import { withCheckDigit } from '../../../main/barcode/index.ts';
import { openDatabase } from '../../../db/database.ts';
import { VIEWER } from '../../../sim/testing.ts';
import { demoEnv, sharedTempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

const WAREHOUSE = 1;
/** A card of company 1 taking 5 % off every line: the programme's cards share their discount. */
const CARD = withCheckDigit('2990000003931');
const entry = join(import.meta.dirname, '..', '..', '..', 'main', 'cli', 'index.ts');
const dataDir = sharedTempDir('card-issue');
let till: SyncedCore;
let serial = 0;

beforeAll(async () => {
  till = await startSyncedCore({
    dataDir,
    warehouseId: WAREHOUSE,
    seed: (instance) => {
      instance.admin.addCompanyCard({ companyId: 1, barcode: CARD, name: 'Věrnostní karta 1', discount: 5 });
    },
  });
}, 90_000);

afterAll(() => till.close());

const newCode = (): string => `VK-${process.pid}-${String((serial += 1)).padStart(4, '0')}`;

function productBarcode(): string {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    return z.string().parse(
      db
        .prepare(
          `SELECT barcode FROM stock_item WHERE warehouseId = ? AND barcode LIKE '859%' AND price > 0
               AND unitOfMeasure = 'ks' AND coalesce(prohibitionOfSale, 0) = 0
               AND coalesce(prohibitionOfDiscounts, 0) = 0 AND coalesce(isInactive, 0) = 0
               AND coalesce(isInactiveInWarehouse, 0) = 0 AND coalesce(quantityAvailable, quantityInStock) >= 5
             ORDER BY id LIMIT 1`,
        )
        .pluck()
        .get(WAREHOUSE),
    );
  } finally {
    db.close();
  }
}

function pos(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: dataDir, ...demoEnv(till.sim.url, dataDir), ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function cardsOnInstance(barcode: string): Promise<number> {
  const { ServiceClient } = await import('../../../main/service/index.ts');
  const client = new ServiceClient({ baseUrl: till.sim.url, ...demoCredentials() });
  try {
    return (await client.companyCards(1)).filter((c) => c.barcode === barcode).length;
  } finally {
    await client.close();
  }
}

function demoCredentials() {
  const env = demoEnv(till.sim.url);
  return { clientId: env['POS_CLIENT_ID'] ?? '', clientSecret: env['POS_CLIENT_SECRET'] ?? '' };
}

describe('a card issued at the till', () => {
  it('is on the sale at once with its company discount, and its document is sent once', async () => {
    const prepared = (await till.call('cards.prepare', {})) as CardPrepareView;
    expect(prepared.permission).toBe('granted');
    await till.call('session.scan', { code: productBarcode(), via: 'scanner' });
    const code = newCode();
    const issued = (await till.call('cards.issue', {
      companyId: 1,
      barcode: code,
      name: 'Jana Nováková',
      personName: 'Jana Nováková',
      email: 'jana@example.cz',
    })) as CardIssueView;
    expect(issued.entry).toMatchObject({ kind: 'card', card: { barcode: code, companyId: 1 } });
    const scanned = (await till.call('session.scan', { code, via: 'scanner' })) as ScanView;
    expect(scanned.session.customer).toMatchObject({ companyId: 1 });
    expect(scanned.session.totals.discount).toBeGreaterThan(0);
    expect(await till.settled(issued.entry.id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(await cardsOnInstance(code)).toBe(1);
    await till.call('session.cancel', {});
  });

  it('offline: queued and usable; the sale made with it waits for it, then both go once', async () => {
    await till.sim.faults.setOffline({ mode: 'refuse' });
    const code = newCode();
    const issued = (await till.call('cards.issue', {
      companyId: 1,
      barcode: code,
      name: 'Petr Offline',
    })) as CardIssueView;
    await till.call('session.scan', { code: productBarcode(), via: 'scanner' });
    const scanned = (await till.call('session.scan', { code, via: 'scanner' })) as ScanView;
    expect(scanned.outcome).toMatchObject({ kind: 'customer', source: 'offline' });
    const closed = (await till.call('session.close', { tender: { method: 'card' } })) as {
      order: { id: number; waitsFor?: number };
    };
    expect(closed.order.waitsFor).toBe(Number(issued.entry.id));
    expect(await cardsOnInstance(code).catch(() => -1)).toBe(-1);
    await till.sim.faults.setOffline(false);
    await till.call('outbox.replay', {});
    expect(await till.settled(issued.entry.id)).toMatchObject({ state: 'sent' });
    expect(await till.settled(closed.order.id)).toMatchObject({ state: 'sent' });
    expect(await cardsOnInstance(code)).toBe(1);
  });

  it('refuses, by field and naming why, before anything is stored', async () => {
    const before = ((await till.call('outbox.list', {})) as unknown[]).length;
    const taken = await till.refusal('cards.issue', { companyId: 1, barcode: CARD, name: 'Druhá' });
    expect(taken).toMatchObject({ code: 'invalid-input' });
    expect(taken.said?.[0]).toMatchObject({ key: 'cardBarcodeTaken', values: { card: 'Věrnostní karta 1' } });
    const product = await till.refusal('cards.issue', { companyId: 1, barcode: productBarcode(), name: 'X' });
    expect(product.said?.[0]?.key).toBe('cardBarcodeIsProduct');
    const misread = await till.refusal('cards.issue', { companyId: 1, barcode: '4006381333932', name: 'X' });
    expect(misread.said?.[0]?.key).toBe('cardBarcodeInvalid');
    const long = await till.refusal('cards.issue', {
      companyId: 1,
      barcode: 'K'.repeat(256),
      name: 'N'.repeat(81),
    });
    expect(Object.keys(long.fieldErrors ?? {}).sort()).toEqual(['barcode', 'name']);
    expect(long.said?.map((s) => s.key)).toEqual(['cardBarcodeTooLong', 'cardNameTooLong']);
    expect(((await till.call('outbox.list', {})) as unknown[]).length).toBe(before);
  });

  it('pos card issue prints the card with its outbox state; a duplicate and a missing permission exit 1', async () => {
    const code = newCode();
    const issued = await pos([
      'card',
      'issue',
      '--company',
      '1',
      '--barcode',
      code,
      '--name',
      'Z CLI',
      '--json',
    ]);
    expect(issued.code, issued.stderr).toBe(0);
    expect(JSON.parse(issued.stdout)).toMatchObject({ barcode: code, companyId: 1, state: 'sent' });
    const again = await pos([
      'card',
      'issue',
      '--company',
      '1',
      '--barcode',
      code,
      '--name',
      'Z CLI',
      '--json',
    ]);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain(code);
    const viewer = await pos(
      ['card', 'issue', '--company', '1', '--barcode', newCode(), '--name', 'V', '--json'],
      {
        POS_CLIENT_ID: VIEWER.clientId,
        POS_CLIENT_SECRET: VIEWER.clientSecret,
      },
    );
    expect(viewer.code).toBe(1);
    expect(viewer.stdout).toContain('Permissions.Companies.Create');
    expect(await cardsOnInstance(code)).toBe(1);
  });
});
