// ensureStream's own rules, each answer scripted (the real server's answers are met in
// test/integration/hub/stream-made-together.test.ts, but only as often as its race comes): a stream
// described with Go's zero time is described again; an add refused while the stream is there counts
// as made; an add refused with no stream is the add's error; a zero time that never goes is an error.
import type { JetStreamManager } from '@nats-io/jetstream';
import { describe, expect, it } from 'vitest';
import { ensureStream, natsClient } from './store-hub.ts';

const ZERO = '0001-01-01T00:00:00Z';
const MADE = '2026-12-02T15:12:01.808819608Z';

/** A stream as the hub describes it, made at `created`. */
const described = (created: string) => ({ created, state: { first_seq: 0, last_seq: 0 } });

/** A manager whose infos and adds answer in turn as scripted: a value, or an error thrown. */
async function scripted(infos: (string | Error)[], adds: (true | Error)[]) {
  const nats = await natsClient();
  const notFound = () =>
    new nats.JetStreamApiError({ code: 404, err_code: 10059, description: 'stream not found' });
  const calls = { info: 0, add: 0 };
  const next = <T>(list: T[]): T => {
    const answer = list.shift();
    if (answer === undefined) throw new Error('no answer scripted');
    return answer;
  };
  const jsm = {
    streams: {
      info: () => {
        calls.info++;
        const answer = next(infos);
        if (answer === 'not found') return Promise.reject(notFound());
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(described(answer));
      },
      add: () => {
        calls.add++;
        const answer = next(adds);
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(described(ZERO));
      },
    },
  } as unknown as JetStreamManager;
  return { nats, jsm, calls };
}

describe('ensureStream', () => {
  it('describes a stream just made again until the hub gives its time, not the zero time', async () => {
    const { nats, jsm, calls } = await scripted(['not found', ZERO, ZERO, MADE], [true]);
    expect((await ensureStream(nats, jsm)).created).toBe(MADE);
    expect(calls).toEqual({ info: 4, add: 1 });
  });

  it('takes an add refused while the stream is there as made', async () => {
    const overlap = new Error('subjects overlap with an existing stream');
    const { nats, jsm } = await scripted(['not found', MADE, MADE], [overlap]);
    expect((await ensureStream(nats, jsm)).created).toBe(MADE);
  });

  it("says the add's error when the stream is not there after it", async () => {
    const refused = new Error('insufficient resources');
    const { nats, jsm } = await scripted(['not found', 'not found'], [refused]);
    await expect(ensureStream(nats, jsm)).rejects.toBe(refused);
  });

  it('gives up on a zero time that does not go, for the session to begin again', async () => {
    const { nats, jsm, calls } = await scripted(
      Array.from({ length: 10 }, () => ZERO),
      [],
    );
    await expect(ensureStream(nats, jsm)).rejects.toThrow(/no creation time/);
    expect(calls.info).toBe(10);
  });
});
