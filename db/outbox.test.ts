import { describe, expect, it } from 'vitest';
import { tempDbFile } from '../test/support/fixtures.ts';
import type { Minor } from '../common/money.ts';
import { ZodError } from 'zod';
import { openDatabase, schemaVersion } from './database.ts';
import { migrations } from './migrations/index.ts';
import {
  clampNextAttempts,
  claimForSending,
  compactionCandidates,
  compactOutboxOrder,
  countOutboxOrders,
  DUPLICATE_REQUEST,
  earliestNextAttempt,
  getOutboxOrder,
  insertOutboxOrder,
  listOutboxOrders,
  markInterruptedInDoubt,
  nextDueOutboxOrder,
  pageOutboxOrders,
  recordOutboxOutcome,
  replaceOutboxPayload,
  MAX_AUTOMATIC_ATTEMPTS,
  ordersNow,
  shownState,
  SHOWN_STATE_SQL,
  type RetentionBounds,
} from './outbox.ts';
import { OUTBOX_STATES, type OutboxState } from '../contract/order.ts';

/** The retention's start where every witness agrees on one instant (no clock was ever wrong). */
const byTill = (olderThan: string): RetentionBounds => ({
  olderThan,
  instanceOlderThan: olderThan,
  throughId: Number.MAX_SAFE_INTEGER,
});

/** A new SQLite file of this test (removed when it finishes). */
const tempFile = (): string => tempDbFile('outbox');

const order = { customerId: 7, warehouseId: 1, items: [{ productId: 3, quantity: 2 }], note: 'n' };

describe('migration 3 (outbox)', () => {
  it('creates outbox_order on a real file over schema 1, and the rows survive a reopen', () => {
    const file = tempFile();
    const v1 = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 1) });
    expect(schemaVersion(v1)).toBe(1);
    v1.close();
    const db = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 3) });
    expect(schemaVersion(db)).toBe(3);
    const inserted = insertOutboxOrder(db, order, { originSessionId: 12 });
    db.close();
    const again = openDatabase(file);
    const stored = getOutboxOrder(again, inserted.id);
    expect(stored).toMatchObject({
      state: 'queued',
      attempts: 0,
      payload: order,
      originSessionId: 12,
      remoteId: null,
      nextAttemptAt: null,
    });
    expect(stored?.clientReference).toMatch(/^[0-9a-f-]{36}$/);
    again.close();
  });

  it('migration 8 gives unsent orders of an older file the instance the file was used with', () => {
    const file = tempFile();
    const v7 = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 7) });
    const { id } = insertOutboxOrder(v7, order);
    v7.prepare(
      "INSERT INTO setting (key, value) VALUES ('app.cacheInstance', 'https://ERP.example.com:443/')",
    ).run();
    v7.close();
    const db = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 8) });
    expect(getOutboxOrder(db, id)?.instance).toBe('https://erp.example.com');
    db.close();
  });

  it('refuses a state outside the list and a payload that is not JSON', () => {
    const db = openDatabase(tempFile());
    const { id } = insertOutboxOrder(db, order);
    expect(() => db.prepare("UPDATE outbox_order SET state = 'lost' WHERE id = ?").run(id)).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE outbox_order SET payload = '{' WHERE id = ?").run(id)).toThrow(/CHECK/);
    db.close();
  });
});

