// The serial scanner (USB-COM or RS-232, read by the core): its setting, the ports to choose from.
import type {
  SerialPortsView,
  SerialScannerSettings,
  SerialScanView,
  SettingsView,
} from '../../contract/contract.ts';
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

/** Takes one waiting serial scan before a screen other than the sale applies it: false if taken already. */
export async function claimSerialScan(id: number, code: string): Promise<boolean> {
  try {
    return (await pos.invoke('scanner.claim', { id, code })).claimed;
  } catch {
    // The core did not answer: the scan waits there still, and the page lists it again when its
    // events flow again.
    return false;
  }
}

/**
 * Puts each of the serial scanner's scans in the page's one scan queue (deliverScan, as the keyboard's
 * scans go) with its id, in order: the scan the core's event carries (scanner.waiting), and on each
 * (re)connection of the events those that wait (scanner.take with peek: an event lost while the web
 * shell's stream reconnected loses no scan). The scan stays in the core until the call that applies
 * it takes it (session.scan's serialScanId): one round trip a scan, and never applied twice, even if
 * the page put it in its queue twice or another tab holds it too. Events that come while a listing
 * is under way wait for it, so they are never put before older scans. Returns the unsubscribe function.
 */
export function followSerialScans(): () => void {
  /** The newest scan id put in the queue since the events last (re)connected. */
  let newest = 0;
  /** Scans from events while a listing is under way (null: none under way). */
  let held: SerialScanView[] | null = null;
  let stopped = false;
  const put = (scans: readonly SerialScanView[]): void => {
    for (const scan of scans) {
      if (scan.id <= newest) continue;
      newest = scan.id;
      deliverScan(scan.code, 'serial', { serialId: scan.id });
    }
  };
  // Two listings may overlap (one at the start, one for a stream open already): the first to end
  // puts the held scans, the other finds none held.
  const takeHeld = (): readonly SerialScanView[] => {
    const later = held ?? [];
    held = null;
    return later;
  };
  const list = async (): Promise<void> => {
    newest = 0;
    held ??= [];
    try {
      const { scans } = await pos.invoke('scanner.take', { peek: true });
      if (!stopped) put(scans);
    } catch {
      // The core did not answer (the shell restarting): the scans wait there; the next connection
      // lists them.
    } finally {
      const later = takeHeld();
      if (!stopped) put(later);
    }
  };
  const offs = [
    pos.on('scanner.waiting', ({ scan }) => {
      if (scan === undefined) return;
      if (held !== null) held.push(scan);
      else put([scan]);
    }),
    pos.opened(() => void list()),
  ];
  void list();
  return () => {
    stopped = true;
    for (const off of offs) off();
  };
}
