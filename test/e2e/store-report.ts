// What each till of a store-tills test knew of the store when a test failed (store-tills.ts): its
// journal's last events, the other till's events it applied, the other tills' parked sales it lists
// (store_parked), where it stands in the hub's stream, what the hub holds and hands each till's
// consumer, and the end of each shell's log (its store hub link's words). A till that never got an
// event is then told from one that got it and did not show it, and from a hub that never had it.
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import Database from 'better-sqlite3';
import { consumerName, JOURNAL_STREAM } from '../../main/hub/names.ts';
import type { StoreTills } from './store-tills.ts';

const LOG_SHOWN = 4000;

/** One till's file as the report reads it: never throws (the file may be gone or busy). */
function tillFile(name: string, dataDir: string): string {
  let db: Database.Database | undefined;
  try {
    db = new Database(join(dataDir, 'counter.sqlite'), { readonly: true });
    const rows = (sql: string) => JSON.stringify(db?.prepare(sql).all());
    return [
      `${name} journal (last 12): ${rows(
        `SELECT seq, kind, json_extract(body, '$.sessionId') AS sessionId, json_extract(body, '$.receipt') AS receipt,
                json_extract(body, '$.exchangeReceipt') AS exchange
           FROM journal ORDER BY seq DESC LIMIT 12`,
      )}`,
      `${name} store_event (last 12): ${rows(
        `SELECT till, seq, kind, json_extract(body, '$.sessionId') AS sessionId, receivedAt
           FROM store_event ORDER BY receivedAt DESC, seq DESC LIMIT 12`,
      )}`,
      `${name} store_parked: ${rows('SELECT till, sessionId, parkSeq, receivedAt FROM store_parked')}`,
      `${name} hub position: ${rows('SELECT streamSeq, messageId FROM store_hub_position')}`,
    ].join('\n');
  } catch (error) {
    return `${name}: unreadable (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    db?.close();
  }
}

/** The hub's stream and each till's consumer, asked as till `as`; never throws. */
async function hubState(tills: StoreTills, names: readonly string[], as: string): Promise<string> {
  try {
    const nc = await connect({
      servers: tills.hub.url,
      user: as,
      pass: tills.hub.password(as),
      reconnect: false,
    });
    try {
      const jsm = await jetstreamManager(nc);
      const stream = await jsm.streams.info(JOURNAL_STREAM, { subjects_filter: '>' });
      const lines = [`hub stream: ${JSON.stringify({ state: stream.state })}`];
      for (const till of names) {
        const c = await jsm.consumers
          .info(JOURNAL_STREAM, consumerName(till))
          .catch((e: unknown) => String(e));
        lines.push(
          `hub consumer of ${till}: ${
            typeof c === 'string'
              ? c
              : JSON.stringify({
                  created: c.created,
                  delivered: c.delivered,
                  ack_floor: c.ack_floor,
                  num_pending: c.num_pending,
                  num_ack_pending: c.num_ack_pending,
                  num_redelivered: c.num_redelivered,
                  num_waiting: c.num_waiting,
                })
          }`,
        );
      }
      return lines.join('\n');
    } finally {
      await nc.close();
    }
  } catch (error) {
    return `hub: unreadable (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** The report, for console.error when a test of these tills failed. */
export async function storeReport(tills: StoreTills): Promise<string> {
  const [shell1, shell2] = tills.shells;
  return [
    tillFile('till 1', tills.one.dataDir),
    tillFile('till 2', tills.twoDir),
    await hubState(tills, ['pokladna1', 'pokladna2'], 'pokladna1'),
    `hub log, its end:\n${tills.hub.logTail(12)}`,
    `till 1's shell log, its end:\n${shell1.stderr().slice(-LOG_SHOWN)}`,
    `till 2's shell log, its end:\n${shell2.stderr().slice(-LOG_SHOWN)}`,
  ].join('\n');
}