describe('outbox queries', () => {
  it('inserts inside the caller transaction: a rollback leaves no order', () => {
    const db = openDatabase(tempFile());
    expect(() =>
      db.transaction(() => {
        insertOutboxOrder(db, order);
        throw new Error('session close failed');
      })(),
    ).toThrow('session close failed');
    expect(listOutboxOrders(db)).toEqual([]);
    db.close();
  });

  it('rejects an order that is not the order file shape (and stores nothing)', () => {
    const db = openDatabase(tempFile());
    expect(() => insertOutboxOrder(db, { customerID: 1, items: [] })).toThrow(ZodError);
    expect(() => insertOutboxOrder(db, { items: [{ productId: 1.5, quantity: 1 }] })).toThrow(ZodError);
    expect(listOutboxOrders(db)).toEqual([]);
    db.close();
  });

  it('gives each order its own client reference, kept for every attempt', () => {
    const db = openDatabase(tempFile());
    const a = insertOutboxOrder(db, order);
    const b = insertOutboxOrder(db, order);
    expect(a.clientReference).not.toBe(b.clientReference);
    expect(claimForSending(db, a.id, ['queued'])).toBe(true);
    recordOutboxOutcome(db, a.id, ['sending'], { state: 'queued', nextAttemptAt: 5 });
    expect(claimForSending(db, a.id, ['queued'])).toBe(true);
    const again = getOutboxOrder(db, a.id);
    expect(again?.clientReference).toBe(a.clientReference);
    expect(again?.attempts).toBe(2);
    db.close();
  });

  it('picks the oldest due order, skips waiting ones, and in-doubt only when asked', () => {
    const db = openDatabase(tempFile());
    const a = insertOutboxOrder(db, order);
    const b = insertOutboxOrder(db, order);
    const c = insertOutboxOrder(db, order);
    claimForSending(db, a.id, ['queued']);
    recordOutboxOutcome(db, a.id, ['sending'], { state: 'queued', nextAttemptAt: 1000 });
    claimForSending(db, b.id, ['queued']);
    recordOutboxOutcome(db, b.id, ['sending'], { state: 'in-doubt' });
    expect(nextDueOutboxOrder(db, 999, false)?.id).toBe(c.id);
    expect(nextDueOutboxOrder(db, 999, true)?.id).toBe(b.id);
    expect(nextDueOutboxOrder(db, 1000, false)?.id).toBe(a.id);
    expect(earliestNextAttempt(db, false)).toBe(0);
    claimForSending(db, c.id, ['queued']);
    expect(earliestNextAttempt(db, false)).toBe(1000);
    db.close();
  });

  it('takes next attempts stored later than the latest allowed as due now, and keeps the others', () => {
    const db = openDatabase(tempFile());
    const year = 365 * 24 * 3_600_000;
    const times = [5_000 + year, 4_000, 6_000, null];
    const ids = times.map((nextAttemptAt, i) => {
      const { id } = insertOutboxOrder(db, order);
      claimForSending(db, id, ['queued']);
      recordOutboxOutcome(db, id, ['sending'], { state: i === 2 ? 'in-doubt' : 'queued', nextAttemptAt });
      return id;
    });
    expect(clampNextAttempts(db, 5_000, 1_000)).toBe(2);
    expect(ids.map((id) => getOutboxOrder(db, id)?.nextAttemptAt)).toEqual([1_000, 4_000, 1_000, null]);
    expect(nextDueOutboxOrder(db, 1_000, false)?.id).toBe(ids[0]);
    expect(clampNextAttempts(db, 5_000, 1_000)).toBe(0);
    db.close();
  });

  it('stops picking an in-doubt order once it has had its automatic attempts', () => {
    const db = openDatabase(tempFile());
    const { id } = insertOutboxOrder(db, order);
    for (let i = 0; i < MAX_AUTOMATIC_ATTEMPTS; i++) {
      expect(nextDueOutboxOrder(db, 0, true)?.id).toBe(id);
      claimForSending(db, id, ['queued', 'in-doubt']);
      recordOutboxOutcome(db, id, ['sending'], { state: 'in-doubt', nextAttemptAt: 0 });
    }
    expect(getOutboxOrder(db, id)?.attempts).toBe(MAX_AUTOMATIC_ATTEMPTS);
    expect(nextDueOutboxOrder(db, 0, true)).toBeUndefined();
    expect(earliestNextAttempt(db, true)).toBeNull(); // no timer spins for it either
    db.close();
  });

  it('never picks an in-doubt order the instance says it holds under no number: a person settles it', () => {
    const db = openDatabase(tempFile());
    const held = insertOutboxOrder(db, order);
    const plain = insertOutboxOrder(db, order);
    claimForSending(db, held.id, ['queued']);
    recordOutboxOutcome(db, held.id, ['sending'], {
      state: 'in-doubt',
      nextAttemptAt: null,
      code: DUPLICATE_REQUEST,
    });
    claimForSending(db, plain.id, ['queued']);
    recordOutboxOutcome(db, plain.id, ['sending'], { state: 'in-doubt', nextAttemptAt: 500 });
    expect(nextDueOutboxOrder(db, 1_000, true)?.id).toBe(plain.id);
    expect(nextDueOutboxOrder(db, 1_000, ['order'])?.id).toBe(plain.id);
    expect(earliestNextAttempt(db, true)).toBe(500); // no timer for the held one either
    claimForSending(db, plain.id, ['in-doubt']);
    expect(nextDueOutboxOrder(db, 1_000, true)).toBeUndefined();
    expect(earliestNextAttempt(db, true)).toBeNull();
    // A person resends it: queued, it goes; a later outcome without the code is the in-doubt rule's.
    recordOutboxOutcome(db, held.id, ['in-doubt'], { state: 'queued' });
    expect(nextDueOutboxOrder(db, 1_000, false)?.id).toBe(held.id);
    claimForSending(db, held.id, ['queued']);
    recordOutboxOutcome(db, held.id, ['sending'], { state: 'in-doubt', nextAttemptAt: 0 });
    expect(nextDueOutboxOrder(db, 1_000, true)?.id).toBe(held.id);
    db.close();
  });

  it('claims once: a second claim of a sending order fails', () => {
    const db = openDatabase(tempFile());
    const { id } = insertOutboxOrder(db, order);
    expect(claimForSending(db, id, ['queued'])).toBe(true);
    expect(claimForSending(db, id, ['queued', 'in-doubt'])).toBe(false);
    db.close();
  });

  it('records an outcome only from the expected states and keeps errors as JSON', () => {
    const db = openDatabase(tempFile());
    const { id } = insertOutboxOrder(db, order);
    expect(recordOutboxOutcome(db, id, ['sending'], { state: 'sent', remoteId: 1 })).toBeUndefined();
    claimForSending(db, id, ['queued']);
    const fixed = recordOutboxOutcome(db, id, ['sending'], {
      state: 'needs-fix',
      fieldErrors: { customerId: ['CustomerId is required.'] },
      messages: ['CustomerId is required.'],
      errorId: 'e1',
    });
    expect(fixed).toMatchObject({
      state: 'needs-fix',
      fieldErrors: { customerId: ['CustomerId is required.'] },
      messages: ['CustomerId is required.'],
      errorId: 'e1',
      code: null,
    });
    const edited = replaceOutboxPayload(db, id, ['needs-fix'], { ...order, customerId: 9 });
    expect(edited).toMatchObject({ state: 'queued', fieldErrors: null, messages: null, errorId: null });
    expect(edited?.payload).toMatchObject({ customerId: 9 });
    db.close();
  });

  it('turns orders left in sending into in-doubt at start, and counts states', () => {
    const file = tempFile();
    const db = openDatabase(file);
    const a = insertOutboxOrder(db, order);
    insertOutboxOrder(db, order);
    claimForSending(db, a.id, ['queued']);
    db.close(); // the process "dies" here: the claim was committed before any request
    const again = openDatabase(file);
    expect(markInterruptedInDoubt(again)).toBe(1);
    expect(getOutboxOrder(again, a.id)?.state).toBe('in-doubt');
    // The one-line listing shows the first message: it carries the reference a person looks up.
    expect(getOutboxOrder(again, a.id)?.messages?.[0]).toContain(`Client reference ${a.clientReference}.`);
    expect(countOutboxOrders(again)).toMatchObject({ 'in-doubt': 1, queued: 1, sending: 0, sent: 0 });
    again.close();
  });
});

