// A loyalty card issued at one till is the customer's at every till of the store (issue 39, point 2,
// through issue 38's hub): the card goes into the issuing till's journal in the transaction that
// stores its document, reaches the other tills through a real nats-server, and their counter takes
// it offline and while the instance does not have it yet (its scan answers 404), with its company
// and discount; a second card with the same code is refused there too. Real SQLite files, the sim
// over HTTP for the instance's answer.
import { afterAll, describe, expect, it } from 'vitest';
import { cardByBarcode, isIssuedHere } from '../../../db/catalog/index.ts';
import { checkCard, storeCard } from '../../../main/cards/index.ts';
import { ScanResolver } from '../../../main/counter/index.ts';
import { ServiceClient } from '../../../main/service/index.ts';
import type { RunningSim } from '../../../sim/server.ts';
import { DEMO, simForTest } from '../../support/fixtures.ts';
import { startTestHub } from '../../support/nats-hub.ts';
import { joinHub, openTillDb, tillUsers } from '../../support/store-till.ts';

const CODE = 'VK-STORE-0001';
const CARD = {
  companyId: 1,
  barcode: CODE,
  name: 'Jana Nováková',
  validTo: '2028-11-28T23:59:59',
  discount: 10,
};

let sim: RunningSim | undefined;
afterAll(async () => {
  await sim?.close();
});

describe('a card issued at one till of the store', { timeout: 120_000 }, () => {
  it("is the customer's at the other till, offline and before the instance has it", async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2'));
    const one = openTillDb('till1');
    const two = openTillDb('till2');
    joinHub(one, 'till1', hub);
    joinHub(two, 'till2', hub);

    storeCard({ db: one, instance: undefined, now: () => new Date() }, CARD);
    await expect.poll(() => cardByBarcode(two, CODE), { timeout: 30_000 }).toBeDefined();
    const seen = cardByBarcode(two, CODE);
    expect(seen).toMatchObject({ companyId: 1, barcode: CODE, name: 'Jana Nováková', discount: 10 });
    // Not on the instance yet, as a card issued at this till would be.
    expect(seen !== undefined && isIssuedHere(seen)).toBe(true);

    // Offline: the cache decides.
    const offline = new ScanResolver({ db: two });
    expect(await offline.resolve(CODE, { warehouseId: null, sessionId: 1 })).toMatchObject({
      kind: 'customer',
      companyId: 1,
      source: 'offline',
    });

    // The same code again at the other till: refused, naming the card it belongs to.
    const again = checkCard(
      {
        db: two,
        resolver: offline,
        warehouseId: null,
        cards: null,
        instance: undefined,
        validityMonths: 24,
        now: () => new Date(),
      },
      { companyId: 1, barcode: CODE, name: 'Petr Novák' },
    );
    await expect(again).rejects.toThrow(/Jana Nováková/);

    // Online, the instance answers 404 (the issuing till has not sent it): the customer all the same.
    sim = await simForTest({});
    const client = new ServiceClient({ baseUrl: sim.url, ...DEMO });
    try {
      const online = new ScanResolver({ db: two, cardService: client });
      expect(await online.resolve(CODE, { warehouseId: null, sessionId: 1 })).toMatchObject({
        kind: 'customer',
        companyId: 1,
      });
    } finally {
      await client.close();
    }
  });
});
