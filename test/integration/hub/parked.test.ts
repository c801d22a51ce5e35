// Parked sales recalled at any till of the store (issue 38, point 3), through a real nats-server: a
// sale parked at till 1 travels in its journal with its lines and customer, till 2 lists it and
// recalls it (claimed in the hub's bucket first), and till 1 then shows it as taken; two tills
// recalling the same parked sale at the same instant never both get it; without the hub a till
// lists and recalls only its own parked sales. Real SQLite files, the counter's calls as the app
// answers them (main/counter/handlers.ts, wired to the hub as main/areas/counter.ts wires it).
import { describe, expect, it } from 'vitest';
import { upsertStockItems } from '../../../db/catalog/index.ts';
import type { Db } from '../../../db/database.ts';
import { storeEvents } from '../../../db/journal.ts';
import { heldExchangeText, holdExchangeText } from '../../../db/returns.ts';
import { currentShoppingSessionId, getShoppingSession } from '../../../db/sessions.ts';
import { hubParkedClaims } from '../../../main/areas/index.ts';
import { Counter, CounterError, counterHandlers, ScanResolver } from '../../../main/counter/index.ts';
import type { StoreHub } from '../../../main/hub/index.ts';
import { SaleId } from '../../../contract/ids.ts';
import { counterCalls } from '../../support/counter-calls.ts';
import { startTestHub, type HubLogin } from '../../support/nats-hub.ts';
import { joinHub, openTillDb, tillUsers } from '../../support/store-till.ts';

const WALK_IN = { companyId: 1, name: 'Walk-in' };

interface Till {
  readonly name: string;
  readonly db: Db;
  readonly hub: StoreHub;
  readonly counter: Counter;
  readonly calls: ReturnType<typeof counterHandlers>;
}

/** A till's file with three products of warehouse 1: CODE-1 at 10.00, CODE-2 at 25.50, CODE-3 at 4.20. */
function till(name: string, on: HubLogin): Till {
  const db = openTillDb(name);
  upsertStockItems(
    db,
    [10, 25.5, 4.2].map((price, i) => ({
      id: i + 1,
      warehouseId: 1,
      productId: i + 1,
      barcode: `CODE-${i + 1}`,
      productName: `Product ${i + 1}`,
      unitOfMeasure: 'ks',
      price,
      vatRate: 21,
    })),
    { syncedAt: new Date().toISOString(), mark: 1 },
  );
  const hub = joinHub(db, name, on);
  const counter = new Counter({
    db,
    resolver: new ScanResolver({ db }),
    warehouseId: () => 1,
    walkInCustomer: () => WALK_IN,
  });
  const calls = counterCalls(db, counter, {
    walkInCustomer: () => WALK_IN,
    parkedClaims: () => hubParkedClaims(name, hub),
  });
  return { name, db, hub, counter, calls };
}

async function scanAll(t: Till, ...codes: string[]): Promise<void> {
  for (const code of codes) await t.calls['session.scan']({ code });
}

/** Parks what is on `t`'s counter; returns the parked sale's id there. */
async function park(t: Till, ...codes: string[]): Promise<SaleId> {
  await scanAll(t, ...codes);
  const parked = await t.calls['session.park']({});
  return SaleId.parse(parked.parked.id);
}

async function refusal(p: Promise<unknown>): Promise<CounterError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof CounterError)) throw new Error(`expected a CounterError, got ${String(error)}`);
  return error;
}

/** What `t`'s recall list shows of the other tills' parked sales: [till, id, lines, total]. */
async function othersListed(t: Till) {
  const list = await t.calls['session.parked']({});
  return list.filter((s) => s.till !== undefined).map((s) => [s.till, s.id, s.lineCount, s.total]);
}

