// What a sync run tells its caller: progress per resource (for the UI's bar and the CLI's stderr)
// and a report per resource at the end. Plain data: it crosses IPC to the renderer as is.
import type { CatalogResource } from '../../db/catalog.ts';

export type SyncMode = 'full' | 'incremental';

/** A failure as shown to people and logged; never carries a token or the secret. */
export interface SyncFailure {
  kind: string;
  status?: number;
  message: string;
  /** The permission a 403 names. */
  permission?: string;
}

export type SyncEvent =
  | { type: 'started'; resource: CatalogResource; mode: SyncMode; resumed: boolean }
  | { type: 'progress'; resource: CatalogResource; done: number; total: number }
  | { type: 'retry'; resource: CatalogResource; attempt: number; delayMs: number; failure: SyncFailure }
  | { type: 'finished'; resource: CatalogResource; report: ResourceReport };

export interface ResourceReport {
  resource: CatalogResource;
  status: 'ok' | 'failed' | 'cancelled';
  mode: SyncMode;
  /** Rows in the cache after the run. */
  count: number;
  /** Rows (or keys, for per-product/per-company resources) fetched in this run. */
  fetched: number;
  /** Requests of pages or keys made in this run (a resumed run makes fewer). */
  requests: number;
  /** Rows removed because the instance no longer has them (full passes). */
  removed: number;
  resumed: boolean;
  failure?: SyncFailure;
}

export interface SyncReport {
  startedAt: string;
  finishedAt: string;
  /** The instance could not be reached at all: nothing was attempted. */
  unreachable: boolean;
  /** The instance refused the client's credentials: nothing was attempted. */
  refused?: SyncFailure;
  cancelled: boolean;
  resources: ResourceReport[];
}
