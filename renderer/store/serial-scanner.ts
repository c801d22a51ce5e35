// The serial scanner (USB-COM or RS-232, read by the core): its setting, the ports to choose from.
import type { SerialPortsView, SerialScannerSettings, SettingsView } from '../../contract/contract.ts';
import { pos } from './pos.ts';
import { saveSettings } from './settings.ts';

/** The serial ports the system lists. */
export function serialPorts(): Promise<SerialPortsView> {
  return pos.invoke('scanner.ports', {});
}

/** Stores the serial scanner's port (empty: none) and how it talks; the core opens the port at once. */
export async function saveSerialScanner(
  port: string,
  talk: Pick<SerialScannerSettings, 'baudRate' | 'lineEnd'>,
): Promise<SettingsView> {
  const path = port.trim();
  return saveSettings({ serialScanner: { port: path === '' ? null : path, ...talk } });
}
