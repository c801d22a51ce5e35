// Walks a filter-paginated endpoint page by page. Only one page is held at a time: the next request
// goes out when the caller asks for the next page, so memory stays bounded by pageSize however many
// rows the instance holds, and a caller that stops iterating stops the requests.
import type { PageQuery, Paginated, PaginationRequest } from './schemas.ts';

export const DEFAULT_PAGE_SIZE = 500;

export async function* consumePages<T>(
  query: PageQuery<unknown>,
  fetchPage: (body: PaginationRequest<never>) => Promise<Paginated<T>>,
): AsyncGenerator<Paginated<T>, void, undefined> {
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  let pageNumber = Math.max(1, query.startPage ?? 1);
  for (;;) {
    const page = await fetchPage({
      pageNumber,
      pageSize,
      ...(query.limitFields ? { limitFields: [...query.limitFields] } : {}),
      ...(query.orderBy ? { orderBy: [...query.orderBy] } : {}),
    });
    yield page;
    if (!hasMore(page, pageNumber)) return;
    pageNumber += 1;
  }
}

/** hasNextPage decides; without it, totalPages does. An empty page always ends the walk (no loops). */
function hasMore(page: Paginated<unknown>, pageNumber: number): boolean {
  if (page.data.length === 0) return false;
  if (page.hasNextPage !== undefined) return page.hasNextPage;
  return page.totalPages !== undefined && pageNumber < page.totalPages;
}