describe('migration 15 (order history)', () => {
  it("counts an older file's orders per state, and triggers keep the counts as orders come, move and go", () => {
    const file = tempFile();
    const v12 = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 12) });
    const [a, b] = [insertOutboxOrder(v12, order), insertOutboxOrder(v12, order)];
    // As the code of then wrote it: today's also keeps books in tables a version-12 file lacks.
    v12.prepare("UPDATE outbox_order SET state = 'sent', remote_id = 1 WHERE id = ?").run(a.id);
    v12.close();
    const db = openDatabase(file);
    expect(countOutboxOrders(db)).toMatchObject({ sent: 1, queued: 1 });
    const c = insertOutboxOrder(db, order);
    recordOutboxOutcome(db, b.id, ['queued'], { state: 'needs-fix' });
    // A write that leaves the state as it was counts nothing twice.
    recordOutboxOutcome(db, c.id, ['queued'], { state: 'queued', nextAttemptAt: 9 });
    expect(countOutboxOrders(db)).toMatchObject({ sent: 1, queued: 1, 'needs-fix': 1 });
    db.prepare('DELETE FROM outbox_order WHERE id = ?').run(c.id);
    const counted = db.prepare('SELECT state, count(*) AS n FROM outbox_order GROUP BY state').all();
    expect(countOutboxOrders(db)).toMatchObject(
      Object.fromEntries((counted as { state: string; n: number }[]).map((r) => [r.state, r.n])),
    );
    expect(countOutboxOrders(db).queued).toBe(0);
    db.close();
  });

  it('stores a summary with the order and keeps it across a reopen; an edited order file is summed again', () => {
    const file = tempFile();
    const db = openDatabase(file);
    const summary = {
      total: 121,
      lineCount: 1,
      customerName: 'Nováková',
      walkIn: false,
      byVatRate: [{ vatRate: 21, base: 100, vat: 21, gross: 121 }],
      discount: 0,
    };
    const sale = insertOutboxOrder(db, order, { originSessionId: 4, summary });
    const file2 = insertOutboxOrder(db, order, { summary });
    db.close();
    const again = openDatabase(file);
    expect(getOutboxOrder(again, sale.id)?.summary).toEqual(summary);
    recordOutboxOutcome(again, sale.id, ['queued'], { state: 'needs-fix' });
    recordOutboxOutcome(again, file2.id, ['queued'], { state: 'needs-fix' });
    replaceOutboxPayload(again, sale.id, ['needs-fix'], { ...order, customerId: 8 });
    replaceOutboxPayload(again, file2.id, ['needs-fix'], { ...order, customerId: 8 });
    // A sale's figures are the sale's; an order file's were its lines', which changed.
    expect(getOutboxOrder(again, sale.id)?.summary).toEqual(summary);
    expect(getOutboxOrder(again, file2.id)?.summary).toBeNull();
    again.close();
  });

  it('pages newest first, each page after the last one shown, by state, text and day', () => {
    const db = openDatabase(tempFile());
    const at = (day: number) => new Date(Date.UTC(2025, 2, day, 12));
    // References fixed, so the text searched for (an instance id) cannot turn up inside a random one
    // (a UUID held "704" in about one run in twenty-five).
    const made = [1, 1, 2, 2, 2, 3].map((day, i) => {
      const clientReference = `0000000${String(i)}-aaaa-4bbb-8ccc-dddddddddddd`;
      const o = insertOutboxOrder(db, order, { now: at(day), clientReference });
      if (i !== 3) recordOutboxOutcome(db, o.id, ['queued'], { state: 'sent', remoteId: 700 + i }, at(day));
      return o;
    });
    const id = (i: number) => made[i]?.id;
    const page = (q: Partial<Parameters<typeof pageOutboxOrders>[1]>) => {
      const p = pageOutboxOrders(db, { limit: 2, ...q });
      return { ids: p.orders.map((o) => o.id), more: p.more };
    };
    expect(page({})).toEqual({ ids: [id(5), id(4)], more: true });
    expect(page({ before: id(4) })).toEqual({ ids: [id(3), id(2)], more: true });
    expect(page({ before: id(1) })).toEqual({ ids: [id(0)], more: false });
    expect(page({ states: ['queued'] })).toEqual({ ids: [id(3)], more: false });
    expect(page({ states: ['sent', 'queued'], before: id(3) })).toEqual({ ids: [id(2), id(1)], more: true });
    expect(page({ states: [] })).toEqual({ ids: [], more: false });
    expect(page({ text: '704' })).toEqual({ ids: [id(4)], more: false });
    const ref = made[2]?.clientReference.slice(3, 12).toUpperCase() ?? '';
    expect(page({ text: ` ${ref} ` })).toEqual({ ids: [id(2)], more: false });
    const day2 = { from: at(2).toISOString().slice(0, 10), to: at(3).toISOString().slice(0, 10) };
    expect(page({ ...day2, limit: 5 })).toEqual({ ids: [id(4), id(3), id(2)], more: false });
    expect(page({ ...day2, states: ['sent'], limit: 1 })).toEqual({ ids: [id(4)], more: true });
    db.close();
  });
});

