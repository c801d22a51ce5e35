// A client process for the outbox fault test (and the benchmark): places orders numbered 0..total-1
// (the number in `note`) until the outbox holds `total`, then replays until the outbox would send
// nothing more on its own (in-doubt orders an instance without duplicate detection cannot settle,
// or that used up their automatic attempts, wait for a person), and exits 0. With --operator the
// replays are the operator's "send now" (orders parked by a Retry-After go at once). Killed with
// SIGKILL at a random moment and started again, it carries on from its SQLite file: that is the point.
// One JSON line per state change of interest goes to stdout.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openDatabase } from '../../../db/database.ts';
import {
  countOutboxOrders,
  DUPLICATE_REQUEST,
  listOutboxOrders,
  MAX_AUTOMATIC_ATTEMPTS,
} from '../../../db/outbox.ts';
import { Outbox } from '../../../main/outbox/index.ts';
import { ServiceClient } from '../../../main/service/index.ts';
import { DEMO } from '../../../sim/testing.ts';

const Args = z.object({
  db: z.string(),
  'base-url': z.string(),
  total: z.coerce.number().int().nonnegative(),
  customer: z.coerce.number().int(),
  warehouse: z.coerce.number().int(),
  product: z.coerce.number().int(),
  'headers-timeout-ms': z.coerce.number().int().positive(),
  operator: z.boolean().default(false),
});

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    'base-url': { type: 'string' },
    total: { type: 'string' },
    customer: { type: 'string' },
    warehouse: { type: 'string' },
    product: { type: 'string' },
    'headers-timeout-ms': { type: 'string', default: '2000' },
    operator: { type: 'boolean' },
  },
});
const args = Args.parse(values);

const db = openDatabase(args.db);
const client = new ServiceClient(
  { baseUrl: args['base-url'], ...DEMO },
  { connectTimeoutMs: 1_000, headersTimeoutMs: args['headers-timeout-ms'], maxRetries429: 0 },
);
const outbox = new Outbox(db, client, {
  retryBackoff: { baseMs: 20, maxMs: 400 },
  probeBackoff: { baseMs: 20, maxMs: 200 },
});
const line = (o: Record<string, unknown>): void => {
  process.stdout.write(`${JSON.stringify(o)}\n`);
};
outbox.on((event) => {
  if (event.type !== 'order') return;
  const { id, state, remoteId, code } = event.order;
  if (state === 'in-doubt' || state === 'sent') line({ event: state, id, remoteId, code });
});

outbox.start();
line({ event: 'started' });
const placedBefore = Object.values(countOutboxOrders(db)).reduce((a, b) => a + b, 0);
for (let n = placedBefore; n < args.total; n += 1) {
  await outbox.place({
    customerId: args.customer,
    warehouseId: args.warehouse,
    items: [{ productId: args.product, quantity: 1 + (n % 5) }],
    note: `fault-${n}`,
  });
}
line({ event: 'placed', total: args.total });

const recognises = await recognisesReplays();
/** Orders the outbox would still send by itself. */
const unfinished = (): number =>
  listOutboxOrders(db).filter(
    (o) =>
      o.state === 'queued' ||
      o.state === 'sending' ||
      (o.state === 'in-doubt' &&
        recognises &&
        o.attempts < MAX_AUTOMATIC_ATTEMPTS &&
        o.code !== DUPLICATE_REQUEST),
  ).length;
while (unfinished() > 0) {
  if (args.operator) await outbox.replay({ ignoreSchedule: true });
  else await outbox.wake();
  await new Promise((resolve) => setTimeout(resolve, 50));
}
await outbox.stop();
await client.close();
line({ event: 'done', counts: countOutboxOrders(db) });
db.close();

/** What the outbox decides by (capabilities), asked until the instance answers through the faults. */
async function recognisesReplays(): Promise<boolean> {
  for (;;) {
    try {
      return (await client.capabilities()).recognisesClientReference;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
