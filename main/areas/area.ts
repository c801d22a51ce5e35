// What an area is, and the till every area is built from. An area (catalog, counter, outbox, shift,
// printer, scanner, sync, settings, connection, ...) is a factory: given the Till, it returns the
// handlers of its calls and, if it has any, its background work. The composition root (main/core)
// implements the Till once; it never wires an area's handlers itself.
import type { Db } from '../../db/database.ts';
import type {
  CallChannel,
  PermissionCheck,
  Said,
  StoreHubStatusView,
  SyncStatusView,
} from '../../contract/contract.ts';
import type { BarcodeReader } from '../barcode/index.ts';
import type { GuardedAction, Handlers } from '../ground/index.ts';
import type { OutboxOrder, SummarySource } from '../outbox/index.ts';
import type { PrinterSetup, QueueStatus } from '../printer/index.ts';
import type { SerialScanner } from '../scanner/index.ts';
import type { ServiceClient } from '../service/index.ts';
import type { CredentialStore } from '../settings/credentials.ts';
import type { Env } from '../settings/env.ts';
import type { InstanceResolution } from '../settings/instance.ts';
import type { ManagerLock } from '../settings/manager-pin.ts';
import type { SettingsStore, WalkIn } from '../settings/store.ts';
import type { Counter } from '../counter/index.ts';
import type { Outbox } from '../outbox/index.ts';
import type { PrintWorker } from '../printer/index.ts';
import type { ConnectivityMonitor } from '../service/index.ts';
import type { ShiftPolicy } from '../shift/index.ts';
import type { InstanceConfig } from '../settings/instance.ts';
import type { SyncRunner } from '../sync/index.ts';
import type { HubArea } from '../hub/index.ts';
import type {
  MadeReturn,
  ReturnRequest,
  ReturnRouter,
  Returns,
  WithoutReceiptPlan,
  WithoutReceiptRequest,
} from '../returns/index.ts';

/** The first word of a call's channel ('session' of 'session.scan'): the registry's unit (index.ts). */
export type CallPrefix = CallChannel extends infer C ? (C extends `${infer P}.${string}` ? P : never) : never;

/** The calls whose channels start with these words. */
export type CallsOf<P extends CallPrefix> = Extract<CallChannel, `${P}.${string}`>;

/** An area as built: the handlers of its calls, and its background work if it has any. */
export interface Area<C extends CallChannel = CallChannel> {
  readonly handlers: Pick<Handlers, C>;
  /** Stops its background work (the app closes, or the instance it worked for is replaced). */
  stop?(): Promise<void>;
}

/** What every area is built from: the till's own parts, the instance's parts, and where news goes. */
export interface Till {
  readonly env: Env;
  readonly settings: SettingsStore;
  readonly credentials: CredentialStore;
  /** The manager's PIN lock: guarded actions need it open. */
  readonly lock: ManagerLock;
  /** The serial scanner (POS_SCANNER_PORT or Settings). */
  readonly serial: SerialScanner;
  /** The instance's parts (its database, client, sync, outbox, counter, printer); null while none. */
  link(): Link | null;
  /** The database in use: the instance's (the demo has its own file), else the app's. */
  db(): Db;
  /** True while running on the built-in demo instance. */
  demo(): boolean;
  now(): number;
  /** Throws unless the manager's PIN is open (or none is set) for this action. */
  guard(what: GuardedAction): void;
  log(line: string): void;
  /** Something the status bar shows may have changed. */
  statusChanged(): void;
  /** Orders changed (as they are now), or only the outbox's figures (none). */
  outboxChanged(orders: readonly OutboxOrder[]): void;
  /** Where the outbox's views find an order's summary and names. */
  readonly summaries: SummarySource;
  /** Who a sale without a card goes to: Settings' choice, else the demo's own walk-in customer. */
  walkIn(): WalkIn | null;
  /** The demo's walk-in customer while on the demo. */
  demoWalkIn(): WalkIn | null;
  /** The label rules in Settings, compiled. */
  reader(): BarcodeReader;
  /** The receipt printer in use and how to print on it; null: none. */
  printerSetup(): PrinterSetup | null;
  /** Resolves the instance again and rebuilds what depends on it (Settings changed it). */
  reconnect(): Promise<void>;
  /** Settings changed how long order history is kept: compact soon. */
  retentionChanged(): void;
  /** Settings changed the serial scanner's port. */
  useSerialScanner(): Promise<void>;
  /** What the connection test learns and how its failures are said. */
  readonly connection: {
    resolution(): InstanceResolution;
    setVersion(version: string | undefined): void;
    /** The probe's checks, as the status bar is to trust them (and what they tell of orders). */
    permissionsFound(checks: PermissionCheck[], client: ServiceClient): PermissionCheck[];
    describe(error: unknown): { message: string; said?: readonly Said[] | undefined };
  };
}

