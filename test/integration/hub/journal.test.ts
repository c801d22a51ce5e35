// Each till's journal reaches every other till exactly once, through the real nats-server: events
// are applied by (till, seq) whatever the hub delivers twice; a hub killed with kill -9 in the middle
// of a stream, a till cut off while it sells and a hub whose storage is wiped all end with every
// till holding every other till's events once.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { lastJournalSeq, storeEvents } from '../../../db/journal.ts';
import { startTestHub } from '../../support/nats-hub.ts';
import {
  cashIn,
  joinHub,
  openShift,
  openTillDb,
  returnCash,
  sell,
  tillUsers,
} from '../../support/store-till.ts';
import { storeShifts } from '../../../main/hub/index.ts';

/** What `db` holds of `till`'s journal: its numbers, in order. */
const seqsOf = (db: Db, till: string) => storeEvents(db, till).map((e) => e.seq);
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("the tills' journals through the store hub", () => {
  it("applies another till's shift, cash move and sale once, with what the store needs of them", async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2'));
    const a = openTillDb('a');
    const b = openTillDb('b');
    joinHub(a, 'till1', hub);
    const hubB = joinHub(b, 'till2', hub);
    openShift(a, 50_000);
    cashIn(a, 2_000);
    sell(a, 42, 3);
    await expect.poll(() => seqsOf(b, 'till1')).toEqual([1, 2, 3]);
    const [open, move, sale] = storeEvents(b, 'till1');
    expect(open).toMatchObject({ kind: 'shift-open', body: { shiftId: 1, floatMinor: 50_000 } });
    expect(move).toMatchObject({ kind: 'cash-move', body: { direction: 'in', amountMinor: 2_000 } });
    expect(sale).toMatchObject({
      kind: 'sale',
      body: {
        receipt: null,
        shiftId: 1,
        totalMinor: 3_000,
        state: 'queued',
        lines: [{ productId: 42, quantity: 3 }],
        payments: [{ method: 'cash', amountMinor: 3_000 }],
      },
    });
    // The other direction, and a till's own events are not stored as another's.
    openShift(b);
    await expect.poll(() => seqsOf(a, 'till2')).toEqual([1]);
    expect(seqsOf(a, 'till1')).toEqual([]);
    await expect.poll(() => hubB.status().tills).toEqual([{ till: 'till1', applied: 3, behind: 0 }]);
  });

  it('journals a return at another till: what came back of which sale, and the cash it took from the drawer', async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2'));
    const a = openTillDb('a');
    const b = openTillDb('b');
    joinHub(a, 'till1', hub);
    joinHub(b, 'till2', hub);
    openShift(a, 10_000);
    const order = sell(a, 42, 3);
    returnCash(a, order, 1);
    await expect
      .poll(() => storeEvents(b, 'till1').map((e) => e.kind))
      .toEqual(['shift-open', 'sale', 'return-line', 'return-refund']);
    expect(storeEvents(b, 'till1')[2]?.body).toMatchObject({
      saleOrderId: order,
      lineNo: 0,
      quantityMilli: 1000,
    });
    const till1 = storeShifts(b, 'till2', { set: true, connected: true }).tills.find(
      (t) => t.till === 'till1',
    );
    // 100.00 float + 30.00 cash sale - 10.00 paid back.
    expect(till1?.shift).toMatchObject({ cashRefundsMinor: 1000, expectedCashMinor: 12_000 });
  });

  it('loses and doubles nothing when the hub is killed with kill -9 mid-stream', async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2'));
    const a = openTillDb('a');
    const b = openTillDb('b');
    const hubA = joinHub(a, 'till1', hub);
    joinHub(b, 'till2', hub);
    openShift(a);
    for (let i = 0; i < 150; i++) {
      sell(a, 1 + (i % 7), 1);
      hubA.wake();
      // Killed while the till's events are on their way: some of them have reached the other till.
      if (i === 60) {
        await expect.poll(() => seqsOf(b, 'till1').length).toBeGreaterThan(10);
        await hub.kill9();
      }
    }
    // Down: the till sold on alone; the hub comes back with its storage.
    await expect.poll(() => hubA.status().connected).toBe(false);
    await hub.start();
    await expect.poll(() => seqsOf(b, 'till1'), { timeout: 60_000 }).toEqual(oneToN(151));
    expect(lastJournalSeq(a)).toBe(151);
  });

  it('catches up a till that was cut off while it sold, both ways', async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2'));
    const a = openTillDb('a');
    const b = openTillDb('b');
    joinHub(a, 'till1', hub);
    const hubB = joinHub(b, 'till2', hub);
    openShift(a);
    openShift(b);
    await expect.poll(() => seqsOf(b, 'till1')).toEqual([1]);
    await hubB.close();
    for (let i = 0; i < 40; i++) sell(b, 5, 1);
    for (let i = 0; i < 30; i++) sell(a, 6, 2);
    // The till comes back: its backlog goes out, the others' events come in.
    joinHub(b, 'till2', hub);
    await expect.poll(() => seqsOf(a, 'till2'), { timeout: 60_000 }).toEqual(oneToN(41));
    await expect.poll(() => seqsOf(b, 'till1'), { timeout: 60_000 }).toEqual(oneToN(31));
  });

  it("refills a hub whose storage was wiped from the tills' journals", async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2', 'till3'));
    const a = openTillDb('a');
    const b = openTillDb('b');
    joinHub(a, 'till1', hub);
    joinHub(b, 'till2', hub);
    openShift(a);
    openShift(b);
    for (let i = 0; i < 20; i++) sell(a, 3, 1);
    for (let i = 0; i < 10; i++) sell(b, 4, 1);
    await expect.poll(() => seqsOf(b, 'till1')).toEqual(oneToN(21));
    await expect.poll(() => seqsOf(a, 'till2')).toEqual(oneToN(11));
    await hub.kill9();
    await hub.start({ wipe: true });
    sell(a, 3, 1);
    // A till that joins after the wipe learns everything both tills ever journaled.
    const c = openTillDb('c');
    joinHub(c, 'till3', hub);
    await expect.poll(() => seqsOf(c, 'till1'), { timeout: 60_000 }).toEqual(oneToN(22));
    await expect.poll(() => seqsOf(c, 'till2'), { timeout: 60_000 }).toEqual(oneToN(11));
    await expect.poll(() => seqsOf(b, 'till1'), { timeout: 60_000 }).toEqual(oneToN(22));
    expect(seqsOf(a, 'till2')).toEqual(oneToN(11));
  });
});
