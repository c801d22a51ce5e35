// The serial scanner (USB-COM or RS-232, read by the core): its setting, the ports to choose from.
import type { SerialPortsView, SerialScannerSettings, SettingsView } from '../../contract/contract.ts';
import { deliverScan } from '../scanner/index.ts';
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

/**
 * Takes the serial scanner's scans as the core keeps them (scanner.take) and puts each in the page's
 * one scan queue (deliverScan, as the keyboard's scans go), once and in order: when the core says scans wait, and whenever events start reaching the page (an
 * event lost while the web shell's stream reconnected loses no scan: they wait in the core). One take
 * at a time, so two answers can never be applied out of order. Returns the unsubscribe function.
 */
export function followSerialScans(): () => void {
  /** Times a take was asked for; a take under way goes round again when more were asked meanwhile. */
  let asked = 0;
  let taking = false;
  let stopped = false;
  const take = async (): Promise<void> => {
    asked++;
    if (taking) return;
    taking = true;
    try {
      let answered = -1;
      while (answered !== asked && !stopped) {
        answered = asked;
        const { scans } = await pos.invoke('scanner.take', {});
        for (const scan of scans) deliverScan(scan.code, 'serial');
      }
    } catch {
      // The core did not answer (the shell restarting): the scans wait there; the next event or
      // reconnect takes them.
    } finally {
      taking = false;
    }
  };
  const offs = [pos.on('scanner.waiting', () => void take()), pos.opened(() => void take())];
  void take();
  return () => {
    stopped = true;
    for (const off of offs) off();
  };
}
