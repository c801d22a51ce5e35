// Rewrites of paginated answers for the hostile proxy (hostile-proxy.ts `rewrite`): the instances
// whose walks would never end.

/** The parts of a paginated answer the rewrites touch. */
export interface Page {
  data: { id?: number }[];
  hasNextPage?: boolean;
  totalCount?: number;
  totalPages?: number;
}

type Rewrite = (body: unknown, request: { body: unknown }) => unknown;

/**
 * Every answer says another page follows and carries rows like the fullest page's so far under ids
 * never seen before (past the last page too): an instance that would fill the disk. `counts` may rewrite
 * totalCount and totalPages, given the page as the instance answered it and the page number asked.
 */
export function freshIdsForever(counts: (page: Page, asked: number) => Partial<Page> = () => ({})): Rewrite {
  let kept: Page['data'] = [];
  let nextId = 50_000_000;
  return (body, request) => {
    const page = body as Page;
    if (page.data.length > kept.length) kept = page.data;
    const data = (page.data.length > 0 ? page.data : kept).map((row) => ({ ...row, id: nextId++ }));
    const asked = (request.body as { pageNumber?: number } | undefined)?.pageNumber ?? 1;
    return { ...page, data, hasNextPage: true, ...counts(page, asked) };
  };
}

/** Every answer is the first page answered, without counts, and says another page follows. */
export function firstPageForever(): Rewrite {
  let first: Page['data'] | undefined;
  return (body) => {
    first ??= (body as Page).data;
    return { data: first, hasNextPage: true };
  };
}

/**
 * The row of the answer (a page's data, or a list) whose id is `id` gets `patch`, in the fields the
 * answer carries (an id-only page stays id-only); the rest pass as sent.
 */
export function patchRow(id: number, patch: Record<string, unknown>): Rewrite {
  const patchOf = (row: object): Record<string, unknown> =>
    Object.fromEntries(Object.entries(patch).filter(([field]) => field in row));
  return (body) => {
    const rows = Array.isArray(body) ? (body as Page['data']) : (body as Page).data;
    const patched = rows.map((row) => (row.id === id ? { ...row, ...patchOf(row) } : row));
    return Array.isArray(body) ? patched : { ...(body as Page), data: patched };
  };
}
