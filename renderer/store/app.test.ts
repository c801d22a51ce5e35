// The store's mirror of the core (the status bar's status, the sync rows, the Orders list, the sale) against a
import { orderId } from '../../contract/ids.ts';
// fake shell whose event stream and answers the test orders by hand: events sent while the stream is
// not connected are lost, as the web shell's are, and each answer arrives when the test says. What is
// checked is the store (renderer/store/app.ts and its actions), never the fake.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  OutboxState,
  type CallChannel,
  type EventChannel,
  type OutboxChangedEvent,
  type OutboxCounts,
  type OutboxEntryView,
  type PosBridge,
  type SessionView,
  type SettingsView,
  type StatusView,
  type SyncStatusView,
} from '../../contract/contract.ts';
import { aLine, aSession, aSettings, aStatus } from '../platform/fake-bridge.ts';

/** The core's state as the fake shell answers it and emits it. */
interface CoreState {
  status: StatusView;
  sync: SyncStatusView;
  outbox: OutboxEntryView[];
  settings: SettingsView;
  session: SessionView;
}

const STATUS = aStatus();
const SETTINGS = aSettings();
const RESOURCES = ['warehouses', 'stockItems'];
const syncing: SyncStatusView = {
  running: true,
  lastSyncedAt: null,
  resources: RESOURCES.map((resource) => ({
    resource,
    state: 'running',
    done: 0,
    total: null,
    lastSyncedAt: null,
  })),
};
const synced: SyncStatusView = {
  running: false,
  lastSyncedAt: '2025-03-01T10:00:00.000Z',
  resources: RESOURCES.map((resource) => ({
    resource,
    state: 'done',
    done: 5,
    total: 5,
    lastSyncedAt: '2025-03-01T10:00:00.000Z',
  })),
};
const order = (id: number): OutboxEntryView => ({
  id: orderId(id),
  state: 'queued',
  attempts: 0,
  createdAt: '2025-03-01T10:00:00.000Z',
});

/** The counts per state the core keeps, for these orders. */
function countsOf(outbox: readonly OutboxEntryView[]): OutboxCounts {
  const counts = Object.fromEntries(OutboxState.options.map((state) => [state, 0])) as OutboxCounts;
  for (const entry of outbox) counts[entry.state] += 1;
  return counts;
}

/** What the core emits when `changed` changed, `outbox` being the whole outbox now. */
function changed(outbox: readonly OutboxEntryView[], ...entries: OutboxEntryView[]): OutboxChangedEvent {
  const counts = countsOf(outbox);
  return { queued: counts.queued, needsAttention: counts['needs-fix'], counts, entries };
}

interface Call {
  readonly channel: CallChannel;
  /** The core's answer, computed when the call reached it. */
  readonly value: unknown;
  readonly deliver: () => void;
}

/**
 * A shell (`window.pos`) over a fake core. `open`: the event stream is connected (Electron's IPC is
 * from the start). `held`: answers wait in `calls` until the test delivers them; otherwise each
 * arrives at once (in a microtask, as a real answer never comes back within the call).
 */
class FakeShell implements PosBridge {
  readonly core: CoreState = {
    status: STATUS,
    sync: synced,
    outbox: [],
    settings: SETTINGS,
    session: aSession([]),
  };
  readonly calls: Call[] = [];
  /** What the renderer did, in order: subscribe to an event, or call. */
  readonly log: string[] = [];
  held = false;
  /** Channels the core refuses for now (a transient error): their answer is a refusal. */
  readonly refusing = new Set<CallChannel>();
  /** Runs when a call reaches the core, after its answer was computed (the core moving on). */
  afterAnswer: ((channel: CallChannel) => void) | undefined;
  #open: boolean;
  readonly #listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
  readonly #openers = new Set<() => void>();

  constructor(open: boolean) {
    this.#open = open;
  }

