// The printer area: the receipt printer's test page, reprints, the drawer, the printed reports.
import { getOutboxOrder } from '../outbox/index.ts';
import { printerHandlers, spoolerEnvironment } from '../printer/index.ts';
import { currentReport, lastZReport, ShiftError } from '../shift/index.ts';
import { loadedFirst, type Area, type CallsOf, type Till } from './area.ts';

export function printerArea(till: Till): Area<CallsOf<'printer'>> {
  // The Link loads its print worker with its background work (link.ts): a printer call has it loaded first.
  const loaded = async (): Promise<unknown> => till.link()?.loadParts();
  return {
    handlers: loadedFirst(
      printerHandlers({
        worker: () => till.link()?.printer ?? null,
        setup: () => till.printerSetup(),
        db: () => till.db(),
        orderKnown: (orderId) => getOutboxOrder(till.db(), orderId) !== undefined,
        guard: (what) => till.guard(what),
        managerPinSet: () => till.lock.pinSet,
        changed: () => till.statusChanged(),
        now: () => new Date(till.now()),
        spoolerEnv: () => spoolerEnvironment(till.env),
        shiftReport: (which) => {
          const now = new Date(till.now());
          if (which === 'x') return currentReport(till.db(), now);
          try {
            return lastZReport(till.db(), now);
          } catch (error) {
            if (error instanceof ShiftError && error.code === 'no-closed-shift') return null;
            throw error;
          }
        },
      }),
      loaded,
    ),
  };
}
