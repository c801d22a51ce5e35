// CI form of the outbox fault run against an instance without duplicate detection: nothing in-doubt
// may be resent automatically, so a person settles every such order. See fault.test.ts.
import { expect, it } from 'vitest';
import { expectNothingLostOrRepeated } from './fault-expect.ts';
import { runOutboxFaultRun } from './fault-run.ts';

const log = (m: string): void => {
  process.stderr.write(`${m}\n`);
};

it('100 orders through random faults and 5 kills, an instance without duplicate detection: nothing resent on a guess', async () => {
  const result = await runOutboxFaultRun({ orders: 100, kills: 5, seed: 7, duplicateDetection: false, log });
  log(`outbox fault run (no duplicate detection): ${JSON.stringify(result)}`);
  expectNothingLostOrRepeated(result, 100);
  expect(result.recognisesClientReference).toBe(false);
  // Every order that went in-doubt waited for the person, who found on the instance the ones it had
  // stored and resent the others. How many of each a run has depends on when each kill fell (seen: a
  // clean-clone run where the instance had stored none of them), so only their sum is this run's to
  // check; a person finding an order and marking it sent is outbox.test.ts's "in-doubt is held for
  // the operator" case.
  expect(result.inDoubt).toBeGreaterThan(0);
  expect(result.leftInDoubt).toBeGreaterThan(0);
  expect(result.foundByPerson + result.resentByPerson).toBe(result.leftInDoubt);
  expect(result.settledBy409).toBe(0);
}, 180_000);