describe('parked sales across the store', { timeout: 120_000 }, () => {
  it('recalls at till 2 a sale parked at till 1, with its lines, and till 1 shows it as taken', async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2'));
    const one = till('till1', hub);
    const two = till('till2', hub);
    await expect.poll(() => one.hub.connected && two.hub.connected).toBe(true);

    const parkedId = await park(one, 'CODE-1', 'CODE-1', 'CODE-2');
    await expect.poll(() => othersListed(two), { timeout: 30_000 }).toEqual([['till1', parkedId, 2, 45.5]]);
    // The session counts this till's own parked sales only (the status counts the store's).
    expect((await two.calls['session.current']({})).parkedCount).toBe(0);

    // Till 2 has a sale of its own on the counter: it is parked in the recalled one's place.
    await scanAll(two, 'CODE-3');
    const recalled = await two.calls['session.recall']({ id: parkedId, till: 'till1' });
    expect(recalled.recalled).toMatchObject({ till: 'till1', lineCount: 2, total: 45.5 });
    expect(recalled.session.lines.map((l) => [l.name, l.quantity, l.unitPrice])).toEqual([
      ['Product 1', 2, 10],
      ['Product 2', 1, 25.5],
    ]);
    expect(recalled.session.totals.total).toBe(45.5);
    expect(recalled.parked).toMatchObject({ lineCount: 1, total: 4.2 });
    // It is a sale of till 2 now: it closes there like any other.
    const closed = await two.calls['session.close']({ tender: { method: 'card' } });
    expect(closed.order).toBeDefined();

    // Till 1 learns of it: its parked sale is closed there and listed as taken by till 2.
    await expect
      .poll(() => getShoppingSession(one.db, Number(parkedId))?.state, { timeout: 30_000 })
      .toBe('cancelled');
    const list = await one.calls['session.parked']({});
    expect(list.filter((s) => s.till === undefined)).toEqual([
      expect.objectContaining({ id: parkedId, takenBy: 'till2', lineCount: 2, total: 45.5 }),
    ]);
    expect((await one.calls['session.current']({})).parkedCount).toBe(0);
    expect((await refusal(one.calls['session.recall']({ id: parkedId }))).code).toBe('parked-taken');
    // Nobody else lists it any more; till 2's swapped sale is listed at till 1.
    await expect
      .poll(() => othersListed(one), { timeout: 30_000 })
      .toEqual([['till2', recalled.parked?.id, 1, 4.2]]);
    expect(await othersListed(two)).toEqual([]);
  });

  it('lets only one of two tills recall the same parked sale at the same instant', async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2', 'till3'));
    const one = till('till1', hub);
    const two = till('till2', hub);
    const three = till('till3', hub);
    await expect.poll(() => one.hub.connected && two.hub.connected && three.hub.connected).toBe(true);
    const ids: SaleId[] = [];
    for (const code of ['CODE-1', 'CODE-2', 'CODE-3', 'CODE-1']) ids.push(await park(one, code));
    for (const t of [two, three])
      await expect.poll(async () => (await othersListed(t)).length, { timeout: 30_000 }).toBe(ids.length);

    for (const [i, id] of ids.entries()) {
      // Two other tills race, or the till that parked it races another.
      const racers: [Promise<unknown>, Promise<unknown>] =
        i % 2 === 0
          ? [
              two.calls['session.recall']({ id, till: 'till1' }),
              three.calls['session.recall']({ id, till: 'till1' }),
            ]
          : [one.calls['session.recall']({ id }), two.calls['session.recall']({ id, till: 'till1' })];
      const outcomes = await Promise.allSettled(racers);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
      expect(lost).toHaveLength(1);
      expect(lost[0]).toBeInstanceOf(CounterError);
      expect((lost[0] as CounterError).code).toBe('parked-taken');
      // The winner has it at its counter; its sale goes back to the shelf of parked sales for the next round.
      for (const t of [one, two, three]) await t.calls['session.cancel']({});
    }
    // Each parked sale left till 1 once: recalled there, or taken over by exactly one other till.
    await expect
      .poll(() => ids.map((id) => getShoppingSession(one.db, Number(id))?.state), { timeout: 30_000 })
      .toEqual(ids.map(() => 'cancelled'));
    const takes = [...storeEvents(one.db, 'till2'), ...storeEvents(one.db, 'till3')].filter(
      (e) => e.kind === 'parked-taken',
    );
    const takenHere = ids.filter((id) => getShoppingSession(one.db, Number(id))?.parkedAt !== null);
    expect(takes).toHaveLength(takenHere.length);
    expect(takes.length).toBeGreaterThanOrEqual(2);
  });

  it('lists and recalls only its own parked sales without the hub, and refuses another till’s', async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2'));
    const one = till('till1', hub);
    const two = till('till2', hub);
    await expect.poll(() => one.hub.connected && two.hub.connected).toBe(true);
    const theirs = await park(one, 'CODE-1');
    const mine = await park(two, 'CODE-2');
    await expect.poll(() => othersListed(two), { timeout: 30_000 }).toEqual([['till1', theirs, 1, 10]]);

    await hub.kill9();
    await expect.poll(() => two.hub.connected).toBe(false);
    expect(await othersListed(two)).toEqual([]);
    expect((await two.calls['session.parked']({})).map((s) => s.id)).toEqual([mine]);
    expect((await two.calls['session.current']({})).parkedCount).toBe(1);
    expect((await refusal(two.calls['session.recall']({ id: theirs, till: 'till1' }))).code).toBe(
      'store-offline',
    );
    const recalled = await two.calls['session.recall']({ id: mine });
    expect(recalled.session.lines.map((l) => l.name)).toEqual(['Product 2']);
  });
  it('keeps a parked sale holding an exchange at its till: another till refuses to take it over', async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2'));
    const one = till('till1', hub);
    const two = till('till2', hub);
    await expect.poll(() => one.hub.connected && two.hub.connected).toBe(true);
    // Till 1 takes goods of receipt 1-000007 back as a credit on the new sale (what returns.hold
    // stores: main/returns/held.ts), then parks the sale while the customer looks for another size.
    await scanAll(one, 'CODE-2');
    const sessionId = currentShoppingSessionId(one.db);
    if (sessionId === undefined) throw new Error('no sale at the counter');
    const credit = JSON.stringify({
      receipt: '1-000007',
      lines: [{ lineNo: 1, quantity: 1 }],
      creditMinor: 1000,
    });
    holdExchangeText(one.db, sessionId, credit, new Date());
    const parkedId = await park(one);
    await expect.poll(() => othersListed(two), { timeout: 30_000 }).toEqual([['till1', parkedId, 1, 25.5]]);

    // Till 2 would get the lines without the credit and charge the customer in full: it refuses,
    // names the till, claims nothing, and till 1 still has the sale parked.
    // Listed at till 2 as holding the exchange (the list shows it, not recallable).
    const listed = (await two.calls['session.parked']({})).find((s) => s.till === 'till1');
    expect(listed?.exchangeReceipt).toBe('1-000007');
    // Its event is version 3: a till not upgraded yet (version 2 only) does not list it at all.
    const event = storeEvents(two.db, 'till1').find((e) => e.kind === 'parked');
    expect(event?.body).toMatchObject({ v: 3, exchangeReceipt: '1-000007' });
    const refused = await refusal(two.calls['session.recall']({ id: parkedId, till: 'till1' }));
    expect(refused.code).toBe('parked-exchange');
    expect(refused.message).toContain('till1');
    expect(refused.message).toContain('1-000007');
    expect(await othersListed(two)).toEqual([['till1', parkedId, 1, 25.5]]);
    // Recalled at till 1, the sale comes back with its credit.
    const recalled = await one.calls['session.recall']({ id: parkedId });
    expect(recalled.session.lines.map((l) => l.name)).toEqual(['Product 2']);
    expect(heldExchangeText(one.db, Number(parkedId))).toBe(credit);
  });
});
