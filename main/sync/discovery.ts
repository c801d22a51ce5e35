// What a sync learnt of the instance, in words an integrator understands: the page size it applies,
// the fields its data-grid view lacks, the sorts it refuses and how it treats the filters Counter
// uses. Shown by `pos sync`, `pos version` and on the Settings screen (there in the cashier's
// language: each finding is a sentence of contract/core-words.ts).
import { words, type CoreWord, type Words } from '../../contract/core-words.ts';
import type { ResourceReport } from './events.ts';

/** The filters Counter uses, by the words for each way an instance treats them. */
const FILTER_WORDS: Readonly<Record<string, Record<'honoured' | 'ignored' | 'rejected', CoreWord>>> = {
  lastModifyFrom: {
    honoured: 'foundFiltersLastModifyFrom',
    ignored: 'foundIgnoresLastModifyFrom',
    rejected: 'foundRejectsLastModifyFrom',
  },
  ids: { honoured: 'foundFiltersIds', ignored: 'foundIgnoresIds', rejected: 'foundRejectsIds' },
  isPaid: { honoured: 'foundFiltersIsPaid', ignored: 'foundIgnoresIsPaid', rejected: 'foundRejectsIsPaid' },
};
const OTHER_FILTER = {
  honoured: 'foundFiltersOther',
  ignored: 'foundIgnoresOther',
  rejected: 'foundRejectsOther',
} as const satisfies Record<string, CoreWord>;

function sorting(refused: readonly string[], sortedBy: readonly string[] | undefined): Words {
  const fields = refused.join(', ');
  if (sortedBy === undefined) return words('foundSortRefused', { fields });
  return sortedBy.length > 0
    ? words('foundSortInstead', { fields, instead: sortedBy.join(', ') })
    : words('foundSortCompleted', { fields });
}

/** The parts of a resource's report that say what was found of the instance (and of its rows). */
export type Findings = Pick<
  ResourceReport,
  | 'appliedPageSize'
  | 'viewLacks'
  | 'sortRefused'
  | 'sortedBy'
  | 'filters'
  | 'skipped'
  | 'instanceCount'
  | 'moreThanCounted'
  | 'repeatedIds'
> & { count?: number | undefined };

/** The rows a report names: `id 17: price`, then `…` when it names fewer than it counts. */
function skippedRows(skipped: NonNullable<Findings['skipped']>): string {
  const named = skipped.rows.map((r) => `${r.id === undefined ? '' : `id ${r.id}: `}${r.field}`);
  return [...named, ...(skipped.count > named.length ? ['…'] : [])].join(', ');
}

/** What became of the instance's rows: some could not be read; the cache holds another number. */
function rowFindings(r: Findings): Words[] {
  const found: Words[] = [];
  if (r.skipped !== undefined && r.skipped.count > 0)
    found.push(words('foundSkipped', { count: r.skipped.count, rows: skippedRows(r.skipped) }));
  if (r.instanceCount !== undefined && r.count !== undefined && r.instanceCount !== r.count)
    found.push(words('foundCountDiffers', { total: r.instanceCount, count: r.count }));
  if (r.repeatedIds !== undefined) {
    const { sent, distinct } = r.repeatedIds;
    found.push(words('foundRepeatedIds', { sent, distinct, repeated: sent - distinct }));
  }
  if (r.moreThanCounted !== undefined) {
    const { counted, walked } = r.moreThanCounted;
    found.push(words('foundMoreThanCounted', { total: counted, sent: walked }));
  }
  return found;
}

/** One finding a sentence; `.message` is its English (`pos sync` joins them with '; '). */
export function whatWasFound(r: Findings): Words[] {
  return [
    ...rowFindings(r),
    ...(r.appliedPageSize === undefined ? [] : [words('foundPageSize', { size: r.appliedPageSize })]),
    ...(r.viewLacks === undefined || r.viewLacks.length === 0
      ? []
      : [words('foundViewLacks', { fields: r.viewLacks.join(', ') })]),
    ...(r.sortRefused === undefined || r.sortRefused.length === 0
      ? []
      : [sorting(r.sortRefused, r.sortedBy)]),
    ...Object.entries(r.filters ?? {}).map(([name, support]) => {
      const known = FILTER_WORDS[name];
      return known === undefined ? words(OTHER_FILTER[support], { name }) : words(known[support]);
    }),
  ];
}
