// Loopback ports for the servers tests start (nats-server, cupsd, the store simulation's hub).
//
// Not the OS's choice (listen on port 0, let go, start the server there): that port is back in the
// pool at once, so while a test's hub is down (kill -9, then started again on the same port, as the
// tills know it by its URL) another test's server or an outgoing connection may get it, and a till
// then talks to another test's hub under the same till names. These ports sit below the OS's own
// range (ip_local_port_range starts at 32768), a slice for each vitest worker, handed out in turn:
// no other test and no outgoing connection is given one of them while a test holds it.
import { createServer } from 'node:net';

const FIRST = 20_000;
const SLICE = 400;
const WORKERS = 30;

const worker = Number(process.env['VITEST_POOL_ID'] ?? process.env['VITEST_WORKER_ID'] ?? '0');
const base = FIRST + (Number.isSafeInteger(worker) ? worker % WORKERS : 0) * SLICE;
// A random start: two runs side by side on one machine (two checkouts) seldom meet.
let next = Math.floor(Math.random() * SLICE);

/** Whether nothing listens on 127.0.0.1:`port` now. */
function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A loopback port of this worker's slice that nothing listens on now. */
export async function freePort(): Promise<number> {
  for (let tried = 0; tried < SLICE; tried++) {
    const port = base + (next++ % SLICE);
    if (await free(port)) return port;
  }
  throw new Error(`no free loopback port in ${base}–${base + SLICE - 1}`);
}
