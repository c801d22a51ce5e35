// A day at the counter through the core, against the real sim: the walk-in customer named in
// Settings, a product picked by name, a removal taken back, a sale paid in cash, its receipt and its
// line in the Orders list, and the manager PIN in front of Settings and the destructive order actions.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';
import { SELLS_PLAINLY } from '../../support/terminal.ts';
import type {
  CompanyMatchView,
  OutboxEntryView,
  ReceiptView,
  ScanView,
  SessionView,
  SettingsView,
  StockSearchView,
  UnlockView,
} from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';
import { Core } from '../../../main/core/core.ts';

let core: Core;
let till: SyncedCore;
const dataDir = sharedTempDir('day');

beforeAll(async () => {
  till = await startSyncedCore({ dataDir, walkIn: 'none' });
  ({ core } = till);
}, 90_000);

afterAll(() => till.close());

function call(channel: string, input: unknown): Promise<unknown> {
  return till.call(channel, input);
}

/** A product name of warehouse 1 as the synced cache holds it (read beside the core, as a second reader). */
function firstProductName(): string {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    const name: unknown = db
      .prepare(
        `SELECT productName FROM stock_item WHERE warehouseId = 1 AND productName <> '' AND ${SELLS_PLAINLY}
           ORDER BY id LIMIT 1`,
      )
      .pluck()
      .get();
    if (typeof name !== 'string') throw new Error('no named product in warehouse 1');
    return name;
  } finally {
    db.close();
  }
}

async function refusal(
  channel: string,
  input: unknown,
): Promise<{ code: string; message: string; said?: readonly unknown[] }> {
  const envelope = await core.invoke(channel, input);
  if (envelope.ok) throw new Error(`${channel} was not refused`);
  return envelope.error;
}

