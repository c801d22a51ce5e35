// The sync area: the catalog's sync with the instance, and the searches over the synced cache.
import { soldHere, soldInStore } from '../outbox/index.ts';
import { syncHandlers } from '../sync/index.ts';
import type { Area, CallsOf, Till } from './area.ts';

export function syncArea(till: Till): Area<CallsOf<'sync' | 'stock' | 'warehouses' | 'companies'>> {
  return {
    handlers: syncHandlers({
      db: () => till.db(),
      runner: () => till.link()?.sync ?? null,
      soldHere: (figures) => soldHere(till.db(), figures),
      soldInStore: (figures) => soldInStore(till.db(), figures),
    }),
  };
}
