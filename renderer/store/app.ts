// App state (zustand): what the screens show, loaded through `pos` and kept fresh by core events.
// The actions that change it through the core live per domain in store/ (sale, stock, orders,
// settings, test-pad); screens render this state and dispatch those actions, never `pos` itself.
// What events keep fresh (status, sync, the Orders list) is set only through its `Newest` (newest.ts),
// so that an answer never puts back an older state than an event already showed.
import { create } from 'zustand';
import {
  PosError,
  type CodeDescriptionView,
  type OutboxEntryView,
  type ScanOutcomeView,
  type SessionLineView,
  type SessionView,
  type SettingsView,
  type StatusView,
  type StockSearchView,
  type SyncStatusView,
} from '../../contract/contract.ts';
import { pos } from './pos.ts';
import { i18n } from '../i18n/index.ts';
import { spoken } from '../i18n/spoken.ts';
import { Newest } from './newest.ts';
import { ALL_ORDERS, OrdersMirror, type OrdersList, type OrdersQuery } from './orders-list.ts';

export type Screen = 'sale' | 'stock' | 'orders' | 'settings' | 'shift' | 'returns';
export const SCREENS: readonly { id: Screen; label: ScreenLabel; key: string }[] = [
  { id: 'sale', label: 'screenSale', key: 'F1' },
  { id: 'stock', label: 'screenStock', key: 'F2' },
  { id: 'orders', label: 'screenOrders', key: 'F3' },
  { id: 'settings', label: 'screenSettings', key: 'F4' },
  { id: 'shift', label: 'screenShift', key: 'F5' },
  { id: 'returns', label: 'screenReturns', key: 'F11' },
];
/** The catalogue key (common namespace) of a screen's name. */
type ScreenLabel =
  'screenSale' | 'screenStock' | 'screenOrders' | 'screenSettings' | 'screenShift' | 'screenReturns';

export interface Notice {
  readonly tone: 'ok' | 'warn' | 'error';
  readonly text: string;
  readonly at: number;
}

export interface Outcome {
  readonly tone: 'ok' | 'error';
  readonly text: string;
}

/** The Sale screen's own state: the selected line, the last scan's outcome, the order just placed. */
export interface SaleUi {
  readonly selected: number;
  readonly outcome: Outcome | null;
  /** The order the last "place order" stored, followed in the outbox until the next scan. */
  readonly placed: OutboxEntryView['id'] | null;
  readonly busy: boolean;
  /** Voiding asks twice: armed by the first press, disarmed after a few seconds. */
  readonly voidArmed: boolean;
  /** The line just removed, restorable for a few seconds (Ctrl+Z). */
  readonly undo: { readonly lineId: SessionLineView['id']; readonly name: string } | null;
  /** The last scan was refused for want of a usable price: a manager may enter one (F6). */
  readonly unpriced: Unpriced | null;
  /** The core refused a quantity: said next to that line's field. */
  readonly quantityError: { readonly lineId: SessionLineView['id']; readonly text: string } | null;
  /** The code field's text, as typed (scans never land in it). */
  readonly entry: string;
  /** Find by name: the products matching the typed text in this terminal's warehouse. */
  readonly find: FindUi;
}

/** A product the core refused for want of a usable price: what session.addPriced would add. */
export type Unpriced = NonNullable<Extract<ScanOutcomeView, { kind: 'rejected' }>['unpriced']>;

export interface FoundProduct {
  readonly stockItemId: number;
  readonly productId: number;
  readonly name: string;
  readonly code?: string;
  readonly barcode?: string;
  readonly unit?: string;
  readonly price?: number;
  /** What the counter sells by: the synced figure less what this till and the others sold since. */
  readonly inStock?: number;
  /** Sold at this till that the synced figure does not show yet. */
  readonly soldHere?: number;
  /** What each other till of the store sold that the synced figure does not show yet (issue 38). */
  readonly soldInStore?: readonly { readonly till: string; readonly quantity: number }[];
}

export interface FindUi {
  /** The list is open: matches for `text` (possibly none). */
  readonly open: boolean;
  readonly text: string;
  readonly results: readonly FoundProduct[];
  /** The match Enter adds; -1: none (Enter then takes the text as a code). */
  readonly highlighted: number;
}

export interface StockUi {
  readonly text: string;
  readonly result: StockSearchView | null;
  readonly error: string | null;
}

