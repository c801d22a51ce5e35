// CI form of the outbox fault run: ~100 orders, random faults, the client SIGKILLed and restarted,
// against an instance that recognises repeated client references (fault-no-detection.test.ts: one
// that does not). The full 1,000-order run is `npm run bench` (test/bench/outbox.ts).
import { expect, it } from 'vitest';
import { expectNothingLostOrRepeated } from './fault-expect.ts';
import { runOutboxFaultRun } from './fault-run.ts';

const log = (m: string): void => {
  process.stderr.write(`${m}\n`);
};

it('100 orders through random faults and 5 kills, an instance with duplicate detection: 0 lost, 0 duplicated', async () => {
  const result = await runOutboxFaultRun({ orders: 100, kills: 5, seed: 7, log });
  log(`outbox fault run (duplicate detection): ${JSON.stringify(result)}`);
  expectNothingLostOrRepeated(result, 100);
  expect(result.recognisesClientReference).toBe(true);
  // The faults did their job: orders went in-doubt and the service's 409 settled them.
  expect(result.inDoubt).toBeGreaterThan(0);
  expect(result.settledBy409).toBeGreaterThan(0);
}, 180_000);
