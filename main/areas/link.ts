// The Link: everything that depends on which instance is in use (its database file, the service
// client, the sync runner, the outbox's sender, the online probe, the counter), built in one place and
// disposed of as one when Settings change the instance.
import { join } from 'node:path';
import { checkpointBetweenCalls, openDatabase, type Db } from '../../db/database.ts';
import type { StoreHubStatusView, SyncStatusView } from '../../contract/contract.ts';
import type { Outbox } from '../outbox/index.ts';
import { buildCounter } from './counter.ts';
import { buildOutbox } from './outbox.ts';
import { readHubSettings, readSecrets, resolveHub, type SecretStore } from '../hub/config.ts';
import type { Link, LinkParts, Till } from './area.ts';
import { queueSale, queueStatus, type Timeouts } from '../printer/setup.ts';
import { buildClient } from './service.ts';
import { ConnectivityMonitor, type BackoffPolicy, type ServiceClient } from '../service/index.ts';
import type { ShiftPolicy } from '../shift/index.ts';
import type { InstanceConfig } from '../settings/instance.ts';
import type { SyncRunner } from '../sync/index.ts';
import { checkOrderPermission } from '../connection/check.ts';
import {
  permissionOfCheck,
  permissionOfOrder,
  type OrderPermission,
  type PermissionSource,
} from './order-permission.ts';

/**
 * What the Link is built with: the Till's own parts (area.ts: settings, the label reader, the log,
 * where status and order news go, the walk-in customer, the printer in use), and what only the
 * instance's parts report or need.
 */
export interface LinkContext extends Pick<
  Till,
  'env' | 'settings' | 'reader' | 'log' | 'statusChanged' | 'outboxChanged' | 'walkIn' | 'printerSetup'
> {
  readonly dataDir: string;
  /** counter.sqlite: the app's own file, used by every instance but the demo. */
  readonly appDb: Db;
  /** Health probe period (status bar online/offline). */
  readonly probeIntervalMs: number;
  /** Sync when the instance comes back. */
  readonly autoSync: boolean;
  readonly onCatalogSetAside: (damagedPath: string, reason: string) => void;
  syncProgress(status: SyncStatusView): void;
  connectivity(online: boolean): void;
  /** The token endpoint accepted (a token) or refused (400/401) this instance's client id and secret. */
  credentials(accepted: boolean): void;
  /** The instance answered again: its version may be read. */
  online(client: ServiceClient): void;
  /** What a probe or an order's answer told of this client's permission to create orders. */
  orderPermission(found: OrderPermission, source: PermissionSource): void;
  /** The pause between attempts at a receipt the printer did not take (tests shorten it). */
  readonly printRetry?: BackoffPolicy;
  readonly printTimeouts?: Partial<Timeouts>;
  /** Where the store hub's passwords are kept, as the client secret is; none: POS_STORE_HUB only. */
  readonly hubSecrets?: SecretStore;
  /** The longest pause between attempts at reaching the store hub (tests shorten it). */
  readonly hubRetryMs?: number;
  /** The till's calls as the core marks them: the sync gives way to them (main/sync/till-work.ts). */
  readonly tillWork: SharedArrayBuffer;
}

