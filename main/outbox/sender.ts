// The outbox's sender: it drives each stored order through its states (at once on place, in the
// background when the service comes back, on start and on demand). Crash safety rests on one rule:
// `sending` is committed before the request leaves, so an order found in `sending` by a new process
// may have reached the service and is `in-doubt`.
import type { Db } from '../../db/database.ts';
import {
  beatSending,
  clampNextAttempts,
  claimForSending,
  countOutboxOrders,
  earliestNextAttempt,
  getOutboxOrder,
  markInterruptedInDoubt,
  nextDueOutboxOrder,
  recordOutboxOutcome,
  type OutboxOrder,
  type SendingLease,
} from '../../db/outbox.ts';
import type { OutboxState } from '../../contract/order.ts';
import {
  ConnectivityMonitor,
  DEFAULT_RETRY_BACKOFF,
  longestWait,
  type BackoffPolicy,
  type InternetOrderPayload,
  type OrderAcknowledgement,
} from '../service/index.ts';
import {
  outcomeOfFailure,
  outcomeOfSuccess,
  type AttemptContext,
  type AttemptOutcome,
} from './attempt-outcome.ts';
import type { DocumentKind } from '../../contract/documents.ts';
import { tillPricesAtStake, type CatalogPrice } from './till-prices.ts';
import { newOwnerName } from '../ground/index.ts';
import { goneSenderWords, HEARTBEAT_MS, LeaseWatch } from './lease.ts';
import type { OrderSender } from './place.ts';
import { kindsSettledByReading, type DocumentChannels } from './documents.ts';
import { isInternetOrder, type InDoubtTaken, type OutboxInternetOrder } from '../../db/outbox.ts';

/** The part of ServiceClient (main/service) the outbox uses. */
export interface OrderService {
  createInternetOrder(
    order: InternetOrderPayload,
    opts: { clientReference: string; signal?: AbortSignal },
  ): Promise<OrderAcknowledgement & { readonly withheld?: readonly string[] }>;
  deleteInternetOrder(id: number, signal?: AbortSignal): Promise<void>;
  capabilities(signal?: AbortSignal): Promise<{ recognisesClientReference: boolean }>;
  health(signal?: AbortSignal): Promise<boolean>;
}

export interface OutboxOptions {
  /** Orders in flight at once during a replay (one connection each). Default 4. */
  readonly concurrency?: number;
  readonly retryBackoff?: BackoffPolicy;
  /**
   * Whether the service answers (the app passes its own, so the status bar hears of an unreachable
   * attempt at once). Without one the outbox makes its own, probing only while unreachable.
   */
  readonly monitor?: ConnectivityMonitor;
  /** Health probe while the service is unreachable (the outbox's own monitor). */
  readonly probeBackoff?: BackoffPolicy;
  readonly random?: () => number;
  /** The wall clock: stored times, backoffs, Retry-After. */
  readonly now?: () => number;
  /** A clock never set back (performance.now by default): how long another sender has been silent. */
  readonly monotonic?: () => number;
  readonly log?: (message: string) => void;
  /**
   * The instance this sender talks to (its key, instanceKey()): orders placed here carry it, and only
   * its orders (or ones stored without an instance) are sent; another instance's wait for their own sender.
   */
  readonly instance?: string;
  /**
   * The till's catalog price of a product in a warehouse: whether an order sent without its prices
   * may have been booked at another total (till-prices.ts). Without it, any price left out may.
   */
  readonly catalogPrice?: CatalogPrice;
  /** How each kind of document other than an order is sent (documents.ts); an order's is built in. */
  readonly channels?: DocumentChannels;
}

export interface OutboxStatus {
  /** null until the first attempt or probe says. */
  readonly online: boolean | null;
  readonly probing: boolean;
  readonly pausedUntil: number | null;
  /** The service refused the client credentials at the last attempt: orders wait for new settings. */
  readonly credentialsRefused: boolean;
  readonly counts: Record<OutboxState, number>;
}

export type OutboxEvent =
  | { readonly type: 'order'; readonly order: OutboxOrder }
  | { readonly type: 'status'; readonly status: OutboxStatus };

export interface ReplayReport {
  /** Attempts made in this pass. */
  readonly attempted: number;
  /** The pass stopped because the service could not be reached. */
  readonly unreachable: boolean;
  /** The pass stopped because the service refused the client credentials. */
  readonly credentialsRefused: boolean;
}

