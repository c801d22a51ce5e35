// What a newcomer stumbled on in Orders (issue 34, point 8), through the core's calls against the real
// sim and a real SQLite data folder: an order is found by the receipt number printed on its receipt;
// a sale refused for its customer, fixed to another customer with one line dropped, is listed and
// receipted under the customer it now goes to, with the lines it now has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CloseView,
  CompanyMatchView,
  OutboxEntryView,
  OutboxPageView,
  ReceiptView,
  ScanView,
} from '../../../contract/contract.ts';
import { plainBarcodes } from '../../support/terminal.ts';
import { sharedTempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

const WAREHOUSE = 1;
const dataDir = sharedTempDir('order-fix');
let till: SyncedCore;

beforeAll(async () => {
  till = await startSyncedCore({ dataDir, warehouseId: WAREHOUSE });
  await till.call('settings.set', { receiptPrefix: 'P1' });
}, 90_000);

afterAll(() => till.close());

function barcodes(count: number): string[] {
  return plainBarcodes(dataDir, { warehouseId: WAREHOUSE, limit: count });
}

async function sale(codes: readonly string[]): Promise<CloseView> {
  for (const code of codes) {
    const scanned = (await till.call('session.scan', { code, via: 'scanner' })) as ScanView;
    expect(scanned.outcome.kind).toBe('product');
  }
  return (await till.call('session.close', { tender: { method: 'cash' } })) as CloseView;
}

describe('Orders for a newcomer', () => {
  it('finds an order by the receipt number printed on it', async () => {
    const closed = await sale(barcodes(1));
    expect((await till.settled(closed.order.id)).state).toBe('sent');
    const receipt = (await till.call('receipt.get', { id: closed.order.id })) as ReceiptView;
    expect(receipt.number).toMatch(/^P1-\d{6}$/);
    for (const text of [receipt.number ?? '', (receipt.number ?? '').toLowerCase()]) {
      const page = (await till.call('outbox.page', { filter: { text } })) as OutboxPageView;
      expect(page.entries.map((e) => e.id)).toEqual([closed.order.id]);
    }
  });

  it('a fix to another customer with a line dropped is listed and receipted as it now goes', async () => {
    // The instance refuses the next order as a validation failure: it needs a person's fix.
    till.sim.faults.forceStatus({ status: 400, method: 'POST', path: '/orders/internet$', times: 1 });
    const closed = await sale(barcodes(2));
    const refused = await till.settled(closed.order.id);
    expect(refused.state, JSON.stringify(refused)).toBe('needs-fix');
    expect(refused.summary).toMatchObject({ lineCount: 2, walkIn: true });
    const order = refused.order;
    if (order === undefined) throw new Error('no order payload');
    // Another company than the walk-in customer, as the fix form's picker finds it by name.
    const found = (await till.call('companies.find', { text: 's.r.o.' })) as CompanyMatchView[];
    const company = found.find((c) => c.companyId !== order.customerId && c.name !== undefined);
    if (company?.name === undefined) throw new Error('no other named company in the cache');
    await till.call('outbox.resend', {
      id: refused.id,
      order: { ...order, customerId: company.companyId, items: order.items.slice(1) },
    });
    const fixed = await till.settled(closed.order.id);
    expect(fixed.state).toBe('sent');
    expect(fixed.summary).toMatchObject({ lineCount: 1, customerName: company.name, walkIn: false });
    const listed = ((await till.call('outbox.list', {})) as OutboxEntryView[]).find((e) => e.id === fixed.id);
    expect(listed?.summary).toMatchObject({ lineCount: 1, customerName: company.name, walkIn: false });
    const receipt = (await till.call('receipt.get', { id: fixed.id })) as ReceiptView;
    expect(receipt.customer).toEqual({ companyId: company.companyId, name: company.name, walkIn: false });
  });
});
