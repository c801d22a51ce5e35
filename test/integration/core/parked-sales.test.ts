// Parked sales through the core's calls (session.park, session.parked, session.recall) against the
// real sim, with the core closed and created again on the same data folder in between: a restart
// of the till keeps every parked sale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTempDir } from '../../support/fixtures.ts';
import { plainBarcodes } from '../../support/terminal.ts';
import type {
  ParkedSaleView,
  ParkView,
  RecallView,
  ScanView,
  SessionView,
} from '../../../contract/contract.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

let till: SyncedCore;
const dataDir = sharedTempDir('parked-core');

beforeAll(async () => {
  // Parking needs no shift and no walk-in customer.
  till = await startSyncedCore({ dataDir, walkIn: 'none', openShift: false });
}, 90_000);

afterAll(() => till.close());

function call(channel: string, input: unknown): Promise<unknown> {
  return till.call(channel, input);
}

async function refusal(
  channel: string,
  input: unknown,
): Promise<{ code: string; said?: readonly unknown[] }> {
  return till.refusal(channel, input);
}

/** Barcodes of sellable counted products of warehouse 1, read beside the core from its cache. */
function barcodes(count: number): string[] {
  return plainBarcodes(dataDir, { warehouseId: 1, where: 'productName IS NOT NULL', limit: count });
}

describe('parked sales through the core', () => {
  it('parks two sales, keeps them across a restart, and recalls them with their lines', async () => {
    const [a, b, c] = barcodes(3) as [string, string, string];
    expect(await refusal('session.park', {})).toMatchObject({
      code: 'rejected',
      said: [{ key: 'nothingToPark' }],
    });

    await call('session.scan', { code: a });
    const two = (await call('session.scan', { code: b })) as ScanView;
    const first = (await call('session.park', {})) as ParkView;
    expect(first.parked).toMatchObject({ lineCount: 2, total: two.session.totals.total });
    expect(first.session).toMatchObject({ id: 'new', lines: [], parkedCount: 1 });
    const one = (await call('session.scan', { code: c })) as ScanView;
    const second = (await call('session.park', {})) as ParkView;
    expect(second.session.parkedCount).toBe(2);

    await till.restart();

    const current = (await call('session.current', {})) as SessionView;
    expect(current).toMatchObject({ lines: [], parkedCount: 2 });
    const list = (await call('session.parked', {})) as ParkedSaleView[];
    expect(list.map((p) => [p.id, p.lineCount, p.total])).toEqual([
      [first.parked.id, 2, two.session.totals.total],
      [second.parked.id, 1, one.session.totals.total],
    ]);
    expect(list.every((p) => !Number.isNaN(Date.parse(p.parkedAt)))).toBe(true);

    const recalled = (await call('session.recall', { id: first.parked.id })) as RecallView;
    expect(recalled.recalled).toEqual(list[0]);
    expect(recalled.parked).toBeNull();
    expect(recalled.session).toMatchObject({ id: first.parked.id, parkedCount: 1 });
    expect(recalled.session.lines.map((l) => l.barcode)).toEqual([a, b]);
    // Recalling the other parks this one in its place.
    const swapped = (await call('session.recall', { id: second.parked.id })) as RecallView;
    expect(swapped.parked).toMatchObject({ id: first.parked.id, lineCount: 2 });
    expect(swapped.session.lines.map((l) => l.barcode)).toEqual([c]);

    const again = await refusal('session.recall', { id: second.parked.id });
    expect(again).toMatchObject({ code: 'rejected', said: [{ key: 'notParked' }] });
  });
});