export function buildLink(instance: InstanceConfig | null, ctx: LinkContext): Link {
  // The demo's cache and orders live in their own file, so they never mix with a real instance's.
  const demo = instance?.source === 'demo';
  const db = demo
    ? openDatabase(join(ctx.dataDir, 'demo.sqlite'), { onCatalogSetAside: ctx.onCatalogSetAside })
    : ctx.appDb;
  // The demo's file checkpointed mostly between calls, as the app file is (main/core/core.ts).
  const stopCheckpoints = db === ctx.appDb ? () => undefined : checkpointBetweenCalls(db);
  const client =
    instance === null
      ? null
      : buildClient(instance, {
          log: (line) => ctx.log(line),
          logFrom: 'info',
          connectTimeoutMs: 3000,
          credentials: (accepted) => ctx.credentials(accepted),
        });
  let outbox: Outbox | null = null;
  const logSyncLoad = (error: unknown): void => {
    ctx.log(`sync: ${error instanceof Error ? error.message : String(error)}`);
  };
  const logPartsLoad = (error: unknown): void => {
    ctx.log(`returns, printer and store hub: ${error instanceof Error ? error.message : String(error)}`);
  };
  let monitor: ConnectivityMonitor | null = null;
  let sync: SyncRunner | null = null;
  let disposed = false;
  /**
   * The sync runner, its module (the sync engine's two dozen files) loaded the first time it is
   * needed: when the background work starts (after the first answer), or a sync call comes. A
   * restarted till answers its first barcode without it.
   */
  let loadSync = (): Promise<SyncRunner | null> => Promise.resolve(null);
  if (client !== null && instance !== null) {
    // A cache filled from another instance is replaced by a full pass (it also removes stale rows).
    const cacheKey = demo ? 'demo' : instance.baseUrl;
    const fullFirst = !demo && ctx.settings.cacheInstance() !== cacheKey;
    if (!demo) ctx.settings.setCacheInstance(cacheKey);
    loadSync = sharedLoad(() =>
      import('../sync/index.ts').then(({ SyncRunner }) => {
        // The Link was disposed of while the module loaded: no runner for an instance no longer in use.
        if (disposed) return null;
        sync = new SyncRunner({
          db,
          service: {
            baseUrl: instance.baseUrl,
            clientId: instance.clientId,
            clientSecret: instance.clientSecret,
          },
          fullFirst,
          tillWork: ctx.tillWork,
          log: (line) => ctx.log(line),
          onStatus: (status) => ctx.syncProgress(status),
          onFinished: () => ctx.statusChanged(),
          // The worker's own client asks for tokens too: a secret refused there is refused for the outbox.
          onCredentials: (accepted) => ctx.credentials(accepted),
        });
        // Made after the start (the start's own load failed, a sync call came first): the start's
        // schedule never reached it, so it is scheduled here, at the interval set now.
        if (started) sync.schedule(ctx.settings.read().syncIntervalMinutes);
        return sync;
      }),
    );
    monitor = new ConnectivityMonitor({
      probe: () => client.health(),
      onlineEveryMs: ctx.probeIntervalMs,
      log: (line) => ctx.log(line),
    });
    monitor.subscribe((online) => {
      ctx.connectivity(online);
      if (!online) return;
      if (ctx.autoSync) void loadSync().then((runner) => runner?.start(), logSyncLoad);
      ctx.online(client);
      // Reachable is not yet usable: a token now tells the status bar whether the credentials
      // hold, before an order finds out. A cached token still valid is enough (the instance
      // takes it even after a rotation); its renewal is when a rotated secret shows.
      // With a token, whether this client may create orders (an empty order, nothing written): the
      // Sale screen then refuses a sale before payment rather than its order being blocked after.
      client
        .obtainToken()
        .then(async () => {
          const found = permissionOfCheck(await checkOrderPermission(client));
          if (found !== undefined) ctx.orderPermission(found, 'probe');
        })
        .catch((error: unknown) => {
          ctx.log(`token on coming online: ${error instanceof Error ? error.message : String(error)}`);
        });
    });
    // The outbox reports its attempts to the app's monitor and is woken by it when the instance is back.
    outbox = buildOutbox({
      db,
      client,
      instance: { baseUrl: instance.baseUrl, demo },
      monitor,
      log: (line) => ctx.log(line),
    });
    outbox.on((event) => {
      // A stored order proves the permission; one blocked for want of it proves the opposite, and
      // the probe asked at once shows whether this instance's probe can tell (order-permission.ts).
      const found = event.type === 'order' ? permissionOfOrder(event.order) : undefined;
      if (found !== undefined) ctx.orderPermission(found, 'order');
      if (found === 'lacking') {
        checkOrderPermission(client)
          .then((check) => {
            const probed = permissionOfCheck(check);
            if (probed !== undefined) ctx.orderPermission(probed, 'probe');
          })
          .catch((error: unknown) => {
            ctx.log(`order permission probe: ${error instanceof Error ? error.message : String(error)}`);
          });
      }
      ctx.outboxChanged(event.type === 'order' ? [event.order] : []);
    });
  }
  // The demo lets a first look sell at once: a sale opens a shift with a float of 0 when none is open.
  const shiftPolicy = (): ShiftPolicy =>
    demo ? 'auto-open' : ctx.settings.read().shiftRequired ? 'require' : 'off';
  const { counter } = buildCounter({
    db,
    settings: ctx.settings,
    cardService: client,
    reader: () => ctx.reader(),
    log: (line) => ctx.log(line),
    walkInCustomer: () => ctx.walkIn(),
    outbox,
    shiftPolicy,
    // The receipt's job is stored with the order: a sale placed is a receipt that will print.
    closing: (sale) => {
      if (ctx.printerSetup() !== null) queueSale(db, sale, ctx.settings.read().printOnSale);
      // Its journal event goes out as soon as the sale commits (the publisher runs after this turn);
      // a hub not loaded yet publishes it when it starts, from where its journal was.
      parts?.hub.wake();
    },
  });
  let parts: LinkParts | null = null;
  let started = false;
  /**
   * Returns, the print worker and the store hub, their modules (two dozen files: the receipt layouts,
   * the transport, NATS's client, the returns' rules) loaded the first time they are needed: with
   * the background work, or when a call of theirs comes first. Built as they were built with the
   * Link, and started only by `start`.
   */
  const buildParts = sharedLoad((): Promise<LinkParts | null> =>
    Promise.all([import('./returns.ts'), import('./hub.ts'), import('./receipt-printer.ts')]).then(
      ([{ buildReturns }, { buildHub }, { buildPrintWorker }]) => {
        // The Link was disposed of while the modules loaded: no parts for an instance no longer in use.
        if (disposed) return null;
        // Returns of this file; their documents go to the instance by the route its description offers,
        // when a return is made, when the instance is back, and when a sale's order reaches it.
        const returns = buildReturns({
          db,
          settings: ctx.settings,
          shiftPolicy,
          ...(client === null || outbox === null ? {} : { service: client, outbox }),
          log: (line) => ctx.log(line),
          // A return's receipt is queued with it when a receipt printer is set (else the system print path).
          printer: { set: () => ctx.printerSetup() !== null, queued: () => printer.wake() },
          // Returns claim across the store's tills through the hub's link (asked at a return).
          store: () => hub.link(),
          walkInCustomer: () => ctx.walkIn(),
        });
        const hub = buildHub({
          db,
          settingsDb: ctx.appDb,
          dataDir: ctx.dataDir,
          env: ctx.env,
          ...(ctx.hubSecrets === undefined ? {} : { secrets: ctx.hubSecrets }),
          ...(ctx.hubRetryMs === undefined ? {} : { maxRetryMs: ctx.hubRetryMs }),
          log: (line) => ctx.log(line),
          changed: () => ctx.statusChanged(),
        });
        const printer = buildPrintWorker({
          db,
          env: ctx.env,
          setup: () => ctx.printerSetup(),
          counter,
          changed: () => ctx.statusChanged(),
          log: (line) => ctx.log(line),
          ...(ctx.printRetry === undefined ? {} : { retry: ctx.printRetry }),
          ...(ctx.printTimeouts === undefined ? {} : { timeouts: ctx.printTimeouts }),
        });
        parts = { returns, hub, printer };
        return parts;
      },
    ),
  );
  let partsStarted = false;
  /**
   * Starts the printer, the hub and the returns' routing once, when both the Link has started and the
   * parts are loaded, whichever comes last: a load that failed at the start and succeeded on a later
   * call still starts them.
   */
  const startParts = (loaded: LinkParts | null): void => {
    if (loaded === null || !started || partsStarted || disposed) return;
    partsStarted = true;
    // Outside the shared load: a start that throws is said, and never makes the next call build
    // the parts again (parts built anew after a start would never be started).
    try {
      loaded.printer.start();
      loaded.hub.start();
    } catch (error) {
      logPartsLoad(error);
    }
    // Returns made while no instance was reachable (or before a restart) take their route.
    routeReturns();
  };
  /** The parts, built on the first call that needs them, and started once the Link has started. */
  const loadParts = (): Promise<LinkParts | null> =>
    buildParts().then((loaded) => {
      startParts(loaded);
      return loaded;
    });
  // The start's loads, each tried again after a failure until it loads: a till online all day has
  // no other moment that would load them (the first online's load may be that same failed one).
  const partsFromStart = fromStart(loadParts, logPartsLoad);
  const syncFromStart = fromStart(
    () => loadSync().then((runner) => runner?.schedule(ctx.settings.read().syncIntervalMinutes)),
    logSyncLoad,
  );
  const routeReturns = (): void => {
    parts?.returns.router?.routeWaiting().catch((error: unknown) => ctx.log(`returns: ${String(error)}`));
  };
  monitor?.subscribe((online) => {
    if (online) routeReturns();
  });
  outbox?.on((event) => {
    if (event.type === 'order' && event.order.state === 'sent') routeReturns();
  });
  let idleHub: { readonly status: StoreHubStatusView | undefined } | null = null;
  return {
    db,
    instance,
    client,
    monitor,
    get sync() {
      return sync;
    },
    loadSync: () => loadSync(),
    syncView: async () => {
      const runner = await loadSync();
      const { syncStatus } = await import('../sync/index.ts');
      return syncStatus(db, runner);
    },
    outbox,
    counter,
    get returns() {
      return parts?.returns ?? null;
    },
    shiftPolicy,
    get printer() {
      return parts?.printer ?? null;
    },
    get hub() {
      return parts?.hub ?? null;
    },
    loadParts,
    printerQueue: () => queueStatus(db),
    hubStatus: () => {
      if (parts !== null) return parts.hub.status();
      // Before the hub is loaded: as the hub says before it has started (hub.ts), from its setting.
      idleHub ??= { status: hubIdleStatus(ctx) };
      return idleHub.status;
    },
    start: () => {
      if (started) return;
      started = true;
      syncFromStart.start();
      outbox?.start();
      monitor?.start();
      partsFromStart.start();
    },
    dispose: async () => {
      disposed = true;
      partsFromStart.stop();
      syncFromStart.stop();
      monitor?.stop();
      await parts?.hub.close();
      await parts?.printer.stop();
      await sync?.stop();
      await outbox?.stop();
      await client?.close();
      stopCheckpoints();
      if (db !== ctx.appDb) db.close();
    },
  };
}

