// A till's journal consumer made again (its pull heard nothing from a stalled hub, or it is gone)
// starts after the last message the till applied, not from the store's first event: counted by what
// the hub says the new consumer delivered, not only by what the till holds (a consumer that delivers
// everything again ends with the same events applied, once each). On a new hub (its folder wiped,
// its stream made anew and numbered from 1 again) the remembered number means nothing: the consumer
// starts from the first and the till gets every event, the ones at numbers below it too; so on a hub
// put back from an older copy of its folder (the same stream, its numbers past the copy given to other
// messages). The real nats-server, stopped with SIGSTOP for the stall.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { hubPosition, storeEvents } from '../../../db/journal.ts';
import { consumerName, JOURNAL_STREAM } from '../../../main/hub/names.ts';
import { tempDir } from '../../support/fixtures.ts';
import { stallHub, startTestHub, type TestHub } from '../../support/nats-hub.ts';
import { joinHub, openShift, openTillDb, sell, tillUsers } from '../../support/store-till.ts';

const seqsOf = (db: Db, till: string) => storeEvents(db, till).map((e) => e.seq);
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** What the hub says `till`'s consumer has delivered: messages handed over, and the stream's last. */
async function delivered(hub: TestHub, till: string): Promise<{ messages: number; streamSeq: number }> {
  const nc = await connect({ servers: hub.url, user: till, pass: hub.password(till) });
  try {
    const info = await (await jetstreamManager(nc)).consumers.info(JOURNAL_STREAM, consumerName(till));
    return { messages: info.delivered.consumer_seq, streamSeq: info.delivered.stream_seq };
  } finally {
    await nc.close();
  }
}

/** A hub for tills 1 to `count` and each till's file (a, b, c). */
async function store(count: number): Promise<{ hub: TestHub; dbs: Db[] }> {
  const names = ['till1', 'till2', 'till3'].slice(0, count);
  const hub = await startTestHub(tillUsers(...names));
  return { hub, dbs: names.map((_, i) => openTillDb('abc'.charAt(i))) };
}

/** A shift opened and sales closed: `events` events of the till's journal. */
function journal(db: Db, events: number): void {
  openShift(db);
  for (let i = 1; i < events; i++) sell(db, 3, 1);
}

