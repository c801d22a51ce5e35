// What a resource's walks show of the instance beyond its rows, for the report (never silently):
// rows that repeat an id sent before (kept once: the cache holds fewer rows than were sent), and a
// walk stopped at the instance's own count while its pages said more followed (an instance that
// would serve new ids for ever).
import type { WalkedPage } from './context.ts';
import type { ResourceReport } from './events.ts';

export class WalkFindings {
  #sent = 0;
  readonly #ids = new Set<number>();
  #pastCount: ResourceReport['moreThanCounted'];

  /** A page as the walk read it. */
  page(page: WalkedPage<{ id?: number | undefined }>): void {
    for (const row of page.data) {
      if (row.id === undefined) continue;
      this.#sent += 1;
      this.#ids.add(row.id);
    }
    if (page.stoppedAtCount !== undefined) this.#pastCount = { ...page.stoppedAtCount };
  }

  /** Puts what was found in the resource's report (nothing when there is nothing to say). */
  describe(report: ResourceReport): void {
    if (this.#sent > this.#ids.size) report.repeatedIds = { sent: this.#sent, distinct: this.#ids.size };
    if (this.#pastCount !== undefined) report.moreThanCounted = this.#pastCount;
  }
}
