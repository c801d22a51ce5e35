// This till's link to the store hub: it publishes the till's journal (each event once, by
// Nats-Msg-Id = till:seq) and applies every other till's events to the till's SQLite, once per
// (till, seq), through the till's durable consumer. A session is one connection: whenever it ends
// (the hub killed, the network gone, the hub restarted with its storage lost) the till goes on
// selling alone and the next session starts from what the hub has: the stream and the consumer are
// made again if missing (a consumer made again starts after the last message applied here when the
// stream still is the one it came from: startAfter), and the journal is published from the hub's
// last event of this till, so a hub that lost everything is refilled from the tills' journals. No wall clock orders anything:
// events are ordered by each till's own numbers. A till whose journal does not continue what the hub
// holds under its name (its folder replaced or put back from a backup: its numbers started again)
// publishes nothing of it, never under numbers the other tills already hold, and says so: a person
// settles it (a new name for this till), see journalBreakOf. So does a second device running under
// the same name at the same time, found as it publishes (#publishing).
import type { NatsConnection } from '@nats-io/transport-node';
import type {
  Consumer,
  ConsumerConfig,
  ConsumerNotification,
  JetStreamClient,
  JetStreamManager,
  JsMsg,
} from '@nats-io/jetstream';
import type { KV } from '@nats-io/kv';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { writeTransaction } from '../../db/database.ts';
import {
  applyStoreEvent,
  hubPosition,
  HubPosition,
  JournalEvent,
  journalAfter,
  journalEvent,
  lastJournalSeq,
  keepHubPosition,
  storeEventTills,
} from '../../db/journal.ts';
import {
  CLAIMS_BUCKET,
  consumerName,
  JOURNAL_STREAM,
  JOURNAL_SUBJECT,
  journalSubject,
  messageId,
  tillOfSubject,
} from './names.ts';
import { lazy } from '../../common/lazy.ts';
import type {
  ParkedClaimOutcome,
  ParkedKey,
  ReturnClaimOutcome,
  ReturnLineKey,
} from '../../contract/store.ts';

export interface StoreHubOptions {
  readonly db: Db;
  /** nats://host:port of the hub. */
  readonly url: string;
  /** This till's name: its hub user and its journal's subject. */
  readonly till: string;
  readonly password: string;
  readonly log?: (line: string) => void;
  /** Something the status shows changed (connected or not, events applied or published). */
  readonly changed?: () => void;
  /** Another till's events were applied here (the screens that show the store refresh). */
  readonly applied?: (count: number) => void;
  /** The longest pause between attempts at reaching the hub (tests shorten it). */
  readonly maxRetryMs?: number;
  /** This till's clock, read only to note when an event arrived (shown, never compared across tills). */
  readonly now?: () => Date;
}

export interface TillSeen {
  readonly till: string;
  /** Events of that till applied here. */
  readonly applied: number;
  /** Its events the hub has and this till has not applied yet; null when the hub was not asked. */
  readonly behind: number | null;
}

/**
 * This till's journal does not continue the one the hub holds under its name (`till`): the hub's
 * last event of it is `hubLast`, and this till's own event by that number is missing or another
 * one; `ownLast` is this till's last number. Nothing of its journal is published while it lasts.
 */
export interface JournalBreak {
  readonly till: string;
  readonly hubLast: number;
  readonly ownLast: number;
}

export interface StoreHubStatus {
  readonly connected: boolean;
  /**
   * Found at the last connection or while publishing; null: its journal continues the hub's (or not
   * yet connected).
   */
  readonly journalBreak: JournalBreak | null;
  /** Since when the hub is out of reach (this till's clock); null while connected. */
  readonly downSince: Date | null;
  /** This till's events the hub is known to hold (its last number there). */
  readonly published: number;
  readonly tills: readonly TillSeen[];
}

const Wire = JournalEvent;

export type Nats = typeof import('@nats-io/transport-node') & typeof import('@nats-io/jetstream');

/** The NATS client, loaded on the first connection (a till with no hub never loads it: issue 36). */
export async function natsClient(): Promise<Nats> {
  const [transport, js] = await Promise.all([
    import('@nats-io/transport-node'),
    import('@nats-io/jetstream'),
  ]);
  return { ...transport, ...js };
}

const BATCH = 200;

