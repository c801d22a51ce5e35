// A till whose journal starts again (its folder replaced: installed again under the same name; or
// put back from an older backup) numbers its events from below what the hub holds of its name. Its
// events must not go out under numbers the other tills already hold (ignored there: lost to the store
// without a word), nor wait silently until its journal passes the hub's: the till publishes nothing
// of it, says so in its state, keeps applying the others' events, and given a new name publishes its
// journal from 1. The normal cases stay: a till back from being offline publishes the rest. The real
// nats-server.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import { openDatabase, type Db } from '../../../db/database.ts';
import { journalAfter, lastJournalSeq, storeEvents, type JournalEvent } from '../../../db/journal.ts';
import { buildHub } from '../../../main/areas/hub.ts';
import { returnView } from '../../../main/returns/index.ts';
import { tempDir } from '../../support/fixtures.ts';
import { startTestHub, type TestHub } from '../../support/nats-hub.ts';
import { posProcess } from '../../support/pos-process.ts';
import { eventsOnHub, joinHub, openShift, openTillDb, sell, tillUsers } from '../../support/store-till.ts';

const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const ownJournal = (db: Db) => journalAfter(db, 0, 1000);
const storeOf = (db: Db, till: string): JournalEvent[] =>
  storeEvents(db, till).map(({ seq, kind, body }) => ({ seq, kind, body }));

/** A shift opened and sales closed: `events` events of the till's journal. */
function journal(db: Db, events: number): void {
  openShift(db);
  for (let i = 1; i < events; i++) sell(db, 3, 1);
}

const onHub = (hub: TestHub, till: string) => eventsOnHub(hub, till, 'till2');

/** A till's folder of its own (not the test's temporary one per name): to be copied and put back. */
function tillFolder(): { dir: string; open: () => Db } {
  const dir = tempDir('till-folder');
  return {
    dir,
    open: () => {
      const db = openDatabase(join(dir, 'counter.sqlite'));
      onTestFinished(() => {
        if (db.open) db.close();
      });
      return db;
    },
  };
}

/**
 * A hub for till1, till2 and till1b; till1 (file a) made `events` events, on the hub and applied at
 * till2 (file b), and left: its folder is then replaced.
 */
async function oldTill(events: number): Promise<{ hub: TestHub; a: Db; b: Db }> {
  const hub = await startTestHub(tillUsers('till1', 'till2', 'till1b'));
  const a = openTillDb('a');
  const b = openTillDb('b');
  const hubA = joinHub(a, 'till1', hub);
  joinHub(b, 'till2', hub);
  journal(a, events);
  await expect.poll(() => storeOf(b, 'till1'), { timeout: 30_000 }).toEqual(ownJournal(a));
  expect(storeOf(b, 'till1').map((e) => e.seq)).toEqual(oneToN(events));
  await hubA.close();
  return { hub, a, b };
}

