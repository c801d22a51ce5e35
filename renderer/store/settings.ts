// Settings actions: the instance, the terminal's warehouse, the scanner, label rules, sync and the
// connection test. Each returns what the core answered (or throws its PosError) for the screen to show.
import type { CallInput, ConnectionView, SettingsView, WarehouseView } from '../../contract/contract.ts';

/** A change of settings as the screens hand it in (ids as the plain numbers they were shown). */
type SettingsPatch = CallInput<'settings.set'>;
import { create } from 'zustand';
import { pos } from './pos.ts';
import { message, mirrored, useApp } from './app.ts';
import { withPin } from './guard.ts';

/**
 * The changes of settings go to the core one after the other: two sent at once (two selects in a row)
 * may reach it in either order over two connections, and the answer of the one it took first would
 * then be shown last, without the other change.
 */
let saving: Promise<unknown> = Promise.resolve();

/** Stores a change of settings, after any change still on its way; the settings shown are the core's answer. */
export function saveSettings(patch: SettingsPatch): Promise<SettingsView> {
  const saved = saving.then(() => saveNow(patch));
  saving = saved.catch(() => undefined);
  return saved;
}

async function saveNow(patch: SettingsPatch): Promise<SettingsView> {
  let answer: SettingsView | undefined;
  await mirrored.settings.ask(async () => (answer = await withPin(() => pos.invoke('settings.set', patch))));
  if (answer === undefined) throw new Error('settings.set gave no answer');
  return answer;
}

/** A Settings choice (ChoiceCard) on its way to the core. */
export interface ChoiceSave {
  /** The value being saved, shown checked meanwhile; null once the last one is answered. */
  readonly chosen: string | null;
  /** Which pick of this choice it is: only the last one's answer lets the saved value show. */
  readonly pick: number;
}

/**
 * The choices being saved, by the card's section. Kept here, not in the card: a card shown again
 * while its save is on its way (Settings left and opened again) shows the value being saved, not the
 * one before it, which a click would then pick again for nothing.
 */
export const useChoiceSaves = create<Readonly<Record<string, ChoiceSave>>>()(() => ({}));

/** Saves a Settings choice: `value` of the card `section`, as `patch` says it. The error to show, or null. */
export async function saveChoice(
  section: string,
  value: string,
  patch: SettingsPatch,
): Promise<string | null> {
  const pick = (useChoiceSaves.getState()[section]?.pick ?? 0) + 1;
  useChoiceSaves.setState({ [section]: { chosen: value, pick } });
  try {
    await saveSettings(patch);
    return null;
  } catch (e) {
    return message(e);
  } finally {
    if (useChoiceSaves.getState()[section]?.pick === pick)
      useChoiceSaves.setState({ [section]: { chosen: null, pick } });
  }
}

/** What became of a change of the manager PIN in Settings. */
export type PinChange =
  | { readonly kind: 'digits' | 'differ' | 'set' | 'changed' | 'removed' }
  | { readonly kind: 'refused'; readonly message: string };

/**
 * Sets the manager PIN, or changes it: `pin` typed twice, 4 to 12 digits, before the core is asked.
 * While one is set, the change itself needs it (the prompt asks, as for any change in Settings).
 */
export async function changeManagerPin(pin: string, again: string): Promise<PinChange> {
  if (!/^\d{4,12}$/.test(pin)) return { kind: 'digits' };
  if (pin !== again) return { kind: 'differ' };
  const wasSet = useApp.getState().settings?.managerPinSet === true;
  try {
    await saveSettings({ managerPin: pin });
    return { kind: wasSet ? 'changed' : 'set' };
  } catch (error) {
    return { kind: 'refused', message: message(error) };
  }
}

/** Removes the manager PIN (which it takes to do): nothing is guarded from then on. */
export async function removeManagerPin(): Promise<PinChange> {
  try {
    await saveSettings({ clearManagerPin: true });
    return { kind: 'removed' };
  } catch (error) {
    return { kind: 'refused', message: message(error) };
  }
}

/** Stores the instance and its credentials; the status bar then shows the instance now configured. */
export async function saveInstance(patch: SettingsPatch): Promise<SettingsView> {
  const settings = await saveSettings(patch);
  useConnectionTest.setState(UNTESTED);
  void useApp.getState().refreshStatus();
  return settings;
}

/** Stores the terminal's warehouse; the error to show, or null. */
export async function setWarehouse(id: number | null): Promise<string | null> {
  try {
    await saveSettings({ warehouseId: id });
    return null;
  } catch (error) {
    return message(error);
  }
}

export function listWarehouses(): Promise<WarehouseView[]> {
  return pos.invoke('warehouses.list', {});
}

/**
 * The last connection test, kept while the app runs so that a look at the Sale screen does not lose
 * it; cleared when the instance or its credentials change (it was about the one before).
 */
export interface ConnectionTestUi {
  readonly info: ConnectionView | null;
  readonly error: string | null;
  readonly busy: boolean;
  /** When the result on screen was obtained (ms since the epoch). */
  readonly testedAt: number | null;
}

const UNTESTED: ConnectionTestUi = { info: null, error: null, busy: false, testedAt: null };

export const useConnectionTest = create<ConnectionTestUi>()(() => UNTESTED);

/** Runs the test; what is on screen is always the latest test's result, never an older one's. */
export async function testConnection(): Promise<void> {
  useConnectionTest.setState({ ...UNTESTED, busy: true });
  try {
    const info = await pos.invoke('connection.test', {});
    useConnectionTest.setState({ info, error: null, busy: false, testedAt: Date.now() });
  } catch (error) {
    useConnectionTest.setState({ info: null, error: message(error), busy: false, testedAt: Date.now() });
  }
}

/** Starts a sync; its answer is shown unless the sync's own events already said more (a fast sync's end). */
export function syncNow(full: boolean): Promise<void> {
  return mirrored.sync.ask(() => pos.invoke('sync.now', { full }));
}

/** Stops the running sync (what it committed stays); shown unless the sync's own events said more. */
export function cancelSync(): Promise<void> {
  return mirrored.sync.ask(() => pos.invoke('sync.cancel', {}));
}