/** The background sender looks again at least this often while anything waits. */
const RECHECK_MS = 60_000;
/** A late answer is recorded even if another process marked the order in-doubt meanwhile. */
const ANSWERABLE: readonly OutboxState[] = ['sending', 'in-doubt'];

export class OutboxSender implements OrderSender {
  private readonly db: Db;
  private readonly client: OrderService;
  private readonly concurrency: number;
  private readonly retryBackoff: BackoffPolicy;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly monotonic: () => number;
  private readonly log: (message: string) => void;
  readonly instance: string | undefined;
  private readonly catalogPrice: CatalogPrice | undefined;
  private readonly channels: DocumentChannels;
  /** Kinds whose in-doubt entries go again whatever the instance says of references (documents.ts). */
  private readonly readingKinds: readonly DocumentKind[];
  private readonly listeners = new Set<(event: OutboxEvent) => void>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private pass: Promise<ReplayReport> | undefined;
  private passAgain = false;
  private background = false;
  private stopped = false;
  private readonly monitor: ConnectivityMonitor;
  /** The monitor was made here: this sender starts and stops it. */
  private readonly ownMonitor: boolean;
  private pausedUntil: number | null = null;
  private refusedCredentials = false;
  /** What the last pass learnt: may in-doubt orders be resent here. */
  private recognises = false;
  private timer: NodeJS.Timeout | undefined;
  /** Names this process on the orders it is sending (lease.ts). */
  private readonly leaseOwner = newOwnerName();
  /** Orders whose answer this sender is waiting for: it beats their leases. */
  private readonly sendingHere = new Set<number>();
  private heartbeat: NodeJS.Timeout | undefined;
  /** What this process has seen of other senders' leases. */
  private readonly leases: LeaseWatch;
  /** Orders other live senders were sending at the last look: looked at again within a minute. */
  private othersSending = 0;

  constructor(db: Db, client: OrderService, options: OutboxOptions = {}) {
    this.db = db;
    this.client = client;
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.retryBackoff = options.retryBackoff ?? DEFAULT_RETRY_BACKOFF;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.monotonic = options.monotonic ?? (() => performance.now());
    this.leases = new LeaseWatch(this.leaseOwner, this.monotonic);
    this.log = options.log ?? (() => undefined);
    this.instance = options.instance;
    this.catalogPrice = options.catalogPrice;
    this.channels = options.channels ?? {};
    this.readingKinds = kindsSettledByReading(this.channels);
    this.ownMonitor = options.monitor === undefined;
    this.monitor =
      options.monitor ??
      new ConnectivityMonitor({
        probe: () => client.health(),
        ...(options.probeBackoff === undefined ? {} : { offlineBackoff: options.probeBackoff }),
        random: this.random,
        log: this.log,
      });
    this.monitor.subscribe((online) => this.connectivityChanged(online));
  }

