import { describe, expect, it } from 'vitest';
import { tempDbFile } from '../test/support/fixtures.ts';
import { ZodError } from 'zod';
import { openDatabase, schemaVersion } from './database.ts';
import { migrations } from './migrations/index.ts';
import {
  clampNextAttempts,
  claimForSending,
  countOutboxOrders,
  earliestNextAttempt,
  getOutboxOrder,
  insertOutboxOrder,
  listOutboxOrders,
  markInterruptedInDoubt,
  nextDueOutboxOrder,
  recordOutboxOutcome,
  replaceOutboxPayload,
  MAX_AUTOMATIC_ATTEMPTS,
} from './outbox.ts';

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

  it('brings next attempts stored later than the latest allowed back to it, and keeps the others', () => {
    const db = openDatabase(tempFile());
    const year = 365 * 24 * 3_600_000;
    const times = [5_000 + year, 4_000, 6_000, null];
    const ids = times.map((nextAttemptAt, i) => {
      const { id } = insertOutboxOrder(db, order);
      claimForSending(db, id, ['queued']);
      recordOutboxOutcome(db, id, ['sending'], { state: i === 2 ? 'in-doubt' : 'queued', nextAttemptAt });
      return id;
    });
    expect(clampNextAttempts(db, 5_000)).toBe(2);
    expect(ids.map((id) => getOutboxOrder(db, id)?.nextAttemptAt)).toEqual([5_000, 4_000, 5_000, null]);
    expect(nextDueOutboxOrder(db, 5_000, false)?.id).toBe(ids[0]);
    expect(clampNextAttempts(db, 5_000)).toBe(0);
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
    expect(edited?.payload.customerId).toBe(9);
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
