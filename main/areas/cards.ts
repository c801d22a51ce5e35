// The cards area (issue 39): a card issued at the till, checked against the cache and the instance,
// stored as an outbox document and cached at once, sent by the outbox's card channel.
import { cardsHandlers, type CardIssueDeps } from '../cards/index.ts';
import { ScanResolver } from '../counter/index.ts';
import type { Area, CallsOf, Till } from './area.ts';

export function cardsArea(till: Till): Area<CallsOf<'cards'>> {
  const issue = (): CardIssueDeps => {
    const link = till.link();
    const settings = till.settings.read();
    return {
      db: till.db(),
      // The counter's own rules tell a product's code or a misread one from a new card's.
      resolver: new ScanResolver({ db: till.db(), reader: () => till.reader() }),
      warehouseId: settings.warehouseId,
      cards: link?.client ?? null,
      instance: link?.outbox?.instance,
      validityMonths: settings.cardValidityMonths,
      now: () => new Date(till.now()),
    };
  };
  return {
    handlers: cardsHandlers({
      db: () => till.db(),
      issue,
      outbox: () => till.link()?.outbox ?? null,
      probe: () => till.link()?.client ?? null,
      defaultCompanyId: () => till.settings.read().cardCompanyId,
    }),
  };
}