describe("a till's journal consumer made again", () => {
  it(
    'after a stalled hub delivers only the events after the last one the till applied',
    { timeout: 120_000 },
    async () => {
      const { hub, dbs } = await store(2);
      const [a, b] = dbs as [Db, Db];
      const lines: string[] = [];
      joinHub(a, 'till1', hub);
      joinHub(b, 'till2', hub, { log: (line) => lines.push(line) });
      journal(a, 10);
      await expect.poll(() => seqsOf(b, 'till1'), { timeout: 30_000 }).toEqual(oneToN(10));
      await expect.poll(() => hubPosition(b)?.streamSeq).toBe(10);
      expect(await delivered(hub, 'till2')).toEqual({ messages: 10, streamSeq: 10 });

      // The hub stalls: till2's pull misses its heartbeats, the session ends, the consumer is made again.
      const resume = stallHub(hub);
      await expect
        .poll(() => lines.some((l) => /heard nothing from the hub/.test(l)), { timeout: 40_000 })
        .toBe(true);
      resume();
      await expect
        .poll(() => lines.some((l) => /consumer is made to deliver after the hub's message 10\b/.test(l)), {
          timeout: 30_000,
        })
        .toBe(true);

      for (let i = 0; i < 5; i++) sell(a, 4, 1);
      await expect.poll(() => seqsOf(b, 'till1'), { timeout: 30_000 }).toEqual(oneToN(15));
      // The consumer made again handed over the five new events, not the store's fifteen.
      expect(await delivered(hub, 'till2')).toEqual({ messages: 5, streamSeq: 15 });
      await expect.poll(() => hubPosition(b)?.streamSeq).toBe(15);
    },
  );

  it(
    'on a new hub (its folder wiped) delivers every event from the first',
    { timeout: 120_000 },
    async () => {
      const { hub, dbs } = await store(3);
      const [a, b, c] = dbs as [Db, Db, Db];
      const hubA = joinHub(a, 'till1', hub);
      const hubB = joinHub(b, 'till2', hub);
      journal(a, 10);
      await expect.poll(() => seqsOf(b, 'till1'), { timeout: 30_000 }).toEqual(oneToN(10));
      await expect.poll(() => hubPosition(b)?.streamSeq).toBe(10);
      const before = hubPosition(b);
      await hubA.close();
      await hubB.close();
      // till3 sold while it had no hub; the hub's folder is wiped.
      journal(c, 3);
      await hub.kill9();
      await hub.start({ wipe: true });

      // The new hub numbers till3's events 1 to 3 and till1's journal, sent again, 4 to 13, then two
      // more of till1's: it holds past the 10 till2 remembers, at numbers that are other events now.
      const hubC = joinHub(c, 'till3', hub);
      await expect.poll(() => hubC.status().published, { timeout: 30_000 }).toBe(3);
      const hubA2 = joinHub(a, 'till1', hub);
      await expect.poll(() => hubA2.status().published, { timeout: 30_000 }).toBe(10);
      sell(a, 4, 1);
      sell(a, 4, 1);
      await expect.poll(() => hubA2.status().published, { timeout: 30_000 }).toBe(12);

      const lines: string[] = [];
      joinHub(b, 'till2', hub, { log: (line) => lines.push(line) });
      await expect.poll(() => seqsOf(b, 'till3'), { timeout: 30_000 }).toEqual(oneToN(3));
      await expect.poll(() => seqsOf(b, 'till1'), { timeout: 30_000 }).toEqual(oneToN(12));
      expect(lines.some((l) => /consumer is made to deliver from the first event/.test(l))).toBe(true);
      expect(await delivered(hub, 'till2')).toEqual({ messages: 15, streamSeq: 15 });
      await expect.poll(() => hubPosition(b)?.streamSeq).toBe(15);
      expect(hubPosition(b)?.streamCreated).not.toBe(before?.streamCreated);
    },
  );

  it(
    'on a hub put back from an older copy of its folder delivers every event from the first',
    { timeout: 120_000 },
    async () => {
      const { hub, dbs } = await store(3);
      const [a, b, c] = dbs as [Db, Db, Db];
      const hubA = joinHub(a, 'till1', hub);
      journal(a, 5);
      await expect.poll(() => hubA.status().published, { timeout: 30_000 }).toBe(5);
      // A copy of the hub's folder with till1's first five events (and no consumer of till2 yet).
      await hubA.close();
      await hub.stop();
      const copy = join(tempDir('hub-copy'), 'jetstream');
      cpSync(join(hub.dir, 'jetstream'), copy, { recursive: true });
      await hub.start();
      const hubA2 = joinHub(a, 'till1', hub);
      const hubB = joinHub(b, 'till2', hub);
      for (let i = 0; i < 5; i++) sell(a, 3, 1);
      await expect.poll(() => seqsOf(b, 'till1'), { timeout: 30_000 }).toEqual(oneToN(10));
      await expect.poll(() => hubPosition(b)?.streamSeq).toBe(10);
      await hubA2.close();
      await hubB.close();

      // The copy put back: the same stream (made at the same time), five messages long. till3's
      // two events are 6 and 7 there, till1's sent again 8 to 12, one more of till1's 13.
      await hub.stop();
      rmSync(join(hub.dir, 'jetstream'), { recursive: true, force: true });
      cpSync(copy, join(hub.dir, 'jetstream'), { recursive: true });
      await hub.start();
      journal(c, 2);
      const hubC = joinHub(c, 'till3', hub);
      await expect.poll(() => hubC.status().published, { timeout: 30_000 }).toBe(2);
      const hubA3 = joinHub(a, 'till1', hub);
      await expect.poll(() => hubA3.status().published, { timeout: 30_000 }).toBe(10);
      sell(a, 4, 1);
      await expect.poll(() => hubA3.status().published, { timeout: 30_000 }).toBe(11);

      const lines: string[] = [];
      joinHub(b, 'till2', hub, { log: (line) => lines.push(line) });
      await expect.poll(() => seqsOf(b, 'till3'), { timeout: 30_000 }).toEqual(oneToN(2));
      await expect.poll(() => seqsOf(b, 'till1'), { timeout: 30_000 }).toEqual(oneToN(11));
      expect(
        lines.some((l) => /from the first event \(message 10 is another than the one applied here\)/.test(l)),
      ).toBe(true);
      expect(await delivered(hub, 'till2')).toEqual({ messages: 13, streamSeq: 13 });
    },
  );
});