  invoke(channel: CallChannel, input?: unknown): Promise<unknown> {
    this.log.push(`call ${channel}`);
    const value = this.#answer(channel, input);
    const refusal = this.refusing.has(channel) ? { code: 'failed', message: `${channel} failed` } : null;
    return new Promise((resolve) => {
      const call: Call = {
        channel,
        value,
        deliver: () => {
          this.calls.splice(this.calls.indexOf(call), 1);
          if (refusal !== null) {
            resolve({ ok: false, error: refusal });
            return;
          }
          // A change of settings reaches the core, and is answered, when it is delivered: two
          // requests in flight at once may reach it in either order.
          if (channel === 'settings.set') {
            const patch = input as { scanner?: Partial<SettingsView['scanner']> };
            const settings = this.core.settings;
            this.core.settings = { ...settings, scanner: { ...settings.scanner, ...patch.scanner } };
            resolve({ ok: true, value: this.core.settings });
            return;
          }
          resolve({ ok: true, value });
        },
      };
      this.calls.push(call);
      this.afterAnswer?.(channel);
      if (!this.held) queueMicrotask(call.deliver);
    });
  }

  on(event: EventChannel, listener: (payload: unknown) => void): () => void {
    this.log.push(`on ${event}`);
    let set = this.#listeners.get(event);
    if (set === undefined) this.#listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  opened(listener: () => void): () => void {
    this.#openers.add(listener);
    if (this.#open) queueMicrotask(listener);
    return () => this.#openers.delete(listener);
  }

  /** The core emits: only a connected stream carries it. */
  emit(event: EventChannel, payload: unknown): void {
    if (!this.#open) return;
    for (const listener of this.#listeners.get(event) ?? []) listener(payload);
  }

  connect(): void {
    this.#open = true;
    for (const opener of this.#openers) opener();
  }

  disconnect(): void {
    this.#open = false;
  }

  /** Delivers the answers to `channel` still out, in the order given by `pick` (default: as asked). */
  deliver(channel: CallChannel, pick: (calls: Call[]) => Call[] = (calls) => calls): void {
    for (const call of pick(this.calls.filter((c) => c.channel === channel))) call.deliver();
  }

  #answer(channel: CallChannel, input: unknown): unknown {
    switch (channel) {
      case 'status.get':
        return this.core.status;
      case 'sync.status':
      case 'sync.now':
        return this.core.sync;
      case 'outbox.page':
        return { entries: this.core.outbox, counts: countsOf(this.core.outbox) };
      case 'outbox.get':
        return this.core.outbox.find((o) => o.id === (input as { id: number }).id);
      case 'settings.get':
        return this.core.settings;
      case 'settings.set':
        return this.core.settings;
      case 'session.current':
      case 'session.setQuantity':
        return this.core.session;
      default:
        return {};
    }
  }
}

type Store = typeof import('./app.ts');
let shell: FakeShell;
let store: Store;
let stop: () => void = () => undefined;

/** A fresh store (its state is module-level) whose calls and events go through `shell`. */
async function load(open: boolean): Promise<void> {
  shell = new FakeShell(open);
  vi.resetModules();
  const { createPosApi } = await import('../platform/pos.ts');
  const { setPos } = await import('./pos.ts');
  setPos(createPosApi(shell));
  store = await import('./app.ts');
}

/** Lets every answer and event already under way arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const shown = () => store.useApp.getState();

beforeEach(() => {
  // The status bar's ten-second tick is not what these tests are about.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('the store reads the core again once events flow', () => {
  it('after the event stream connects: a sync that ended before it shows as ended', async () => {
    await load(false);
    shell.core.sync = syncing;
    stop = store.followCore();
    await settle();
    // Before the stream connected, the core finished the sync and an order was queued: the events
    // saying so went nowhere.
    shell.core.sync = synced;
    shell.core.outbox = [order(1)];
    shell.core.status = { ...STATUS, online: true, queued: 1, lastSyncedAt: synced.lastSyncedAt };
    shell.emit('sync.progress', synced);
    shell.emit('outbox.changed', changed(shell.core.outbox, order(1)));
    shell.emit('status.changed', shell.core.status);

    shell.connect();
    await settle();
    expect(shown().sync).toEqual(synced);
    expect(shown().status).toEqual(shell.core.status);
    expect(shown().outbox).toEqual([order(1)]);
  });

  it('after every reconnect: what changed while the stream was down is shown', async () => {
    await load(true);
    stop = store.followCore();
    await settle();
    expect(shown().status).toEqual(STATUS);

    shell.disconnect();
    shell.core.status = { ...STATUS, online: true, queued: 2 };
    shell.core.outbox = [order(1), order(2)];
    shell.core.sync = syncing;
    shell.connect();
    await settle();
    expect(shown().status).toEqual(shell.core.status);
    expect(shown().outbox).toEqual([order(1), order(2)]);
    expect(shown().sync).toEqual(syncing);
  });

  it('subscribes before it reads (Electron): an event sent just after an answer is not lost', async () => {
    await load(true);
    shell.core.sync = syncing;
    // The sync ends the moment the core has answered sync.status ("running").
    shell.afterAnswer = (channel) => {
      if (channel !== 'sync.status' || shell.core.sync === synced) return;
      shell.core.sync = synced;
      shell.emit('sync.progress', synced);
    };
    stop = store.followCore();
    await settle();
    expect(shell.log.indexOf('on sync.progress')).toBeLessThan(shell.log.indexOf('call sync.status'));
    expect(shown().sync).toEqual(synced);
  });
});

describe('an answer older than the last event is not applied', () => {
  beforeEach(async () => {
    await load(true);
    stop = store.followCore();
    await settle();
    shell.held = true;
  });

  it('sync.now: a fast sync that ended before its answer arrived shows as ended', async () => {
    const { syncNow } = await import('./settings.ts');
    shell.core.sync = syncing;
    const asked = syncNow(false);
    shell.emit('sync.progress', syncing);
    shell.core.sync = synced;
    shell.emit('sync.progress', synced);
    shell.deliver('sync.now');
    await asked;
    expect(shown().sync).toEqual(synced);
  });

  it('sync.status and status.get asked before an event do not overwrite it', async () => {
    shell.core.sync = syncing;
    const sync = shown().refreshSync();
    const status = shown().refreshStatus();
    shell.core.sync = synced;
    shell.emit('sync.progress', synced);
    shell.core.status = { ...STATUS, online: true };
    shell.emit('status.changed', shell.core.status);
    shell.deliver('sync.status');
    shell.deliver('status.get');
    await Promise.all([sync, status]);
    expect(shown().sync).toEqual(synced);
    expect(shown().status).toEqual({ ...STATUS, online: true });
  });

  it('an answer asked earlier does not overwrite one asked later (Orders list)', async () => {
    const before = shown().refreshOutbox();
    shell.core.outbox = [order(1)];
    const after = shown().refreshOutbox();
    // The page asked later comes back first, the one asked before it last.
    shell.deliver('outbox.page', (calls) => [...calls].reverse());
    await Promise.all([before, after]);
    expect(shown().outbox).toEqual([order(1)]);
  });

  it('a page asked before an event is shown with that event put on it again', async () => {
    shell.core.outbox = [order(1)];
    const page = shown().refreshOutbox();
    // The order is sent after the core answered the page, and the event overtakes the answer.
    const sent = { ...order(1), state: 'sent' as const };
    shell.emit('outbox.changed', changed([sent], sent));
    shell.deliver('outbox.page');
    await page;
    expect(shown().outbox).toEqual([sent]);
    expect(shown().outboxCounts).toMatchObject({ sent: 1, queued: 0 });
  });

  it('an answer with no event since it was asked is applied', async () => {
    shell.core.status = { ...STATUS, queued: 3 };
    const status = shown().refreshStatus();
    shell.deliver('status.get');
    await status;
    expect(shown().status).toEqual({ ...STATUS, queued: 3 });
  });
});

/** The stream connected, the core started following, its reading of the settings refused. */
async function startWithSettingsRefused(): Promise<void> {
  await load(true);
  shell.refusing.add('settings.get');
  stop = store.followCore();
  await settle();
  expect(shown().settingsError).toBe('settings.get failed');
}

describe('settings whose reading failed at start', () => {
  it('the failure is noted; they are read again when the stream reconnects, and on request', async () => {
    await load(false);
    shell.refusing.add('settings.get');
    stop = store.followCore();
    await settle();
    // Settings would say "Loading…" for good without the failure noted.
    expect(shown().settings).toBeNull();
    expect(shown().settingsError).toBe('settings.get failed');

    // Still refused when the stream connects: read again, the failure noted again.
    shell.connect();
    await settle();
    expect(shell.log.filter((l) => l === 'call settings.get')).toHaveLength(2);
    expect(shown().settingsError).toBe('settings.get failed');

    shell.refusing.delete('settings.get');
    shell.disconnect();
    shell.connect();
    await settle();
    expect(shown().settings).toEqual(SETTINGS);
    expect(shown().settingsError).toBeNull();

    // Read once they are here: a reconnect reads them no more (no event changes them behind Settings).
    shell.disconnect();
    shell.connect();
    await settle();
    expect(shell.log.filter((l) => l === 'call settings.get')).toHaveLength(3);
  });

  it('are read again with the status every ten seconds until they come', async () => {
    await startWithSettingsRefused();
    // Still refused at the tick: the error stays shown all along (no "Loading…" in between).
    vi.advanceTimersByTime(10_000);
    expect(shown().settingsError).toBe('settings.get failed');
    await settle();
    expect(shown().settingsError).toBe('settings.get failed');
    shell.refusing.delete('settings.get');
    vi.advanceTimersByTime(10_000);
    await settle();
    expect(shown().settings).toEqual(SETTINGS);
    expect(shown().settingsError).toBeNull();
    // Here: the tick reads them no more.
    vi.advanceTimersByTime(10_000);
    await settle();
    expect(shell.log.filter((l) => l === 'call settings.get')).toHaveLength(3);
  });

  it('a read asked on request (Retry) shows the settings', async () => {
    await startWithSettingsRefused();
    shell.refusing.delete('settings.get');
    await shown().refreshSettings();
    expect(shown().settings).toEqual(SETTINGS);
    expect(shown().settingsError).toBeNull();
  });
});

describe('two changes of settings in quick succession', () => {
  beforeEach(async () => {
    await load(true);
  });

  it('go to the core one after the other, and the screen shows the core with both', async () => {
    const { saveSettings } = await import('./settings.ts');
    shell.held = true;
    const first = saveSettings({ scanner: { suffix: 'tab' } });
    const second = saveSettings({ scanner: { delivery: 'paste' } });
    let done = false;
    void Promise.all([first, second]).then(() => (done = true));
    // Whatever is in flight reaches the core last-sent first, as two connections may deliver it.
    while (!done) {
      shell.deliver('settings.set', (calls) => [...calls].reverse());
      await settle();
    }
    expect(shown().settings?.scanner).toMatchObject({ suffix: 'tab', delivery: 'paste' });
  });
});

/** Waits for the change of settings the store sends (one at a time, settings.ts), and answers it. */
async function answerSettingsSet(): Promise<void> {
  while (!shell.calls.some((c) => c.channel === 'settings.set')) await settle();
  shell.deliver('settings.set');
}

describe('a Settings choice being saved', () => {
  beforeEach(async () => {
    await load(true);
  });

  it('is what a card shown meanwhile shows, until the answer to the last pick of it', async () => {
    const { saveChoice, useChoiceSaves } = await import('./settings.ts');
    const chosen = () => useChoiceSaves.getState()['scanner-suffix']?.chosen;
    shell.held = true;
    // Two picks in a row: the card shows the later one until its own answer, whatever the first's.
    const first = saveChoice('scanner-suffix', 'tab', { scanner: { suffix: 'tab' } });
    const second = saveChoice('scanner-suffix', 'enter', { scanner: { suffix: 'enter' } });
    expect(chosen()).toBe('enter');
    await answerSettingsSet();
    await first;
    expect(chosen()).toBe('enter');
    await answerSettingsSet();
    expect(await second).toBeNull();
    expect(chosen()).toBeNull();
    expect(shown().settings?.scanner.suffix).toBe('enter');
  });

  it('refused, says why, and the saved value shows again', async () => {
    const { saveChoice, useChoiceSaves } = await import('./settings.ts');
    shell.refusing.add('settings.set');
    expect(await saveChoice('scanner-suffix', 'tab', { scanner: { suffix: 'tab' } })).toBe(
      'settings.set failed',
    );
    expect(useChoiceSaves.getState()['scanner-suffix']?.chosen).toBeNull();
  });
});

describe('the Orders list is kept by the orders each event carries, never read again for one', () => {
  beforeEach(async () => {
    await load(true);
    shell.core.outbox = [order(3), order(2), order(1)];
    stop = store.followCore();
    await settle();
  });

  it('an order that changed is put in place, and nothing is asked of the core for it', async () => {
    expect(shown().outbox).toEqual([order(3), order(2), order(1)]);
    const asked = shell.log.length;
    const sent = { ...order(2), state: 'sent' as const };
    shell.emit('outbox.changed', changed([order(3), sent, order(1)], sent));
    await settle();
    expect(shown().outbox).toEqual([order(3), sent, order(1)]);
    expect(shown().orderNews['2']).toEqual(sent);
    expect(shell.log.slice(asked)).toEqual([]);
  });

  it('a new order joins at the top; one that no longer matches the filter leaves', async () => {
    const { setOrdersQuery } = await import('./orders.ts');
    await setOrdersQuery({ filter: 'waiting' });
    expect(shown().outbox.map((e) => e.id)).toEqual([3, 2, 1]);
    const asked = shell.log.length;
    const sent = { ...order(2), state: 'sent' as const };
    shell.emit('outbox.changed', changed([order(4), order(3), sent, order(1)], sent, order(4)));
    await settle();
    expect(shown().outbox.map((e) => e.id)).toEqual([4, 3, 1]);
    expect(shown().outboxCounts).toMatchObject({ queued: 3, sent: 1 });
    expect(shell.log.slice(asked)).toEqual([]);
  });
});

describe('the order just placed, after the event stream was down', () => {
  it('is read again by its id when the stream reconnects, the list not read for it', async () => {
    await load(true);
    shell.core.outbox = [order(1)];
    stop = store.followCore();
    await settle();
    store.setSale({ placed: orderId(1) });
    store.notePlaced(order(1));
    shell.disconnect();
    // Sent while nobody listened: its event went nowhere.
    const sent = { ...order(1), state: 'sent' as const, updatedAt: '2025-03-01T10:00:05.000Z' };
    shell.core.outbox = [sent];
    shell.connect();
    await settle();
    expect(shown().orderNews['1']).toEqual(sent);
    expect(shell.log.filter((l) => l === 'call outbox.get')).toHaveLength(1);
  });
});

describe('the sale as read and as changed', () => {
  it('a read the core answered before a change does not put the sale back without it', async () => {
    await load(true);
    shell.held = true;
    shell.core.session = aSession([aLine(1)]);
    // Asked (at start, say) and answered by the core with one piece...
    const read = shown().refreshSession();
    // ...then the cashier makes it two, and that answer comes back first.
    shell.core.session = aSession([aLine(1, 2)]);
    const { setQuantity } = await import('./sale.ts');
    const changed = setQuantity(aLine(1), 2);
    shell.deliver('session.setQuantity');
    expect(await changed).toBe(true);
    shell.deliver('session.current');
    await read;
    expect(shown().session?.lines.map((l) => l.quantity)).toEqual([2]);
  });

  it('of two reads, the later asked is shown, whichever answer comes last', async () => {
    await load(true);
    shell.held = true;
    shell.core.session = aSession([aLine(1)]);
    const first = shown().refreshSession();
    shell.core.session = aSession([aLine(1), aLine(2)]);
    const second = shown().refreshSession();
    shell.deliver('session.current', (calls) => [...calls].reverse());
    await Promise.all([first, second]);
    expect(shown().session?.lines.map((l) => l.id)).toEqual([aLine(1).id, aLine(2).id]);
  });

  it('a read with nothing shown since is applied', async () => {
    await load(true);
    shell.core.session = aSession([aLine(3)]);
    await shown().refreshSession();
    expect(shown().session).toEqual(aSession([aLine(3)]));
  });
});