describe('compaction of settled orders (migration 15)', () => {
  const summary = {
    total: 242,
    lineCount: 2,
    walkIn: false,
    byVatRate: [{ vatRate: 21, base: 200, vat: 42, gross: 242 }],
    discount: 0,
  };
  const day = (d: number) => new Date(Date.UTC(2025, 0, d));

  it('drops only the detail of settled orders past the retention: the row, its summary and references stay', () => {
    const db = openDatabase(tempFile());
    const session = Number(
      db
        .prepare(
          "INSERT INTO shopping_session (state, warehouseId, createdAt, updatedAt) VALUES ('closed', 1, 'x', 'x')",
        )
        .run().lastInsertRowid,
    );
    const line = db.prepare(
      `INSERT INTO shopping_session_line (sessionId, productId, name, kind, quantity, unitPrice, vatRate, addedAt)
       VALUES (?, 3, 'Mléko', 'unit', 1, 121, 21, 'x')`,
    );
    line.run(session);
    line.run(session);
    const settled = (state: 'sent' | 'cancelled' | 'discarded' | 'in-doubt' | 'needs-fix', at: number) => {
      const o = insertOutboxOrder(db, order, {
        now: day(at),
        summary,
        ...(state === 'sent' ? { originSessionId: session } : {}),
      });
      recordOutboxOutcome(db, o.id, ['queued'], { state, remoteId: state === 'sent' ? 77 : null }, day(at));
      return o.id;
    };
    const old = {
      sent: settled('sent', 1),
      cancelled: settled('cancelled', 1),
      discarded: settled('discarded', 1),
    };
    const waiting = {
      inDoubt: settled('in-doubt', 1),
      needsFix: settled('needs-fix', 1),
      queued: insertOutboxOrder(db, order, { now: day(1), summary }).id,
    };
    const young = settled('cancelled', 20);
    const cutoff = day(10).toISOString();

    const candidates = compactionCandidates(db, byTill(cutoff), 10);
    expect(candidates.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      Object.values(old).sort((a, b) => a - b),
    );
    for (const id of [...Object.values(waiting), young])
      expect(compactOutboxOrder(db, id, byTill(cutoff))).toBe(false);
    for (const id of Object.values(old))
      expect(compactOutboxOrder(db, id, byTill(cutoff), day(30))).toBe(true);

    const sent = getOutboxOrder(db, old.sent);
    expect(sent).toMatchObject({
      state: 'sent',
      remoteId: 77,
      summary,
      compactedAt: day(30).toISOString(),
      payload: { customerId: 7, warehouseId: 1, items: [], note: 'n' },
    });
    expect(
      db.prepare('SELECT count(*) FROM shopping_session_line WHERE sessionId = ?').pluck().get(session),
    ).toBe(0);
    expect(db.prepare('SELECT state FROM shopping_session WHERE id = ?').pluck().get(session)).toBe('closed');
    // Not twice, and never an order that is not settled or is younger.
    expect(compactOutboxOrder(db, old.sent, byTill(cutoff))).toBe(false);
    expect(compactionCandidates(db, byTill(cutoff), 10)).toEqual([]);
    for (const id of [...Object.values(waiting), young])
      expect(getOutboxOrder(db, id)).toMatchObject({ compactedAt: null, payload: order });
    expect(countOutboxOrders(db)).toMatchObject({ sent: 1, cancelled: 2, discarded: 1 });
    db.close();
  });

  it('keeps the detail of an order without a summary: what its row shows must outlive the lines', () => {
    const db = openDatabase(tempFile());
    const { id } = insertOutboxOrder(db, order, { now: day(1) });
    recordOutboxOutcome(db, id, ['queued'], { state: 'sent', remoteId: 5 }, day(1));
    expect(compactionCandidates(db, byTill(day(10).toISOString()), 10)).toMatchObject([
      { id, hasSummary: false },
    ]);
    expect(compactOutboxOrder(db, id, byTill(day(10).toISOString()))).toBe(false);
    expect(getOutboxOrder(db, id)?.payload).toEqual(order);
    db.close();
  });
});

