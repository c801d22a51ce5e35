// App state (zustand): what the screens show, loaded through `pos` and kept fresh by core events.
import { create } from 'zustand';
import {
  PosError,
  type OutboxEntryView,
  type SessionView,
  type SettingsView,
  type StatusView,
  type SyncStatusView,
} from '../preload/contract.ts';
import { pos } from './pos.ts';

export type Screen = 'sale' | 'stock' | 'orders' | 'settings';
export const SCREENS: readonly { id: Screen; label: string; key: string }[] = [
  { id: 'sale', label: 'Sale', key: 'F1' },
  { id: 'stock', label: 'Stock', key: 'F2' },
  { id: 'orders', label: 'Orders', key: 'F3' },
  { id: 'settings', label: 'Settings', key: 'F4' },
];

export interface Notice {
  readonly tone: 'ok' | 'warn' | 'error';
  readonly text: string;
  readonly at: number;
}

interface AppState {
  screen: Screen;
  status: StatusView | null;
  sync: SyncStatusView | null;
  settings: SettingsView | null;
  session: SessionView | null;
  sessionError: string | null;
  outbox: OutboxEntryView[];
  outboxError: string | null;
  notice: Notice | null;
  setScreen: (screen: Screen) => void;
  notify: (tone: Notice['tone'], text: string) => void;
  refreshStatus: () => Promise<void>;
  refreshSettings: () => Promise<void>;
  refreshSync: () => Promise<void>;
  refreshSession: () => Promise<void>;
  refreshOutbox: () => Promise<void>;
}

export const useApp = create<AppState>()((set) => ({
  screen: 'sale',
  status: null,
  sync: null,
  settings: null,
  session: null,
  sessionError: null,
  outbox: [],
  outboxError: null,
  notice: null,
  setScreen: (screen) => set({ screen }),
  notify: (tone, text) => set({ notice: { tone, text, at: Date.now() } }),
  refreshStatus: async () => {
    const status = await pos.invoke('status.get', {});
    set({ status });
  },
  refreshSettings: async () => {
    const settings = await pos.invoke('settings.get', {});
    set({ settings });
  },
  refreshSync: async () => {
    const sync = await pos.invoke('sync.status', {});
    set({ sync });
  },
  refreshSession: async () => {
    try {
      const session = await pos.invoke('session.current', {});
      set({ session, sessionError: null });
    } catch (error) {
      set({ sessionError: message(error) });
    }
  },
  refreshOutbox: async () => {
    try {
      const outbox = await pos.invoke('outbox.list', {});
      set({ outbox, outboxError: null });
    } catch (error) {
      set({ outboxError: message(error) });
    }
  },
}));

export function message(error: unknown): string {
  if (error instanceof PosError) return error.message;
  return 'Something went wrong.';
}

/** Loads everything once and follows the core's events. Returns the unsubscribe function. */
export function startSync(): () => void {
  const s = useApp.getState();
  void Promise.allSettled([
    s.refreshStatus(),
    s.refreshSettings(),
    s.refreshSync(),
    s.refreshSession(),
    s.refreshOutbox(),
  ]);
  const offs = [
    pos.on('status.changed', (status) => useApp.setState({ status })),
    pos.on('sync.progress', (sync) => useApp.setState({ sync })),
    pos.on('outbox.changed', () => void useApp.getState().refreshOutbox()),
    pos.on('connectivity', () => void useApp.getState().refreshStatus()),
  ];
  // The status bar's "last sync" age must tick even when nothing happens.
  const timer = setInterval(
    () =>
      void useApp
        .getState()
        .refreshStatus()
        .catch(() => undefined),
    10_000,
  );
  return () => {
    clearInterval(timer);
    for (const off of offs) off();
  };
}
