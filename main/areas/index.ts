// The areas as the app, the web shell and the CLI all build them (issue 36, point 3): each factory
// takes what its area needs and returns its parts, so no shell wires an area its own way.
//
// How a new area is added (returns, card issuing, the store hub, ...):
// 1. Its calls go into contract/contract.ts (`calls`) under a channel word of their own ('returns.').
// 2. main/<area>/ holds its logic and its handler slice, `xHandlers(deps): Pick<Handlers, ...>`, as
//    the other areas do; it imports only what layers.ts lets it (add the folder there, below
//    main/areas, and add it to WIRED).
// 3. main/areas/<area>.ts is its factory: `xArea(till: Till): Area<CallsOf<'returns'>>`, building the
//    handlers from the Till (area.ts) and, for background work, returning `stop()`. What the area
//    needs that the Till lacks goes into the Till (area.ts), implemented once in main/core/core.ts.
// 4. An entry in AREAS below: its channel words and a loader that imports its module. The type
//    check under AREAS fails until every channel word of the contract has one owner.
// Nothing else: the core builds an area when one of its calls first comes, the CLI builds the same
// factories for its commands (`buildClient`, `buildOutbox`, `buildCounter` with `labelReader`,
// `printerSetupOf`, and through their loaders `cardIssue`, `buildReturns`, `buildHub` and
// `buildPrintWorker`): no command wires a part its own way, so the CLI and the app cannot judge the
// same order or card differently.
import type { CallChannel } from '../../contract/contract.ts';
import type { Handler } from '../ground/index.ts';
import type { Area, CallPrefix, CallsOf, Till } from './area.ts';

export type { Area, CallPrefix, CallsOf, Till } from './area.ts';
export { buildOutbox, OFFLINE, type OutboxNeeds } from './outbox.ts';
export {
  buildCounter,
  hubParkedClaims,
  labelReader,
  type CounterArea,
  type CounterNeeds,
} from './counter.ts';
export type { CardIssueNeeds } from './cards.ts';
export type { ReturnsArea, ReturnsNeeds } from './returns.ts';
export type { HubNeeds } from './hub.ts';
export { buildLink, type LinkContext } from './link.ts';
export { buildClient, type ClientNeeds } from './service.ts';
export type { PrintWorkerNeeds } from './receipt-printer.ts';
export { envPrinter, printerSetupOf, type PrinterSetupNeeds } from './printer-setup.ts';
export type { Link } from './area.ts';
export {
  OrderPermissionKnowledge,
  permissionOfCheck,
  type OrderPermission,
  type PermissionSource,
} from './order-permission.ts';

// The factories of the parts a restarted till's first answer does without (the card issue, returns,
// the store hub, the print worker): loaded when a command or the Link's background work first needs
// them, so importing this face loads none of their modules (issue 36, point 3).
/** cards.ts's `cardIssue`, its module loaded first. */
export const loadCardIssue = async () => (await import('./cards.ts')).cardIssue;
/** returns.ts's `buildReturns`, its module loaded first. */
export const loadReturns = async () => (await import('./returns.ts')).buildReturns;
/** hub.ts's `buildHub`, its module loaded first. */
export const loadHub = async () => (await import('./hub.ts')).buildHub;
/** receipt-printer.ts's `buildPrintWorker`, its module loaded first. */
export const loadPrintWorker = async () => (await import('./receipt-printer.ts')).buildPrintWorker;

interface Entry<P extends CallPrefix> {
  /** The first words of the channels it answers. */
  readonly calls: readonly P[];
  /** Imports the area's module: only when one of its calls first comes. */
  readonly load: () => Promise<(till: Till) => Area<CallsOf<P>>>;
}

function entry<P extends CallPrefix>(calls: readonly P[], load: Entry<P>['load']): Entry<P> {
  return { calls, load };
}

/** Every area, by name. */
export const AREAS = {
  settings: entry(['settings', 'manager'], async () => (await import('./settings.ts')).settingsArea),
  connection: entry(['connection'], async () => (await import('./connection.ts')).connectionArea),
  sync: entry(['sync', 'stock', 'warehouses', 'companies'], async () => (await import('./sync.ts')).syncArea),
  counter: entry(['session', 'receipt', 'barcode'], async () => (await import('./counter.ts')).counterArea),
  outbox: entry(['outbox'], async () => (await import('./outbox.ts')).outboxArea),
  shift: entry(['shift', 'cashier'], async () => (await import('./shift.ts')).shiftArea),
  printer: entry(['printer'], async () => (await import('./printer.ts')).printerArea),
  scanner: entry(['scanner'], async () => (await import('./scanner.ts')).scannerArea),
  hub: entry(['hub', 'store'], async () => (await import('./hub.ts')).hubArea),
  cards: entry(['cards'], async () => (await import('./cards.ts')).cardsArea),
  returns: entry(['returns'], async () => (await import('./returns.ts')).returnsArea),
} as const;

export type AreaName = keyof typeof AREAS;

/** The core's own calls, answered from its own state: the status bar, the customer display. */
export type CoreCalls = CallsOf<'status' | 'display'>;

type Owned = (typeof AREAS)[AreaName]['calls'][number];
type Unowned = Exclude<CallPrefix, Owned | 'status' | 'display'>;
type NoneLeft<T extends never> = T;
/** A channel word no area answers is a compile error here ("'returns' does not satisfy 'never'"). */
export type EveryCallOwned = NoneLeft<Unowned>;

const OWNER = new Map<string, AreaName>(
  Object.entries(AREAS).flatMap(([name, e]) => e.calls.map((word) => [word, name as AreaName] as const)),
);

/** The area that answers a call; undefined for the core's own (CoreCalls). */
export function areaOf(channel: CallChannel): AreaName | undefined {
  return OWNER.get(channel.slice(0, channel.indexOf('.')));
}

/**
 * The areas of one till, each built from the Till when one of its calls first comes: a restarted
 * till answers its first barcode having loaded the counter, not the printer or the sync.
 */
export class Areas {
  readonly #till: Till;
  readonly #built = new Map<AreaName, Promise<Area<never>>>();

  constructor(till: Till) {
    this.#till = till;
  }

  /** The handler of an area's call, its area built if it was not yet. */
  async handler<C extends CallChannel>(channel: C, name: AreaName): Promise<Handler<C>> {
    let area = this.#built.get(name);
    if (area === undefined) {
      const load: () => Promise<(till: Till) => Area<never>> = AREAS[name].load;
      area = load().then((build) => build(this.#till));
      this.#built.set(name, area);
      // One that failed to build (its module did not load) is tried again at its next call.
      area.catch(() => this.#built.delete(name));
    }
    const handlers: Partial<Record<CallChannel, unknown>> = (await area).handlers;
    return handlers[channel] as Handler<C>;
  }

  /** Stops every built area's background work. */
  async stop(): Promise<void> {
    const built = [...this.#built.values()];
    this.#built.clear();
    for (const area of built) await (await area.catch(() => null))?.stop?.();
  }
}
