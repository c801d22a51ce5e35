// A till's data folder for the store hub's tests: the app's real SQLite file (every migration), a
// shift opened and sales closed the way the counter closes them (session, order, figures, journal
// event in one transaction), and the till's StoreHub joined to a test hub.
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { onTestFailed, onTestFinished } from 'vitest';
import { openDatabase, type Db } from '../../db/database.ts';
import type { JournalEvent } from '../../db/journal.ts';
import { StoreHub, type StoreHubOptions } from '../../main/hub/index.ts';
import { JOURNAL_STREAM, journalSubject } from '../../main/hub/names.ts';
import { tempDir } from './fixtures.ts';
import type { HubLogin } from './nats-hub.ts';

export { cashIn, openShift, returnCash, sell, WAREHOUSE } from './store-sales.ts';

export function openTillDb(name: string): Db {
  const db = openDatabase(join(tempDir(`till-${name}`), 'counter.sqlite'));
  onTestFinished(() => {
    db.close();
  });
  return db;
}

/**
 * The till's link to the hub, started, closed when the test finishes. What it logs is printed when
 * the test fails (a till out of reach and a till that never applied an event look alike otherwise).
 */
export function joinHub(db: Db, till: string, hub: HubLogin, more: Partial<StoreHubOptions> = {}): StoreHub {
  const lines: string[] = [];
  const log = (line: string) => {
    lines.push(`${new Date().toISOString()} ${till}: ${line}`);
    more.log?.(line);
  };
  onTestFailed(() => {
    console.error(lines.length === 0 ? `${till} logged nothing` : lines.join('\n'));
  });
  const link = new StoreHub({
    db,
    url: hub.url,
    till,
    password: hub.password(till),
    maxRetryMs: 300,
    ...more,
    log,
  });
  link.start();
  onTestFinished(() => link.close());
  return link;
}

export { tillUsers } from './nats-hub.ts';

/**
 * Every event `hub` holds on `till`'s subject, in the stream's order, read as the tills read them;
 * asked as the till `as`.
 */
export async function eventsOnHub(hub: HubLogin, till: string, as: string): Promise<JournalEvent[]> {
  const nc = await connect({ servers: hub.url, user: as, pass: hub.password(as) });
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(JOURNAL_STREAM, { subjects_filter: journalSubject(till) });
    const events: JournalEvent[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
      const m = await jsm.streams.getMessage(JOURNAL_STREAM, { seq }).catch(() => null);
      if (m?.subject === journalSubject(till)) events.push(JSON.parse(m.string()) as JournalEvent);
    }
    return events;
  } finally {
    await nc.close();
  }
}