export class StoreHub {
  readonly #options: StoreHubOptions;
  readonly #now: () => Date;
  #closed = false;
  #connected = false;
  #downSince: Date;
  #published = 0;
  /** The hub's last number of this till's journal, when this till's journal does not continue it. */
  #breakAt: number | null = null;
  #behind = new Map<string, number>();
  #looked = false;
  /** #lookBehind's numbers: the last begun, and the one whose figures #behind holds. */
  #looks = 0;
  #lookShown = 0;
  #nc: NatsConnection | null = null;
  #wake: (() => void) | null = null;
  #running: Promise<void> | null = null;
  #stopConsuming: (() => void) | null = null;
  /** The last session's pull heard nothing from the hub: the next one makes the consumer again. */
  #remakeConsumer = false;
  /** When the hub made the stream this session reads (what a kept position names). */
  #streamCreated: string | null = null;

  constructor(options: StoreHubOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    this.#downSince = this.#now();
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** In reach of the hub now (cheap: status() also counts the events applied). */
  get connected(): boolean {
    return this.#connected;
  }

  start(): void {
    this.#running ??= this.#run();
  }

  /** A journal event was written: publish it now rather than at the next look. */
  wake(): void {
    this.#wake?.();
  }

  /**
   * Connected, and at its last look the hub held no event of another till this till has not applied
   * (a `pos return` waits for this before looking for another till's sale).
   */
  caughtUp(): boolean {
    return this.#connected && this.#looked && [...this.#behind.values()].every((n) => n === 0);
  }

  status(): StoreHubStatus {
    const applied = storeEventTills(this.#options.db);
    const names = new Set([...applied.map((t) => t.till), ...this.#behind.keys()]);
    names.delete(this.#options.till);
    const { db, till } = this.#options;
    return {
      connected: this.#connected,
      journalBreak:
        this.#breakAt === null ? null : { till, hubLast: this.#breakAt, ownLast: lastJournalSeq(db) },
      downSince: this.#connected ? null : this.#downSince,
      published: this.#published,
      tills: [...names].sort().map((till) => ({
        till,
        applied: applied.find((t) => t.till === till)?.count ?? 0,
        behind: this.#behind.get(till) ?? null,
      })),
    };
  }

  /**
   * Claims `quantityMilli` more of a sold line for a return, in the store's claims bucket with
   * compare-and-set: the claim stands only if no other till's claim came in between, so two tills
   * returning the same line at the same instant can never together take back more than was sold.
   * 'exceeds': what is claimed already and this would pass `soldMilli`; 'offline': no hub now (the
   * till then returns only against its own sales, as the returns flow says). `knownMilli`: what the
   * till knows came back of the line, claimed or not (a return its seller made while the hub was
   * away): the claim starts from the larger of the two.
   */
  async claimReturn(
    line: ReturnLineKey,
    quantityMilli: number,
    soldMilli: number,
    knownMilli = 0,
  ): Promise<ReturnClaimOutcome> {
    return this.#claimChange(line, (claimed) => {
      const base = Math.max(claimed, knownMilli);
      return base + quantityMilli > soldMilli ? null : base + quantityMilli;
    });
  }

  /** Gives back `quantityMilli` of a claim whose return was not stored after all. */
  async releaseReturn(line: ReturnLineKey, quantityMilli: number): Promise<ReturnClaimOutcome> {
    return this.#claimChange(line, (claimed) => Math.max(0, claimed - quantityMilli));
  }

  /** Sets a line's claim to what `next` makes of it, with compare-and-set; null from `next`: exceeds. */
  async #claimChange(
    line: ReturnLineKey,
    next: (claimed: number) => number | null,
  ): Promise<ReturnClaimOutcome> {
    const nc = this.#nc;
    if (nc === null || !this.#connected) return { outcome: 'offline' };
    const key = `return.${line.till}.${line.orderId}.${line.lineNo}`;
    return this.#onClaims(nc, (kv) => compareAndSet(kv, key, next));
  }

  /**
   * Claims a parked sale for this till before it is recalled here (its own, or another till's taken
   * over), with create-if-absent in the claims bucket: of two tills recalling it at the same instant
   * one gets it, the other hears which till took it. Claimed again by the till that holds it: claimed.
   */
  async claimParked(key: ParkedKey): Promise<ParkedClaimOutcome> {
    const nc = this.#nc;
    if (nc === null || !this.#connected) return { outcome: 'offline' };
    return this.#onClaims(nc, (kv) => createOnce(kv, parkedClaimKey(key), this.#options.till));
  }

  /** Gives back a claim on a parked sale that was not recalled here after all. */
  async releaseParked(key: ParkedKey): Promise<void> {
    const nc = this.#nc;
    if (nc === null || !this.#connected) return;
    await this.#onClaims(nc, (kv) => kv.delete(parkedClaimKey(key)));
  }

  #kv: { nc: NatsConnection; kv: Promise<KV> } | null = null;
  /**
   * The claims bucket on this connection. Opened by the session before the till says it is
   * connected; a bucket that fails to open there ends the session, and the next one (a new
   * connection) opens it again, so a failed open is never what a claim gets.
   */
  #claims(nc: NatsConnection): Promise<KV> {
    if (this.#kv?.nc === nc) return this.#kv.kv;
    // The KV client is loaded with the session, like the rest of the NATS client (issue 36).
    const kv = (async () =>
      new (await import('@nats-io/kv')).Kvm(nc).create(CLAIMS_BUCKET, { history: 1 }))();
    this.#kv = { nc, kv };
    return kv;
  }

  /**
   * Runs `op` on the claims bucket. A bucket another till made that instant may, for a moment, have
   * no responders (nats-server 2.9.10: "jetstream is not enabled"): nothing was stored, so `op` is
   * run again a few times before the claim is said failed (and the counter says the hub is out of
   * reach).
   */
  async #onClaims<T>(nc: NatsConnection, op: (kv: KV) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await op(await this.#claims(nc));
      } catch (error) {
        const text = errorText(error);
        if (attempt >= CLAIM_TRIES || !BUCKET_SETTLING.test(text)) {
          this.#log(`store hub: a claim failed: ${text}`);
          throw error;
        }
        await sleep(25 * 2 ** attempt);
      }
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#wake?.();
    await this.#nc?.close().catch(() => undefined);
    await this.#running;
  }

  async #run(): Promise<void> {
    let pause = 100;
    while (!this.#closed) {
      try {
        await this.#session();
        pause = 100;
      } catch (error) {
        if (!this.closed) this.#log(`store hub: ${error instanceof Error ? error.message : String(error)}`);
      }
      this.#setConnected(false);
      // close() may have come during the session.
      if (this.closed) return;
      await this.#pause(pause);
      pause = Math.min(pause * 2, this.#options.maxRetryMs ?? 5000);
    }
  }

  /** Waits `ms`, or less when woken or closed. */
  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
  }

  /** One connection to the hub, until it ends. */
  async #session(): Promise<void> {
    const { url, till, password } = this.#options;
    const nats = await natsClient();
    const nc = await nats.connect({
      servers: url,
      user: till,
      pass: password,
      reconnect: false,
      timeout: 3000,
    });
    this.#nc = nc;
    if (this.#closed) await nc.close();
    const ended = nc.closed().then((error) => {
      throw error ?? new Error('the connection to the hub closed');
    });
    // Said by the race below while the session runs; a session that failed before it (or ended
    // another way) closes the connection itself, and that end is no one's error: a rejection no one
    // handled would end the process.
    ended.catch(() => undefined);
    try {
      const jsm = await nats.jetstreamManager(nc, { timeout: 5000 });
      const stream = await ensureStream(nats, jsm);
      this.#streamCreated = stream.created;
      await ensureConsumer(nats, jsm, till, this.#remakeConsumer, async () => {
        const start = await startAfter(jsm, stream, hubPosition(this.#options.db));
        this.#log(
          start.after === null
            ? `store hub: the journal's consumer is made to deliver from the first event (${start.why})`
            : `store hub: the journal's consumer is made to deliver after the hub's message ${start.after} (${start.why})`,
        );
        return start.after;
      });
      this.#remakeConsumer = false;
      // Made (by the first till of the store) with the session, not at the first claim: a bucket
      // made that instant may let a claim go unanswered for a moment (nats-server 2.9.10: no
      // responders, or no answer in 5 s), and a session that fails here is simply begun again.
      await this.#claims(nc);
      const js = nats.jetstream(nc, { timeout: 5000 });
      const consumer = await js.consumers.get(JOURNAL_STREAM, consumerName(till));
      const last = await this.#judgeHubLast(jsm);
      this.#setConnected(true);
      // A journal that does not continue the hub's is kept here and not published (its numbers are
      // other events' on the hub): the other tills' events still come.
      await Promise.race([
        ...(last === 'break' ? [] : [this.#publishing(nats, js, jsm, last)]),
        this.#consuming(consumer, jsm),
        ended,
      ]);
    } finally {
      this.#nc = null;
      this.#stopConsuming?.();
      await nc.close().catch(() => undefined);
    }
  }

  /**
   * Reads the hub's last event of this till's name and judges it (journalBreakOf): this till's own
   * event by that number (or nothing there) and the journal is published on from it, its stream
   * sequence the one the next publish expects; else a journal break, said in the status and the log.
   */
  async #judgeHubLast(jsm: JetStreamManager): Promise<HubLast | 'break'> {
    const last = await lastEventOnHub(jsm, this.#options.till);
    const own = last === null ? undefined : journalEvent(this.#options.db, last.seq);
    const breakAt = journalBreakOf(last, own);
    this.#setBreak(breakAt);
    if (breakAt !== null) return 'break';
    this.#published = last?.seq ?? 0;
    return { seq: this.#published, streamSeq: last?.streamSeq ?? 0 };
  }

  /** Says a journal break (the hub's last number of this till's name), or that there is none. */
  #setBreak(breakAt: number | null): void {
    if (breakAt !== this.#breakAt) {
      this.#breakAt = breakAt;
      this.#options.changed?.();
    }
    if (breakAt !== null)
      this.#log(
        `store hub: this till's journal does not continue the one the hub holds as ${this.#options.till} (the hub's last event ${breakAt}, this till's last ${lastJournalSeq(this.#options.db)}): nothing of it is published; give this till a new name`,
      );
  }

  /**
   * Publishes this till's journal from the hub's last event of it on (`from`), then each new event,
   * one at a time, each expecting the hub's last message on the till's subject to be this till's
   * previous event (its stream sequence from the last ack, or the read at connection): another device
   * publishing under the same name in between (a till cloned, two installs given one name) makes the
   * hub refuse it, and a message id the hub already holds (its duplicate window) is checked to be this
   * till's own event. Either way the hub's last event is judged again as at connection: this till's
   * own (a publish whose first ack was lost, or a second link of this till) and it goes on from
   * there; another device's and it is a journal break, and nothing more is published (the session's
   * pull goes on).
   */
  async #publishing(nats: Nats, js: JetStreamClient, jsm: JetStreamManager, from: HubLast): Promise<void> {
    const { db, till } = this.#options;
    let expected = from.streamSeq;
    while (!this.#closed) {
      const batch = journalAfter(db, this.#published, BATCH);
      if (batch.length === 0) {
        await this.#pause(500);
        continue;
      }
      for (const event of batch) {
        const ack = await js
          .publish(journalSubject(till), JSON.stringify(event), {
            msgID: messageId(till, event.seq),
            expect: { lastSubjectSequence: expected },
          })
          .catch((error: unknown) => {
            if (wrongLastSequence(nats, error)) return null;
            throw error;
          });
        // Stored (or the very event stored before): on to the next.
        if (ack !== null && (!ack.duplicate || (await isOwnMessage(jsm, ack.seq, event)))) {
          expected = ack.seq;
          this.#published = event.seq;
          continue;
        }
        const last = await this.#judgeHubLast(jsm);
        // A duplicate whose stored message is another device's event is a break, even should the
        // hub's last event (judged above) read as this till's.
        if (last !== 'break' && ack?.duplicate === true) this.#setBreak(last.seq);
        // Nothing more of this journal goes out; the session goes on (the pull), and ends as before.
        if (this.#breakAt !== null) return new Promise<void>(() => undefined);
        if (last !== 'break') expected = last.streamSeq;
        break;
      }
      this.#options.changed?.();
    }
  }

  /** Applies the other tills' events as the hub delivers them; own events are only acknowledged. */
  async #consuming(consumer: Consumer, jsm: JetStreamManager): Promise<void> {
    // A long-lived pull (consume): messages come as the hub has them, not at the end of a fetch's
    // wait. What arrived together is applied in one transaction once the iterator has handed over
    // everything already buffered (setImmediate runs after those microtasks).
    const messages = await consumer.consume({
      max_messages: BATCH,
      expires: 5000,
      idle_heartbeat: HEARTBEAT_MS,
    });
    // The session's end (the connection gone, or close()) stops the pull and with it this loop.
    this.#stopConsuming = () => messages.stop();
    const failed: { error?: Error } = {};
    this.#watchPull(messages.status(), () => {
      // Pulled again after every missed heartbeat, and the hub still says nothing: this consumer
      // is one nats-server 2.9.10 never sends anything for (see SILENT_HEARTBEATS).
      this.#remakeConsumer = true;
      failed.error = new Error(
        `the journal's pull heard nothing from the hub for ${(SILENT_HEARTBEATS * HEARTBEAT_MS) / 1000} s; its consumer is made again`,
      );
      messages.stop();
    });
    let queue: JsMsg[] = [];
    let looked = -Infinity;
    const flush = () => {
      const batch = queue;
      queue = [];
      // A batch failed: nothing after it is applied (the kept position says every message up to it
      // was), the next session's consumer delivers them again.
      if (failed.error !== undefined) return;
      try {
        const applied = this.#apply(batch);
        for (const m of batch) m.ack();
        if (applied > 0) this.#options.applied?.(applied);
      } catch (error) {
        failed.error = error instanceof Error ? error : new Error(String(error));
        messages.stop();
        return;
      }
      if (performance.now() - looked > 250) {
        looked = performance.now();
        this.#lookBehind(jsm)
          .then(() => this.#options.changed?.())
          .catch(() => undefined);
      }
    };
    const idle = setInterval(() => {
      if (this.#closed) messages.stop();
      looked = performance.now();
      this.#lookBehind(jsm)
        .then(() => this.#options.changed?.())
        .catch(() => undefined);
    }, 2000);
    try {
      await this.#lookBehind(jsm);
      this.#options.changed?.();
      for await (const m of messages) {
        queue.push(m);
        if (queue.length === 1) setImmediate(flush);
        if (this.#closed) break;
      }
    } finally {
      clearInterval(idle);
      this.#stopConsuming = null;
    }
    if (failed.error !== undefined) throw failed.error;
  }

  /**
   * Says in the log what the pull ran into (heartbeats missed, the consumer or stream gone, the hub
   * not answering): the pull mostly recovers by itself, and the log tells a silent till from one
   * cut off. A pull that stays silent for SILENT_HEARTBEATS heartbeats is given up: `silent`.
   */
  #watchPull(notes: AsyncIterable<ConsumerNotification>, silent: () => void): void {
    void (async () => {
      for await (const note of notes) {
        if (TROUBLE.has(note.type)) this.#log(`store hub: the journal's pull: ${note.type}`);
        if (note.type === 'heartbeats_missed' && note.count >= SILENT_HEARTBEATS) silent();
      }
    })().catch(() => undefined);
  }

  /**
   * Stores the batch's events of other tills in one transaction, with the hub position of its last
   * message (own events and unreadable ones included: they are acknowledged too); returns how many
   * were new.
   */
  #apply(batch: readonly JsMsg[]): number {
    const { db, till } = this.#options;
    const receivedAt = this.#now();
    const position = this.#positionOf(batch);
    return writeTransaction(db, () => {
      let fresh = 0;
      if (position !== undefined) keepHubPosition(db, position);
      for (const m of batch) {
        const from = tillOfSubject(m.subject);
        if (from === undefined || from === till) continue;
        const event = storedEvent(m);
        if (event === undefined) {
          this.#log(`store hub: an event of ${from} could not be read; skipped`);
          continue;
        }
        if (applyStoreEvent(db, from, event, receivedAt, till)) fresh++;
      }
      return fresh;
    });
  }

  /** Where in the stream the batch's furthest message is (a redelivered one may come after later ones). */
  #positionOf(batch: readonly JsMsg[]): HubPosition | undefined {
    const created = this.#streamCreated;
    let last: JsMsg | undefined;
    for (const m of batch)
      if (last === undefined || m.info.streamSequence > last.info.streamSequence) last = m;
    if (created === null || last === undefined) return undefined;
    return HubPosition.parse({
      streamCreated: created,
      streamSeq: last.info.streamSequence,
      messageId: last.headers?.get(MSG_ID_HEADER) || null,
      storedAt: last.timestampNanos.toString(),
    });
  }

  /**
   * How far behind the hub this till is, per till. The hub is asked first and what is applied here
   * read after, so events applied meanwhile never count as behind; looks overlap (the 2 s one and
   * one after a batch), and one that ends after a later one keeps its older figures to itself.
   */
  async #lookBehind(jsm: JetStreamManager): Promise<void> {
    const look = ++this.#looks;
    const info = await jsm.streams.info(JOURNAL_STREAM, { subjects_filter: `${JOURNAL_SUBJECT}.>` });
    const last = new Map<string, number>();
    for (const subject of Object.keys(info.state.subjects ?? {})) {
      const till = tillOfSubject(subject);
      if (till === undefined || till === this.#options.till) continue;
      last.set(till, await lastOnHub(jsm, till));
    }
    if (look < this.#lookShown) return;
    this.#lookShown = look;
    const applied = storeEventTills(this.#options.db);
    const behind = new Map<string, number>();
    for (const [till, seq] of last)
      behind.set(till, Math.max(0, seq - (applied.find((t) => t.till === till)?.lastSeq ?? 0)));
    this.#behind = behind;
    this.#looked = true;
  }

  #setConnected(connected: boolean): void {
    if (this.#connected === connected) return;
    this.#connected = connected;
    if (!connected) this.#downSince = this.#now();
    if (!connected) this.#looked = false;
    this.#log(connected ? 'store hub: connected' : 'store hub: out of reach');
    this.#options.changed?.();
  }

  #log(line: string): void {
    this.#options.log?.(line);
  }
}

/** The pull's notes worth a log line (the rest are its routine: next pull, heartbeat, debug). */
const TROUBLE: ReadonlySet<string> = new Set([
  'heartbeats_missed',
  'consumer_not_found',
  'stream_not_found',
  'consumer_deleted',
  'no_responders',
  'exceeded_limits',
]);

/** The pull's idle heartbeat: the hub says it is there this often while it has no event to send. */
const HEARTBEAT_MS = 2500;
/**
 * Heartbeats in a row a pull may miss before its consumer is made again. The client pulls again
 * after each missed one, so a pull this silent is one the hub takes and never answers: nats-server
 * 2.9.10 lists a new stream before it can send, and a consumer another till makes on it in that
 * moment (two tills starting together, each making the store's stream) never sends anything, not
 * even a heartbeat, until it is made again (fixed in nats-server 2.9.15). Made again, it delivers
 * from after the last message this till applied (startAfter), not the whole journal afresh; events
 * are applied once by (till, seq) anyway, so what it delivers twice doubles nothing.
 */
const SILENT_HEARTBEATS = 4;

/** How often a claim meets a claims bucket still being made before it is said failed. */
const CLAIM_TRIES = 4;
const BUCKET_SETTLING = /jetstream is not enabled|no responders/i;
/** Another till's claim came first: wrong last sequence, or the key exists. */
const CLAIMED_FIRST = /wrong last sequence|exists/i;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Sets `key` to what `next` makes of its value (0 when absent), with compare-and-set. */
async function compareAndSet(
  kv: KV,
  key: string,
  next: (claimed: number) => number | null,
): Promise<ReturnClaimOutcome> {
  for (;;) {
    const entry = await kv.get(key);
    const claimed = entry === null || entry.length === 0 ? 0 : Number(entry.string());
    const value = next(claimed);
    if (value === null) return { outcome: 'exceeds', claimedMilli: claimed };
    const text = String(value);
    try {
      if (entry === null) await kv.create(key, text);
      else await kv.update(key, text, entry.revision);
      return { outcome: 'claimed', claimedMilli: value };
    } catch (error) {
      // Read it again and judge again.
      if (!CLAIMED_FIRST.test(errorText(error))) throw error;
    }
  }
}

/** Creates `key` with `till` unless it holds another till's name: of two at once, one wins. */
async function createOnce(kv: KV, key: string, till: string): Promise<ParkedClaimOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      await kv.create(key, till);
      return { outcome: 'claimed' };
    } catch (error) {
      if (!CLAIMED_FIRST.test(errorText(error))) throw error;
    }
    const entry = await kv.get(key);
    // A claim given back (deleted) between the two calls: try again.
    if (entry === null || entry.operation !== 'PUT') {
      if (attempt < 3) continue;
      return { outcome: 'taken', by: '' };
    }
    const by = entry.string();
    return by === till ? { outcome: 'claimed' } : { outcome: 'taken', by };
  }
}

function parkedClaimKey(key: ParkedKey): string {
  return `parked.${key.till}.${key.sessionId}.${key.parkSeq}`;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function notFound(nats: Nats, error: unknown): boolean {
  return (
    error instanceof nats.JetStreamApiError &&
    (error.code === 404 || error.apiError().err_code === 10059 || error.apiError().err_code === 10014)
  );
}

/** The store's stream as the hub describes it: when it was made, its first and last message. */
const StreamState = lazy(() =>
  z.object({
    created: z.string().min(1),
    state: z.object({ first_seq: z.int().nonnegative(), last_seq: z.int().nonnegative() }),
  }),
);
type StreamState = z.infer<typeof StreamState>;

/**
 * The store's stream: every till's journal, on file, kept (a hub is the store's memory), made here
 * when missing. Tills that make it at the same instant (a store's tills started together) meet
 * nats-server 2.9.10's answers for a stream still being made: its creation time 0001-01-01 (in the
 * answer to a second add, and to an info in that moment), or a second add refused ("subjects overlap
 * with an existing stream"). A till's hub position remembered that time as its stream's, and the
 * consumer made again after a stall took the stream for another and started from the first event
 * (seen in a loaded CI run). So the stream is described again until the hub gives its time.
 */
export async function ensureStream(nats: Nats, jsm: JetStreamManager): Promise<StreamState> {
  for (let attempt = 1; ; attempt++) {
    const stream = await describedOrMade(nats, jsm);
    if (!BEING_MADE.test(stream.created)) return stream;
    if (attempt >= 10)
      throw new Error(`the hub describes the store's stream with no creation time (${stream.created})`);
    await sleep(20 * attempt);
  }
}

/** The time nats-server 2.9.10 gives a stream still being made: Go's zero time. */
const BEING_MADE = /^0001-01-01T/;

/** The stream as the hub describes it, made first when missing (another till may make it meanwhile). */
async function describedOrMade(nats: Nats, jsm: JetStreamManager): Promise<StreamState> {
  try {
    return StreamState.parse(await jsm.streams.info(JOURNAL_STREAM));
  } catch (error) {
    if (!notFound(nats, error)) throw error;
    await jsm.streams
      .add({ name: JOURNAL_STREAM, subjects: [`${JOURNAL_SUBJECT}.>`], storage: nats.StorageType.File })
      .catch(async (failed: unknown) => {
        // Made by another till in the same instant: described below. Else the add's own error.
        const there = await jsm.streams.info(JOURNAL_STREAM).then(
          () => true,
          () => false,
        );
        if (!there) throw failed;
      });
    return StreamState.parse(await jsm.streams.info(JOURNAL_STREAM));
  }
}

/**
 * The till's durable consumer of the journal: it remembers what the till has acknowledged. Made
 * (missing, or `remake`: deleted first, one that never delivered, see SILENT_HEARTBEATS) to deliver
 * after the stream sequence `start` says, or from the first when it says null.
 */
async function ensureConsumer(
  nats: Nats,
  jsm: JetStreamManager,
  till: string,
  remake: boolean,
  start: () => Promise<number | null>,
): Promise<void> {
  const name = consumerName(till);
  if (remake)
    await jsm.consumers.delete(JOURNAL_STREAM, name).catch((error: unknown) => {
      if (!notFound(nats, error)) throw error;
    });
  try {
    await jsm.consumers.info(JOURNAL_STREAM, name);
  } catch (error) {
    if (!notFound(nats, error)) throw error;
    await jsm.consumers.add(JOURNAL_STREAM, journalConsumerConfig(nats, till, await start()));
  }
}

/**
 * Where a consumer made now starts: after the message this till applied last (`position`), when the
 * hub's stream is the one it was applied from (made at the same time) and still holds that very
 * message at that sequence (same id, same time on the hub). Else from the first: nothing applied
 * yet; a new hub, or this till moved to another one (its stream made anew, numbered from 1 again: a
 * remembered number would skip its events); a hub put back from an older copy of its folder, or one
 * that lost its last messages (a power cut before they were on disk), whose numbers now go to other
 * messages. A stream purged past the position (the message gone, the numbers after it kept) resumes.
 * Applying is once per (till, seq), so from the first only costs the redelivery.
 */
async function startAfter(
  jsm: JetStreamManager,
  stream: StreamState,
  position: HubPosition | undefined,
): Promise<{ after: number | null; why: string }> {
  if (position === undefined) return { after: null, why: 'nothing applied from a hub yet' };
  const seq = position.streamSeq;
  if (position.streamCreated !== stream.created)
    return {
      after: null,
      why: `a stream made ${stream.created}, not the one applied from (${position.streamCreated})`,
    };
  if (seq > stream.state.last_seq)
    return { after: null, why: `the stream ends at ${stream.state.last_seq}, before ${seq} applied here` };
  const message = await jsm.streams.getMessage(JOURNAL_STREAM, { seq });
  if (message === null)
    return stream.state.first_seq > seq
      ? { after: seq, why: 'the stream was purged past it' }
      : { after: null, why: `message ${seq} applied here is not in the stream` };
  const same =
    (message.header.get(MSG_ID_HEADER) || null) === position.messageId &&
    nanosOf(message.timestamp) === position.storedAt;
  return same
    ? { after: seq, why: 'the message applied last is there' }
    : { after: null, why: `message ${seq} is another than the one applied here` };
}

/** The id JetStream dedupes a journal message by (names.ts messageId). */
const MSG_ID_HEADER = 'Nats-Msg-Id';

/** An RFC 3339 time with up to nine decimals (the hub's time of a message) in nanoseconds, decimal. */
function nanosOf(time: string): string | undefined {
  const parts = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/.exec(time);
  if (parts === null) return undefined;
  // Whole seconds (no fraction given), in milliseconds.
  const ms = Date.parse(`${parts[1]}${parts[3]}`);
  if (Number.isNaN(ms)) return undefined;
  return (BigInt(ms) * 1_000_000n + BigInt((parts[2] ?? '').padEnd(9, '0'))).toString();
}

/**
 * The durable consumer through which `till` reads the store's journal: every event from the first,
 * or after stream sequence `after` (a consumer made again), each acknowledged (10 s to do so), at most
 * 1000 unacknowledged. Exported so the test that makes a silent consumer on purpose makes the very
 * one a till makes.
 */
export function journalConsumerConfig(
  nats: Pick<Nats, 'AckPolicy' | 'DeliverPolicy'>,
  till: string,
  after: number | null = null,
): Partial<ConsumerConfig> & { durable_name: string } {
  return {
    durable_name: consumerName(till),
    ack_policy: nats.AckPolicy.Explicit,
    ...(after === null
      ? { deliver_policy: nats.DeliverPolicy.All }
      : { deliver_policy: nats.DeliverPolicy.StartSequence, opt_start_seq: after + 1 }),
    ack_wait: 10_000_000_000,
    max_ack_pending: 1000,
  };
}

/** The number of the last event of `till` the hub holds (0: none). */
async function lastOnHub(jsm: JetStreamManager, till: string): Promise<number> {
  return (await lastEventOnHub(jsm, till))?.seq ?? 0;
}

/** The last event of `till` the hub holds (null: none) and the event read from it. */
interface LastOnHub {
  readonly seq: number;
  /** Its message's sequence in the stream. */
  readonly streamSeq: number;
  /** Undefined: one this till cannot read (its number then from its message id, till:seq). */
  readonly event: JournalEvent | undefined;
}

async function lastEventOnHub(jsm: JetStreamManager, till: string): Promise<LastOnHub | null> {
  const message = await jsm.streams.getMessage(JOURNAL_STREAM, { last_by_subj: journalSubject(till) });
  if (message === null) return null;
  const event = storedEvent(message);
  if (event !== undefined) return { seq: event.seq, streamSeq: message.seq, event };
  const id = /:(\d+)$/.exec(message.header.get(MSG_ID_HEADER) || '');
  return { seq: id === null ? 0 : Number(id[1]), streamSeq: message.seq, event: undefined };
}

/** Where this till's journal stands on the hub: its last number there and that message's stream sequence. */
type HubLast = Pick<LastOnHub, 'seq' | 'streamSeq'>;

/** The hub's message at stream sequence `seq` is `event` (read, not compared as text). */
async function isOwnMessage(jsm: JetStreamManager, seq: number, event: JournalEvent): Promise<boolean> {
  const message = await jsm.streams.getMessage(JOURNAL_STREAM, { seq });
  if (message === null) return false;
  const stored = storedEvent(message);
  return stored !== undefined && isDeepStrictEqual(stored, event);
}

/** The journal event a hub message (stored or delivered) carries, read through zod; undefined when it is not one. */
function storedEvent(message: Pick<JsMsg, 'string'>): JournalEvent | undefined {
  const event = Wire.safeParse(safeJson(message.string()));
  return event.success ? event.data : undefined;
}

/** The hub refused a publish: its subject's last message is not the one the publish expected. */
function wrongLastSequence(nats: Nats, error: unknown): boolean {
  return (
    error instanceof nats.JetStreamApiError && error.code === nats.JetStreamApiCodes.StreamWrongLastSequence
  );
}

/**
 * Where this till's journal does not continue the hub's (the hub's last number), or null when it
 * does: the hub holds nothing of it, or its last event there (read, not compared as text) is this
 * till's own event by that number. A folder replaced (the till installed again under its name) or
 * put back from an older backup numbers its events from below the hub's again: published, they would
 * wait until its journal passed the hub's number and then go out under numbers the other tills hold
 * already (other events, ignored there). Counter cannot know which events are the store's: a person
 * settles it (this till given a new name publishes its journal from 1 on a subject of its own).
 */
function journalBreakOf(hub: LastOnHub | null, own: JournalEvent | undefined): number | null {
  if (hub === null) return null;
  return hub.event !== undefined && own !== undefined && isDeepStrictEqual(hub.event, own) ? null : hub.seq;
}

export const StoreHubUrl = lazy(() => z.string().regex(/^nats:\/\/[^/\s]+$/));
