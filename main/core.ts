// The core: implements the `window.pos` contract (preload/contract.ts) for both shells by wiring the
// modules of the other areas (service client, sync + catalog, outbox, counter) to the app's settings
// and credentials. Plain Node: it knows nothing of Electron or HTTP. Every input is parsed with the
// contract's zod schema before a handler runs, and every output is parsed again on the way out, which
// strips any field the contract does not name (a token or a secret cannot leak by accident).
import { join } from 'node:path';
import type { z } from 'zod';
import {
  discoveredCompanyIds,
  searchStock,
  stockedProductIds,
  syncState,
  warehouses,
} from '../db/catalog/index.ts';
import { ensureDataDir, openDatabase, type Db } from '../db/database.ts';
import { countOutboxOrders, listOutboxOrders, UNSENT_STATES } from '../db/outbox.ts';
import {
  calls,
  isCallChannel,
  type CallChannel,
  type ConnectionView,
  type Envelope,
  type OutboxEntryView,
  type LabelRule,
  type SettingsPatch,
  type SettingsView,
  type StatusView,
  type SyncStatusView,
} from '../preload/contract.ts';
import { ConnectivityMonitor } from './app/connectivity.ts';
import type { CredentialStore } from './app/credentials.ts';
import { folderOf, storageFailure } from '../db/storage-failure.ts';
import { CoreError, toShape } from './app/errors.ts';
import { EventBus, type CoreListener } from './app/events.ts';
import {
  DEMO_CLIENT,
  displayInstance,
  resolveInstance,
  secretFromEnv,
  type Env,
  type InstanceConfig,
  type InstanceResolution,
} from './app/instance.ts';
import { instanceKey, instanceOrigin, isInsecure } from './app/origin.ts';
import { SettingsStore } from './app/settings-store.ts';
import { SyncRunner } from './app/sync-runner.ts';
import { outboxEntryView, stockProductView, warehouseView } from './app/views.ts';
import { Outbox, OrderValidationError, OutboxActionError, toOutboxEntry } from './outbox/index.ts';
import { isServiceError, ServiceClient, type Capabilities } from './service/index.ts';
import { checkPermissions, featureViews, tokenFailure } from './app/connection-check.ts';
import {
  BarcodeReader,
  Counter,
  CounterError,
  ScanResolver,
  type SessionView as CounterSessionView,
} from './counter/index.ts';
import { classifyCode } from './counter/barcode/describe.ts';

/** The built-in demo: a local service instance with demo data, started only when nothing is configured. */
export interface DemoInstance {
  readonly url: string;
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
}

type Handlers = {
  [C in CallChannel]: (
    input: z.output<(typeof calls)[C]['input']>,
  ) => Promise<z.input<(typeof calls)[C]['output']>>;
};

/** Everything that depends on which instance is in use; rebuilt when Settings change it. */
interface Link {
  readonly db: Db;
  readonly instance: InstanceConfig | null;
  readonly client: ServiceClient | null;
  readonly monitor: ConnectivityMonitor | null;
  readonly sync: SyncRunner | null;
  readonly outbox: Outbox | null;
  readonly counter: Counter;
  readonly dispose: () => Promise<void>;
}

export class Core {
  readonly #options: CoreOptions;
  readonly #env: Env;
  readonly #bus = new EventBus();
  readonly #settingsDb: Db;
  readonly #settings: SettingsStore;
  readonly #dataDir: string;
  #resolution: InstanceResolution = { kind: 'demo' };
  #demo: DemoInstance | null = null;
  #link: Link | null = null;
  #version: string | undefined;
  #closed = false;

  private constructor(options: CoreOptions, settingsDb: Db) {
    this.#options = options;
    this.#env = options.env ?? {};
    this.#dataDir = options.dataDir;
    this.#settingsDb = settingsDb;
    this.#settings = new SettingsStore(settingsDb);
  }

