// A card issued at the till is a document on the outbox's one machine (issue 39), against the real
// sim over HTTP and a real SQLite file: sent once, refused per field, blocked without the permission,
// queued offline, in doubt when the answer is lost and then settled by reading the company's cards
// (never posted twice), and an order of its company waits until the card is on the instance.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cacheIssuedCard, cardByBarcode } from '../../../db/catalog/index.ts';
import {
  countOutboxOrders,
  insertOutboxDocument,
  insertOutboxOrder,
  pageOutboxOrders,
} from '../../../db/outbox.ts';
import type { Db } from '../../../db/database.ts';
import { buildOutbox } from '../../../main/areas/index.ts';
import type { Outbox } from '../../../main/outbox/index.ts';
import { entryView } from '../../../main/outbox/entry.ts';
import { ServiceClient } from '../../../main/service/index.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { DEMO, VIEWER } from '../../../sim/testing.ts';
import { tempDb } from '../../support/fixtures.ts';
import { startHostileProxy, type HostileProxy } from '../../support/hostile-proxy.ts';
import { orderDataAt, type OrderData } from './order-data.ts';

const sims: RunningSim[] = [];
let sim: RunningSim;
let data: OrderData;
const cleanup: (() => Promise<void> | void)[] = [];
let serial = 0;

beforeAll(async () => {
  sim = await startSim({ port: 0, size: 'small', seed: 39 });
  sims.push(sim);
  data = await orderDataAt(sim.url);
});
afterAll(async () => {
  for (const s of sims) await s.close();
});
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
  await sim.faults.reset();
});

function client(
  at: RunningSim = sim,
  who: { clientId: string; clientSecret: string } = DEMO,
  baseUrl: string = at.url,
): ServiceClient {
  const c = new ServiceClient(
    { baseUrl, ...who },
    { connectTimeoutMs: 1_000, headersTimeoutMs: 3_000, maxRetries429: 0 },
  );
  cleanup.push(() => c.close());
  return c;
}

function outboxOver(db: Db, c: ServiceClient): Outbox {
  const outbox = buildOutbox({ db, client: c });
  cleanup.push(() => outbox.stop());
  return outbox;
}

/** A barcode no card of the sim has (the seeded cards' are EAN-13s). */
function newBarcode(): string {
  serial += 1;
  return `CARD-39-${process.pid}-${serial}`;
}

function issue(db: Db, companyId: number, barcode = newBarcode()) {
  const entry = insertOutboxDocument(db, 'card', { companyId, barcode, name: 'Věrnostní karta Nováková' });
  cacheIssuedCard(db, entry.id, { companyId, barcode, name: 'Věrnostní karta Nováková' }, entry.createdAt);
  return entry;
}

/** A hostile proxy in front of the sim (test/support/hostile-proxy.ts), closed after the test. */
async function proxyTo(at: RunningSim = sim): Promise<HostileProxy> {
  const proxy = await startHostileProxy(at.url);
  cleanup.push(() => proxy.close());
  return proxy;
}

const CARDS_PATH = '^/api/companies/\\d+/cards$';
const PERSONS = /^\/api\/companies\/\d+\/authorized-persons$/;

/**
 * A card issued through `proxy` whose POST the instance stores and whose answer is lost on the way:
 * in doubt, on the instance once.
 */
async function issuedInDoubt(db: Db, outbox: Outbox, proxy: HostileProxy) {
  proxy.rule({ method: 'POST', path: CARDS_PATH, reset: 'after', times: 1 });
  const entry = issue(db, data.customerId);
  expect((await outbox.sendPlaced(entry)).state).toBe('in-doubt');
  expect(await cardsWith(sim, data.customerId, entry.payload.barcode)).toHaveLength(1);
  return entry;
}

async function cardsWith(at: RunningSim, companyId: number, barcode: string) {
  return (await client(at).companyCards(companyId)).filter((c) => c.barcode === barcode);
}

