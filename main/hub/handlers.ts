// The store hub's calls: its setting and state (hub.get), a new setting (hub.set, behind the
// manager PIN as every setting is), and the store's shift view (store.shifts).
import type { HubSetInput, HubView, StoreHubStatusView, StoreShiftView } from '../../contract/contract.ts';
import type { GuardedAction, Handlers } from '../ground/index.ts';
import type { StoreHub } from './store-hub.ts';

/** What the handlers ask of the hub area (main/areas/hub.ts builds it). */
export interface HubControl {
  view(): HubView;
  set(input: HubSetInput): Promise<HubView>;
  shifts(): StoreShiftView;
}

/** The hub as it runs beside the instance's parts (main/areas/hub.ts buildHub). */
export interface HubArea extends HubControl {
  /** What the status bar shows; undefined when no hub is set. */
  status(): StoreHubStatusView | undefined;
  /** This till's name and its link to the hub, while one runs (returns claim through it). */
  link(): { readonly till: string; readonly hub: StoreHub } | null;
  /** A journal event was written: publish it now. */
  wake(): void;
  /** Starts it (the hosted server, the link to the hub): with the instance's other background work. */
  start(): void;
  close(): Promise<void>;
}

export interface HubHandlerDeps {
  readonly hub: () => HubControl;
  readonly guard: (what: GuardedAction) => void;
}

export function hubHandlers(deps: HubHandlerDeps): Pick<Handlers, 'hub.get' | 'hub.set' | 'store.shifts'> {
  return {
    'hub.get': () => Promise.resolve(deps.hub().view()),
    'hub.set': (input) => {
      deps.guard('lockedSettings');
      return deps.hub().set(input);
    },
    'store.shifts': () => Promise.resolve(deps.hub().shifts()),
  };
}
