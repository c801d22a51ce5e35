// Newest's refusals (newest.ts): a question's refusal is told only while nothing newer was asked or
// shown since, so an older list request failing late does not stand over a newer list (the Orders
// screen's returns, returns-list.ts). Answers still go as before: an older answer never overwrites.
import { describe, expect, it } from 'vitest';
import { Newest } from './newest.ts';

/** A question whose answer the test gives when it likes. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('Newest.askOr', () => {
  it("tells an older question's refusal only while nothing newer came", async () => {
    const shown: string[] = [];
    const refusals: string[] = [];
    const view = new Newest<string>((value) => shown.push(value));
    const older = pending<string>();
    const newer = pending<string>();
    const first = view.askOr(
      () => older.promise,
      (e) => refusals.push(String(e)),
    );
    const second = view.askOr(
      () => newer.promise,
      (e) => refusals.push(String(e)),
    );
    newer.resolve('newer list');
    await second;
    older.reject('older refused');
    await first;
    expect(shown).toEqual(['newer list']);
    expect(refusals).toEqual([]);

    const last = pending<string>();
    const third = view.askOr(
      () => last.promise,
      (e) => refusals.push(String(e)),
    );
    last.reject('refused');
    await third;
    expect(refusals).toEqual(['refused']);
  });

  it('does not tell a refusal that came after an event was shown', async () => {
    const shown: string[] = [];
    const refusals: unknown[] = [];
    const view = new Newest<string>((value) => shown.push(value));
    const asked = pending<string>();
    const done = view.askOr(
      () => asked.promise,
      (e) => refusals.push(e),
    );
    view.event('an action changed a row');
    asked.reject(new Error('refused'));
    await done;
    expect(shown).toEqual(['an action changed a row']);
    expect(refusals).toEqual([]);
  });
});
