// An instance whose /swagger lists its paths with no operation under them (ACL-trimmed or minimal),
// played by the sim with bareSwaggerPaths over real HTTP. A feature is off only when its path is
// absent or the endpoint answers 404, and every entry point decides the same way: the client's
// capabilities, `pos order` (sends before reading the description) and `pos outbox replay` (reads
// it first). No Idempotency-Key is described, so replays are not counted on to be recognised.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runCli } from '../../../main/cli/run.ts';
import { OutboxEntry } from '../../../main/outbox/index.ts';
import { ServiceClient } from '../../../main/service/index.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { DEMO, demoEnv, sharedTempDir } from '../../support/fixtures.ts';
import { orderDataAt, type OrderData } from '../outbox/order-data.ts';

const dir = sharedTempDir('bare-swagger');
let sim: RunningSim;
let data: OrderData;

beforeAll(async () => {
  sim = await startSim({ size: 'small', bareSwaggerPaths: true });
  data = await orderDataAt(sim.url);
});
afterAll(async () => {
  await sim.close();
});

async function pos(
  args: string[],
  dataDir: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env: demoEnv(sim.url, dataDir),
  });
  return { code, stdout, stderr };
}

function orderFile(name: string): string {
  const file = join(dir, `${name}.json`);
  const items = [{ productId: data.productId, quantity: 1 }];
  writeFileSync(file, JSON.stringify({ customerId: data.customerId, warehouseId: data.warehouseId, items }));
  return file;
}

describe('a /swagger with bare path items', () => {
  it('ServiceClient.capabilities(): described, the order endpoints available, replays not recognised', async () => {
    const client = new ServiceClient({ baseUrl: sim.url, ...DEMO });
    try {
      const caps = await client.capabilities();
      expect(caps.described).toBe(true);
      expect(caps.endpoints.internetOrderCreate).toBe(true);
      expect(caps.endpoints.internetOrderDelete).toBe(true);
      expect(caps.recognisesClientReference).toBe(false);
    } finally {
      await client.close();
    }
  });

  it('pos order sends the order and the instance stores it', async () => {
    const run = await pos(['order', orderFile('direct'), '--json'], join(dir, 'direct'));
    expect(run.code, run.stderr).toBe(0);
    const entry = OutboxEntry.parse(JSON.parse(run.stdout));
    expect(entry).toMatchObject({ state: 'sent', attempts: 1 });
    const stored = sim.admin.listOrders().find((o) => o.id === entry.remoteId);
    expect(stored?.clientReference).toBe(entry.clientReference);
  });

  it('an order queued while the instance was offline is sent by pos outbox replay', async () => {
    const dataDir = join(dir, 'replay');
    await sim.faults.setOffline(true);
    let queued: OutboxEntry;
    try {
      const placed = await pos(['order', orderFile('queued'), '--json'], dataDir);
      expect(placed.code, placed.stderr).toBe(0);
      queued = OutboxEntry.parse(JSON.parse(placed.stdout));
      expect(queued.state).toBe('queued');
      expect(placed.stderr).toContain('it is queued in the outbox');
    } finally {
      await sim.faults.setOffline(false);
    }
    const replay = await pos(['outbox', 'replay', '--json'], dataDir);
    expect(replay.code, replay.stderr).toBe(0);
    expect(replay.stderr).toContain('replay: 1 order(s) tried');
    const entries = z.array(OutboxEntry).parse(JSON.parse(replay.stdout));
    expect(entries).toMatchObject([{ id: queued.id, state: 'sent' }]);
    expect(sim.admin.listOrders().filter((o) => o.clientReference === queued.clientReference)).toHaveLength(
      1,
    );
  });
});