describe('a day at the counter, through the core', () => {
  it("says its own words by key, beside the English, for the renderer's language", async () => {
    const scanned = (await call('session.scan', { code: 'NO-SUCH-CODE-42' })) as ScanView;
    const outcome = scanned.outcome.kind === 'unknown' ? scanned.outcome : undefined;
    expect(outcome?.message).toContain('"NO-SUCH-CODE-42" is neither a product nor a customer card we know.');
    expect(outcome?.said?.[0]).toEqual({ key: 'unknownCode', values: { code: 'NO-SUCH-CODE-42' } });
    const empty = await refusal('session.close', {});
    expect(empty).toMatchObject({ said: [{ key: 'emptySession' }] });
    expect(empty.message).toBe('Scan at least one product before placing the order.');
  });

  it('shows prices in the currency set, else in the one the cached receivables carry', async () => {
    const learnt = (await call('settings.get', {})) as SettingsView;
    expect(learnt.priceCurrency).toBeNull();
    expect(learnt.currency).toMatch(/^[A-Z]{3}$/);
    const set = (await call('settings.set', { priceCurrency: 'eur' })) as SettingsView;
    expect(set).toMatchObject({ priceCurrency: 'EUR', currency: 'EUR' });
    expect((await refusal('settings.set', { priceCurrency: 'euro' })).code).toBe('invalid-input');
    await call('settings.set', { priceCurrency: null });
  });

  it('sells to the walk-in customer, by name search, paid in cash, with a receipt and a ticket', async () => {
    const [company] = (await call('companies.find', { text: '' })) as CompanyMatchView[];
    expect(company).toBeUndefined();
    const known = (await call('companies.find', { text: '1' })) as CompanyMatchView[];
    expect(known.length).toBeGreaterThan(0);
    const pick = known[0] as CompanyMatchView;
    expect((await refusal('settings.set', { walkInCustomer: { companyId: 987_654 } })).message).toMatch(
      /not in this terminal's cache/,
    );
    const settings = (await call('settings.set', {
      walkInCustomer: { companyId: pick.companyId },
    })) as SettingsView;
    const walkIn = { companyId: pick.companyId, name: pick.name ?? `Company ${pick.companyId}` };
    expect(settings.walkInCustomer).toEqual(walkIn);
    expect(((await call('session.current', {})) as SessionView).walkIn).toEqual(walkIn);

    const name = firstProductName();
    const found = (await call('stock.search', { text: name, warehouseId: 1, limit: 5 })) as StockSearchView;
    const product = found.products[0];
    const stockItemId = product?.warehouses.find((w) => w.warehouseId === 1)?.stockItemId;
    expect(stockItemId).toBeTypeOf('number');
    const added = (await call('session.addStockItem', { stockItemId, quantity: 2 })) as ScanView;
    expect(added.outcome).toMatchObject({ kind: 'product', name: product?.productName });
    const lineId = added.session.lines[0]?.id;
    await call('session.removeLine', { lineId });
    const back = (await call('session.restoreLine', { lineId })) as SessionView;
    expect(back.lines.map((l) => l.quantity)).toEqual([2]);
    const total = back.totals.total;

    const given = Math.ceil(total / 100) * 100 + 100;
    const closed = (await call('session.close', { tender: { method: 'cash', given } })) as {
      order: OutboxEntryView;
      tender: unknown;
    };
    // Cash in whole crowns (the demo's currency is CZK), the rounding kept beside it.
    const paid = Math.round(total);
    const change = given - paid;
    const rounding = Math.round((paid - total) * 100) / 100;
    // The change due as the core settled it comes with the answer: the Sale screen shows it at once.
    expect(closed.tender).toEqual({
      parts: [{ method: 'cash', amount: paid, given }],
      change,
      ...(rounding === 0 ? {} : { rounding }),
    });
    expect(closed.order.order?.customerId).toBe(pick.companyId);
    const receipt = (await call('receipt.get', { id: closed.order.id })) as ReceiptView;
    expect(receipt).toMatchObject({
      reference: closed.order.clientReference,
      customer: { companyId: pick.companyId, name: walkIn.name, walkIn: true },
      tender: closed.tender,
      totals: { total },
      pricedFrom: 'sale',
    });
    const list = (await call('outbox.list', {})) as OutboxEntryView[];
    expect(list.find((o) => o.id === closed.order.id)?.summary).toEqual({
      total,
      lineCount: 1,
      customerName: walkIn.name,
      walkIn: true,
    });
  });

  it('guards Settings and the destructive order actions with the manager PIN, never showing it', async () => {
    const events: string[] = [];
    const off = core.subscribe((name, payload) => events.push(`${name} ${JSON.stringify(payload)}`));
    try {
      const set = (await call('settings.set', { managerPin: '2468' })) as SettingsView;
      expect(set.managerPinSet).toBe(true);
      expect(JSON.stringify(set)).not.toMatch(/2468|scrypt/);
      // Whoever set it may go on; once locked, Settings and discard wait for the PIN.
      await call('settings.set', { receiptPaper: '58mm' });
      expect((await call('manager.lock', {})) as UnlockView).toEqual({ open: false });
      expect(await refusal('settings.set', { receiptPaper: '80mm' })).toEqual({
        code: 'locked',
        message: 'Changing Settings needs the manager PIN.',
        said: [{ key: 'lockedSettings' }],
      });
      // The language is the cashier's to choose: it changes while the lock is closed, nothing else with it.
      expect(((await call('settings.set', { language: 'cs' })) as SettingsView).language).toBe('cs');
      expect((await refusal('settings.set', { language: 'en', receiptPaper: '80mm' })).code).toBe('locked');
      expect((await call('settings.get', {})) as SettingsView).toMatchObject({
        language: 'cs',
        receiptPaper: '58mm',
      });
      await call('settings.set', { language: 'system' });
      expect((await refusal('outbox.discard', { id: 1 })).code).toBe('locked');
      expect((await refusal('outbox.markSent', { id: 1, remoteId: 5 })).code).toBe('locked');
      expect((await refusal('outbox.cancel', { id: 1 })).code).toBe('locked');
      expect((await call('settings.get', {})) as SettingsView).toMatchObject({ receiptPaper: '58mm' });
      expect(await call('manager.unlock', { pin: '1111' })).toEqual({ open: false, triesLeft: 4 });
      expect(await call('manager.unlock', { pin: '2468' })).toMatchObject({ open: true });
      await call('settings.set', { receiptPaper: '80mm', clearManagerPin: true });
      await call('manager.lock', {});
      expect(((await call('settings.get', {})) as SettingsView).managerPinSet).toBe(false);
      await call('settings.set', { receiptPaper: '80mm' });
      expect(events.join('\n')).not.toMatch(/2468|scrypt/);
    } finally {
      off();
    }
  });
});
