// The counter's calls as the screens make them, over a real app file: what the sale's customer
// owes is listed from the cached receivables, and none of them can break the sale's view.
import { describe, expect, it } from 'vitest';
import { counterCalls } from '../../test/support/counter-calls.ts';
import { tempDb } from '../../test/support/fixtures.ts';
import { saveSyncState, upsertCompanyCard, upsertReceivables } from '../../db/catalog/index.ts';
import { Counter } from './counter.ts';
import { ScanResolver } from './resolve.ts';

describe("the sale's customer and what they owe", () => {
  it('lists the unpaid invoices as the cache says now, even when one is beyond what the till can count', async () => {
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
    const calls = counterCalls(db, counter);
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
      // What is owed is as the cache says now: no sum the till can hold, so not known; the invoices
      // are counted and dated all the same.
      const view = await calls['session.current']({});
      expect(view.customer).toMatchObject({
        companyId: 7,
        owesCount: 2,
        owesDue: ['2026-01-31T00:00:00', '2026-02-28T00:00:00'],
      });
      expect(view.customer?.owes).toBeUndefined();
    } finally {
      db.close();
    }
  });

  it("says what is owed in the till's currency, and other currencies apart: 100 EUR and 500 CZK are never 600", async () => {
    const { db } = tempDb('handlers-owes-currencies');
    const at = new Date().toISOString();
    upsertCompanyCard(db, { id: 5, companyId: 7, barcode: 'CARD7', name: 'Acme' }, at);
    const receivable = (id: number, amount: number, currency: string) => ({
      id,
      customerId: 7,
      amount,
      alreadyPaid: 0,
      currency,
      dueDate: `2026-0${String(id)}-01T00:00:00`,
    });
    upsertReceivables(
      db,
      // The receivables' most common currency is CZK; the till's Settings may say EUR.
      [receivable(1, 500, 'CZK'), receivable(2, 100, 'eur '), receivable(3, 20, 'CZK'), receivable(4, 5, '')],
      { syncedAt: at, mark: 1 },
    );
    saveSyncState(db, 'financialReceivables', { lastCompleteAt: at });
    // The app's wiring with no currency of its own: the receivables' most common, CZK; one naming
    // none is counted in it.
    const plain = counterCalls(
      db,
      new Counter({ db, resolver: new ScanResolver({ db }), warehouseId: () => 1 }),
    );
    let currency: string | undefined;
    const counter = new Counter({
      db,
      resolver: new ScanResolver({ db, currency: () => currency }),
      warehouseId: () => 1,
    });
    const calls = counterCalls(db, counter, { currency: () => currency });
    try {
      expect((await plain['session.scan']({ code: 'CARD7' })).session.customer).toMatchObject({
        owes: 525,
        owesCount: 3,
        owesElsewhere: [{ currency: 'EUR', owed: 100 }],
      });
      // No currency known at all: every receivable is the till's.
      const unknown = (await calls['session.scan']({ code: 'CARD7' })).session.customer;
      expect(unknown).toMatchObject({ owes: 625, owesCount: 4 });
      expect(unknown?.owesElsewhere).toBeUndefined();
      await calls['session.cancel']({});
      currency = 'EUR';
      expect((await calls['session.scan']({ code: 'CARD7' })).session.customer).toMatchObject({
        owes: 105,
        owesCount: 2,
        owesElsewhere: [{ currency: 'CZK', owed: 520 }],
      });
    } finally {
      db.close();
    }
  });
});
