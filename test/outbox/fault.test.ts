// CI form of the outbox fault run: ~100 orders, random faults, the client SIGKILLed and restarted.
// The full 1,000-order run is `npm run bench` (test/bench/outbox.ts).
import { expect, it } from 'vitest';
import { runOutboxFaultRun } from './fault-run.ts';

it('100 orders through random faults and 5 kills of the client: 0 lost, 0 duplicated, every in-doubt settled', async () => {
  const result = await runOutboxFaultRun({
    orders: 100,
    kills: 5,
    seed: 7,
    log: (m) => process.stderr.write(`${m}\n`),
  });
  process.stderr.write(`outbox fault run: ${JSON.stringify(result)}\n`);
  expect(result).toMatchObject({
    placed: 100,
    sent: 100,
    lost: 0,
    duplicated: 0,
    unaccounted: 0,
    mismatched: 0,
    kills: 5,
  });
  expect(result.inDoubtSettled).toBe(result.inDoubt);
  // The faults did their job: some orders went in-doubt and were settled by the service's 409.
  expect(result.inDoubt).toBeGreaterThan(0);
  expect(result.settledBy409).toBeGreaterThan(0);
}, 180_000);
