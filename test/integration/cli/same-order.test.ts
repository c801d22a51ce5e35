// The app and the CLI must say the same of the same order (issue 36, point 3): the core as the app
// builds it sells a line at the catalog's price and a card-discounted one; `pos order` then places
// each order's body again in the same data folder (its synced catalog), and `pos outbox --json` lists
// it. The instance ignores an item's price and discount (its description shows neither) and answers
// without a total, so whether the till's prices are at stake is the outbox's own judgement: against
// the synced catalog, the plain line is not (the instance books the same), the discounted one is.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TILL_PRICES_NOT_TAKEN, type CloseView, type OutboxEntryView } from '../../../contract/contract.ts';
import { DEFAULT_EMBEDDED_RULES, withCheckDigit } from '../../../main/barcode/index.ts';
import { openDatabase } from '../../../db/database.ts';
import { demoEnv, sharedTempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

const WAREHOUSE = 1;
/** A card of company 1 taking 5 % off every line. */
const CARD = withCheckDigit('2990000000541');
const entry = join(import.meta.dirname, '..', '..', '..', 'main', 'cli', 'index.ts');
const dataDir = sharedTempDir('same-order');
let till: SyncedCore;

beforeAll(async () => {
  till = await startSyncedCore({
    dataDir,
    warehouseId: WAREHOUSE,
    sim: {
      ignoredOrderItemFields: ['price', 'discountAmount'],
      orderAnswerExclude: ['total', 'items.total'],
    },
    seed: (instance) => {
      instance.admin.addCompanyCard({ companyId: 1, barcode: CARD, name: 'Karta', discount: 5 });
    },
  });
}, 90_000);

afterAll(() => till.close());

/** A plain product of the warehouse in stock, as the synced cache holds it. */
function product(nth: number): { barcode: string } {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    return db
      .prepare(
        `SELECT barcode FROM stock_item WHERE warehouseId = ? AND barcode LIKE '859%'
           AND unitOfMeasure = 'ks' AND price > 0 AND coalesce(prohibitionOfSale, 0) = 0
           AND coalesce(prohibitionOfDiscounts, 0) = 0 AND coalesce(isInactive, 0) = 0
           AND coalesce(isInactiveInWarehouse, 0) = 0 AND coalesce(quantityAvailable, quantityInStock) >= 5
         ORDER BY id LIMIT 1 OFFSET ?`,
      )
      .get(WAREHOUSE, nth) as { barcode: string };
  } finally {
    db.close();
  }
}

async function sell(nth: number, card: boolean): Promise<OutboxEntryView> {
  await till.call('session.scan', { code: product(nth).barcode, via: 'scanner', quantity: 2 });
  if (card) await till.call('session.scan', { code: CARD, via: 'scanner' });
  const closed = (await till.call('session.close', { tender: { method: 'card' } })) as CloseView;
  return till.settled(closed.order.id);
}

function pos(args: string[], stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: dataDir, ...demoEnv(till.sim.url, dataDir) },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.stdin.end(stdin);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** What the outbox says of an order once it is settled: everything but its id, times and reference. */
const Judgement = z.object({
  id: z.number(),
  state: z.string(),
  code: z.string().optional(),
  messages: z.array(z.string()).optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  bookedTotal: z.number().optional(),
  order: z.unknown(),
});
type Judgement = z.infer<typeof Judgement>;
function said(judgement: Judgement): Omit<Judgement, 'id'> {
  const { id, ...rest } = judgement;
  expect(id).toBeGreaterThan(0);
  return rest;
}

describe('the app and the CLI judge the same order alike', () => {
  it("a new card's code that a label rule in Settings makes a product's: refused by both, in the same words", async () => {
    // 28 + product 1234 + 0015.00 kg: a weight label only by the rule Settings add below.
    const label = withCheckDigit('2812340015000');
    const db = openDatabase(join(dataDir, 'counter.sqlite'));
    try {
      const item = db
        .prepare(
          "SELECT id FROM stock_item WHERE warehouseId = ? AND barcode LIKE '859%' ORDER BY id LIMIT 1 OFFSET 7",
        )
        .pluck()
        .get(WAREHOUSE) as number;
      db.prepare('UPDATE stock_item SET barcode = ? WHERE id = ?').run(withCheckDigit('2812340000000'), item);
    } finally {
      db.close();
    }
    await till.call('settings.set', {
      labelRules: [...DEFAULT_EMBEDDED_RULES, { type: 'weight', pattern: '28....{NNNNDD}' }],
    });
    const card = { companyId: 1, barcode: label, name: 'Nová karta' };
    const app = await till.refusal('cards.issue', card);
    expect(app.code).toBe('invalid-input');
    expect(Object.keys(app.fieldErrors ?? {})).toEqual(['barcode']);

    const cli = await pos([
      'card',
      'issue',
      '--company',
      String(card.companyId),
      '--barcode',
      card.barcode,
      '--name',
      card.name,
      '--json',
    ]);
    expect(cli.code, cli.stdout).toBe(1);
    const refused = z
      .object({ error: z.object({ fieldErrors: z.record(z.string(), z.array(z.string())) }) })
      .parse(JSON.parse(cli.stdout));
    expect(refused.error.fieldErrors).toEqual(app.fieldErrors);
    const listed = await pos(['outbox', '--json']);
    expect(listed.stdout).not.toContain(label);
  }, 120_000);

  it('a line at the catalog price and a discounted one: the same state, code and words from both', async () => {
    const plain = await sell(0, false);
    const discounted = await sell(1, true);
    // The app's own judgement first: only the discount the instance did not take is at stake.
    expect(plain).toMatchObject({ state: 'sent' });
    expect(plain.code).toBeUndefined();
    expect(discounted).toMatchObject({ state: 'sent', code: TILL_PRICES_NOT_TAKEN });
    // The app is closed: the CLI works on the data folder it synced, as an operator's script would.
    await till.core.close();

    for (const app of [plain, discounted]) {
      const file = join(dataDir, `order-${app.id}.json`);
      writeFileSync(file, JSON.stringify(app.order));
      const placed = await pos(['order', file, '--json']);
      expect(placed.code, placed.stderr).toBe(0);
      const cli = Judgement.parse(JSON.parse(placed.stdout));
      expect(said(cli)).toEqual(said(Judgement.parse(app)));

      const listed = await pos(['outbox', '--json']);
      expect(listed.code).toBe(0);
      // Every document of the outbox is listed (a card issued here too): this order's row is compared.
      const row = z
        .array(z.looseObject({ id: z.number() }))
        .parse(JSON.parse(listed.stdout))
        .find((e) => e.id === cli.id);
      expect(row === undefined ? undefined : said(Judgement.parse(row))).toEqual(said(cli));
    }
  }, 120_000);
});
