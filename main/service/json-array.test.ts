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
});