/** The first pause before a start's failed load is tried again; it doubles up to the most. */
const START_RETRY_MS = 2000;
const START_RETRY_MAX_MS = 5 * 60_000;

/** `load` run by start(), and again after each failure (said by `log`), less often each time, until stop(). */
function fromStart(load: () => Promise<unknown>, log: (error: unknown) => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const attempt = (retryMs: number): void => {
    load().then(undefined, (error: unknown) => {
      log(error);
      if (stopped) return;
      timer = setTimeout(() => attempt(Math.min(retryMs * 2, START_RETRY_MAX_MS)), retryMs);
      timer.unref();
    });
  };
  return {
    start: () => attempt(START_RETRY_MS),
    stop: () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
    },
  };
}

/**
 * `load` run once, its promise shared by every caller while it is under way and after it loaded. One
 * that failed (a module's file not read on a busy till, a part's build thrown) is forgotten, so the
 * next caller tries again: a failure kept would leave the part out for the Link's whole life.
 */
function sharedLoad<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

/**
 * The hub's status-bar figure before its module is loaded, as the hub has it before it has started
 * (hub.ts `idle`): none when no hub is set (or its setting cannot be read), else not connected.
 */
function hubIdleStatus(ctx: LinkContext): StoreHubStatusView | undefined {
  try {
    const resolution = resolveHub(ctx.env, readHubSettings(ctx.appDb), readSecrets(ctx.hubSecrets));
    return resolution.kind === 'off' ? undefined : { connected: false, downSince: null };
  } catch {
    return undefined;
  }
}
