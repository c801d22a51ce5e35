// nats-server 2.9.10 (the hub the tills run) lists a new stream with its account before the stream
// can send anything: a durable consumer another till makes on it in that moment (two tills starting
// together, each making the store's stream) takes every pull and answers none, no event and no
// heartbeat, for as long as it exists (seen in CI: journal.test.ts, till2 applied none of till1's
// events in 30 s; the server's trace showed each MSG.NEXT of till2 taken and never answered). Here the
// moment is caught on purpose: till1 makes the stream while till2 makes its consumer again and again,
// on a stream deleted between tries, until the consumer made does not answer a pull. The till's link
// must notice its silent pull and make the consumer again.
import { AckPolicy, DeliverPolicy, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { describe, expect, it } from 'vitest';
import { storeEvents } from '../../../db/journal.ts';
import { consumerName, JOURNAL_STREAM, JOURNAL_SUBJECT } from '../../../main/hub/names.ts';
import { journalConsumerConfig } from '../../../main/hub/store-hub.ts';
import { startTestHub, type HubLogin } from '../../support/nats-hub.ts';
import { joinHub, openShift, openTillDb, sell, tillUsers } from '../../support/store-till.ts';

const TRIES = 2000;

/**
 * Whether the consumer answers a pull that must not wait (a healthy one says "no messages" at once)
 * within `ms`.
 */
async function answers(nc: NatsConnection, consumer: string, ms: number): Promise<boolean> {
  const subject = `$JS.API.CONSUMER.MSG.NEXT.${JOURNAL_STREAM}.${consumer}`;
  try {
    await nc.request(subject, JSON.stringify({ batch: 1, no_wait: true }), { timeout: ms });
    return true;
  } catch (error) {
    if (error instanceof Error && /timeout/i.test(error.name + error.message)) return false;
    throw error;
  }
}

/**
 * Makes till2's consumer one the hub never sends anything for; returns the tries it took, or undefined
 * when the server never made one (a nats-server without the race: 2.9.15 and later).
 */
async function silentConsumerOfTill2(hub: HubLogin): Promise<number | undefined> {
  const one = await connect({ servers: hub.url, user: 'till1', pass: hub.password('till1') });
  const two = await connect({ servers: hub.url, user: 'till2', pass: hub.password('till2') });
  try {
    const jsm1 = await jetstreamManager(one);
    const jsm2 = await jetstreamManager(two);
    const name = consumerName('till2');
    const config = journalConsumerConfig({ AckPolicy, DeliverPolicy }, 'till2');
    for (let tries = 1; tries <= TRIES; tries++) {
      await jsm1.streams.delete(JOURNAL_STREAM).catch(() => undefined);
      const making = jsm1.streams.add({
        name: JOURNAL_STREAM,
        subjects: [`${JOURNAL_SUBJECT}.>`],
        storage: StorageType.File,
      });
      // The product's ensureConsumer, sent again the moment it fails: "stream not found" until the
      // stream is listed, then made, sometimes while till1's stream is still being made.
      for (let failed = 0; failed < 1000; failed++) {
        const made = await jsm2.consumers.add(JOURNAL_STREAM, config).then(
          () => true,
          () => false,
        );
        if (made) break;
      }
      await making;
      const there = await jsm2.consumers.info(JOURNAL_STREAM, name).then(
        () => true,
        () => false,
      );
      // Silent, then silent for 10 s more: not a healthy pull answered late on a busy machine (the
      // till's own link waits 10 s too before it makes the consumer again).
      if (there && !(await answers(two, name, 2000)) && !(await answers(two, name, 10_000))) return tries;
    }
    return undefined;
  } finally {
    await one.close();
    await two.close();
  }
}

describe('a consumer the hub never sends anything for', () => {
  it(
    'is made again by the till whose pull it is, and the till gets every event',
    { timeout: 240_000 },
    async (ctx) => {
      const hub = await startTestHub(tillUsers('till1', 'till2'));
      // Skipped, saying so, on a server that has no such race to catch (fixed upstream in 2.9.15).
      if ((await silentConsumerOfTill2(hub)) === undefined)
        ctx.skip(`nats-server made no silent consumer in ${TRIES} tries: it has no such race`);
      const a = openTillDb('a');
      const b = openTillDb('b');
      const lines: string[] = [];
      joinHub(a, 'till1', hub);
      joinHub(b, 'till2', hub, { log: (line) => lines.push(line) });
      openShift(a);
      sell(a, 3, 1);
      await expect.poll(() => storeEvents(b, 'till1').map((e) => e.seq), { timeout: 60_000 }).toEqual([1, 2]);
      expect(lines.some((l) => /heard nothing from the hub/.test(l))).toBe(true);
    },
  );
});
