// The one place the serial library is used (port.ts loads this file on the first port opened or
// listed): node-serialport (serialport.io), the maintained Node serial library, through its two
// parts: @serialport/bindings-cpp, whose prebuilt Node-API binaries for Linux, Windows and macOS
// ship inside its npm package (the same file loads in Node and in Electron; nothing is compiled at
// install), and @serialport/stream, the port as a Node stream.
//
// One fix of ours on top: on Linux and macOS the binding takes a read of 0 bytes for "nothing yet"
// and reads again at once. A tty that hung up (a USB scanner unplugged, a pseudo-terminal whose
// other end closed) answers every read with 0 bytes: the binding spun a core at 100 % and the port
// never said it was gone (seen with a socat pty pair: no close event, the read looping). With
// vmin 1 a read of 0 bytes is the end of the line, so here it ends the port as a disconnection.
import { readSync } from 'node:fs';
import {
  autoDetect,
  BindingsError,
  DarwinPortBinding,
  LinuxPortBinding,
  type BindingInterface,
} from '@serialport/bindings-cpp';
import { SerialPortStream } from '@serialport/stream';
import type { SerialPortsView } from '../../contract/contract.ts';

const native: BindingInterface = autoDetect();

const binding: BindingInterface = {
  list: () => native.list(),
  open: async (options) => {
    const port = await native.open(options);
    if (port instanceof LinuxPortBinding || port instanceof DarwinPortBinding) endOnHangup(port);
    return port;
  },
};

type UnixPort = LinuxPortBinding | DarwinPortBinding;

function endOnHangup(port: UnixPort): void {
  port.read = (buffer, offset, length) => readUntilHangup(port, buffer, offset, length);
}

const AGAIN = new Set(['EAGAIN', 'EWOULDBLOCK', 'EINTR']);

async function readUntilHangup(
  port: UnixPort,
  buffer: Buffer,
  offset: number,
  length: number,
): Promise<{ bytesRead: number; buffer: Buffer }> {
  for (;;) {
    const fd = port.fd;
    if (fd === null) throw new BindingsError('Port is not open', { canceled: true });
    let bytesRead: number;
    try {
      // On this thread, at once: the port is open non-blocking (the binding's O_NONBLOCK), so a read
      // with nothing there fails EAGAIN and never blocks. The binding's own read went through the
      // libuv thread pool, a hop to another thread and back for every line the poller had just
      // said was there (and a wait behind whatever else the pool was doing).
      bytesRead = readSync(fd, buffer, offset, length, null);
    } catch (error) {
      if (!AGAIN.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      // Closed while the read was under way: its poller is destroyed, and polling it would crash the
      // process (seen: SIGSEGV), so the read ends as cancelled, as the binding's own does.
      if (port.fd === null) throw new BindingsError('Port is not open', { canceled: true });
      await readable(port);
      continue;
    }
    if (bytesRead === 0) throw new Error('the device hung up (end of file)');
    return { bytesRead, buffer };
  }
}

function readable(port: UnixPort): Promise<void> {
  return new Promise((resolve, reject) => {
    port.poller.once('readable', (error) => (error === null ? resolve() : reject(error)));
  });
}

/** An open port, as the reader needs it. */
export interface OpenPort {
  /** Every chunk read, in order. */
  onData(listener: (chunk: Buffer) => void): void;
  /** The port went by itself (the device is gone, a read failed); never called after close(). */
  onLost(listener: (why: string) => void): void;
  close(): Promise<void>;
}

export function openPort(path: string, baudRate: number): Promise<OpenPort> {
  return new Promise((resolve, reject) => {
    const port = new SerialPortStream({ binding, path, baudRate, autoOpen: false });
    port.open((error) => {
      if (error !== null) reject(error);
      else resolve(wrap(port));
    });
  });
}

function wrap(port: SerialPortStream): OpenPort {
  let closing = false;
  let lost: ((why: string) => void) | undefined;
  const gone = (why: string) => {
    if (closing) return;
    closing = true;
    lost?.(why);
  };
  // A disconnection closes the stream with its error; any other error leaves it to be closed here.
  port.on('close', (error: Error | null) => gone(error?.message ?? 'the port closed'));
  port.on('error', (error: Error) => {
    gone(error.message);
    if (port.isOpen) port.close(() => undefined);
  });
  return {
    onData: (listener) => port.on('data', listener),
    onLost: (listener) => {
      lost = listener;
    },
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        if (!port.isOpen) return resolve();
        port.close(() => resolve());
      }),
  };
}

/** The serial ports the system lists (a pseudo-terminal is not among them, but can be typed). */
export async function listPorts(): Promise<SerialPortsView> {
  try {
    const ports = await native.list();
    return {
      ports: ports.map((p) => ({
        path: p.path,
        ...(p.manufacturer === undefined ? {} : { manufacturer: p.manufacturer }),
        ...(p.vendorId === undefined ? {} : { vendorId: p.vendorId }),
        ...(p.productId === undefined ? {} : { productId: p.productId }),
      })),
    };
  } catch (error) {
    return { ports: [], detail: error instanceof Error ? error.message : String(error) };
  }
}