  static async create(options: CoreOptions): Promise<Core> {
    ensureDataDir(options.dataDir);
    const core = new Core(
      options,
      openDatabase(join(options.dataDir, 'counter.sqlite'), {
        onCatalogSetAside: catalogSetAside(options.log),
      }),
    );
    try {
      await core.#connect();
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
      return { ok: false, error: { code: 'invalid-input', message: 'Unknown call.' } };
    }
    return this.#dispatch(channel, input);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#link?.dispose();
    this.#link = null;
    await this.#demo?.close();
    this.#demo = null;
    this.#settingsDb.close();
  }

  async #dispatch(channel: CallChannel, input: unknown): Promise<Envelope> {
    const spec = calls[channel];
    const parsed = spec.input.safeParse(input ?? {});
    if (!parsed.success) {
      return {
        ok: false,
        error: {
          code: 'invalid-input',
          message: 'The request was not valid.',
          fieldErrors: issues(parsed.error),
        },
      };
    }
    try {
      const handler = this.#handlers[channel] as (input: unknown) => Promise<unknown>;
      const value: unknown = await handler(parsed.data);
      return { ok: true, value: spec.output.parse(value) };
    } catch (error) {
      return { ok: false, error: toShape(this.#asCoreError(channel, error)) };
    }
  }

  #asCoreError(channel: string, error: unknown): CoreError {
    if (error instanceof CoreError) return error;
    if (error instanceof CounterError) return new CoreError('rejected', error.message);
    if (error instanceof RangeError) return new CoreError('invalid-input', error.message);
    if (error instanceof OrderValidationError) {
      return new CoreError('invalid-input', 'The order is not valid.', error.fieldErrors);
    }
    if (error instanceof OutboxActionError) {
      return new CoreError(
        error.unreachable ? 'offline' : error.reason === 'not-found' ? 'not-found' : 'rejected',
        error.message,
      );
    }
    if (isServiceError(error)) {
      if (error.kind === 'network' || error.kind === 'timeout') {
        this.#link?.monitor?.report(false);
        return new CoreError('offline', 'The instance cannot be reached right now.');
      }
      if (error.kind === 'not-available') return new CoreError('not-available', error.message);
      if (error.status === 403) {
        return new CoreError(
          'forbidden',
          `This terminal's client lacks ${error.permission ?? 'a permission'}.`,
        );
      }
      if (error.status === 401)
        return new CoreError('rejected', 'The instance refused the client id or secret.');
      return new CoreError('rejected', error.messages.join(' ') || error.message, error.fieldErrors);
    }
    // The disk's doing (full, read-only): a message naming the data folder; nothing half-written.
    const storage = storageFailure(error, folderOf(this.#data()));
    if (storage !== undefined) {
      this.#log(`${channel} failed: ${storage.message}`);
      return new CoreError('failed', storage.message);
    }
    // Anything else is a bug or a module's failure: log the detail, show a plain message.
    this.#log(
      `${channel} failed: ${error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error'}`,
    );
    return new CoreError('failed', 'Something went wrong. The details are in the log.');
  }

  readonly #handlers: Handlers = {
    'settings.get': () => Promise.resolve(this.#settingsView()),
    'settings.set': (patch) => this.#setSettings(patch),
    'warehouses.list': () => Promise.resolve(warehouses(this.#data()).map(warehouseView)),
    'connection.test': () => this.#connection(true),
    'connection.capabilities': () => this.#connection(false),
    'sync.now': ({ full }) => Promise.resolve(this.#syncRunner().start({ full: full === true })),
    'sync.status': () => Promise.resolve(this.#syncStatus()),
    'stock.search': (input) =>
      Promise.resolve({
        products: searchStock(this.#data(), input.text, {
          ...(input.warehouseId === undefined ? {} : { warehouseId: input.warehouseId }),
          limit: input.limit ?? 200,
        }).map(stockProductView),
        syncedAt: syncState(this.#data(), 'stockItems').lastCompleteAt ?? null,
      }),
    'session.current': () =>
      Promise.resolve(sessionView(this.#counter().current(), this.#settings.read().warehouseId)),
    'session.scan': async ({ code }) => {
      const result = await this.#counter().scan(code);
      return { outcome: result.outcome, session: sessionView(result.session, null) };
    },
    'session.setQuantity': ({ lineId, quantity }) =>
      Promise.resolve(sessionView(this.#counter().setQuantity(numericId(lineId), quantity), null)),
    'session.removeLine': ({ lineId }) =>
      Promise.resolve(sessionView(this.#counter().removeLine(numericId(lineId)), null)),
    'session.close': () => {
      const closed = this.#counter().close();
      this.#onOutboxChange();
      // The next sale starts with an empty session; the closed one's order is in the outbox now.
      return Promise.resolve({
        order: outboxEntryView(toOutboxEntry(closed.order)),
        session: sessionView(null, this.#settings.read().warehouseId),
      });
    },
    'session.cancel': () => {
      // Void the sale: kept in SQLite as cancelled, for the record. Nothing open is nothing to void.
      const counter = this.#counter();
      if (counter.current() !== null) counter.cancel();
      return Promise.resolve(sessionView(null, this.#settings.read().warehouseId));
    },
    'outbox.list': () => Promise.resolve(this.#outboxList()),
    'outbox.replay': async () => {
      // The cashier asked: orders still waiting out a backoff go now too.
      await this.#outbox().replay({ ignoreSchedule: true });
      return this.#outboxList();
    },
    'outbox.resend': async ({ id, order }) => {
      const outbox = this.#outbox();
      const current = outbox.get(numericId(id));
      if (current === undefined)
        throw new CoreError('not-found', `Order ${String(id)} is not in the outbox.`);
      const sent =
        current.state === 'in-doubt' ? await outbox.resend(current.id) : await outbox.edit(current.id, order);
      return outboxEntryView(toOutboxEntry(sent));
    },
    'outbox.discard': ({ id }) => {
      this.#outbox().discard(numericId(id));
      return Promise.resolve(this.#outboxList());
    },
    'outbox.cancel': async ({ id }) =>
      outboxEntryView(toOutboxEntry(await this.#outbox().cancel(numericId(id)))),
    'outbox.markSent': ({ id, remoteId }) =>
      Promise.resolve(outboxEntryView(toOutboxEntry(this.#outbox().markSent(numericId(id), remoteId)))),
    'status.get': () => Promise.resolve(this.#status()),
    'scanner.classify': ({ code }) => Promise.resolve(classifyCode(code, this.#reader())),
  };

  // ---------- settings and the instance ----------

  #settingsView(): SettingsView {
    const s = this.#settings.read();
    const env = nonEmpty(this.#env.POS_BASE_URL);
    const hasSecret = secretFromEnv(this.#env) || this.#options.credentials.getSecret() !== undefined;
    return {
      instanceUrl: env ?? s.instanceUrl,
      clientId: nonEmpty(this.#env.POS_CLIENT_ID) ?? s.clientId,
      hasSecret,
      secretStorage: secretFromEnv(this.#env) ? 'env' : hasSecret ? this.#options.credentials.kind : 'none',
      warehouseId: s.warehouseId,
      scanner: s.scanner,
      allowInsecure: s.allowInsecure,
      source:
        this.#link?.instance?.source ??
        (env !== undefined ? 'env' : s.instanceUrl === null ? 'demo' : 'settings'),
      syncIntervalMinutes: s.syncIntervalMinutes,
      labelRules: s.labelRules,
    };
  }

  /** The label rules in Settings, compiled once per change (the store keeps its read until it writes). */
  #labelReader: { rules: readonly LabelRule[]; reader: BarcodeReader } | undefined;
  #reader(): BarcodeReader {
    const rules = this.#settings.read().labelRules;
    if (this.#labelReader?.rules !== rules) this.#labelReader = { rules, reader: new BarcodeReader(rules) };
    return this.#labelReader.reader;
  }

  async #setSettings(patch: SettingsPatch): Promise<SettingsView> {
    const { clientSecret, clearSecret, ...rest } = patch;
    const before = this.#settings.read();
    const instanceChanged =
      rest.instanceUrl !== undefined ||
      rest.clientId !== undefined ||
      clientSecret !== undefined ||
      clearSecret;
    if (rest.instanceUrl !== undefined && rest.instanceUrl !== before.instanceUrl)
      this.#refuseSwitchWithUnsent();
    const url = rest.instanceUrl === undefined ? before.instanceUrl : rest.instanceUrl;
    if (url !== null && isInsecure(url) && !(rest.allowInsecure ?? before.allowInsecure)) {
      throw new CoreError(
        'invalid-input',
        `${url} is plain http: the client secret and tokens would travel readable. Use https, or turn on "allow insecure connection".`,
      );
    }
    // The secret belongs to the origin it was entered for: a new origin needs it entered again.
    const origin = url === null ? null : instanceOrigin(url);
    // A secret stored before secrets were bound (secretOrigin null) belongs to the URL it was used with.
    let secretOrigin =
      before.secretOrigin ?? (before.instanceUrl === null ? null : instanceOrigin(before.instanceUrl));
    const otherOrigin = secretOrigin !== null && origin !== secretOrigin;
    if (clearSecret === true || (clientSecret === undefined && otherOrigin)) {
      this.#options.credentials.clearSecret();
      secretOrigin = null;
    }
    if (clientSecret !== undefined) {
      this.#options.credentials.setSecret(clientSecret);
      secretOrigin = origin;
    }
    if (rest.labelRules !== undefined) checkLabelRules(rest.labelRules);
    const { scanner: scannerPatch, ...plain } = rest;
    const scanner = scannerPatch === undefined ? undefined : { ...before.scanner, ...scannerPatch };
    this.#settings.write({ ...plain, secretOrigin, ...(scanner === undefined ? {} : { scanner }) });
    if (instanceChanged) await this.#connect();
    else if (rest.syncIntervalMinutes !== undefined) this.#link?.sync?.schedule(rest.syncIntervalMinutes);
    this.#emitStatus();
    return this.#settingsView();
  }

  /** Orders queued for one instance must not be sent to another: finish or discard them first. */
  #refuseSwitchWithUnsent(): void {
    if (this.#link === null || this.demo) return; // demo orders stay in the demo's own file
    const counts = countOutboxOrders(this.#link.db);
    const unsent = UNSENT_STATES.reduce((n, state) => n + counts[state], 0);
    if (unsent > 0) {
      throw new CoreError(
        'rejected',
        `${unsent} order(s) for the current instance are not sent yet. Send or discard them (Orders) before switching instances.`,
      );
    }
  }

  /** (Re)resolves the instance and rebuilds what depends on it. */
  async #connect(): Promise<void> {
    await this.#link?.dispose();
    this.#link = null;
    this.#version = undefined;
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
    this.#link = this.#buildLink(instance);
    this.#log(
      instance === null
        ? 'no instance configured'
        : `instance ${displayInstance(instance.baseUrl)} (${instance.source})`,
    );
  }

  #buildLink(instance: InstanceConfig | null): Link {
    // The demo's cache and orders live in their own file, so they never mix with a real instance's.
    const demo = instance?.source === 'demo';
    const db = demo
      ? openDatabase(join(this.#dataDir, 'demo.sqlite'), {
          onCatalogSetAside: catalogSetAside(this.#options.log),
        })
      : this.#settingsDb;
    const settings = this.#settings.read();
    const key = instance === null ? undefined : instanceKey(instance.baseUrl, demo);
    const client =
      instance === null
        ? null
        : new ServiceClient(instance, {
            connectTimeoutMs: 3000,
            logger: (level, message) => {
              if (level !== 'debug') this.#log(`service ${level}: ${message}`);
            },
          });
    let outbox: Outbox | null = null;
    let sync: SyncRunner | null = null;
    let monitor: ConnectivityMonitor | null = null;
    if (client !== null && instance !== null) {
      // A cache filled from another instance is replaced by a full pass (it also removes stale rows).
      const cacheKey = demo ? 'demo' : instance.baseUrl;
      const fullFirst = !demo && this.#settings.cacheInstance() !== cacheKey;
      if (!demo) this.#settings.setCacheInstance(cacheKey);
      sync = new SyncRunner({
        db,
        service: {
          baseUrl: instance.baseUrl,
          clientId: instance.clientId,
          clientSecret: instance.clientSecret,
        },
        fullFirst,
        log: (line) => this.#log(line),
        onStatus: (status) => this.#bus.emit('sync.progress', status),
        onFinished: () => this.#emitStatus(),
      });
      sync.schedule(settings.syncIntervalMinutes);
      outbox = new Outbox(db, client, {
        log: (line) => this.#log(line),
        ...(key === undefined ? {} : { instance: key }),
      });
      outbox.on(() => this.#onOutboxChange());
      const runner = sync;
      monitor = new ConnectivityMonitor({
        probe: () => client.health(),
        intervalMs: this.#options.probeIntervalMs ?? 3000,
        onChange: (online) => {
          this.#bus.emit('connectivity', { online, checkedAt: new Date().toISOString() });
          this.#emitStatus();
          if (online) {
            void outbox?.wake();
            if (this.#options.autoSync !== false) runner.start();
            void this.#readVersion(client);
          }
        },
      });
      outbox.start();
      monitor.start();
    }
    const counter = new Counter({
      db,
      resolver: new ScanResolver({
        db,
        cardService: client,
        reader: () => this.#reader(),
        log: (line) => this.#log(line),
      }),
      warehouseId: () => this.#settings.read().warehouseId,
      outbox,
    });
    const link: Link = {
      db,
      instance,
      client,
      monitor,
      sync,
      outbox,
      counter,
      dispose: async () => {
        monitor?.stop();
        await sync?.stop();
        await outbox?.stop();
        await client?.close();
        if (db !== this.#settingsDb) db.close();
      },
    };
    return link;
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

  /**
   * The connection test, one step after another: a token (a new one when `fresh`: the credentials
   * are asked again), then the version and features (re-read when `fresh`), then the permissions
   * Counter needs, each probed without writing (main/app/connection-check.ts). A refused or
   * unobtained token ends the test there: nothing else is listed as if it were fine.
   */
  async #connection(fresh: boolean): Promise<ConnectionView> {
    const link = this.#link;
    const instanceUrl = link?.instance?.baseUrl ?? null;
    if (link?.client == null || link.instance == null) {
      const r = this.#resolution;
      return {
        ok: false,
        instanceUrl,
        features: [],
        permissions: [],
        message:
          r.kind === 'incomplete' ? `Missing: ${r.missing.join(' and ')}.` : 'No instance is configured.',
      };
    }
    const { client, instance } = link;
    try {
      await client.obtainToken({ fresh });
    } catch (error) {
      const token = tokenFailure(error, instance.clientId, displayInstance(instance.baseUrl));
      if (token.reason === 'unreachable') link.monitor?.report(false);
      return { ok: false, instanceUrl, token, features: [], permissions: [], message: token.message };
    }
    let caps: Capabilities | undefined;
    let message: string | undefined;
    try {
      // Fresh: the instance may have been upgraded since the link read its description.
      if (fresh) client.forgetCapabilities();
      caps = await client.capabilities();
      this.#version = caps.version;
      link.monitor?.report(true);
      this.#emitStatus();
    } catch (error) {
      message = this.#asCoreError('connection.test', error).message;
    }
    const db = link.db;
    const permissions = await checkPermissions(client, {
      cachedProductId: () => stockedProductIds(db)[0],
      cachedCompanyId: () => discoveredCompanyIds(db)[0],
    });
    const token = { obtained: true };
    if (caps === undefined) return { ok: false, instanceUrl, token, features: [], permissions, message };
    return {
      ok: true,
      instanceUrl,
      ...(caps.version === undefined ? {} : { version: caps.version }),
      ...(caps.name === undefined ? {} : { name: caps.name }),
      token,
      features: featureViews(caps),
      permissions,
    };
  }

  // ---------- data ----------

  #data(): Db {
    return this.#link?.db ?? this.#settingsDb;
  }

  #syncRunner(): SyncRunner {
    const sync = this.#link?.sync;
    if (sync == null)
      throw new CoreError('not-configured', 'No instance is configured: set one in Settings.');
    return sync;
  }

  #counter(): Counter {
    if (this.#link === null) throw new CoreError('not-configured', 'The app is starting. Try again.');
    return this.#link.counter;
  }

  #outbox(): Outbox {
    const outbox = this.#link?.outbox;
    if (outbox == null)
      throw new CoreError('not-configured', 'No instance is configured: set one in Settings.');
    return outbox;
  }

  #outboxList(): OutboxEntryView[] {
    const orders = this.#link?.outbox?.list() ?? listOutboxOrders(this.#data());
    return orders.map((o) => outboxEntryView(toOutboxEntry(o)));
  }

  #onOutboxChange(): void {
    const c = countOutboxOrders(this.#data());
    this.#bus.emit('outbox.changed', {
      queued: c.queued + c.sending,
      needsAttention: c['needs-fix'] + c.blocked + c['in-doubt'],
    });
    this.#emitStatus();
  }

  // ---------- status ----------

  #status(): StatusView {
    const r = this.#resolution;
    const instance = this.#link?.instance ?? null;
    const c = countOutboxOrders(this.#data());
    return {
      online: this.#link?.monitor?.online ?? (instance === null ? false : null),
      instance:
        instance !== null
          ? displayInstance(instance.baseUrl)
          : r.kind === 'incomplete'
            ? displayInstance(r.baseUrl)
            : null,
      demo: this.demo,
      queued: c.queued + c.sending,
      needsAttention: c['needs-fix'] + c.blocked + c['in-doubt'],
      lastSyncedAt: syncState(this.#data(), 'stockItems').lastCompleteAt ?? null,
      ...(this.#version === undefined ? {} : { version: this.#version }),
      insecure: instance !== null && isInsecure(instance.baseUrl),
    };
  }

  #syncStatus(): SyncStatusView {
    return (
      this.#link?.sync?.status() ?? {
        running: false,
        resources: [],
        lastSyncedAt: syncState(this.#data(), 'stockItems').lastCompleteAt ?? null,
      }
    );
  }

  #emitStatus(): void {
    if (!this.#closed) this.#bus.emit('status.changed', this.#status());
  }

  #log(line: string): void {
    (this.#options.log ?? ((l: string) => console.error(l)))(line);
  }
}

function issues(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** The counter's session as the contract shows it; no open session is an empty one. */
function sessionView(session: CounterSessionView | null, warehouseId: number | null) {
  if (session === null) {
    return {
      id: 'new',
      warehouseId,
      lines: [],
      customer: null,
      totals: { byVatRate: [], discount: 0, total: 0 },
    };
  }
  return {
    ...session,
    lines: [...session.lines],
    totals: { ...session.totals, byVatRate: [...session.totals.byVatRate] },
  };
}

function numericId(id: number | string): number {
  const n = typeof id === 'number' ? id : Number(id);
  if (!Number.isInteger(n)) throw new CoreError('not-found', `No order ${String(id)}.`);
  return n;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Label rules are compiled before they are stored: a wrong pattern is refused, naming it. */
function checkLabelRules(rules: readonly LabelRule[]): void {
  for (const rule of rules) {
    try {
      new BarcodeReader([rule]);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new CoreError(
        'rejected',
        `Label rule "${rule.pattern}" (${rule.type}): ${why.split('\n')[0] ?? why}`,
      );
    }
  }
}

/** Says where a damaged catalog cache went; the next sync fills the new one. */
function catalogSetAside(log: ((line: string) => void) | undefined) {
  return (damagedPath: string, reason: string): void =>
    log?.(`The catalog cache was damaged (${reason}): moved to ${damagedPath}; the next sync rebuilds it.`);
}
