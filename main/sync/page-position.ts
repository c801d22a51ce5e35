// Where a resumable walk stands, in rows and in pages of the size the instance applied. SPEC.md's
// pageSize in a response is the size "actually applied", which need not be the one asked for, and
// may differ between runs (an upgraded instance, another proxy). Page N means different rows at a
// different size, so a walk resumed at page N under a new size would skip rows: on a change, the
// position is recomputed from the rows done, at or before where it stood (a few rows fetched twice,
// none skipped; upserts make the overlap harmless).
import type { CatalogResource } from '../../db/catalog/index.ts';
import { walkPages, type SyncContext, type WalkedPage } from './context.ts';

export interface PagePosition {
  /** The next page to ask for, counted in pages of appliedPageSize. */
  nextPage: number;
  /** Rows of this pass done so far (the pages before nextPage). */
  fetched: number;
  /** The size the instance applied to the pages counted so far; unknown before the first answer. */
  appliedPageSize?: number | undefined;
  /** The sort the pages counted so far were asked in (they mean other rows in another order). */
  orderBy?: string[] | undefined;
}

class OrderChanged extends Error {
  override name = 'OrderChanged';
}

class AppliedSizeChanged extends Error {
  override name = 'AppliedSizeChanged';
  readonly applied: number;
  constructor(applied: number) {
    super(`The instance now applies pages of ${applied} rows`);
    this.applied = applied;
  }
}

/** The position under a new applied size: the page holding the first row not yet done. */
export function realign(position: PagePosition, applied: number): void {
  position.nextPage = Math.floor(position.fetched / applied) + 1;
  position.fetched = (position.nextPage - 1) * applied;
  position.appliedPageSize = applied;
}

/** Realigns in a row without a page committed before the walk gives up (sizes that keep changing). */
const MAX_REALIGNS = 3;

/**
 * walkPages from `position.nextPage`, checking each page's applied size against the one the position
 * was counted in. A page of another size is not handed on: the walk starts again from the realigned
 * position. `onPage` advances the position (nextPage, fetched) as it commits. Returns the requests.
 * An instance whose size changes again and again (proxies with different caps taking turns) cannot
 * be walked by offset: after MAX_REALIGNS in a row the walk fails, saying so.
 */
export async function walkFromPosition<T>(
  ctx: SyncContext,
  resource: CatalogResource,
  position: PagePosition,
  open: (startPage: number) => AsyncIterable<WalkedPage<T>>,
  onPage: (page: WalkedPage<T>, pageNumber: number) => void | Promise<void>,
  adapt?: (error: unknown) => boolean,
  /** The sort the pages are asked in now (it changes when the instance refuses one). */
  order: () => readonly string[] = () => [],
): Promise<number> {
  let requests = 0;
  const sizes: number[] = [];
  for (;;) {
    try {
      await walkPages<T>(
        ctx,
        resource,
        position.nextPage,
        open,
        async (page, pageNumber) => {
          requests += 1;
          checkOrder(position, order());
          checkAppliedSize(position, page.pageSize);
          sizes.length = 0;
          await onPage(page, pageNumber);
        },
        adapt,
      );
      return requests;
    } catch (error) {
      if (error instanceof OrderChanged) {
        // Pages counted in another order say nothing of this one: the walk starts over (a
        // resumed full pass keeps its mark, so nothing is swept that this walk will see).
        Object.assign(position, { nextPage: 1, fetched: 0, appliedPageSize: undefined });
        position.orderBy = [...order()];
        continue;
      }
      if (!(error instanceof AppliedSizeChanged)) throw error;
      sizes.push(error.applied);
      if (sizes.length > MAX_REALIGNS) {
        throw new Error(
          `The instance applies a different page size to each request (${sizes.join(', ')} rows): its ${resource} cannot be walked page by page without losing rows.`,
        );
      }
      realign(position, error.applied);
    }
  }
}

/** Throws OrderChanged when pages were counted in another sort; records the sort otherwise. */
function checkOrder(position: PagePosition, order: readonly string[]): void {
  const counted = position.orderBy;
  const same =
    counted !== undefined && counted.length === order.length && counted.every((o, i) => o === order[i]);
  if (same) return;
  if (position.nextPage > 1 && counted !== undefined) throw new OrderChanged();
  position.orderBy = [...order];
}

/**
 * Throws AppliedSizeChanged when the page's applied size is not the one the position was counted in;
 * records it otherwise. A position saved before sizes were kept (no appliedPageSize) is checked
 * against its row count: nextPage - 1 full pages of this size must make `fetched`.
 */
function checkAppliedSize(position: PagePosition, applied: number | undefined): void {
  if (applied === undefined || applied <= 0) return;
  const counted = position.appliedPageSize;
  if (counted !== undefined && applied !== counted) throw new AppliedSizeChanged(applied);
  if (counted === undefined && position.fetched !== (position.nextPage - 1) * applied)
    throw new AppliedSizeChanged(applied);
  position.appliedPageSize = applied;
}
