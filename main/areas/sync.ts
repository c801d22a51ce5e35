// The sync area: the catalog's sync with the instance, and the searches over the synced cache.
import { soldHere, soldInStore } from '../outbox/index.ts';
import { syncHandlers } from '../sync/index.ts';
import type { Area, CallsOf, Till } from './area.ts';

export function syncArea(till: Till): Area<CallsOf<'sync' | 'stock' | 'warehouses' | 'companies'>> {
  const handlers = syncHandlers({
    db: () => till.db(),
    runner: () => till.link()?.sync ?? null,
    soldHere: (figures) => soldHere(till.db(), figures),
    soldInStore: (figures) => soldInStore(till.db(), figures),
  });
  // The Link loads its runner when first needed (link.ts): a sync call has it loaded first.
  const loaded = async (): Promise<void> => {
    await till.link()?.loadSync();
  };
  return {
    handlers: {
      ...handlers,
      'sync.now': async (input) => (await loaded(), handlers['sync.now'](input)),
      'sync.cancel': async (input) => (await loaded(), handlers['sync.cancel'](input)),
      'sync.status': async (input) => (await loaded(), handlers['sync.status'](input)),
    },
  };
}