describe('what an instance said it booked', () => {
  it('is never stored beyond exact cents, and a row holding such a figure still lists', () => {
    const db = openDatabase(tempFile());
    const a = insertOutboxOrder(db, order);
    claimForSending(db, a.id, ['queued']);
    // An answer's figure beyond 2^53 (a total of 1e14 in cents) is recorded as unsaid.
    const sent = recordOutboxOutcome(db, a.id, ['sending'], {
      state: 'sent',
      remoteId: 5,
      bookedMinor: 1e16 as Minor, // beyond a safe integer: no Minor, as a broken caller could pass
    });
    expect(sent).toMatchObject({ state: 'sent', remoteId: 5, bookedMinor: null });
    // A row written before (or by another build) with such a figure still reads, as unsaid.
    const b = insertOutboxOrder(db, order);
    db.prepare('UPDATE outbox_order SET booked_cents = ?, remote_id = ? WHERE id = ?').run(1e16, 1e17, b.id);
    expect(getOutboxOrder(db, b.id)).toMatchObject({ bookedMinor: null, remoteId: null });
    expect(listOutboxOrders(db).map((o) => o.id)).toEqual([a.id, b.id]);
    db.close();
  });
});

describe('the shown state (docs/glossary.md): one rule, read alike in TypeScript and in SQL', () => {
  it('shows, lists, filters, counts and reports each stored state and claim the same way', () => {
    const db = openDatabase(tempFile());
    // Every stored state with every claim it could have been taken from (none too), set as stored.
    for (const state of OUTBOX_STATES)
      for (const from of [null, ...OUTBOX_STATES]) {
        const { id } = insertOutboxOrder(db, order);
        db.prepare('UPDATE outbox_order SET state = ?, sending_from = ? WHERE id = ?').run(state, from, id);
      }
    const shown = new Map(listOutboxOrders(db).map((o) => [o.id, shownState(o)]));
    // The rule itself: a pass settling an in-doubt entry leaves it shown in doubt; nothing else moves.
    expect(shownState({ state: 'sending', sendingFrom: 'in-doubt' })).toBe('in-doubt');
    const inDoubt = OUTBOX_STATES.length + 1 + 1; // stored so (each claim, and none), and the one settling
    expect([...shown.values()].filter((s) => s === 'in-doubt')).toHaveLength(inDoubt);

    const bySql = db.prepare(`SELECT id, ${SHOWN_STATE_SQL} AS state FROM outbox_order`).all() as {
      id: number;
      state: OutboxState;
    }[];
    expect(new Map(bySql.map((r) => [r.id, r.state]))).toEqual(shown);
    expect(new Map(ordersNow(db, [...shown.keys()]).map((o) => [o.orderId, o.state]))).toEqual(shown);

    const tally = Object.fromEntries(OUTBOX_STATES.map((s) => [s, 0]));
    for (const s of shown.values()) tally[s] = (tally[s] ?? 0) + 1;
    expect(countOutboxOrders(db)).toEqual(tally);

    for (const state of OUTBOX_STATES) {
      const want = [...shown].flatMap(([id, s]) => (s === state ? [id] : [])).reverse();
      const ids = (q: { from?: string }) =>
        pageOutboxOrders(db, { states: [state], limit: 1000, ...q }).orders.map((o) => o.id);
      expect(ids({}), state).toEqual(want);
      expect(ids({ from: '2000-01-01' }), `${state} by day`).toEqual(want);
    }
  });
});
