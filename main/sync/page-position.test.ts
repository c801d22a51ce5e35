// Walking offset pages whose applied size changes under the walk: a source of 100 numbered rows
// served in pages of whatever size the "instance" applies at each request.
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { SyncContext } from './context.ts';
import { walkFromPosition, type PagePosition } from './page-position.ts';

const ROWS = Array.from({ length: 100 }, (_, i) => i);

function context(): SyncContext {
  return {
    db: new Database(':memory:'), // the walk itself touches no database
    source: {} as SyncContext['source'],
    signal: undefined,
    policy: { attempts: 3, baseDelayMs: 1, maxDelayMs: 1 },
    pageSize: 30,
    concurrency: 1,
    identity: { instance: 'test', version: null },
    now: () => new Date(0).toISOString(),
    emit: () => undefined,
    giveWay: () => Promise.resolve(),
  };
}

/** Pages of `sizeAt(request)` rows; page numbers count in that size, as offset paging does. */
function source(sizeAt: (request: number) => number) {
  let request = 0;
  return async function* (startPage: number) {
    for (let page = startPage; ; page += 1) {
      await Promise.resolve(); // an answer from the network
      const size = sizeAt(request++);
      const data = ROWS.slice((page - 1) * size, page * size);
      yield { data, pageSize: size, totalCount: ROWS.length };
      if (page * size >= ROWS.length) return;
    }
  };
}

async function walk(position: PagePosition, sizeAt: (request: number) => number): Promise<number[]> {
  const seen: number[] = [];
  await walkFromPosition<number>(context(), 'stockItems', position, source(sizeAt), (page, pageNumber) => {
    seen.push(...page.data);
    position.nextPage = pageNumber + 1;
    position.fetched += page.data.length;
  });
  return seen;
}

describe('walkFromPosition', () => {
  it('resumes a walk counted in pages of 20 under pages of 30 without a gap', async () => {
    // Pages 1-2 of 20 (rows 0-39) were done; page 3 of 30 would start at row 60.
    const seen = await walk({ nextPage: 3, fetched: 40, appliedPageSize: 20 }, () => 30);
    expect(new Set([...ROWS.slice(0, 40), ...seen])).toEqual(new Set(ROWS));
    expect(Math.min(...seen)).toBe(30); // realigned to page 2 of 30: rows 30-39 fetched again
  });

  it('checks a position saved without its page size against its row count', async () => {
    const seen = await walk({ nextPage: 3, fetched: 40 }, () => 30);
    expect(new Set([...ROWS.slice(0, 40), ...seen])).toEqual(new Set(ROWS));
  });

  it('gives up, naming the sizes, when every request gets another size', async () => {
    await expect(walk({ nextPage: 1, fetched: 0 }, (r) => (r % 2 === 0 ? 20 : 30))).rejects.toThrow(
      /different page size to each request \(\d+(, \d+){3} rows\)/,
    );
  });
});
