// The serial port as the scanner uses it. The serial library (serial-library.ts: node-serialport and
// its native binding) is loaded on the first port opened or listed, not at start: a till with no
// serial scanner never loads it, and a restarted till answers its first barcode sooner (issue 36).
// A library that cannot be loaded fails the opening or the listing, said as their own errors are.
import type { SerialPortsView } from '../../contract/contract.ts';
import type { OpenPort } from './serial-library.ts';

export type { OpenPort } from './serial-library.ts';

type SerialLibrary = typeof import('./serial-library.ts');

let library: Promise<SerialLibrary> | undefined;

function serialLibrary(): Promise<SerialLibrary> {
  // A failed load is tried again next time (the reader retries its port).
  library ??= import('./serial-library.ts').catch((error: unknown) => {
    library = undefined;
    throw error;
  });
  return library;
}

export async function openPort(path: string, baudRate: number): Promise<OpenPort> {
  return (await serialLibrary()).openPort(path, baudRate);
}

/** The serial ports the system lists (a pseudo-terminal is not among them, but can be typed). */
export async function listPorts(): Promise<SerialPortsView> {
  try {
    return await (await serialLibrary()).listPorts();
  } catch (error) {
    return { ports: [], detail: error instanceof Error ? error.message : String(error) };
  }
}