export interface TestPadUi {
  readonly result: { via: 'scanner' | 'typed'; description: CodeDescriptionView } | null;
  readonly error: string | null;
}

interface AppState {
  screen: Screen;
  status: StatusView | null;
  sync: SyncStatusView | null;
  settings: SettingsView | null;
  /** Why the last reading of the settings failed (Settings says so, and can read again); null once read. */
  settingsError: string | null;
  session: SessionView | null;
  sessionError: string | null;
  /** The Orders list: the pages loaded so far, newest first, as the core filtered them. */
  outbox: readonly OutboxEntryView[];
  /** Where the next, older page starts; null when every matching order is shown. */
  outboxNext: OutboxEntryView['id'] | null;
  /** Orders per state in the whole history (the filters' counts); null until the core said. */
  outboxCounts: OrdersList['counts'];
  /** What the Orders screen asks to see (filter by state, reference, day). */
  ordersQuery: OrdersQuery;
  /** The latest word on each order an event or answer named lately, by id (the order just placed). */
  orderNews: Readonly<Record<string, OutboxEntryView>>;
  outboxError: string | null;
  /** The last Orders action's error (replay, resend, discard, cancel, mark as sent). */
  ordersError: string | null;
  /** Says what became of a scan made away from the Sale screen (routed to the sale). */
  notice: Notice | null;
  sale: SaleUi;
  stock: StockUi;
  testPad: TestPadUi;
  setScreen: (screen: Screen) => void;
  notify: (tone: Notice['tone'], text: string) => void;
  refreshStatus: () => Promise<void>;
  /** `quietly`: the error shown stays until they come (a read again by the clock, no flicker). */
  refreshSettings: (quietly?: boolean) => Promise<void>;
  refreshSync: () => Promise<void>;
  refreshSession: () => Promise<void>;
  /** The Orders list's first page again, for the query shown. */
  refreshOutbox: () => Promise<void>;
}

/** The number of the latest session.current asked (refreshSession). */
let sessionAsked = 0;

export const useApp = create<AppState>()((set, get) => ({
  screen: 'sale',
  status: null,
  sync: null,
  settings: null,
  settingsError: null,
  session: null,
  sessionError: null,
  outbox: [],
  outboxNext: null,
  outboxCounts: null,
  ordersQuery: ALL_ORDERS,
  orderNews: {},
  outboxError: null,
  ordersError: null,
  notice: null,
  sale: {
    selected: 0,
    outcome: null,
    placed: null,
    busy: false,
    voidArmed: false,
    undo: null,
    unpriced: null,
    quantityError: null,
    entry: '',
    find: { open: false, text: '', results: [], highlighted: -1 },
  },
  stock: { text: '', result: null, error: null },
  testPad: { result: null, error: null },
  setScreen: (screen) => set({ screen, notice: null }),
  notify: (tone, text) => set({ notice: { tone, text, at: Date.now() } }),
  refreshStatus: () => mirrored.status.ask(() => pos.invoke('status.get', {})),
  // A refusal is noted unless something newer was asked or shown since (a change's answer, a later
  // read): without it, Settings would say it is loading for ever after one failed read at start.
  refreshSettings: (quietly = false) => {
    if (!quietly) set({ settingsError: null });
    return mirrored.settings.askOr(
      () => pos.invoke('settings.get', {}),
      (error) => set({ settingsError: message(error) }),
    );
  },
  refreshSync: () => mirrored.sync.ask(() => pos.invoke('sync.status', {})),
  refreshSession: async () => {
    const number = ++sessionAsked;
    const shownWhenAsked = get().session;
    // Shown unless a later read was asked, or a change's answer (a scan, a quantity) was shown since:
    // this read may have reached the core before that change and would put the sale back without it.
    const newest = () => number === sessionAsked && get().session === shownWhenAsked;
    try {
      const session = await pos.invoke('session.current', {});
      if (newest()) set({ session, sessionError: null });
    } catch (error) {
      if (newest()) set({ sessionError: message(error) });
    }
  },
  refreshOutbox: async () => {
    try {
      await mirrored.outbox.page((input) => pos.invoke('outbox.page', input));
      set({ outboxError: null });
    } catch (error) {
      set({ outboxError: message(error) });
    }
  },
}));

/** How many orders' latest word is kept: the order just placed is among the newest. */
const NEWS_KEPT = 50;

/**
 * Orders an event or an answer carried: the latest word on each (`onlyIfNew`: unless one is known),
 * the newest orders (highest ids) kept.
 */
