// The one walk bound the sim over HTTP cannot reach in reasonable time (test/integration/service/
// hostile.test.ts has the others): an instance that gives no count at all and never ends.
import { describe, expect, it } from 'vitest';
import { ServiceError } from './errors.ts';
import { consumePages, MAX_UNCOUNTED_ROWS } from './pagination.ts';
import type { Paginated } from './schemas.ts';

describe('consumePages without any count', () => {
  it('stops a walk of new rows for ever with an error once it passes MAX_UNCOUNTED_ROWS', async () => {
    const pageSize = 20_000;
    let nextId = 1;
    const endless = (): Promise<Paginated<{ id: number }>> =>
      Promise.resolve({
        data: Array.from({ length: pageSize }, () => ({ id: nextId++ })),
        hasNextPage: true,
      });
    let rows = 0;
    let thrown: unknown;
    try {
      for await (const page of consumePages({ pageSize }, endless, 'Stock items')) rows += page.data.length;
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ServiceError);
    expect((thrown as ServiceError).message).toMatch(
      /^Stock items: the instance sent \d+ rows .* without ever giving a count/,
    );
    expect(rows).toBe(MAX_UNCOUNTED_ROWS);
  });
});