/** The instance's parts: built when the instance is chosen, disposed of as one when it changes. */
export interface Link {
  readonly db: Db;
  readonly instance: InstanceConfig | null;
  readonly client: ServiceClient | null;
  readonly monitor: ConnectivityMonitor | null;
  /** The sync runner once loaded (loadSync); null before, and while no instance is configured. */
  readonly sync: SyncRunner | null;
  /** Loads the sync runner's module and builds it, once (null: no instance configured). */
  loadSync(): Promise<SyncRunner | null>;
  /** The sync rows as sync.status has them, the runner loaded first. */
  syncView(): Promise<SyncStatusView>;
  readonly outbox: Outbox | null;
  readonly counter: Counter;
  /** Returns against this file's sales (loadParts); null before they are loaded. */
  readonly returns: LinkReturns | null;
  /** Whether a sale needs an open shift: the demo opens one itself, else as Settings say. */
  readonly shiftPolicy: () => ShiftPolicy;
  /** Prints the queue's receipts on the receipt printer, beside the counter (loadParts); null before. */
  readonly printer: PrintWorker | null;
  /**
   * Loads the modules of the returns, the print worker and the store hub and builds them, once: with
   * the background work (after the first answer), or when a call of theirs comes first. A restarted
   * till answers its first barcode without them. Null: the Link was disposed of meanwhile.
   */
  loadParts(): Promise<LinkParts | null>;
  /** The print queue's figure for the status bar, from its table (the worker need not be loaded). */
  printerQueue(): QueueStatus;
  /** The hub's figure for the status bar: the running hub's, before it is loaded what its setting says. */
  hubStatus(): StoreHubStatusView | undefined;
  /**
   * Starts the background work: the online probe (and the sync and token it brings), the sync's
   * schedule, the outbox's sending, the print queue. Not at build: a restarted till answers its
   * first call before any of it runs (main/core starts it then, or a moment after the start).
   */
  readonly start: () => void;
  /** The store hub over this file: this till's journal out, the other tills' in (issue 38); null before loadParts. */
  readonly hub: HubArea | null;
  readonly dispose: () => Promise<void>;
}

/** Returns against the Link's file, and the router that takes their documents to the instance. */
export interface LinkReturns {
  readonly returns: Returns;
  readonly router: ReturnRouter | null;
  /**
   * Makes a return against a sale of this till or of another till of the store: each line's
   * quantity claimed in the store's bucket first when the hub is set (main/returns/store.ts).
   */
  readonly make: (request: ReturnRequest) => MadeReturn | Promise<MadeReturn>;
  /** Makes a return without a receipt: the goods from the offline catalog, booked to the walk-in customer. */
  readonly withoutReceipt: (request: WithoutReceiptRequest) => MadeReturn;
  /** What such a return would take back and pay out, stored nowhere. */
  readonly planWithoutReceipt: (request: WithoutReceiptRequest) => WithoutReceiptPlan;
}

/** The Link's parts loaded with its background work rather than at its build (Link.loadParts). */
export interface LinkParts {
  readonly returns: LinkReturns;
  readonly printer: PrintWorker;
  readonly hub: HubArea;
}

/**
 * `handlers`, each answering once `load` has settled: the calls of an area whose parts the Link loads
 * with its background work (the print worker, the store hub, returns) have them loaded first.
 */
export function loadedFirst<C extends CallChannel>(
  handlers: Pick<Handlers, C>,
  load: () => Promise<unknown>,
): Pick<Handlers, C> {
  const wrapped: Partial<Record<CallChannel, (input: never) => Promise<unknown>>> = {};
  for (const [channel, handler] of Object.entries<(input: never) => Promise<unknown>>(handlers)) {
    wrapped[channel as C] = async (input) => {
      await load();
      return handler(input);
    };
  }
  return wrapped as Pick<Handlers, C>;
}
