import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ServiceError } from './errors.ts';
import { arrayAnswer } from './json-array.ts';

const Row = z.object({ id: z.number().optional(), name: z.string().optional() }).loose();
const where = { method: 'GET', path: '/api/x' };
const answer = (text: string) => arrayAnswer(Row, { status: 200, headers: {}, text }, where);

describe('arrayAnswer', () => {
  const texts = [
    '[]',
    ' [ ] ',
    '[{"id":1}]',
    '\n[ {"id": 1, "name": "a,b]}[{"} , {"id":2,"name":"\\"quoted\\", \\\\"}, {"id":3,"tags":[1,[2,{"x":"]"}]]} ]\n',
    '[{"id":1,"name":null},{"id":2,"nested":{"a":[{}]}}]',
  ];
  it.each(texts)('reads %s as JSON.parse does (nulls dropped), one element at a time', (text) => {
    const expected = (JSON.parse(text) as Record<string, unknown>[]).map((r) =>
      Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)),
    );
    expect(answer(text).all()).toEqual(expected);
    let n = 0;
    for (const row of answer(text).rows()) expect(row).toEqual(expected[n++]);
    expect(n).toBe(expected.length);
  });

  const bad: [string, RegExp][] = [
    ['{"id":1}', /unexpected shape/],
    ['not json', /not JSON/],
    ['[{"id":1},', /cut off/],
    ['[{"id":1}] x', /cut off or followed/],
    ['[{"id":1},,{"id":2}]', /1: not JSON/],
    ['[{"id":1},{"id":"two"}]', /1\.id: /],
  ];
  it.each(bad)('%s fails as an invalid response (%s)', (text, message) => {
    let error: unknown;
    try {
      answer(text).all();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).kind).toBe('invalid-response');
    expect((error as ServiceError).message).toMatch(message);
  });

  it('gives each element on its own: a row, or what was sent and why it is not one', () => {
    const text = '[{"id":1},{"id":"two","name":"b"},{"id":3},,{"id":4}]';
    expect([...answer(text).elements()]).toEqual([
      { index: 0, row: { id: 1 } },
      {
        index: 1,
        unreadable: {
          value: { id: 'two', name: 'b' },
          problem: '1.id: Invalid input: expected number, received string',
        },
      },
      { index: 2, row: { id: 3 } },
      { index: 3, unreadable: { value: undefined, problem: '3: not JSON' } },
      { index: 4, row: { id: 4 } },
    ]);
    // The rows of the same answer stop at the first unreadable one, as before.
    expect(() => answer(text).all()).toThrow(/1\.id: /);
    // An answer whose elements cannot be told apart is not read at all.
    expect(() => [...answer('[{"id":1},').elements()]).toThrow(/cut off/);
    expect(() => [...answer('{"id":1}').elements()]).toThrow(/unexpected shape/);
  });
});
