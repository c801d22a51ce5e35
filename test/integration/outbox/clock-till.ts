// Child of clock-retention.test.ts: a till's core in its own process, so faketime can set its clock.
//   sell DATA_DIR SIM_URL BARCODE COUNT: syncs, opens a shift, sells COUNT sales of BARCODE, waits
//     until the instance acknowledged each, closes the shift (its Z report) and prints the order ids.
//   start DATA_DIR SIM_URL: starts the core as the app does (compaction soon after, here at once),
//     waits for the compaction's line in its log and prints it.
// One JSON line on stdout; the core's log goes to stderr.
import { z } from 'zod';
import type { Envelope } from '../../../contract/contract.ts';
import { Core } from '../../../main/core/core.ts';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import { demoEnv } from '../../support/fixtures.ts';

const [mode, dataDir, simUrl, barcode, count] = process.argv.slice(2);
if (dataDir === undefined || simUrl === undefined) throw new Error('usage: sell|start DATA_DIR SIM_URL …');

const lines: string[] = [];
const core = await Core.create({
  dataDir,
  credentials: new MemoryCredentialStore(),
  env: demoEnv(simUrl),
  autoSync: false,
  probeIntervalMs: 200,
  compactionAfterStartMs: mode === 'start' ? 0 : 3_600_000,
  log: (line) => {
    lines.push(line);
    process.stderr.write(`${line}\n`);
  },
});

async function call(channel: string, input: unknown): Promise<unknown> {
  const envelope: Envelope = await core.invoke(channel, input);
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}

/** Waits (polling, up to two minutes) until `done` gives a value. */
async function until<T>(what: string, done: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (let i = 0; i < 1200; i += 1) {
    const value = await done();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function sell(code: string, sales: number): Promise<number[]> {
  await call('sync.now', {});
  const Sync = z.object({ running: z.boolean(), lastSyncedAt: z.string().nullable() });
  await until('the first sync', async () => {
    const sync = Sync.parse(await call('sync.status', {}));
    return !sync.running && sync.lastSyncedAt !== null ? true : undefined;
  });
  await call('settings.set', { warehouseId: 1, walkInCustomer: { companyId: 1 } });
  await call('shift.open', { float: 0 });
  const ids: number[] = [];
  for (let i = 0; i < sales; i += 1) {
    await call('session.scan', { code, via: 'scanner' });
    const closed = z
      .object({ order: z.object({ id: z.number() }) })
      .parse(await call('session.close', { tender: { method: 'card' } }));
    ids.push(closed.order.id);
  }
  const State = z.object({ state: z.string() });
  for (const id of ids)
    await until(`order ${id} acknowledged`, async () => {
      const { state } = State.parse(await call('outbox.get', { id }));
      if (state === 'sent') return true;
      if (!['queued', 'sending'].includes(state)) throw new Error(`order ${id} went ${state}`);
      return undefined;
    });
  // Paid by card from a float of 0: the drawer holds nothing. The Z report closes the shift.
  await call('shift.close', { counted: 0 });
  return ids;
}

try {
  if (mode === 'sell') {
    const ids = await sell(barcode ?? '', Number(count ?? 1));
    process.stdout.write(`${JSON.stringify({ ids })}\n`);
  } else if (mode === 'start') {
    const line = await until('a compaction run', () => lines.find((l) => l.startsWith('order history:')));
    process.stdout.write(`${JSON.stringify({ line })}\n`);
  } else throw new Error(`unknown mode ${String(mode)}`);
} finally {
  await core.close();
}
