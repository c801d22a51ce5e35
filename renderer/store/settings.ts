// Settings actions: the instance, the terminal's warehouse, the scanner, label rules, sync and the
// connection test. Each returns what the core answered (or throws its PosError) for the screen to show.
import type { ConnectionView, SettingsPatch, SettingsView, WarehouseView } from '../../preload/contract.ts';
import { pos } from '../pos.ts';
import { message, useApp } from '../store.ts';
import { withPin } from './guard.ts';

/** Stores a change of settings; the settings shown are the core's answer. */
export async function saveSettings(patch: SettingsPatch): Promise<SettingsView> {
  // A manager PIN, if set, guards every change: the prompt asks for it, then the change is made.
  const settings = await withPin(() => pos.invoke('settings.set', patch));
  useApp.setState({ settings });
  return settings;
}

/** Stores the instance and its credentials; the status bar then shows the instance now configured. */
export async function saveInstance(patch: SettingsPatch): Promise<SettingsView> {
  const settings = await saveSettings(patch);
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

export function testConnection(): Promise<ConnectionView> {
  return pos.invoke('connection.test', {});
}

export async function syncNow(full: boolean): Promise<void> {
  useApp.setState({ sync: await pos.invoke('sync.now', { full }) });
}
