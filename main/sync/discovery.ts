// What a sync learnt of the instance, in words an integrator understands: the page size it applies,
// the fields its data-grid view lacks, the sorts it refuses and how it treats the filters Counter
// uses. Shown by `pos sync`, `pos version` and on the Settings screen (there in the cashier's
// language: each finding is a sentence of preload/core-words.ts).
import { words, type CoreWord, type Words } from '../../preload/core-words.ts';
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

/** The parts of a resource's report that say what was found of the instance. */
export type Findings = Pick<
  ResourceReport,
  'appliedPageSize' | 'viewLacks' | 'sortRefused' | 'sortedBy' | 'filters'
>;

/** One finding a sentence; `.message` is its English (`pos sync` joins them with '; '). */
export function whatWasFound(r: Findings): Words[] {
  return [
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
