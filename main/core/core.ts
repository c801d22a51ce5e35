// The core: implements the `window.pos` contract (contract/contract.ts) for both shells. This module
// is the composition root: it opens the app's database, resolves the instance (main/settings), builds
// what depends on it (the Link, main/areas/link.ts: client, sync runner, outbox, online probe,
// counter) and is the Till every area is built from (main/areas: each area's factory is loaded and
// built when one of its calls first comes; the core answers only status and display). Plain Node: it
// knows nothing of Electron or HTTP. Every input is parsed with the contract's zod schema before a
// handler runs, and every output is parsed again on the way out, which strips any field the contract
// does not name (a token or a secret cannot leak by accident).
import { join } from 'node:path';
import { checkpointBetweenCalls, ensureDataDir, openDatabase, type Db } from '../../db/database.ts';
import {
  calls,
  english,
  isCallChannel,
  isReadChannel,
  say,
  type CallChannel,
  type CallOutput,
  type CustomerDisplayView,
  type Envelope,
} from '../../contract/contract.ts';
import {
  customerDisplay,
  keepSoldLines,
  type PaidSale,
  type PricedSession,
  receiptOf,
  receiptSummary,
} from '../counter/index.ts';
import type { BarcodeReader } from '../barcode/index.ts';
import {
  changedEvent,
  compactHistory,
  CompactionSchedule,
  type OutboxOrder,
  type SummarySource,
} from '../outbox/index.ts';
import { printerStatus, type PrinterSetup, type Timeouts } from '../printer/setup.ts';
import { SerialScanner, serialScannerFromEnv } from '../scanner/index.ts';
import { TillWork } from '../sync/till-work.ts';
import type { BackoffPolicy, ServiceClient } from '../service/index.ts';
import type { CredentialStore } from '../settings/credentials.ts';
import type { Env } from '../settings/env.ts';
import { serialScanner } from '../settings/handlers.ts';
import { ManagerLock } from '../settings/manager-pin.ts';
import { CommonCurrency, knownCompanyName, orderNames } from '../../db/catalog/index.ts';
import { onReturnsWritten } from '../../db/returns.ts';
import { orderPermissionCheck, withOrderProbeUntold } from '../connection/check.ts';
import {
  DEMO_CLIENT,
  displayInstance,
  resolveInstance,
  type InstanceConfig,
  type InstanceResolution,
} from '../settings/instance.ts';
import { SettingsStore, walkInOf, type WalkIn } from '../settings/store.ts';
import {
  requireManager,
  toShape,
  zodFieldErrors,
  zodFieldSaid,
  type Handler,
  type Handlers,
} from '../ground/index.ts';
import { hubFromEnv, hubListenFromEnv } from '../hub/config.ts';
import { asCoreError } from './error-mapping.ts';
import { EventBus, type CoreListener } from './events.ts';
import {
  areaOf,
  Areas,
  buildLink,
  envPrinter,
  labelReader,
  OrderPermissionKnowledge,
  printerSetupOf,
  permissionOfCheck,
  type CoreCalls,
  type Link,
  type LinkContext,
  type OrderPermission,
  type PermissionSource,
  type Till,
} from '../areas/index.ts';
import { statusView, type StatusSource } from './status.ts';
import { compiledFromNow } from './start-parsers.ts';

/** The built-in demo: a local service instance with demo data, started only when nothing is configured. */
export interface DemoInstance {
  readonly url: string;
  /** The demo data's company a sale without a card goes to until someone chooses another. */
  readonly walkInCustomerId?: number;
  close(): Promise<void>;
}
export type DemoLauncher = () => Promise<DemoInstance>;

