// A receipt a store can hand out, through the core's calls against the real sim: the seller's header
// set in Settings (IČO and DIČ checked, spaces dropped) and kept on each receipt as it was when the
// sale closed, the till's receipt numbers one after the other with none lost to a refused payment,
// and every print after the first counted, so a reprint is a copy.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntryView, ReceiptView, SettingsView } from '../../../contract/contract.ts';
import { Core } from '../../../main/core/core.ts';
import { runCli } from '../../../main/cli/run.ts';
import { type RunningSim } from '../../../sim/server.ts';
import { demoEnv, sharedTempDir } from '../../support/fixtures.ts';
import { plainItemOnSim } from '../../support/sim-goods.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

let sim: RunningSim;
let core: Core;
let till: SyncedCore;
let barcode: string;
const dataDir = sharedTempDir('receipts');

beforeAll(async () => {
  till = await startSyncedCore({ dataDir, walkIn: 1 });
  ({ sim, core } = till);
  barcode = String(plainItemOnSim(sim, { warehouseId: 1 })['barcode']);
}, 90_000);

afterAll(() => till.close());

function call(channel: string, input: unknown): Promise<unknown> {
  return till.call(channel, input);
}

async function sale(tender: { method: 'cash'; given?: number } | { method: 'card' } = { method: 'card' }) {
  await call('session.scan', { code: barcode, via: 'scanner' });
  const closed = (await call('session.close', { tender })) as { order: OutboxEntryView };
  return (await call('receipt.get', { id: closed.order.id })) as ReceiptView;
}

const seller = {
  name: 'Potraviny U Lípy s.r.o.',
  address: 'Lipová 12\n110 00 Praha 1',
  registrationNumber: '270 82 440',
  vatNumber: 'cz27082440',
};

describe("the seller's header in Settings", () => {
  it('refuses an IČO that is not 8 digits and a DIČ of no known form, naming the field', async () => {
    for (const [field, value] of [
      ['registrationNumber', '2708244'],
      ['registrationNumber', '27O82440'],
      ['vatNumber', 'CZ1234567'],
      ['vatNumber', 'SK123456789'],
      ['vatNumber', '12345678'],
    ] as const) {
      const refused = await core.invoke('settings.set', { seller: { ...seller, [field]: value } });
      expect(refused.ok, `${field} ${value}`).toBe(false);
      expect(!refused.ok && refused.error.code).toBe('invalid-input');
      expect(!refused.ok && JSON.stringify(refused.error)).toContain(field);
    }
    const settings = (await call('settings.get', {})) as SettingsView;
    expect(settings.seller).toEqual({ name: '', address: '', registrationNumber: '', vatNumber: '' });
  });

  it('takes Czech, Slovak and other EU VAT numbers, without the spaces people type', async () => {
    for (const [typed, stored] of [
      ['CZ 699 00 1234', 'CZ699001234'],
      ['SK2020273893', 'SK2020273893'],
      ['ATU 13585627', 'ATU13585627'],
      ['', ''],
    ] as const) {
      const saved = (await call('settings.set', { seller: { ...seller, vatNumber: typed } })) as SettingsView;
      expect(saved.seller.vatNumber).toBe(stored);
    }
    const saved = (await call('settings.set', { seller, receiptPrefix: 'K2' })) as SettingsView;
    expect(saved.seller).toEqual({
      name: 'Potraviny U Lípy s.r.o.',
      address: 'Lipová 12\n110 00 Praha 1',
      registrationNumber: '27082440',
      vatNumber: 'CZ27082440',
    });
    expect(saved.receiptPrefix).toBe('K2');
  });
});

describe('receipt numbers and copies', () => {
  it('numbers each sale in turn; a refused payment takes no number; the seller stays as it was', async () => {
    const first = await sale();
    expect(first).toMatchObject({
      number: 'K2-000001',
      seller: { name: seller.name, registrationNumber: '27082440', vatNumber: 'CZ27082440' },
      printCount: 0,
    });
    // Too little cash: refused, the sale stays open and no number is used up.
    await call('session.scan', { code: barcode, via: 'scanner' });
    const short = await core.invoke('session.close', { tender: { method: 'cash', given: 0.01 } });
    expect(short.ok).toBe(false);
    await call('session.cancel', {});
    // The seller moves: new receipts say so, the old one keeps what it printed.
    await call('settings.set', { seller: { ...seller, name: 'Potraviny Na Rohu s.r.o.' } });
    const second = await sale({ method: 'cash' });
    expect(second).toMatchObject({ number: 'K2-000002', seller: { name: 'Potraviny Na Rohu s.r.o.' } });
    expect(((await call('receipt.get', { id: first.orderId })) as ReceiptView).seller?.name).toBe(
      seller.name,
    );
  });

  it('counts each print: after the first, the receipt is a copy', async () => {
    const receipt = await sale();
    const once = (await call('receipt.printed', { id: receipt.orderId })) as ReceiptView;
    expect(once.printCount).toBe(1);
    await call('receipt.printed', { id: receipt.orderId });
    expect(((await call('receipt.get', { id: receipt.orderId })) as ReceiptView).printCount).toBe(2);
    const missing = await core.invoke('receipt.printed', { id: 999_999 });
    expect(!missing.ok && missing.error.code).toBe('not-found');
  });

  it("gives an order file's order no number, the seller of today, and counts its prints", async () => {
    let out = '';
    const code = await runCli(['order', '-', '--json'], {
      stdout: (t) => (out += t),
      stderr: () => undefined,
      env: demoEnv(sim.url, dataDir),
      stdin: () =>
        Readable.from([
          JSON.stringify({ customerId: 1, warehouseId: 1, items: [{ productId: 1, quantity: 1 }] }),
        ]),
    });
    expect(code).toBe(0);
    const { id } = JSON.parse(out) as { id: number };
    const receipt = (await call('receipt.get', { id })) as ReceiptView;
    expect(receipt.number).toBeUndefined();
    expect(receipt.seller?.name).toBe('Potraviny Na Rohu s.r.o.');
    expect(((await call('receipt.printed', { id })) as ReceiptView).printCount).toBe(1);
    // The till's sequence goes on from its last sale.
    expect((await sale()).number).toBe('K2-000004');
  });
});