  /** Subscribe to order changes and status; returns the unsubscribe function. */
  on(listener: (event: OutboxEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The service refused the client credentials at the last attempt (status() without its counts). */
  get credentialsRefused(): boolean {
    return this.refusedCredentials;
  }

  status(): OutboxStatus {
    return {
      online: this.monitor.online,
      probing: this.monitor.probing,
      pausedUntil: this.isPaused() ? this.pausedUntil : null,
      credentialsRefused: this.refusedCredentials,
      counts: countOutboxOrders(this.db),
    };
  }

  /**
   * Background mode (the app): orders left in `sending` become in-doubt, a replay runs now, later
   * ones run when orders fall due and when the health probe sees the service come back.
   */
  start(): void {
    this.background = true;
    this.stopped = false;
    const interrupted = this.recoverInterrupted();
    if (interrupted > 0)
      this.log(`outbox: ${interrupted} order(s) were being sent when the app stopped: in-doubt`);
    if (this.ownMonitor) this.monitor.start();
    void this.wake();
  }

  /**
   * Orders left in `sending` by a sender that is gone become in-doubt, saying what is known of it
   * (lease.ts). Returns how many.
   */
  recoverInterrupted(): number {
    const watched = new Set<number>();
    let others = 0;
    const n = markInterruptedInDoubt(this.db, new Date(this.now()), (lease) => {
      watched.add(lease.id);
      const verdict = this.leases.judge(lease, (id) => this.sendingHere.has(id));
      if (verdict.stale) return goneSenderWords(verdict);
      if (!this.sendingHere.has(lease.id)) others += 1;
      return null;
    });
    this.leases.keepOnly(watched);
    this.othersSending = others;
    if (n > 0) this.emitStatus();
    return n;
  }

  /** Stops timers and its own probe, and waits for requests in flight to be answered and stored. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.background = false;
    clearTimeout(this.timer);
    if (this.ownMonitor) this.monitor.stop();
    await Promise.allSettled([...this.inFlight, ...(this.pass ? [this.pass] : [])]);
  }

  /** Something was added or changed outside (e.g. the counter closed a session): replay soon. */
  async wake(): Promise<ReplayReport | undefined> {
    if (this.stopped) return undefined;
    try {
      return await this.replay();
    } catch (error) {
      this.log(`outbox: replay failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /**
   * The attempt at once of an order placeOrder stored (from place, or the counter closing a sale).
   * In background mode a pass follows, as after any change: it sends what else is due and sets the
   * timer for an order left waiting.
   */
  async sendPlaced(order: OutboxOrder): Promise<OutboxOrder> {
    this.notify(order);
    const sent = (await this.attemptNow(order.id)) ?? storedOrder(this.db, order.id);
    if (this.background) void this.wake();
    return sent;
  }

  /**
   * One pass over every order that may be sent now, oldest first, `concurrency` at a time, each
   * order at most once. A needs-fix or blocked order is never picked, so it never holds up the
   * others. `ignoreSchedule` (on demand: the operator asked) also takes orders still waiting out
   * their backoff. Concurrent calls share the running pass (and one more pass runs after it).
   */
  replay(options: { readonly ignoreSchedule?: boolean } = {}): Promise<ReplayReport> {
    if (this.pass) {
      // On demand means every queued order: run a full pass of its own after the running one.
      if (options.ignoreSchedule === true) return this.pass.then(() => this.replay(options));
      this.passAgain = true;
      return this.pass;
    }
    const pass = this.runPass(options.ignoreSchedule ?? false).finally(() => {
      this.pass = undefined;
      if (this.passAgain && !this.stopped) {
        this.passAgain = false;
        void this.wake();
      } else this.scheduleNext();
    });
    this.pass = pass;
    return pass;
  }

  /** Tries one queued order now unless the client is paused by a 429 (an operator's action, too). */
  async attemptNow(id: number): Promise<OutboxOrder | undefined> {
    if (this.stopped || this.isPaused()) return undefined;
    if (!claimForSending(this.db, id, ['queued'], new Date(this.now()), this.lease())) return undefined;
    const result = await this.attempt(storedOrder(this.db, id));
    this.afterDirective(result.attemptOutcome);
    return result.order;
  }

  private lease(): SendingLease {
    return { owner: this.leaseOwner };
  }

  private async runPass(ignoreSchedule: boolean): Promise<ReplayReport> {
    if (this.stopped) return { attempted: 0, unreachable: false, credentialsRefused: false };
    if (this.background) {
      const stale = this.recoverInterrupted();
      if (stale > 0) this.log(`outbox: ${stale} order(s) whose sender stopped answering: in-doubt`);
    }
    this.clampWaits();
    const recognises = await this.recognisesReplays();
    this.recognises = recognises;
    let attempted = 0;
    let unreachable = false;
    const cursor = { afterId: 0 };
    const worker = async (): Promise<void> => {
      while (!this.stopped && !unreachable && !this.isPaused()) {
        const order = this.claimNext(recognises, cursor, ignoreSchedule);
        if (!order) return;
        attempted += 1;
        const { attemptOutcome } = await this.attempt(order);
        if (attemptOutcome.directive.kind === 'offline') unreachable = true;
        this.afterDirective(attemptOutcome);
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, worker));
    return { attempted, unreachable, credentialsRefused: this.refusedCredentials };
  }

  /** Select and claim in one synchronous step: no other worker of this process can take it between. */
  private claimNext(
    recognises: boolean,
    cursor: { afterId: number },
    ignoreSchedule: boolean,
  ): OutboxOrder | undefined {
    for (;;) {
      const dueBy = ignoreSchedule ? Number.MAX_SAFE_INTEGER : this.now();
      const due = nextDueOutboxOrder(
        this.db,
        dueBy,
        this.inDoubtTaken(recognises),
        cursor.afterId,
        this.instance,
      );
      if (!due) return undefined;
      cursor.afterId = due.id;
      const from: OutboxState[] =
        recognises || this.readingKinds.includes(due.kind) ? ['queued', 'in-doubt'] : ['queued'];
      if (claimForSending(this.db, due.id, from, new Date(this.now()), this.lease()))
        return storedOrder(this.db, due.id);
    }
  }

  /** In-doubt entries a pass takes: all where the instance recognises references, else the reading kinds. */
  private inDoubtTaken(recognises: boolean): InDoubtTaken {
    return recognises ? true : this.readingKinds;
  }

  /**
   * Whether an in-doubt order may be resent: only if the instance recognises a repeated client
   * reference (then a replay of a stored order answers 409 DuplicateRequest instead of a second order).
   */
  private async recognisesReplays(): Promise<boolean> {
    try {
      return (await this.client.capabilities()).recognisesClientReference;
    } catch {
      return false; // unknown = no: in-doubt orders wait
    }
  }

  /** The order is `sending` (committed). Sends it and stores what the answer means. */
  private async attempt(order: OutboxOrder): Promise<{ order: OutboxOrder; attemptOutcome: AttemptOutcome }> {
    this.notify(order);
    const work = this.exchange(order);
    this.inFlight.add(work);
    this.beginBeating(order.id);
    try {
      const attemptOutcome = await work;
      const stored = recordOutboxOutcome(
        this.db,
        order.id,
        ANSWERABLE,
        attemptOutcome.outcome,
        new Date(this.now()),
      );
      const now = stored ?? storedOrder(this.db, order.id);
      this.notify(now);
      return { order: now, attemptOutcome };
    } finally {
      this.inFlight.delete(work);
      this.endBeating(order.id);
    }
  }

  /** While any answer is awaited, the leases beat: other processes see this sender alive. */
  private beginBeating(id: number): void {
    this.sendingHere.add(id);
    if (this.heartbeat !== undefined) return;
    this.heartbeat = setInterval(() => {
      try {
        beatSending(this.db, this.leaseOwner, [...this.sendingHere]);
      } catch (error) {
        // A missed beat is survivable (many fit in a lease); the answer's write will say more.
        this.log(`outbox: lease beat failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private endBeating(id: number): void {
    this.sendingHere.delete(id);
    if (this.sendingHere.size > 0) return;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  /** One exchange with the instance, by the entry's kind: an order's here, another kind's by its channel. */
  private async exchange(entry: OutboxOrder): Promise<AttemptOutcome> {
    if (isInternetOrder(entry)) return this.exchangeOrder(entry);
    const context = this.context(entry);
    const channel = this.channels[entry.kind];
    if (channel === undefined) {
      // Nothing was sent: the entry waits for a till that can send its kind (a person sends it again).
      return {
        outcome: {
          state: 'blocked',
          messages: [`This till has no sender for documents of kind '${entry.kind}'; nothing was sent.`],
        },
        directive: { kind: 'continue' },
      };
    }
    try {
      return await channel.send(entry, context);
    } catch (error) {
      return outcomeOfFailure(error, context);
    }
  }

  private context(entry: OutboxOrder): AttemptContext {
    return {
      nowMs: this.now(),
      attempts: entry.attempts,
      clientReference: entry.clientReference,
      backoff: this.retryBackoff,
      random: this.random,
    };
  }

  private async exchangeOrder(order: OutboxInternetOrder): Promise<AttemptOutcome> {
    try {
      const ack = await this.client.createInternetOrder(order.payload, {
        clientReference: order.clientReference,
      });
      if (ack.withheld !== undefined && ack.withheld.length > 0)
        this.log(
          `outbox: order ${order.id} sent without ${ack.withheld.join(', ')}: the instance's description shows no such item field`,
        );
      return outcomeOfSuccess(ack, tillPricesAtStake(order.payload, ack.withheld ?? [], this.catalogPrice));
    } catch (error) {
      const failed = outcomeOfFailure(error, this.context(order));
      // A refused order keeps only the instance's words: the technical line goes to the log.
      if (failed.outcome.state === 'needs-fix' || failed.outcome.state === 'blocked')
        this.log(
          `outbox: order ${order.id} ${failed.outcome.state}: ${error instanceof Error ? error.message : String(error)}`,
        );
      return failed;
    }
  }

  private afterDirective(c: AttemptOutcome): void {
    const d = c.directive;
    // Something in front of the instance answered, not the instance: that tells neither the monitor
    // whether the instance answers nor anyone whether it takes the credentials.
    const redirected = d.kind === 'pause' && d.redirected === true;
    // The monitor tells everyone who listens; the outbox hears it back (connectivityChanged).
    if (!redirected) this.monitor.report(d.kind !== 'offline');
    if (d.kind === 'offline') return;
    // Any answer to an order means the service took the token; a refusal holds until one does.
    const refused = redirected ? this.refusedCredentials : d.kind === 'pause' && d.credentialsRefused;
    const changed = refused !== this.refusedCredentials;
    this.refusedCredentials = refused;
    if (d.kind === 'pause') this.pausedUntil = Math.max(this.pausedUntil ?? 0, d.untilMs);
    if (d.kind === 'pause' || changed) this.emitStatus();
  }

  private isPaused(): boolean {
    if (this.pausedUntil === null) return false;
    const now = this.now();
    // A pause further ahead than the longest wait was set while the clock ran ahead: it is over.
    if (this.pausedUntil > now + longestWait(this.retryBackoff)) this.pausedUntil = now;
    if (this.pausedUntil > now) return true;
    this.pausedUntil = null;
    return false;
  }

  /** Stored next attempts further ahead than the longest wait are due now (clampNextAttempts). */
  private clampWaits(): void {
    const now = this.now();
    clampNextAttempts(this.db, now + longestWait(this.retryBackoff), now);
  }

  /** Background: a timer for the next order that falls due (or the end of a 429 pause). */
  private scheduleNext(): void {
    clearTimeout(this.timer);
    // While unreachable the monitor probes, and its news of the service's return wakes the sender.
    if (!this.background || this.stopped || this.monitor.probing) return;
    const now = this.now();
    const paused = this.isPaused() ? (this.pausedUntil ?? 0) : 0;
    // In-doubt orders count only where they will be resent; held ones must not keep a timer spinning.
    // One stored further ahead than the longest wait was stored while the clock ran ahead: due now
    // (the pass stores that).
    const earliest = earliestNextAttempt(this.db, this.inDoubtTaken(this.recognises), this.instance);
    const next =
      earliest === null
        ? Number.POSITIVE_INFINITY
        : earliest > now + longestWait(this.retryBackoff)
          ? now
          : earliest;
    const due = Math.max(next, paused) - now;
    // An order another process is sending falls to us if its sender stops (dies, or falls silent).
    const deadline = this.leases.nextDeadline();
    const silent = deadline === undefined ? Number.POSITIVE_INFINITY : deadline + 1 - this.monotonic();
    const others = this.othersSending > 0 ? RECHECK_MS : Number.POSITIVE_INFINITY;
    const wait = Math.min(due, silent, others);
    if (!Number.isFinite(wait)) return;
    // Re-check at least every minute: an order can fall due through another process.
    const delay = Math.min(RECHECK_MS, Math.max(50, wait));
    this.timer = setTimeout(() => void this.wake(), delay);
    this.timer.unref();
  }

  /** Online or not changed (an attempt, or the monitor's probe): the status changed; back means replay. */
  private connectivityChanged(online: boolean): void {
    this.emitStatus();
    if (!this.background || this.stopped) return;
    // Unreachable: nothing is tried on a timer until the monitor hears the service again.
    if (!online) {
      clearTimeout(this.timer);
      return;
    }
    this.log('outbox: the service is back, replaying');
    void this.wake();
  }

  /** Tells the listeners an order changed (the operator's actions change them too). */
  notify(order: OutboxOrder): void {
    this.emit({ type: 'order', order });
  }

  private emitStatus(): void {
    if (this.listeners.size === 0) return;
    this.emit({ type: 'status', status: this.status() });
  }

  private emit(event: OutboxEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.log(`outbox: a listener failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

/** An order this process knows is stored (it just wrote it): gone means the database was changed under it. */
export function storedOrder(db: Db, id: number): OutboxOrder {
  const order = getOutboxOrder(db, id);
  if (!order) throw new Error(`Outbox order ${id} vanished`);
  return order;
}
