// What sync has learnt of the instance, per resource, kept in the catalog (sync_state.profile) so the
// next run asks right the first time: the fields its data-grid view lacks, the fields it refuses to
// sort by, and how it treats each filter field Counter uses. SPEC.md leaves all three to the
// instance ("depend on the instance's data-grid view"; filter fields "not shown"). Learnt again from
// scratch when the instance or its version changes; a new refusal is added when it is met.
import { z } from 'zod';
import { saveSyncState, syncState, type CatalogResource } from '../../db/catalog/index.ts';
import type { Db } from '../../db/database.ts';
import { SkippedReport } from './events.ts';

/** honoured: filters; ignored: answers unfiltered rows; rejected: answers 400 naming it. */
export const FilterSupport = z.enum(['honoured', 'ignored', 'rejected']);
export type FilterSupport = z.infer<typeof FilterSupport>;

const Stored = z.object({
  instance: z.string(),
  version: z.string().nullable(),
  viewLacks: z.array(z.string()).default([]),
  sortRefused: z.array(z.string()).default([]),
  filters: z.record(z.string(), FilterSupport).default({}),
  /** Rows per page the instance applied in the last pass. */
  appliedPageSize: z.number().int().positive().optional(),
  /** Rows of the last complete pass that could not be read (skipped.ts). */
  skipped: SkippedReport.optional(),
  /** The instance's count of the resource's rows at the end of the last complete pass. */
  instanceCount: z.number().int().optional(),
  /** Rows the cache held then. */
  count: z.number().int().optional(),
});
type Stored = z.infer<typeof Stored>;
/** What was learnt of one resource, as kept. */
export type LearntProfile = Readonly<Stored>;

/** Which instance the run talks to: its base URL and the version /api/version reported. */
export interface InstanceIdentity {
  instance: string;
  version: string | null;
}

export class InstanceProfile {
  readonly #db: Db;
  readonly #resource: CatalogResource;
  #stored: Stored;

  private constructor(db: Db, resource: CatalogResource, stored: Stored) {
    this.#db = db;
    this.#resource = resource;
    this.#stored = stored;
  }

  /** The resource's profile for this instance and version; an empty one when either changed. */
  static load(db: Db, resource: CatalogResource, identity: InstanceIdentity): InstanceProfile {
    const kept = InstanceProfile.kept(db, resource);
    if (kept !== undefined && kept.instance === identity.instance && kept.version === identity.version)
      return new InstanceProfile(db, resource, { ...kept });
    // Kept at once: the catalog now belongs to this instance, even if the pass is cut off (sync.ts).
    const fresh = new InstanceProfile(db, resource, {
      ...identity,
      viewLacks: [],
      sortRefused: [],
      filters: {},
    });
    fresh.#save();
    return fresh;
  }

  /** What is kept for a resource, whichever instance it was learnt from; undefined when nothing (readable) is. */
  static kept(db: Db, resource: CatalogResource): LearntProfile | undefined {
    const raw = syncState(db, resource).profile;
    const parsed = raw === undefined ? undefined : Stored.safeParse(safeJson(raw));
    return parsed?.success === true ? parsed.data : undefined;
  }

  get viewLacks(): readonly string[] {
    return this.#stored.viewLacks;
  }

  get sortRefused(): readonly string[] {
    return this.#stored.sortRefused;
  }

  get filters(): Readonly<Record<string, FilterSupport>> {
    return this.#stored.filters;
  }

  /** Whether a filter field can be sent (unknown counts as yes: every answer is checked). */
  trusts(name: string): boolean {
    const support = this.#stored.filters[name];
    return support === undefined || support === 'honoured';
  }

  lacks(fields: Iterable<string>): void {
    const next = new Set([...this.#stored.viewLacks, ...fields]);
    if (next.size === this.#stored.viewLacks.length) return;
    this.#stored.viewLacks = [...next].sort();
    this.#save();
  }

  refusesSort(field: string): void {
    if (this.#stored.sortRefused.includes(field)) return;
    this.#stored.sortRefused = [...this.#stored.sortRefused, field].sort();
    this.#save();
  }

  filter(name: string, support: FilterSupport): void {
    if (this.#stored.filters[name] === support) return;
    this.#stored.filters = { ...this.#stored.filters, [name]: support };
    this.#save();
  }

  pageSize(applied: number): void {
    if (this.#stored.appliedPageSize === applied) return;
    this.#stored.appliedPageSize = applied;
    this.#save();
  }

  /** What the last complete pass left: the rows it skipped, the instance's count and the cache's. */
  lastPass(pass: {
    skipped?: SkippedReport | undefined;
    instanceCount?: number | undefined;
    count: number;
  }): void {
    const stored: Stored = { ...this.#stored, count: pass.count };
    delete stored.skipped;
    delete stored.instanceCount;
    if (pass.skipped !== undefined) stored.skipped = pass.skipped;
    if (pass.instanceCount !== undefined) stored.instanceCount = pass.instanceCount;
    this.#stored = stored;
    this.#save();
  }

  #save(): void {
    this.#db.transaction(() =>
      saveSyncState(this.#db, this.#resource, { profile: JSON.stringify(this.#stored) }),
    )();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
