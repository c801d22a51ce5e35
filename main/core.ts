// The core: implements the `window.pos` contract (preload/contract.ts) for both shells by wiring the
// modules of the other areas (service client, sync + catalog, outbox, counter) to the app's settings
// and credentials. Plain Node: it knows nothing of Electron or HTTP. Every input is parsed with the
// contract's zod schema before a handler runs, and every output is parsed again on the way out, which
// strips any field the contract does not name (a token or a secret cannot leak by accident).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { openDatabase, type Db } from '../db/database.ts';
import {
  calls,
  isCallChannel,
  type CallChannel,
  type Envelope,
  type SettingsPatch,
  type SettingsView,
  type StatusView,
  type SyncStatusView,
} from '../preload/contract.ts';
import type { CredentialStore } from './app/credentials.ts';
import { CoreError, notAvailableYet, toShape } from './app/errors.ts';
import { EventBus, type CoreListener } from './app/events.ts';
import {
  DEMO_CLIENT,
  displayInstance,
  resolveInstance,
  secretFromEnv,
  type Env,
  type InstanceConfig,
  type Resolution,
} from './app/instance.ts';
import { SettingsStore } from './app/settings-store.ts';

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
  readonly probeIntervalMs?: number;
  readonly log?: (line: string) => void;
}

type Handlers = {
  [C in CallChannel]: (
    input: z.output<(typeof calls)[C]['input']>,
  ) => Promise<z.input<(typeof calls)[C]['output']>>;
};

export class Core {
  readonly #options: CoreOptions;
  readonly #env: Env;
  readonly #bus = new EventBus();
  readonly #settingsDb: Db;
  readonly #settings: SettingsStore;
  #resolution: Resolution = { kind: 'demo' };
  #instance: InstanceConfig | null = null;
  #demo: DemoInstance | null = null;
  #monitor: { online: boolean | null; stop(): void } | null = null;
  #closed = false;

  private constructor(options: CoreOptions, settingsDb: Db) {
    this.#options = options;
    this.#env = options.env ?? {};
    this.#settingsDb = settingsDb;
    this.#settings = new SettingsStore(settingsDb);
  }

  static async create(options: CoreOptions): Promise<Core> {
    mkdirSync(options.dataDir, { recursive: true });
    const core = new Core(options, openDatabase(join(options.dataDir, 'counter.sqlite')));
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
    return this.#instance?.source === 'demo';
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
    this.#monitor?.stop();
    await this.#demo?.close();
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
    // Anything else is a bug or a module's failure: log the detail, show a plain message.
    this.#log(
      `${channel} failed: ${error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error'}`,
    );
    return new CoreError('failed', 'Something went wrong. The details are in the log.');
  }

  readonly #handlers: Handlers = {
    'settings.get': () => Promise.resolve(this.#settingsView()),
    'settings.set': (patch) => this.#setSettings(patch),
    'warehouses.list': () => Promise.reject(notAvailableYet('The warehouse list')),
    'connection.test': () => Promise.reject(notAvailableYet('The connection test')),
    'connection.capabilities': () => Promise.reject(notAvailableYet('Instance capabilities')),
    'sync.now': () => Promise.reject(notAvailableYet('Sync')),
    'sync.status': () => Promise.resolve(this.#syncStatus()),
    'stock.search': () => Promise.reject(notAvailableYet('Stock lookup')),
    'session.current': () => Promise.reject(notAvailableYet('The shopping session')),
    'session.scan': () => Promise.reject(notAvailableYet('Scanning')),
    'session.setQuantity': () => Promise.reject(notAvailableYet('Quantity editing')),
    'session.removeLine': () => Promise.reject(notAvailableYet('Line removal')),
    'session.close': () => Promise.reject(notAvailableYet('Placing orders')),
    'outbox.list': () => Promise.resolve([]),
    'outbox.replay': () => Promise.reject(notAvailableYet('Order replay')),
    'outbox.resend': () => Promise.reject(notAvailableYet('Order resend')),
    'outbox.discard': () => Promise.reject(notAvailableYet('Discarding orders')),
    'outbox.cancel': () => Promise.reject(notAvailableYet('Cancelling orders')),
    'status.get': () => Promise.resolve(this.#status()),
    'scanner.classify': () => Promise.reject(notAvailableYet('Barcode classification')),
  };

  // ---------- settings and the instance ----------

  #settingsView(): SettingsView {
    const s = this.#settings.read();
    const env = this.#env.POS_BASE_URL !== undefined && this.#env.POS_BASE_URL !== '';
    const hasSecret = secretFromEnv(this.#env) || this.#options.credentials.getSecret() !== undefined;
    return {
      instanceUrl: env ? (this.#env.POS_BASE_URL ?? null) : s.instanceUrl,
      clientId: this.#env.POS_CLIENT_ID ?? s.clientId,
      hasSecret,
      secretStorage: secretFromEnv(this.#env) ? 'env' : hasSecret ? this.#options.credentials.kind : 'none',
      warehouseId: s.warehouseId,
      scanner: s.scanner,
      source: this.#instance?.source ?? (env ? 'env' : s.instanceUrl === null ? 'demo' : 'settings'),
      syncIntervalMinutes: s.syncIntervalMinutes,
    };
  }

  async #setSettings(patch: SettingsPatch): Promise<SettingsView> {
    const { clientSecret, clearSecret, ...rest } = patch;
    if (clearSecret === true) this.#options.credentials.clearSecret();
    if (clientSecret !== undefined) this.#options.credentials.setSecret(clientSecret);
    const before = this.#settings.read();
    const scanner = rest.scanner === undefined ? undefined : { ...before.scanner, ...rest.scanner };
    this.#settings.write({ ...rest, scanner });
    const instanceChanged =
      rest.instanceUrl !== undefined ||
      rest.clientId !== undefined ||
      clientSecret !== undefined ||
      clearSecret;
    if (instanceChanged) await this.#connect();
    this.#emitStatus();
    return this.#settingsView();
  }

  /** (Re)resolves the instance and rebuilds what depends on it. */
  async #connect(): Promise<void> {
    this.#monitor?.stop();
    this.#monitor = null;
    this.#resolution = resolveInstance(this.#env, this.#settings.read(), this.#options.credentials);
    if (this.#resolution.kind === 'demo') {
      if (this.#options.startDemo === undefined) {
        this.#instance = null;
        return;
      }
      this.#demo ??= await this.#options.startDemo();
      this.#instance = { baseUrl: this.#demo.url, ...DEMO_CLIENT, source: 'demo' };
    } else {
      // A configured instance replaces the demo.
      await this.#demo?.close();
      this.#demo = null;
      this.#instance = this.#resolution.kind === 'ready' ? this.#resolution.config : null;
    }
    this.#log(
      this.#instance === null
        ? 'no instance configured'
        : `instance ${displayInstance(this.#instance.baseUrl)} (${this.#instance.source})`,
    );
  }

  // ---------- status ----------

  #status(): StatusView {
    const r = this.#resolution;
    return {
      online: this.#monitor?.online ?? null,
      instance:
        this.#instance !== null
          ? displayInstance(this.#instance.baseUrl)
          : r.kind === 'incomplete'
            ? displayInstance(r.baseUrl)
            : null,
      demo: this.demo,
      queued: 0,
      needsAttention: 0,
      lastSyncedAt: null,
    };
  }

  #syncStatus(): SyncStatusView {
    return { running: false, resources: [], lastSyncedAt: null };
  }

  #emitStatus(): void {
    this.#bus.emit('status.changed', this.#status());
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
