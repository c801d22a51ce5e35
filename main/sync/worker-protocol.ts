// Messages between the core and the sync worker thread.
import { z } from 'zod';
import { catalogResources } from '../../db/catalog/index.ts';
import { SyncEvent, SyncReport } from './events.ts';

export const WorkerOptions = z.object({
  mode: z.enum(['full', 'incremental', 'auto']).optional(),
  fullEveryMs: z.number().optional(),
  pageSize: z.number().int().positive().optional(),
  concurrency: z.number().int().positive().optional(),
  retry: z.object({ attempts: z.number(), baseDelayMs: z.number(), maxDelayMs: z.number() }).optional(),
  resources: z.array(z.enum(catalogResources)).optional(),
  /** Who runs the sync, as the catalog's sync_run row names it (run-lock.ts). */
  owner: z.string().optional(),
  /** The body limit of the worker's client (its maxResponseBytes); the heap is sized from it. */
  maxResponseBytes: z.number().int().positive().optional(),
  /** The longest one request may take in all, retries not included (the client's requestDeadlineMs). */
  requestDeadlineMs: z.number().int().positive().optional(),
  /** The longest the whole pass may take, retries included (SyncOptions.passDeadlineMs). */
  passDeadlineMs: z.number().int().positive().optional(),
  /** The longest one gate waits for the till's work (till-work.ts MAX_WAIT_MS by default). */
  giveWayMaxMs: z.number().int().positive().optional(),
});
export type WorkerOptions = z.infer<typeof WorkerOptions>;

export const WorkerInput = z.object({
  /** The catalog's file (the worker opens it alone). */
  dbFile: z.string().min(1),
  // The secret crosses into the worker thread of the same process, never further; it is not logged.
  service: z.object({ baseUrl: z.string(), clientId: z.string(), clientSecret: z.string() }),
  options: WorkerOptions,
  /** The till's calls as the core marks them (till-work.ts): the sync gives way to them. */
  tillWork: z.instanceof(SharedArrayBuffer).optional(),
});
export type WorkerInput = z.infer<typeof WorkerInput>;

export const WorkerCommand = z.object({ type: z.literal('cancel') });

export const WorkerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('event'), event: SyncEvent }),
  z.object({ type: z.literal('report'), report: SyncReport }),
  z.object({ type: z.literal('error'), message: z.string() }),
  /** The token endpoint's word on the credentials (a token, or 400/401): the status bar shows it. */
  z.object({ type: z.literal('credentials'), accepted: z.boolean() }),
  /** A gate waited for the till's work (till-work.ts). */
  z.object({ type: z.literal('gaveWay') }),
]);
export type WorkerMessage = z.infer<typeof WorkerMessage>;
