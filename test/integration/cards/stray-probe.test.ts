// An instance that stores what SPEC.md says it refuses (the sim's storesAnyCard): the till asks
// whether it may issue cards by POSTing an empty card, which such an instance keeps. The till says
// so and asks no more: one stray card for company 0, not one per dialog; the CLI warns on stderr.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardPrepareView } from '../../../contract/contract.ts';
import { sharedTempDir } from '../../support/fixtures.ts';
import { posOnTill } from '../../support/pos-process.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

const dataDir = sharedTempDir('card-stray-probe');
let till: SyncedCore;

beforeAll(async () => {
  till = await startSyncedCore({ dataDir, warehouseId: 1, sim: { storesAnyCard: true } });
}, 90_000);

afterAll(() => till.close());

describe('an instance that stores the permission probe’s empty card', () => {
  it('is told in the dialog each time, and asked once: one stray card, not one per dialog or page', async () => {
    expect(till.sim.admin.companyCards(0)).toHaveLength(0);
    // Two pages open the dialog at once: the till asks once.
    const both = (await Promise.all([
      till.call('cards.prepare', {}),
      till.call('cards.prepare', {}),
    ])) as CardPrepareView[];
    for (const first of both) expect(first).toMatchObject({ permission: 'granted', emptyCardStored: true });
    expect(till.sim.admin.companyCards(0)).toHaveLength(1);
    const again = (await till.call('cards.prepare', {})) as CardPrepareView;
    expect(again).toMatchObject({ permission: 'granted', emptyCardStored: true });
    await till.call('cards.issue', { companyId: 1, barcode: `VK-${process.pid}-stray`, name: 'Jana' });
    expect(till.sim.admin.companyCards(0)).toHaveLength(1);
  });

  it('pos card issue warns on stderr that the instance kept the empty card', async () => {
    const before = till.sim.admin.companyCards(0).length;
    const issued = await posOnTill(dataDir, till.sim.url, [
      'card',
      'issue',
      '--company',
      '1',
      '--barcode',
      `VK-${process.pid}-cli`,
      '--name',
      'Z CLI',
    ]);
    expect(issued.code, issued.stderr).toBe(0);
    expect(issued.stderr).toContain('the instance stored the empty card sent to ask for the permission');
    expect(till.sim.admin.companyCards(0)).toHaveLength(before + 1);
  });
});