export function orderNews(entries: readonly OutboxEntryView[], onlyIfNew = false): void {
  useApp.setState((s) => {
    const fresh = entries.filter((e) => !(onlyIfNew && String(e.id) in s.orderNews));
    if (fresh.length === 0) return {};
    const named = new Set(fresh.map((e) => String(e.id)));
    const kept = Object.entries(s.orderNews).filter(([key]) => !named.has(key));
    const news = [...kept, ...fresh.map((e) => [String(e.id), e] as const)];
    news.sort(([a], [b]) => Number(a) - Number(b));
    return { orderNews: Object.fromEntries(news.slice(-NEWS_KEPT)) };
  });
}

/** The state the core's events keep fresh, each shown only if nothing newer was (newest.ts). */
export const mirrored = {
  status: new Newest<StatusView>((status) => useApp.setState({ status })),
  sync: new Newest<SyncStatusView>((sync) => useApp.setState({ sync })),
  outbox: new OrdersMirror((list) =>
    useApp.setState({ outbox: list.entries, outboxNext: list.next, outboxCounts: list.counts }),
  ),
  // No event carries the settings, but two quick changes (two selects in a row) race the same way:
  // the later change's answer is the one to show, whichever arrives last.
  settings: new Newest<SettingsView>((settings) => useApp.setState({ settings, settingsError: null })),
};

export function message(error: unknown): string {
  if (error instanceof PosError) return spoken(error.said, error.message);
  return i18n.t('somethingWentWrong');
}

/** Merges a patch into the Sale screen's state. */
export function setSale(patch: Partial<SaleUi>): void {
  useApp.setState((s) => ({ sale: { ...s.sale, ...patch } }));
}

/** Loads everything once and follows the core's events. Returns the unsubscribe function. */
export function followCore(): () => void {
  const s = useApp.getState();
  void Promise.allSettled([s.refreshSettings(), s.refreshSession()]);
  const readMirrored = () => {
    const now = useApp.getState();
    void Promise.allSettled([now.refreshStatus(), now.refreshSync(), now.refreshOutbox(), readPlaced()]);
    // Settings whose reading failed are read again too (no event brings them).
    if (now.settingsError !== null) void now.refreshSettings();
  };
  // Subscribed first, read after: an event the core sends between a read and its answer is not lost.
  const offs = [
    pos.on('status.changed', (status) => mirrored.status.event(status)),
    pos.on('sync.progress', (sync) => mirrored.sync.event(sync)),
    // The event carries the orders that changed: put in place, never a reason to read the list.
    pos.on('outbox.changed', (event) => {
      mirrored.outbox.event(event);
      orderNews(event.entries);
    }),
    pos.on('connectivity', () => void ignoreFailure(useApp.getState().refreshStatus())),
    // Read again once events reach the page, and after each reconnect of the web shell's stream: what
    // the core sent while it was not connected never comes (a sync that ended would show running).
    pos.opened(readMirrored),
  ];
  // Read at once too, so that the screens do not wait for the stream to show anything.
  readMirrored();
  // The status bar's "last sync" age must tick even when nothing happens. Settings whose reading
  // failed (no answer, the core still starting) are read again with it: Settings must not then wait
  // for a reconnect or a press.
  const timer = setInterval(() => {
    const now = useApp.getState();
    void ignoreFailure(now.refreshStatus());
    if (now.settingsError !== null) void now.refreshSettings(true);
  }, 10_000);
  return () => {
    clearInterval(timer);
    for (const off of offs) off();
  };
}

/** The order a sale just placed, as its answer carried it: shown unless an event said more already. */
export function notePlaced(entry: OutboxEntryView): void {
  mirrored.outbox.note(entry);
  orderNews([entry], true);
}

/** The order just placed, read again (its events may have gone where nobody listened). */
async function readPlaced(): Promise<void> {
  const placed = useApp.getState().sale.placed;
  if (placed === null) return;
  const entry = await pos.invoke('outbox.get', { id: placed });
  // Unless an event told of a later change meanwhile (ISO times compare as text).
  const known = useApp.getState().orderNews[String(placed)];
  if (known === undefined || (known.updatedAt ?? '') <= (entry.updatedAt ?? '')) orderNews([entry]);
}

/** A read that failed leaves the screen as it was; the next event or read brings the news. */
function ignoreFailure(read: Promise<void>): Promise<void> {
  return read.catch(() => undefined);
}