describe('a till whose journal starts again below the hub', () => {
  it(
    '(its folder replaced) publishes nothing of it, says so, and publishes it under a new name',
    { timeout: 120_000 },
    async () => {
      const { hub, a, b } = await oldTill(5);

      // Installed again under the same name: a new folder, its journal from 1.
      const fresh = openTillDb('a-again');
      journal(fresh, 3);
      const lines: string[] = [];
      const hubFresh = joinHub(fresh, 'till1', hub, { log: (line) => lines.push(line) });
      await expect
        .poll(() => hubFresh.status().journalBreak, { timeout: 30_000 })
        .toEqual({ till: 'till1', hubLast: 5, ownLast: 3 });
      expect(hubFresh.status().connected).toBe(true);
      // Past the hub's last number: still nothing of it goes out (6 and 7 would be taken as till1's).
      for (let i = 0; i < 4; i++) sell(fresh, 4, 1);
      hubFresh.wake();
      await expect
        .poll(() => hubFresh.status().journalBreak, { timeout: 30_000 })
        .toEqual({ till: 'till1', hubLast: 5, ownLast: 7 });
      expect(lines.some((l) => /does not continue the one the hub holds as till1/.test(l))).toBe(true);

      // It still applies the other tills' events: one of till2's made now arrives.
      journal(b, 1);
      await expect.poll(() => storeOf(fresh, 'till2').length, { timeout: 30_000 }).toBe(1);
      // The hub still holds till1's first five, as that till made them; till2's view of till1 is those.
      expect(await onHub(hub, 'till1')).toEqual(ownJournal(a));
      expect(storeOf(b, 'till1')).toEqual(ownJournal(a));
      expect(ownJournal(fresh).map((e) => e.seq)).toEqual(oneToN(7));

      // Given a new name, its journal goes out from 1 on a subject of its own and reaches till2.
      await hubFresh.close();
      const renamed = joinHub(fresh, 'till1b', hub);
      await expect.poll(() => storeOf(b, 'till1b'), { timeout: 30_000 }).toEqual(ownJournal(fresh));
      expect(renamed.status().journalBreak).toBeNull();
      // Till2 can hold the 7th before till1b has its ack: wait for the count, do not read it once.
      await expect.poll(() => renamed.status().published, { timeout: 30_000 }).toBe(7);
      sell(fresh, 3, 1);
      renamed.wake();
      await expect.poll(() => storeOf(b, 'till1b').length, { timeout: 30_000 }).toBe(8);
      expect(storeOf(b, 'till1')).toEqual(ownJournal(a));
      expect(await onHub(hub, 'till1')).toEqual(ownJournal(a));
    },
  );

  it(
    'given a new name in Settings (the hub area), sends its journal from its first event',
    {
      timeout: 120_000,
    },
    async () => {
      const { hub, a, b } = await oldTill(4);

      // Installed again, joined in Settings under its old name as the app does.
      const fresh = openTillDb('a-again');
      journal(fresh, 3);
      let secret: string | undefined;
      const area = buildHub({
        db: fresh,
        settingsDb: fresh,
        dataDir: tempDir('a-again-data'),
        env: {},
        secrets: { getSecret: () => secret, setSecret: (s) => (secret = s) },
        maxRetryMs: 300,
        log: () => undefined,
        changed: () => undefined,
      });
      onTestFinished(() => area.close());
      const setting = { url: hub.url, hosts: false, port: 4222, tills: [] };
      await area.set({ ...setting, till: 'till1', password: hub.password('till1') });
      await expect
        .poll(() => area.view().journalBreak, { timeout: 30_000 })
        .toEqual({ till: 'till1', hubLast: 4, ownLast: 3 });
      expect(area.status()?.journalBreak).toEqual({ till: 'till1', hubLast: 4, ownLast: 3 });

      await area.set({ ...setting, till: 'till1b', password: hub.password('till1b') });
      await expect.poll(() => storeOf(b, 'till1b'), { timeout: 30_000 }).toEqual(ownJournal(fresh));
      expect(area.view().journalBreak).toBeNull();
      expect(area.status()?.journalBreak).toBeUndefined();
      await expect.poll(() => area.view().published).toBe(3);
      expect(storeOf(b, 'till1')).toEqual(ownJournal(a));
    },
  );

  it(
    '(its folder replaced) `pos return` on it keeps the return here and says it is not sent',
    { timeout: 180_000 },
    async () => {
      const { hub, a, b } = await oldTill(5);

      // Installed again under the same name, no app running: a sale of its own, then `pos return`
      // in a process of its own joins the hub as till1 (POS_STORE_HUB).
      const folder = tillFolder();
      const fresh = folder.open();
      openShift(fresh);
      sell(fresh, 6, 2, new Date(), 'B1');
      const sold = lastJournalSeq(fresh);
      fresh.close();
      const run = await posProcess(
        // The hub's wait as long as the test's: joining it is not a race with a busy machine.
        ['return', 'B1-000001', '--item', '6=1', '--hub-wait', '90', '--json'],
        {
          PATH: process.env.PATH ?? '',
          HOME: folder.dir,
          POS_DATA_DIR: folder.dir,
          POS_STORE_HUB: hub.tillUrl('till1'),
        },
        90_000,
      );
      expect(run.code, run.stderr + run.stdout).toBe(0);
      const made = z.object({ id: z.int() }).parse(JSON.parse(run.stdout));

      // The return is stored here, its events in this till's journal...
      const after = folder.open();
      expect(returnView(after, made.id)).toMatchObject({
        receipt: 'B1-000001',
        total: 10,
        refund: { cash: 10 },
      });
      const own = lastJournalSeq(after);
      expect(own).toBeGreaterThan(sold);
      // ...and stderr says it is not sent, and what to do.
      expect(run.stderr).toContain(
        `The store hub holds another journal under this till's name till1 (up to number 5; this till has ${own}): this return is kept here and not sent to the other tills. Give this till a new name in Settings.`,
      );
      // Nothing of its journal reached the hub: it holds till1's first five, and so does till2.
      expect(await onHub(hub, 'till1')).toEqual(ownJournal(a));
      expect(storeOf(b, 'till1')).toEqual(ownJournal(a));
    },
  );

  it(
    '(put back from an older backup) publishes nothing of it; back from offline it publishes the rest',
    { timeout: 120_000 },
    async () => {
      const hub = await startTestHub(tillUsers('till1', 'till2'));
      const folder = tillFolder();
      let a = folder.open();
      const b = openTillDb('b');
      const hubA = joinHub(a, 'till1', hub);
      joinHub(b, 'till2', hub);
      journal(a, 3);
      await expect.poll(() => hubA.status().published, { timeout: 30_000 }).toBe(3);
      await hubA.close();
      // The backup: the folder as it is now, events 1 to 3.
      a.close();
      const backup = join(tempDir('till-backup'), 'folder');
      cpSync(folder.dir, backup, { recursive: true });
      a = folder.open();

      // Offline, four more; back, the till publishes them (the hub's 3 is its own 3).
      for (let i = 0; i < 4; i++) sell(a, 3, 1);
      const hubA2 = joinHub(a, 'till1', hub);
      await expect.poll(() => hubA2.status().published, { timeout: 30_000 }).toBe(7);
      expect(hubA2.status().journalBreak).toBeNull();
      await expect.poll(() => storeOf(b, 'till1'), { timeout: 30_000 }).toEqual(ownJournal(a));
      await hubA2.close();
      const before = ownJournal(a);
      a.close();

      // The backup put back: events 1 to 3 the same, then its own 4 to 8, which are not the hub's 4 to 7.
      rmSync(folder.dir, { recursive: true, force: true });
      cpSync(backup, folder.dir, { recursive: true });
      const restored = folder.open();
      expect(ownJournal(restored)).toEqual(before.slice(0, 3));
      for (let i = 0; i < 5; i++) sell(restored, 4, 1);
      const hubR = joinHub(restored, 'till1', hub);
      await expect
        .poll(() => hubR.status().journalBreak, { timeout: 30_000 })
        .toEqual({ till: 'till1', hubLast: 7, ownLast: 8 });
      journal(b, 1);
      await expect.poll(() => storeOf(restored, 'till2').length, { timeout: 30_000 }).toBe(1);
      expect(await onHub(hub, 'till1')).toEqual(before);
      expect(storeOf(b, 'till1')).toEqual(before);
    },
  );
});
