// What a sync learnt of the instance, in words an integrator understands: the page size it applies,
// the fields its data-grid view lacks, the sorts it refuses and how it treats the filters Counter
// uses. Shown by `pos sync` and on the Settings screen.
import type { ResourceReport } from './events.ts';

const FILTER_WORDS: Readonly<Record<string, string>> = {
  lastModifyFrom: 'changed rows only (lastModifyFrom)',
  ids: 'rows by id (ids)',
  isPaid: 'open receivables only (isPaid)',
};

const FALLBACK: Readonly<Record<string, string>> = {
  lastModifyFrom: 'every sync is a full pass',
  ids: 'rows are picked from a walk of everything',
  isPaid: 'every receivable is read and the paid ones left out',
};

function sorting(refused: readonly string[], sortedBy: readonly string[] | undefined): string {
  const instead =
    sortedBy === undefined
      ? ''
      : sortedBy.length > 0
        ? `: Counter sorts by ${sortedBy.join(', ')} instead`
        : ': no unique sort is left, so its pages are checked against its count and completed by id';
  return `it cannot sort by ${refused.join(', ')}${instead}`;
}

/** The parts of a resource's report that say what was found of the instance. */
export type Findings = Pick<
  ResourceReport,
  'appliedPageSize' | 'viewLacks' | 'sortRefused' | 'sortedBy' | 'filters'
>;

export function whatWasFound(r: Findings): string[] {
  return [
    ...(r.appliedPageSize === undefined ? [] : [`the instance serves pages of ${r.appliedPageSize} rows`]),
    ...(r.viewLacks === undefined || r.viewLacks.length === 0
      ? []
      : [`its view lacks ${r.viewLacks.join(', ')} (those fields stay empty)`]),
    ...(r.sortRefused === undefined || r.sortRefused.length === 0
      ? []
      : [sorting(r.sortRefused, r.sortedBy)]),
    ...Object.entries(r.filters ?? {}).map(([name, support]) => {
      const what = FILTER_WORDS[name] ?? name;
      if (support === 'honoured') return `it filters ${what}`;
      return `it ${support === 'ignored' ? 'ignores' : 'rejects'} the filter for ${what}: ${FALLBACK[name] ?? 'Counter does without it'}`;
    }),
  ];
}
