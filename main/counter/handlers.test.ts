// The counter's calls as the screens make them, over a real app file: what the sale's customer
// owes is listed from the cached receivables, and none of them can break the sale's view.
import { describe, expect, it } from 'vitest';
import { tempDb } from '../../test/support/fixtures.ts';
import { saveSyncState, upsertCompanyCard, upsertReceivables } from '../../db/catalog/index.ts';
import { BarcodeReader } from '../barcode/index.ts';
import { Counter } from './counter.ts';
import { counterHandlers } from './handlers.ts';
import { ScanResolver } from './resolve.ts';

describe("the sale's customer and what they owe", () => {
  it('lists the unpaid invoices even when one is beyond what the till can count', async () => {
    const { db } = tempDb('handlers-owes');
    const at = new Date().toISOString();
    upsertCompanyCard(db, { id: 5, companyId: 7, barcode: 'CARD7', name: 'Acme' }, at);
    upsertReceivables(
      db,
      [
        {
          id: 1,
          customerId: 7,
          amount: 100,
          alreadyPaid: 0,
          currency: 'CZK',
          dueDate: '2026-01-31T00:00:00',
        },
      ],
      { syncedAt: at, mark: 1 },
    );
    saveSyncState(db, 'financialReceivables', { lastCompleteAt: at });
    const counter = new Counter({ db, resolver: new ScanResolver({ db }), warehouseId: () => 1 });
    const reader = new BarcodeReader();
    const calls = counterHandlers({
      counter: () => counter,
      warehouseId: () => 1,
      reader: () => reader,
      orderPlaced: () => undefined,
      db: () => db,
      walkInCustomer: () => null,
      guard: () => undefined,
      managerPinSet: () => false,
      claimSerialScan: () => true,
    });
    try {
      const scanned = await calls['session.scan']({ code: 'CARD7' });
      expect(scanned.outcome).toMatchObject({ kind: 'customer' });
      // The next sync brings an invoice of 1e14: 10^16 minor units, past 2^53.
      upsertReceivables(
        db,
        [
          {
            id: 2,
            customerId: 7,
            amount: 1e14,
            alreadyPaid: 0,
            currency: 'CZK',
            dueDate: '2026-02-28T00:00:00',
          },
        ],
        { syncedAt: at, mark: 2 },
      );
      const view = await calls['session.current']({});
      expect(view.customer).toMatchObject({
        companyId: 7,
        owes: 100,
        owesCount: 2,
        owesDue: ['2026-01-31T00:00:00', '2026-02-28T00:00:00'],
      });
    } finally {
      db.close();
    }
  });
});
