// What a sync run tells its caller: progress per resource (for the UI's bar and the CLI's stderr)
// and a report per resource at the end. Plain data, zod-described: it crosses threads (the sync
// worker) and IPC (the renderer) as is.
import { z } from 'zod';
import { SaidSchema } from '../../contract/core-words.ts';
import { catalogResources } from '../../db/catalog/index.ts';

const Resource = z.enum(catalogResources);

export const SyncMode = z.enum(['full', 'incremental']);
export type SyncMode = z.infer<typeof SyncMode>;

/** A failure as shown to people and logged; never carries a token or the secret. */
export const SyncFailure = z.object({
  kind: z.string(),
  status: z.number().optional(),
  message: z.string(),
  /** The permission a 403 names. */
  permission: z.string().optional(),
  /** The message as core sentences by key, for the screens' language. */
  said: z.array(SaidSchema).optional(),
});
export type SyncFailure = z.infer<typeof SyncFailure>;

/** Rows of a resource the instance sent that could not be read: how many, and the first few. */
export const SkippedReport = z.object({
  count: z.number(),
  rows: z.array(
    z.object({
      id: z.number().optional(),
      field: z.string(),
      /** Why it was refused ("expected number, received string"). */
      problem: z.string(),
    }),
  ),
});
export type SkippedReport = z.infer<typeof SkippedReport>;

export const ResourceReport = z.object({
  resource: Resource,
  status: z.enum(['ok', 'failed', 'cancelled']),
  mode: SyncMode,
  /** Rows in the cache after the run. */
  count: z.number(),
  /** Rows (or keys, for per-product/per-company resources) fetched in this run. */
  fetched: z.number(),
  /** Requests of pages or keys made in this run (a resumed run makes fewer). */
  requests: z.number(),
  /** Rows removed because the instance no longer has them. */
  removed: z.number(),
  resumed: z.boolean(),
  failure: SyncFailure.optional(),
  /** Fields Counter asked for that the instance's view lacks (stored as null). */
  viewLacks: z.array(z.string()).optional(),
  /** Rows per page the instance applied (paginated resources), whatever Counter asked for. */
  appliedPageSize: z.number().optional(),
  /** Fields the instance refuses to sort by. */
  sortRefused: z.array(z.string()).optional(),
  /** The sort Counter used instead ([]: no unique sort was left, walks were completed by id). */
  sortedBy: z.array(z.string()).optional(),
  /** How the instance treats each filter field Counter used. */
  filters: z.record(z.string(), z.enum(['honoured', 'ignored', 'rejected'])).optional(),
  /** Rows left out because they could not be read (main/sync/skipped.ts): how many, the first few. */
  skipped: SkippedReport.optional(),
  /** The instance's own count of the resource's rows (totalCount) at the end of the run. */
  instanceCount: z.number().optional(),
  /**
   * The instance said more pages followed after the rows it counts (`counted`): the walk stopped at
   * its count, `walked` rows read. An instance that would serve new ids for ever.
   */
  moreThanCounted: z.object({ counted: z.number(), walked: z.number() }).optional(),
  /** Rows the walks read (`sent`) that repeat an id read before: only `distinct` ids were kept. */
  repeatedIds: z.object({ sent: z.number(), distinct: z.number() }).optional(),
  /** A lastModify the pass would not take as its next watermark (main/sync/watermark.ts), and why. */
  lastModifyRefused: z.object({ lastModify: z.string(), why: z.string() }).optional(),
});
export type ResourceReport = z.infer<typeof ResourceReport>;

export const SyncEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('started'), resource: Resource, mode: SyncMode, resumed: z.boolean() }),
  z.object({ type: z.literal('progress'), resource: Resource, done: z.number(), total: z.number() }),
  z.object({
    type: z.literal('retry'),
    resource: Resource,
    attempt: z.number(),
    delayMs: z.number(),
    failure: SyncFailure,
  }),
  z.object({ type: z.literal('finished'), resource: Resource, report: ResourceReport }),
]);
export type SyncEvent = z.infer<typeof SyncEvent>;

export const SyncReport = z.object({
  startedAt: z.string(),
  finishedAt: z.string(),
  /** The instance could not be reached at all: nothing was attempted. */
  unreachable: z.boolean(),
  /** The instance refused the client's credentials: nothing was attempted. */
  refused: SyncFailure.optional(),
  cancelled: z.boolean(),
  resources: z.array(ResourceReport),
  /**
   * Another sync holds this catalog (run-lock.ts): nothing was attempted. Its owner
   * (host/pid/random/start) and when it started.
   */
  runningElsewhere: z.object({ owner: z.string(), startedAt: z.string() }).optional(),
  /**
   * The run reached its deadline (SyncOptions.passDeadlineMs, in ms) and stopped: the resource under
   * way and those after it failed with kind 'deadline'.
   */
  deadlineMs: z.number().optional(),
});
export type SyncReport = z.infer<typeof SyncReport>;
