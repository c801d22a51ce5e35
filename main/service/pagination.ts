// Walks a filter-paginated endpoint page by page. Only one page is held at a time: the next request
// goes out when the caller asks for the next page, so memory stays bounded by pageSize however many
// rows the instance holds, and a caller that stops iterating stops the requests.
//
// Every walk ends. hasNextPage alone is not trusted to turn false: an instance (or a proxy) that
// keeps saying "another page follows" would be walked for ever, and one that invents new rows on
// every page would fill the disk. The walk also stops at the instance's own count (totalPages,
// totalCount), and fails with a clear error when a page repeats the one before or the rows run far
// past the count the instance first gave.
import { ServiceError } from './errors.ts';
import { rowsSent, type PageQuery, type Paginated, type PaginationRequest } from './schemas.ts';

export const DEFAULT_PAGE_SIZE = 500;

/**
 * How far a walk may run past the instance's first count: rows really added while it runs are
 * allowed for (twice the count and a thousand rows more), an instance that invents rows is not.
 */
export function walkRowLimit(firstCount: number): number {
  return 2 * firstCount + 1000;
}

/** With no count at all, the most rows a walk takes before it is taken for one that never ends. */
export const MAX_UNCOUNTED_ROWS = 2_000_000;

export async function* consumePages<T>(
  query: PageQuery<unknown>,
  fetchPage: (body: PaginationRequest<never>) => Promise<Paginated<T>>,
  /** What is walked, for the error that stops a runaway walk: "POST /api/stock-items/...". */
  what = 'The walk',
): AsyncGenerator<Paginated<T>, void, undefined> {
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  let pageNumber = Math.max(1, query.startPage ?? 1);
  const bounds = new WalkBounds(what, pageNumber, pageSize);
  for (;;) {
    const page = await fetchPage({
      pageNumber,
      pageSize,
      ...(query.limitFields ? { limitFields: [...query.limitFields] } : {}),
      ...(query.orderBy ? { orderBy: [...query.orderBy] } : {}),
    });
    bounds.check(page, pageNumber);
    const more = hasMore(page, pageNumber);
    // The instance says more follows past its own count: the walk stops, and says so on the page.
    const atCount = more && bounds.reached(page, pageNumber);
    yield atCount ? { ...page, stoppedAtCount: bounds.position(page) } : page;
    if (!more || atCount) return;
    pageNumber += 1;
  }
}

/**
 * hasNextPage decides; without it, totalPages does. An empty page always ends the walk (no loops);
 * a page of rows that did not parse is not empty.
 */
function hasMore(page: Paginated<unknown>, pageNumber: number): boolean {
  if (rowsSent(page) === 0) return false;
  if (page.hasNextPage !== undefined) return page.hasNextPage;
  return page.totalPages !== undefined && pageNumber < page.totalPages;
}

/** What one walk has seen: the rows so far, the instance's first count, the page before. */
class WalkBounds {
  readonly #what: string;
  readonly #startPage: number;
  readonly #asked: number;
  #rows = 0;
  #firstCount: number | undefined;
  #previous: string | undefined;

  constructor(what: string, startPage: number, asked: number) {
    this.#what = what;
    this.#startPage = startPage;
    this.#asked = asked;
  }

  /** Throws when the page repeats the one before, or the walk ran far past the instance's count. */
  check(page: Paginated<unknown>, pageNumber: number): void {
    this.#rows += rowsSent(page);
    this.#firstCount ??= page.totalCount;
    if (rowsSent(page) > 0) {
      const fingerprint = JSON.stringify([page.data, page.skipped]);
      if (fingerprint === this.#previous) {
        throw this.#runaway(
          `answered page ${pageNumber} with the same rows as page ${pageNumber - 1}, and says another page follows: its pages do not advance`,
        );
      }
      this.#previous = fingerprint;
    }
    const first = this.#firstCount;
    if (first !== undefined && this.#rows > walkRowLimit(first)) {
      throw this.#runaway(
        `sent ${this.#rows} rows by page ${pageNumber}, far more rows than the ${first} it counted at the start`,
      );
    }
    if (first === undefined && this.#rows > MAX_UNCOUNTED_ROWS) {
      throw this.#runaway(`sent ${this.#rows} rows by page ${pageNumber} without ever giving a count`);
    }
  }

  /** The page is the last one the instance counts, whatever hasNextPage says. */
  reached(page: Paginated<unknown>, pageNumber: number): boolean {
    if (page.totalPages !== undefined && pageNumber >= page.totalPages) return true;
    const applied = page.pageSize ?? this.#asked;
    if (page.totalCount === undefined || applied <= 0) return false;
    return this.position(page).walked >= page.totalCount;
  }

  /**
   * Where the walk stands (the pages before its start page, and the rows it walked since) against
   * what the instance counts (its totalCount, else its pages in rows).
   */
  position(page: Paginated<unknown>): { counted: number; walked: number } {
    const applied = page.pageSize ?? this.#asked;
    const walked = (this.#startPage - 1) * applied + this.#rows;
    const counted = page.totalCount ?? (page.totalPages ?? 0) * applied;
    return { counted, walked };
  }

  #runaway(detail: string): ServiceError {
    return new ServiceError({
      kind: 'invalid-response',
      message: `${this.#what}: the instance ${detail}. The walk stops here; what came before is kept.`,
      mayHaveReachedServer: true,
    });
  }
}