describe('a card document on the outbox', () => {
  it('is sent once: the instance stores it and the till caches the instance card in place of its own', async () => {
    const { db } = tempDb('card-sent');
    const entry = issue(db, data.customerId);
    expect(cardByBarcode(db, entry.payload.barcode)?.id).toBe(-entry.id);
    const sent = await outboxOver(db, client()).sendPlaced(entry);
    expect(sent).toMatchObject({ kind: 'card', state: 'sent', attempts: 1 });
    const onInstance = await cardsWith(sim, data.customerId, entry.payload.barcode);
    expect(onInstance).toHaveLength(1);
    expect(sent.remoteId).toBe(onInstance[0]?.id);
    expect(cardByBarcode(db, entry.payload.barcode)?.id).toBe(onInstance[0]?.id);
  });

  it('a duplicate barcode and a missing company come back per field (needs-fix), the instance words kept', async () => {
    const { db } = tempDb('card-400');
    const taken = newBarcode();
    await client().createCompanyCard(data.customerId, { barcode: taken, name: 'first' });
    const outbox = outboxOver(db, client());
    const duplicate = await outbox.sendPlaced(issue(db, data.customerId, taken));
    expect(duplicate.state).toBe('needs-fix');
    expect(duplicate.fieldErrors?.['barcode']?.join(' ')).toContain(taken);
    const missing = await outbox.sendPlaced(issue(db, 999_999));
    expect(missing.state).toBe('needs-fix');
    expect(Object.keys(missing.fieldErrors ?? {})).toContain('companyId');
  });

  it('without Permissions.Companies.Create it is blocked, naming the permission', async () => {
    const { db } = tempDb('card-403');
    const blocked = await outboxOver(db, client(sim, VIEWER)).sendPlaced(issue(db, data.customerId));
    expect(blocked).toMatchObject({ state: 'blocked', permission: 'Permissions.Companies.Create' });
  });

  it('waits queued while the instance is away and goes once when it is back', async () => {
    const { db } = tempDb('card-offline');
    const outbox = outboxOver(db, client());
    await sim.faults.setOffline({ mode: 'refuse' });
    const entry = issue(db, data.customerId);
    expect((await outbox.sendPlaced(entry)).state).toBe('queued');
    await sim.faults.setOffline(false);
    await outbox.replay({ ignoreSchedule: true });
    expect(outbox.get(entry.id)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(await cardsWith(sim, data.customerId, entry.payload.barcode)).toHaveLength(1);
  });

  it('a card of that code someone else stored meanwhile is not taken for this one: refused as a duplicate', async () => {
    const { db } = tempDb('card-other-meanwhile');
    const outbox = outboxOver(db, client());
    await sim.faults.setOffline({ mode: 'refuse' });
    const entry = issue(db, data.customerId);
    expect((await outbox.sendPlaced(entry)).state).toBe('queued');
    await sim.faults.setOffline(false);
    // Another till (or the back office) gave the same code to another customer's card meanwhile.
    await client().createCompanyCard(data.customerId, { barcode: entry.payload.barcode, name: 'Cizí karta' });
    await outbox.replay({ ignoreSchedule: true });
    const after = outbox.get(entry.id);
    expect(after?.state).toBe('needs-fix');
    expect(after?.fieldErrors?.['barcode']?.join(' ')).toContain(entry.payload.barcode);
    expect(await cardsWith(sim, data.customerId, entry.payload.barcode)).toHaveLength(1);
  });

  it('in doubt when the answer is lost; the next pass finds it on the instance and never posts it again', async () => {
    const dropping = await startSim({
      port: 0,
      size: 'small',
      seed: 39,
      dropsCardAnswer: true,
      // Nor does it recognise a repeated order: in-doubt entries go again only where their kind reads.
      detectsDuplicateOrders: false,
    });
    sims.push(dropping);
    const at = await orderDataAt(dropping.url);
    const { db } = tempDb('card-in-doubt');
    const outbox = outboxOver(db, client(dropping));
    const entry = issue(db, at.customerId);
    const first = await outbox.sendPlaced(entry);
    expect(first.state).toBe('in-doubt');
    expect(await cardsWith(dropping, at.customerId, entry.payload.barcode)).toHaveLength(1);
    // The instance does not recognise client references (a card has none): still taken, by reading.
    await outbox.replay({ ignoreSchedule: true });
    const settled = outbox.get(entry.id);
    expect(settled).toMatchObject({ state: 'sent', attempts: 2 });
    expect(settled?.messages?.join(' ')).toContain('not posted again');
    const stored = await cardsWith(dropping, at.customerId, entry.payload.barcode);
    expect(stored).toHaveLength(1);
    expect(settled?.remoteId).toBe(stored[0]?.id);
  });

  it('a card of the company the till cannot read does not keep an in-doubt card from being found', async () => {
    const { db } = tempDb('card-unreadable-other');
    const proxy = await proxyTo();
    const outbox = outboxOver(db, client(sim, DEMO, proxy.url));
    const entry = await issuedInDoubt(db, outbox, proxy);
    // Another card of the company, with a discount Counter cannot read (SPEC.md: a number).
    proxy.rule({
      method: 'GET',
      path: CARDS_PATH,
      rewrite: (cards) => [
        { id: 990_001, barcode: 'OTHER-CARD-1', name: 'Cizí karta', discount: 'ten' },
        ...(cards as unknown[]),
      ],
    });
    await outbox.replay({ ignoreSchedule: true });
    const settled = outbox.get(entry.id);
    expect(settled).toMatchObject({ state: 'sent', attempts: 2 });
    expect(settled?.messages?.join(' ')).toContain('not posted again');
    const stored = await cardsWith(sim, data.customerId, entry.payload.barcode);
    expect(stored).toHaveLength(1);
    expect(settled?.remoteId).toBe(stored[0]?.id);
  });

  it('a card the till cannot read that may be this one is not taken for "not there": in doubt, not posted', async () => {
    const { db } = tempDb('card-unreadable-maybe');
    const proxy = await proxyTo();
    const outbox = outboxOver(db, client(sim, DEMO, proxy.url));
    const entry = await issuedInDoubt(db, outbox, proxy);
    // This card, as the instance holds it, with a field Counter cannot read.
    const unreadable = proxy.rule({
      method: 'GET',
      path: CARDS_PATH,
      rewrite: (cards) =>
        (cards as Record<string, unknown>[]).map((c) =>
          c['barcode'] === entry.payload.barcode ? { ...c, discount: '5 %' } : c,
        ),
    });
    await outbox.replay({ ignoreSchedule: true });
    const held = outbox.get(entry.id);
    expect(held).toMatchObject({ state: 'in-doubt', attempts: 2 });
    expect(held?.messages?.join(' ')).toContain(
      "The company's cards on the instance hold one that may be this card but cannot be taken for it",
    );
    expect(held?.messages?.join(' ')).toContain('discount');
    expect(await cardsWith(sim, data.customerId, entry.payload.barcode)).toHaveLength(1);
    // Once it reads, the next pass finds it.
    unreadable.remove();
    await outbox.replay({ ignoreSchedule: true });
    expect(outbox.get(entry.id)).toMatchObject({ state: 'sent', attempts: 3 });
    expect(await cardsWith(sim, data.customerId, entry.payload.barcode)).toHaveLength(1);
  });

  it('stays in doubt on the Orders screen while a pass reads the instance, never "sending" for it', async () => {
    const dropping = await startSim({
      port: 0,
      size: 'small',
      seed: 39,
      dropsCardAnswer: true,
      detectsDuplicateOrders: false,
    });
    sims.push(dropping);
    const at = await orderDataAt(dropping.url);
    const { db } = tempDb('card-in-doubt-reading');
    const outbox = outboxOver(db, client(dropping));
    const entry = issue(db, at.customerId);
    expect((await outbox.sendPlaced(entry)).state).toBe('in-doubt');
    // The next pass's read of the company's cards is held at the instance while the screen looks.
    dropping.faults.latency({
      ms: 55_000,
      method: 'GET',
      path: `companies/${String(at.customerId)}/cards$`,
      times: 1,
    });
    const pass = outbox.replay({ ignoreSchedule: true });
    try {
      await expect.poll(() => dropping.faults.heldCount, { timeout: 30_000 }).toBe(1);
      const reading = outbox.get(entry.id);
      // Claimed for the attempt (its lease), as any attempt is ...
      expect(reading?.state).toBe('sending');
      // ... but shown in doubt: its row, its buttons and the filter "in doubt" keep it.
      expect(reading === undefined ? undefined : entryView(reading).state).toBe('in-doubt');
      const inDoubt = pageOutboxOrders(db, { states: ['in-doubt'], limit: 50 }).orders.map((o) => o.id);
      expect(inDoubt).toContain(entry.id);
      const sending = pageOutboxOrders(db, { states: ['sending'], limit: 50 }).orders.map((o) => o.id);
      expect(sending).not.toContain(entry.id);
      const day = pageOutboxOrders(db, { states: ['in-doubt'], from: '2000-01-01', limit: 50 });
      expect(day.orders.map((o) => o.id)).toContain(entry.id);
      // The status bar's and the filter's counts say the same.
      expect(countOutboxOrders(db)).toMatchObject({ 'in-doubt': 1, sending: 0 });
      // A person's "not on the instance: send again" now is what the pass does: answered, not
      // refused, nothing more posted; "discard" waits for the pass, in words saying so.
      expect((await outbox.resend(entry.id)).attempts).toBe(2);
      expect(() => outbox.discard(entry.id)).toThrow(
        expect.objectContaining({ said: [{ key: 'orderSettling', values: { id: entry.id } }] }),
      );
    } finally {
      dropping.faults.releaseHeld();
      await pass;
    }
    // The read found it: settled, and shown as what it is.
    const settled = outbox.get(entry.id);
    expect(settled).toMatchObject({ state: 'sent', attempts: 2 });
    expect(settled === undefined ? undefined : entryView(settled).state).toBe('sent');
  });

  it('in doubt with an authorised person: found on the instance, its person is added then, once', async () => {
    const dropping = await startSim({ port: 0, size: 'small', seed: 39, dropsCardAnswer: true });
    sims.push(dropping);
    const at = await orderDataAt(dropping.url);
    const { db } = tempDb('card-in-doubt-person');
    // The till's own calls to the sim, counted as they are made: the persons it added there.
    const real = client(dropping);
    const added: unknown[] = [];
    const counting = new Proxy(real, {
      get(target, key) {
        // The client's own methods on the client itself (its private fields are not the proxy's).
        if (key !== 'createAuthorizedPerson') {
          const value = Reflect.get(target, key) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        }
        return async (...args: Parameters<ServiceClient['createAuthorizedPerson']>) => {
          const stored = await target.createAuthorizedPerson(...args);
          added.push(args[1]);
          return stored;
        };
      },
    });
    const outbox = outboxOver(db, counting);
    const barcode = newBarcode();
    const card = { companyId: at.customerId, barcode, name: 'Věrnostní karta Nováková' };
    const person = { name: 'Jana Nováková', email: 'jana@example.cz' };
    const entry = insertOutboxDocument(db, 'card', { ...card, person });
    cacheIssuedCard(db, entry.id, card, entry.createdAt);
    expect((await outbox.sendPlaced(entry)).state).toBe('in-doubt');
    // The answer was lost before the card's id came: its person was not posted then.
    expect(added).toEqual([]);
    await outbox.replay({ ignoreSchedule: true });
    expect(outbox.get(entry.id)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(added).toEqual([expect.objectContaining({ companyId: at.customerId, name: 'Jana Nováková' })]);
    expect(await cardsWith(dropping, at.customerId, barcode)).toHaveLength(1);
    // Nothing more goes on another pass.
    await outbox.replay({ ignoreSchedule: true });
    expect(added).toHaveLength(1);
  });

  it('a person whose answer was lost may have been added: said so, never posted again, nor said "not added"', async () => {
    const { db } = tempDb('card-person-maybe');
    const proxy = await proxyTo();
    const outbox = outboxOver(db, client(sim, DEMO, proxy.url));
    const withPerson = (barcode = newBarcode()) => {
      const card = { companyId: data.customerId, barcode, name: 'Věrnostní karta Nováková' };
      const entry = insertOutboxDocument(db, 'card', { ...card, person: { name: 'Jana Nováková' } });
      cacheIssuedCard(db, entry.id, card, entry.createdAt);
      return entry;
    };
    const personPosts = () =>
      proxy.requests.filter((r) => r.method === 'POST' && PERSONS.test(r.path)).length;
    // The instance stores the person and the connection drops before its answer; then a person the
    // instance stores and fails on after (a 5xx after commit).
    proxy.rule({ method: 'POST', path: PERSONS, reset: 'after', times: 1 });
    const reset = await outbox.sendPlaced(withPerson());
    await sim.faults.apply({
      forceStatus: [{ status: 500, afterCommit: true, method: 'POST', path: PERSONS.source, times: 1 }],
    });
    const failed = await outbox.sendPlaced(withPerson());
    for (const entry of [reset, failed]) {
      expect(entry).toMatchObject({ state: 'sent', attempts: 1 });
      const said = entry.messages?.join(' ') ?? '';
      expect(said).toContain('its authorised person may have been added');
      expect(said).toContain('look for it on the instance before adding it');
      expect(said).not.toContain('was not added:');
    }
    expect(personPosts()).toBe(2);
    // Another pass posts nothing more.
    await outbox.replay({ ignoreSchedule: true });
    expect(personPosts()).toBe(2);
  });

  it("a person the instance refuses keeps the instance's words per field; the card is sent", async () => {
    const { db } = tempDb('card-person-400');
    const proxy = await proxyTo();
    const outbox = outboxOver(db, client(sim, DEMO, proxy.url));
    const phone = "'Phone' is not a valid phone number.";
    const email = "'Email' is not a valid email address.";
    proxy.rule({
      method: 'POST',
      path: PERSONS,
      status: 400,
      times: 1,
      body: JSON.stringify({
        messages: [phone, email],
        errors: [
          { message: phone, params: { propertyName: 'Phone' } },
          { message: email, params: { propertyName: 'Email' } },
        ],
        statusCode: 400,
        errorId: 'p-400',
      }),
    });
    const card = { companyId: data.customerId, barcode: newBarcode(), name: 'Věrnostní karta Nováková' };
    const person = { name: 'Jana Nováková', email: 'jana@example.cz', phone: '+420 601 000 000' };
    const entry = insertOutboxDocument(db, 'card', { ...card, person });
    cacheIssuedCard(db, entry.id, card, entry.createdAt);
    const sent = await outbox.sendPlaced(entry);
    expect(sent).toMatchObject({ state: 'sent', attempts: 1 });
    expect(sent.fieldErrors).toEqual({ 'person.phone': [phone], 'person.email': [email] });
    expect(sent.messages?.join(' ')).toContain('its authorised person was not added');
    expect(await cardsWith(sim, data.customerId, card.barcode)).toHaveLength(1);
  });

  it("an order of the card's company waits for the card, and goes once the card is on the instance", async () => {
    const { db } = tempDb('card-then-order');
    const outbox = outboxOver(db, client());
    await sim.faults.apply({
      forceStatus: [{ status: 400, path: '^/api/companies/\\d+/cards$', method: 'POST', times: 1 }],
    });
    const card = await outbox.sendPlaced(issue(db, data.customerId));
    expect(card.state).toBe('needs-fix');
    const order = insertOutboxOrder(db, {
      customerId: data.customerId,
      warehouseId: data.warehouseId,
      items: [{ productId: data.productId, quantity: 1 }],
    });
    expect(order.dependsOn).toBe(card.id);
    await outbox.replay({ ignoreSchedule: true });
    expect(outbox.get(order.id)?.state).toBe('queued');
    expect((await outbox.resend(card.id)).state).toBe('sent');
    await outbox.replay({ ignoreSchedule: true });
    expect(outbox.get(order.id)).toMatchObject({ state: 'sent', attempts: 1 });
  });
});