export interface CoreOptions {
  readonly dataDir: string;
  readonly credentials: CredentialStore;
  readonly env?: Env;
  /** Starts the demo instance; without it, an unconfigured app reports "not configured". */
  readonly startDemo?: DemoLauncher;
  /** Health probe period (status bar online/offline). */
  readonly probeIntervalMs?: number;
  /** Sync when the app starts and when the instance comes back (default true). */
  readonly autoSync?: boolean;
  readonly log?: (line: string) => void;
  /** The pause between attempts at a receipt the printer did not take (tests shorten it). */
  readonly printRetry?: BackoffPolicy;
  /** How long the printer's connection, paper status and bytes are waited for. */
  readonly printTimeouts?: Partial<Timeouts>;
  /** Let go once everything is closed: the data folder's lock (folder-lock.ts), held by the shells. */
  readonly held?: { release(): void };
  /** How long after the instance is (re)connected the history is first compacted (tests shorten it). */
  readonly compactionAfterStartMs?: number;
  /** The pause between attempts at opening the serial scanner's port (tests shorten it). */
  readonly serialRetryMs?: number;
  /** Where the store hub's passwords are kept (as the client secret is); none: POS_STORE_HUB only. */
  readonly hubSecrets?: CredentialStore;
  /** The longest pause between attempts at reaching the store hub (tests shorten it). */
  readonly hubRetryMs?: number;
}

/** How long after the instance is (re)connected the history is first compacted. */
const COMPACTION_AFTER_START_MS = 60_000;

/**
 * The instance's background work (online probe, sync, sending, printing) starts when the first call
 * is answered (a page's first, or a restarted till's first barcode), or this long after the start
 * when no call comes: it never runs before that first answer, which it would slow.
 */
const BACKGROUND_AFTER_MS = 1000;

