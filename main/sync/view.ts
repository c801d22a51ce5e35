// The fields an instance's data-grid view offers. SPEC.md: limitable fields "depend on the instance's
// data-grid view". Counter asks for the fields it shows; when the instance answers 400 naming one of
// them ("Unknown field 'brand'", "Field 'supplierProductCode' is not available in this view"), that
// field is dropped for the rest of the run (stored as null, shown as "-") and the same page is asked
// again. A field Counter cannot work without stops the resource with a message naming it.
import { ServiceError } from '../service/errors.ts';

/** A field named in quotes after "field": the words instances use for a field a view lacks. */
const NAMED_FIELD = /field\s+'([^']+)'/gi;

export class ViewLacksEssentialField extends Error {
  override name = 'ViewLacksEssentialField';
}

export class ViewFields<F extends string> {
  readonly #wanted: readonly F[];
  readonly #essential: ReadonlySet<string>;
  readonly missing = new Set<F>();

  constructor(wanted: readonly F[], essential: readonly F[]) {
    this.#wanted = wanted;
    this.#essential = new Set(essential);
  }

  /** What to ask for now: the wanted fields the view has not refused. */
  get fields(): F[] {
    return this.#wanted.filter((f) => !this.missing.has(f));
  }

  /**
   * Learns from a failure: a 400 naming fields of ours drops them and answers true (ask again).
   * Throws ViewLacksEssentialField when a named one is essential; false for anything else.
   */
  learn(error: unknown, where: string): boolean {
    if (!(error instanceof ServiceError) || error.kind !== 'http' || error.status !== 400) return false;
    const named = new Set<string>();
    for (const message of error.messages) {
      for (const m of message.matchAll(NAMED_FIELD)) if (m[1] !== undefined) named.add(m[1].toLowerCase());
    }
    const dropped = this.fields.filter((f) => named.has(f.toLowerCase()));
    if (dropped.length === 0) return false;
    const vital = dropped.filter((f) => this.#essential.has(f));
    if (vital.length > 0) {
      throw new ViewLacksEssentialField(
        `The ${where} view of this instance lacks ${vital.join(', ')}, which Counter cannot work without ` +
          `(${error.messages.join(' ')}). Ask the instance's administrator to add it to the view; the cache keeps what it had.`,
      );
    }
    for (const f of dropped) this.missing.add(f);
    return true;
  }
}
