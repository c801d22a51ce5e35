// How to ask an instance for a resource's rows: the fields its data-grid view offers, a sort it
// accepts, and the filter fields it knows. SPEC.md: limitable and sortable fields "depend on the
// instance's data-grid view"; filter fields are "not shown". Counter asks for what it shows; when the
// instance answers 400 naming one of the fields it was sent ("Unknown field 'brand'", "Field 'id'
// cannot be used in OrderBy", "Unknown filter field 'ids'"), it learns which kind it was, records it
// in the instance profile, and the same page is asked again without it. A field Counter cannot work
// without stops the resource with a message naming it.
import { ServiceError } from '../service/index.ts';
import type { ResourceReport } from './events.ts';
import type { InstanceProfile } from './instance-profile.ts';

/** A field named in quotes after "field": the words instances use for a field they refuse. */
const NAMED_FIELD = /field\s+'([^']+)'/gi;

export class ViewLacksEssentialField extends Error {
  override name = 'ViewLacksEssentialField';
}

/**
 * A filter field Counter sent cannot be relied on: the instance answered 400 naming it (rejected)
 * or rows outside it (ignored). Recorded in the profile; the caller does without it.
 */
export class FilterUnusable extends Error {
  override name = 'FilterUnusable';
  readonly field: string;
  constructor(field: string, support: 'ignored' | 'rejected') {
    super(`The instance ${support} the filter field ${field}`);
    this.field = field;
  }
}

/** The field names (lower case) a 400 names; empty for any other failure. */
export function namedFields(error: unknown): Set<string> {
  const named = new Set<string>();
  if (!(error instanceof ServiceError) || error.kind !== 'http' || error.status !== 400) return named;
  for (const message of error.messages) {
    for (const m of message.matchAll(NAMED_FIELD)) if (m[1] !== undefined) named.add(m[1].toLowerCase());
  }
  return named;
}

type Order<F extends string> = readonly (F | `${F} desc`)[];

export class RequestShape<F extends string> {
  readonly #wanted: readonly F[];
  readonly #essential: ReadonlySet<string>;
  readonly #profile: InstanceProfile;
  readonly #where: string;
  readonly #orders: readonly Order<F>[];
  /**
   * Sorts dropped this run on a 400 that named a field Counter also asked for: whether the instance
   * refuses the sort or lacks the field is told by the next answer. Kept as refusals only once the
   * pass got through without them (describe()).
   */
  readonly #tentative = new Set<string>();

  /**
   * `orders`: sorts by a unique key, best first (offset pages over a unique order neither skip nor
   * repeat rows). The first whose fields the instance has not refused is used; with none left the
   * rows come in the instance's own order, which may change between requests.
   */
  constructor(
    profile: InstanceProfile,
    options: {
      wanted: readonly F[];
      essential: readonly F[];
      orders: readonly Order<F>[];
      where: string;
    },
  ) {
    this.#profile = profile;
    this.#wanted = options.wanted;
    this.#essential = new Set(options.essential);
    this.#where = options.where;
    this.#orders = options.orders;
  }

  /** What to ask for now: the wanted fields the view has not refused. */
  get fields(): F[] {
    const lacking = new Set(this.#profile.viewLacks);
    return this.#wanted.filter((f) => !lacking.has(f));
  }

  get orderBy(): (F | `${F} desc`)[] {
    const refused = new Set([...this.#profile.sortRefused, ...this.#tentative]);
    const usable = this.#orders.find((order) => order.every((o) => !refused.has(sortField(o))));
    return usable === undefined ? [] : [...usable];
  }

  /** Ordered by a unique key: offset pages are exact. Without one rows may be skipped or repeated. */
  get stable(): boolean {
    return this.orderBy.length > 0;
  }

  get missing(): string[] {
    return this.#wanted.filter((f) => this.#profile.viewLacks.includes(f));
  }

  /**
   * At the end of a pass: keeps the sorts dropped this run, and puts what is known of the instance
   * into the resource's report (discovery.ts words it).
   */
  describe(report: ResourceReport): void {
    for (const field of this.#tentative) this.#profile.refusesSort(field);
    this.#tentative.clear();
    if (this.missing.length > 0) report.viewLacks = this.missing;
    if (this.#profile.sortRefused.length > 0) {
      report.sortRefused = [...this.#profile.sortRefused];
      report.sortedBy = this.orderBy;
    }
    if (Object.keys(this.#profile.filters).length > 0) report.filters = { ...this.#profile.filters };
  }

  /**
   * Learns from a failure and answers true when the same request can be asked again now. A 400
   * naming a filter field of `sent` throws FilterUnusable (recorded); one naming a sort field drops
   * that sort; one naming fields of the view drops them (ViewLacksEssentialField for a vital one).
   */
  learn(error: unknown, sent: Readonly<Record<string, unknown>> = {}): boolean {
    const named = namedFields(error);
    if (named.size === 0 || !(error instanceof ServiceError)) return false;
    const filter = Object.keys(sent).find((k) => named.has(k.toLowerCase()));
    if (filter !== undefined) {
      this.#profile.filter(filter, 'rejected');
      throw new FilterUnusable(filter, 'rejected');
    }
    // A sort is dropped first: the cheap guess. If the view lacks the field, the next 400 says so.
    const sort = this.orderBy.find((o) => named.has(sortField(o).toLowerCase()));
    if (sort !== undefined) {
      const field = sortField(sort);
      if (this.fields.includes(field as F)) this.#tentative.add(field);
      else this.#profile.refusesSort(field);
      return true;
    }
    const dropped = this.fields.filter((f) => named.has(f.toLowerCase()));
    if (dropped.length === 0) return false;
    // Named again without the sort: the view lacks it (and the sort was never the matter).
    for (const f of dropped) this.#tentative.delete(f);
    const vital = dropped.filter((f) => this.#essential.has(f));
    if (vital.length > 0) {
      throw new ViewLacksEssentialField(
        `The ${this.#where} view of this instance lacks ${vital.join(', ')}, which Counter cannot work without ` +
          `(${error.messages.join(' ')}). Ask the instance's administrator to add it to the view; the cache keeps what it had.`,
      );
    }
    this.#profile.lacks(dropped);
    return true;
  }
}

/** 'lastModify desc' -> 'lastModify'. */
function sortField(entry: string): string {
  return entry.trim().split(/\s+/)[0] ?? entry;
}