export class Core {
  readonly #options: CoreOptions;
  readonly #env: Env;
  readonly #bus = new EventBus();
  readonly #settingsDb: Db;
  readonly #settings: SettingsStore;
  readonly #dataDir: string;
  /** The areas, each built when one of its calls first comes. */
  readonly #areas: Areas;
  /** What every area, and the instance's parts, are built from (main/areas/area.ts). */
  readonly #till: Till;
  readonly #lock: ManagerLock;
  /** The label rules in Settings, compiled. */
  readonly #reader: () => BarcodeReader;
  /** The receipt printer in use (POS_RECEIPT_PRINTER over Settings) and how to print on it. */
  readonly #printerSetup: () => PrinterSetup | null;
  /** The serial scanner (POS_SCANNER_PORT or Settings): its port, and its scans waiting for a page. */
  readonly #serial: SerialScanner;
  #resolution: InstanceResolution = { kind: 'demo' };
  #demo: DemoInstance | null = null;
  #link: Link | null = null;
  #version: string | undefined;
  /** The token endpoint refused the current instance's client id and secret (its last word). */
  #credentialsRefused = false;
  /** Whether the current instance lets this client create orders, as last learnt (order-permission.ts). */
  readonly #orderPermission = new OrderPermissionKnowledge();
  /** The Link the credentials' news is about: a disposed one's late answer must not count. */
  #linkGeneration = 0;
  /** The sale's calls, marked while they run: the sync gives way to them. */
  readonly #tillWork = new TillWork();
  /** The instance switch under way (#connect): calls wait for it, never reaching the Link it shuts down. */
  #switching: Promise<void> | null = null;
  #closed = false;
  /** A call was answered: from then on the instance's background work starts as soon as it is built. */
  #answered = false;
  #backgroundTimer: NodeJS.Timeout | undefined;
  /** Old settled orders lose their detail after the retention period (main/outbox/compaction.ts). */
  readonly #compaction = new CompactionSchedule(
    () => this.#compactHistory(),
    (line) => this.#log(line),
  );
  /** Hears the writes of this till's return rows (db/returns.ts) until the core closes. */
  readonly #stopReturnsNews: () => void;
  /** Stops the app file's checkpoints between calls (db/database.ts checkpointBetweenCalls). */
  readonly #stopCheckpoints: () => void;
  /** A `returns.changed` is due once the writing code is done (its transaction committed). */
  #returnsNewsDue = false;

  private constructor(options: CoreOptions, settingsDb: Db) {
    this.#options = options;
    this.#env = options.env ?? {};
    this.#dataDir = options.dataDir;
    this.#settingsDb = settingsDb;
    this.#stopReturnsNews = onReturnsWritten((db) => this.#onReturnsWritten(db));
    // The app file's checkpoints mostly between calls, not in a sale's commits (a call arriving
    // during one still waits for it; see checkpointBetweenCalls for what it does not do).
    this.#stopCheckpoints = checkpointBetweenCalls(settingsDb);
    this.#settings = new SettingsStore(settingsDb);
    this.#lock = new ManagerLock(() => this.#settings.read().managerPinHash);
    this.#reader = labelReader(this.#settings);
    this.#printerSetup = printerSetupOf({
      env: this.#env,
      settings: this.#settings,
      db: () => this.#data(),
      log: (line) => this.#log(line),
    });
    this.#serial = new SerialScanner({
      waiting: (count, scan) => {
        if (!this.#closed) this.#bus.emit('scanner.waiting', { waiting: count, scan });
      },
      statusChanged: () => this.#emitStatus(),
      log: (line) => this.#log(line),
      ...(options.serialRetryMs === undefined ? {} : { retryMs: options.serialRetryMs }),
    });
    this.#till = this.#tillOf();
    this.#areas = new Areas(this.#till);
  }

  static async create(options: CoreOptions): Promise<Core> {
    // Throws PrinterAddressError, naming POS_RECEIPT_PRINTER and what is wrong, before anything opens.
    envPrinter(options.env ?? {});
    // Throws ScannerConfigError, naming the POS_SCANNER_* variable that is wrong.
    serialScannerFromEnv(options.env ?? {});
    // Throws HubConfigError, naming POS_STORE_HUB when it is no nats://TILL:PASSWORD@HOST:PORT.
    hubFromEnv(options.env ?? {});
    // Throws HubConfigError, naming POS_STORE_HUB_LISTEN when it is no IPv4 or IPv6 address.
    hubListenFromEnv(options.env ?? {});
    ensureDataDir(options.dataDir);
    const core = new Core(
      options,
      openDatabase(join(options.dataDir, 'counter.sqlite'), {
        onCatalogSetAside: catalogSetAside(options.log),
      }),
    );
    try {
      await core.#connect();
      await core.#useSerialScanner();
    } catch (error) {
      await core.close();
      throw error;
    }
    return core;
  }

  /** True while running on the built-in demo instance. */
  get demo(): boolean {
    return this.#link?.instance?.source === 'demo';
  }

  subscribe(listener: CoreListener): () => void {
    return this.#bus.subscribe(listener);
  }

  /** The one entry point of both shells: channel and payload are untrusted. */
  async invoke(channel: unknown, input: unknown): Promise<Envelope> {
    if (!isCallChannel(channel)) {
      return {
        ok: false,
        error: { code: 'invalid-input', message: 'Unknown call.', said: [say('unknownCall')] },
      };
    }
    return this.#dispatch(channel, input);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stopReturnsNews();
    clearTimeout(this.#backgroundTimer);
    compiledFromNow();
    try {
      await this.#serial.close();
      await this.#compaction.stop();
      await this.#switched();
      await this.#areas.stop();
      await this.#link?.dispose();
      this.#link = null;
      await this.#demo?.close();
      this.#demo = null;
      this.#stopCheckpoints();
      this.#settingsDb.close();
    } finally {
      this.#options.held?.release();
    }
  }

  async #dispatch(channel: CallChannel, input: unknown): Promise<Envelope> {
    const spec = calls[channel];
    const parsed = spec.input.safeParse(input ?? {});
    if (!parsed.success) {
      return {
        ok: false,
        error: {
          code: 'invalid-input',
          message: english([say('requestInvalid')]),
          said: [say('requestInvalid')],
          fieldErrors: zodFieldErrors(parsed.error),
          fieldSaid: zodFieldSaid(parsed.error),
        },
      };
    }
    // The sale's own calls (a scan, a line, closing it): what a cashier waits on. A card's scan may
    // wait on the service (up to 1.5 s) and a recall on the store hub; the sync waits with them, 1 s a
    // gate at most. Not reads (a page polls sync.status and status.get), nor calls outside the sale
    // that wait on the network or a printer (a connection test, a print).
    const tillWork = channel.startsWith('session.') && !isReadChannel(channel);
    let ended: (() => void) | undefined;
    try {
      if (this.#switching !== null) await this.#switched();
      // Marked once it runs: waiting for a switch, it would hold the stopping sync's gates.
      if (tillWork) ended = this.#tillWork.begin();
      const handler = (await this.#handler(channel)) as (input: unknown) => Promise<unknown>;
      const value: unknown = await handler(parsed.data);
      const output = spec.output.parse(value);
      if (channel.startsWith('session.')) this.#saleChanged(channel, output);
      return { ok: true, value: output };
    } catch (error) {
      return { ok: false, error: toShape(this.#asCoreError(channel, error)) };
    } finally {
      ended?.();
      if (!this.#answered) setImmediate(() => this.#startBackground());
      this.#answered = true;
    }
  }

  /** Starts the instance's background work (main/areas/area.ts, Link.start), once it is time. */
  #startBackground(): void {
    clearTimeout(this.#backgroundTimer);
    this.#backgroundTimer = undefined;
    // Before the background work parses the instance's pages and the hub's events.
    compiledFromNow();
    if (this.#closed || this.#switching !== null) return;
    this.#link?.start();
    this.#emitSyncRows().catch((error: unknown) => this.#log(`sync: ${String(error)}`));
  }

  /** The instance's sync rows, as sync.status has them, to the pages. */
  async #emitSyncRows(): Promise<void> {
    const link = this.#link;
    const rows = await link?.syncView();
    if (rows !== undefined && !this.#closed && link === this.#link) this.#bus.emit('sync.progress', rows);
  }

  #asCoreError(channel: string, error: unknown) {
    return asCoreError(error, {
      channel,
      db: () => this.#data(),
      reportOffline: () => this.#link?.monitor?.report(false),
      log: (line) => this.#log(line),
    });
  }

  /** What every area is built from (main/areas/area.ts): the till's parts and where news goes. */
  #tillOf(): Till {
    return {
      env: this.#env,
      settings: this.#settings,
      credentials: this.#options.credentials,
      lock: this.#lock,
      serial: this.#serial,
      link: () => this.#link,
      db: () => this.#data(),
      demo: () => this.demo,
      now: () => Date.now(),
      guard: (what) => requireManager(this.#lock, Date.now(), what),
      log: (line) => this.#log(line),
      statusChanged: () => this.#emitStatus(),
      outboxChanged: (orders) => this.#onOutboxChange(orders),
      summaries: this.#summaries,
      walkIn: () => this.#walkIn(),
      demoWalkIn: () => this.#demoWalkIn(),
      reader: this.#reader,
      printerSetup: () => this.#printerSetup(),
      reconnect: () => this.#connect(),
      retentionChanged: () => this.#compaction.soon(0),
      useSerialScanner: () => this.#useSerialScanner(),
      connection: {
        resolution: () => this.#resolution,
        setVersion: (version) => {
          this.#version = version;
        },
        permissionsFound: (checks, client) => {
          if (this.#link?.client !== client) return checks;
          const found = permissionOfCheck(orderPermissionCheck(checks));
          if (found !== undefined) this.#learnOrderPermission(found, 'probe');
          // Where the probe is known to say nothing, its "granted" is not shown as an answer.
          return this.#orderPermission.probeTells ? checks : withOrderProbeUntold(checks);
        },
        describe: (error) => this.#asCoreError('connection.test', error),
      },
    };
  }

  /** The handler of a call: the core's own, or its area's (built when one of its calls first comes). */
  #handler<C extends CallChannel>(channel: C): Promise<Handler<C>> | Handler<C> {
    const area = areaOf(channel);
    if (area !== undefined) return this.#areas.handler(channel, area);
    const own: Pick<Handlers, CoreCalls> = {
      'status.get': () => Promise.resolve(statusView(this.#statusSource)),
      'display.get': () => Promise.resolve(this.#display()),
    };
    return own[channel as CoreCalls] as Handler<C>;
  }

  /** Reads the serial scanner's port as POS_SCANNER_PORT, else Settings, say. */
  #useSerialScanner(): Promise<void> {
    return this.#serial.use(serialScanner(this.#env, this.#settings.read().serialScanner).serialScanner);
  }

  // ---------- the customer display ----------

  /** The sale last paid here, shown to the customer until the next one starts. */
  #paid: PaidSale | null = null;

  #display(open?: PricedSession | null): CustomerDisplayView {
    const counter = this.#link?.counter;
    const s = this.#settings.read();
    // As settings.get has them: the display speaks the till's language and shows its currency.
    const look = { language: s.language, currency: s.priceCurrency ?? this.#commonCurrency() ?? null };
    return counter === undefined
      ? { state: 'idle', lines: [], total: 0, ...look }
      : {
          ...customerDisplay(
            counter,
            this.#data(),
            this.#paid,
            open === undefined ? counter.current() : open,
          ),
          ...look,
        };
  }

  /** The catalog's common currency, as last worked out (the display follows every scan). */
  readonly #currency = new CommonCurrency();

  #commonCurrency(): string | undefined {
    return this.#currency.of(this.#data());
  }

  /** A session call changed the sale since the display last followed it (not a close). */
  #saleMoved = false;
  /** The display is to follow the sale once the call's answer is out. */
  #displayDue = false;

  /**
   * A session call went through: the display follows (a paid sale stays up until the next one
   * starts), after the call's answer is out. Reading the sale again for the display took as long as
   * the scan itself, and the scan's line waited for it: a customer's screen may follow a moment later,
   * the cashier's next frame not. Calls in one turn of the event loop make one display event.
   */
  #saleChanged(channel: CallChannel, output: unknown): void {
    if (channel === 'session.current' || channel === 'session.parked') return;
    if (channel === 'session.close') {
      const closed = output as CallOutput<'session.close'>;
      this.#paid = { orderId: Number(closed.order.id), tender: closed.tender ?? null };
    } else this.#saleMoved = true;
    if (this.#displayDue) return;
    this.#displayDue = true;
    setImmediate(() => this.#followSale());
  }

  #followSale(): void {
    this.#displayDue = false;
    if (this.#closed) return;
    // Its own turn, outside the call that asked for it: what fails here (a read of the sale, the
    // event's check) is written in the log, never thrown where nothing catches it (the process).
    try {
      // The sale read once, for both: the display's own read of it cost as much as the scan. The
      // call that asked for this read it already: taken as it built it, while the app file has not
      // changed since.
      const open = this.#link?.counter.currentAsRead() ?? null;
      if (this.#saleMoved && (open?.lines.length ?? 0) > 0) this.#paid = null;
      this.#saleMoved = false;
      this.#bus.emit('display.changed', this.#display(open));
    } catch (error) {
      this.#log(`customer display: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  // ---------- the instance ----------

  /**
   * (Re)resolves the instance and rebuilds what depends on it. While it runs, calls wait (#dispatch):
   * the old Link's parts stop one after another, and a call handed to it meanwhile would start work
   * (a sync run) on an instance being shut down.
   */
  async #connect(): Promise<void> {
    const switching = this.#switchInstance();
    this.#switching = switching;
    try {
      await switching;
    } finally {
      if (this.#switching === switching) this.#switching = null;
    }
  }

  /** Resolves once no instance switch is under way (one that failed has left its error with its caller). */
  async #switched(): Promise<void> {
    while (this.#switching !== null) await this.#switching.catch(() => undefined);
  }

  async #switchInstance(): Promise<void> {
    // From here on the old link's late news (a token answer in flight) is not about the instance in use.
    this.#linkGeneration++;
    await this.#link?.dispose();
    this.#link = null;
    this.#version = undefined;
    this.#credentialsRefused = false;
    this.#orderPermission.reset();
    this.#resolution = resolveInstance(this.#env, this.#settings.read(), this.#options.credentials);
    let instance: InstanceConfig | null = null;
    if (this.#resolution.kind === 'demo') {
      if (this.#options.startDemo !== undefined) {
        this.#demo ??= await this.#options.startDemo();
        instance = { baseUrl: this.#demo.url, ...DEMO_CLIENT, source: 'demo' };
      }
    } else {
      // A configured instance replaces the demo.
      await this.#demo?.close();
      this.#demo = null;
      if (this.#resolution.kind === 'ready') instance = this.#resolution.config;
    }
    this.#link = buildLink(instance, this.#linkContext());
    if (this.#answered) this.#link.start();
    else {
      clearTimeout(this.#backgroundTimer);
      this.#backgroundTimer = setTimeout(() => this.#startBackground(), BACKGROUND_AFTER_MS);
    }
    this.#log(
      instance === null
        ? 'no instance configured'
        : `instance ${displayInstance(instance.baseUrl)} (${instance.source})`,
    );
    // The sync rows on screen were the old instance's: its own replace them at once (idle, each with
    // when it was last synced), not at its first sync's progress, which may never come (offline, or
    // no automatic sync). At a start no page listens yet: they go out with the background work, so
    // the sync's modules load after the first answer.
    if (this.#answered) await this.#emitSyncRows();
    // Not at once: the first minutes after a start belong to the sync and the first sale.
    this.#compaction.soon(this.#options.compactionAfterStartMs ?? COMPACTION_AFTER_START_MS);
  }

  /** One compaction of the history in use; it stops between batches once the app closes or switches. */
  #compactHistory() {
    const generation = this.#linkGeneration;
    return compactHistory(this.#summaries, {
      retentionDays: this.#settings.read().orderRetentionDays,
      now: new Date(),
      // A sale closed before returns existed keeps its lines as paid: returns are made against them.
      beforeDrop: (order) => {
        if (order.originSessionId !== null) keepSoldLines(this.#summaries.db(), order.originSessionId);
      },
      pause: async () => {
        await new Promise((resolve) => setImmediate(resolve));
        return !this.#closed && generation === this.#linkGeneration;
      },
    });
  }

  /** What the Link is built with: the app's file and settings, and where its news goes. */
  #linkContext(): LinkContext {
    const generation = this.#linkGeneration;
    return {
      ...this.#till,
      dataDir: this.#dataDir,
      appDb: this.#settingsDb,
      probeIntervalMs: this.#options.probeIntervalMs ?? 3000,
      tillWork: this.#tillWork.buffer,
      autoSync: this.#options.autoSync !== false,
      onCatalogSetAside: catalogSetAside(this.#options.log),
      syncProgress: (status) => this.#bus.emit('sync.progress', status),
      credentials: (accepted) => {
        if (generation !== this.#linkGeneration || this.#credentialsRefused === !accepted) return;
        this.#credentialsRefused = !accepted;
        this.#emitStatus();
      },
      connectivity: (online) => {
        this.#bus.emit('connectivity', { online, checkedAt: new Date().toISOString() });
        this.#emitStatus();
      },
      online: (client) => void this.#readVersion(client),
      orderPermission: (found, source) => {
        if (generation === this.#linkGeneration) this.#learnOrderPermission(found, source);
      },
      ...(this.#options.printRetry === undefined ? {} : { printRetry: this.#options.printRetry }),
      ...(this.#options.printTimeouts === undefined ? {} : { printTimeouts: this.#options.printTimeouts }),
      ...(this.#options.hubSecrets === undefined ? {} : { hubSecrets: this.#options.hubSecrets }),
      ...(this.#options.hubRetryMs === undefined ? {} : { hubRetryMs: this.#options.hubRetryMs }),
    };
  }

  #learnOrderPermission(found: OrderPermission, source: PermissionSource): void {
    if (this.#orderPermission.learn(found, source)) this.#emitStatus();
  }

  /** Who a sale without a card goes to: Settings' choice, else the demo's own walk-in customer. */
  #walkIn(): WalkIn | null {
    return walkInOf(this.#settings.read(), () => this.#demoWalkIn());
  }

  /** The demo's walk-in customer, by the name the demo's cache knows it by, while on the demo. */
  #demoWalkIn(): WalkIn | null {
    const companyId = this.demo ? this.#demo?.walkInCustomerId : undefined;
    if (companyId === undefined) return null;
    return { companyId, name: knownCompanyName(this.#data(), companyId) ?? `Company ${companyId}` };
  }

  async #readVersion(client: ServiceClient): Promise<void> {
    try {
      const caps = await client.capabilities();
      if (this.#link?.client === client) {
        this.#version = caps.version;
        this.#emitStatus();
      }
    } catch {
      // The status bar simply shows no version.
    }
  }

  // ---------- data, status, events ----------

  #data(): Db {
    return this.#link?.db ?? this.#settingsDb;
  }

  readonly #statusSource: StatusSource = {
    resolution: () => this.#resolution,
    instance: () => this.#link?.instance ?? null,
    online: () => this.#link?.monitor?.online,
    demo: () => this.demo,
    db: () => this.#data(),
    version: () => this.#version,
    // The outbox also pauses on a 401 that a fresh token did not cure: the API refuses this client.
    credentialsRefused: () => this.#credentialsRefused || (this.#link?.outbox?.credentialsRefused ?? false),
    orderPermission: () => this.#orderPermission.now,
    printer: () => printerStatus(this.#link?.printerQueue() ?? null, this.#printerSetup()),
    serialScanner: () => this.#serial.status(),
    storeHub: () => this.#link?.hubStatus(),
  };

  /** Where the outbox's views find an order's summary: stored, else its receipt's (the counter prices it). */
  readonly #summaries: SummarySource = {
    db: () => this.#data(),
    summarize: (order) => {
      const counter = this.#link?.counter;
      return counter === undefined ? undefined : receiptSummary(receiptOf(this.#data(), order, counter));
    },
    names: (order) => orderNames(this.#data(), order.payload),
  };

  /** The outbox changed: the counts, and the orders that did as they are now (never the whole list). */
  #onOutboxChange(changed: readonly OutboxOrder[]): void {
    if (this.#closed) return;
    this.#bus.emit('outbox.changed', changedEvent(this.#summaries, changed));
    this.#emitStatus();
  }

  /**
   * A return row of this till was written (made, routed, in doubt, back to waiting, booked, settled,
   * printed): the pages hear it once the writing code is done, one event for a pass's many rows.
   */
  #onReturnsWritten(db: Db): void {
    if (this.#closed || this.#returnsNewsDue || (db !== this.#link?.db && db !== this.#settingsDb)) return;
    this.#returnsNewsDue = true;
    queueMicrotask(() => {
      this.#returnsNewsDue = false;
      if (!this.#closed) this.#bus.emit('returns.changed', {});
    });
  }

  #emitStatus(): void {
    // Not while nobody listens: the shells subscribe once the core is made, and the status the serial
    // scanner's start asks for then would be built for no one before a restarted till's first answer.
    // A page that comes later asks status.get.
    if (!this.#closed && this.#bus.listening)
      this.#bus.emit('status.changed', statusView(this.#statusSource));
  }

  #log(line: string): void {
    (this.#options.log ?? ((l: string) => console.error(l)))(line);
  }
}

/** Says where a damaged catalog cache went; the next sync fills the new one. */
function catalogSetAside(log: ((line: string) => void) | undefined) {
  return (damagedPath: string, reason: string): void =>
    log?.(`The catalog cache was damaged (${reason}): moved to ${damagedPath}; the next sync rebuilds it.`);
}
