// What a sync learnt of the instance, in words an integrator understands: the page size it applies
// and the fields its data-grid view lacks. Shown by `pos sync` and on the Settings screen.
import type { ResourceReport } from './events.ts';

export function whatWasFound(r: ResourceReport): string[] {
  return [
    ...(r.appliedPageSize === undefined ? [] : [`the instance serves pages of ${r.appliedPageSize} rows`]),
    ...(r.viewLacks === undefined || r.viewLacks.length === 0
      ? []
      : [`its view lacks ${r.viewLacks.join(', ')} (those fields stay empty)`]),
  ];
}
