// The settings area: Settings, the manager's PIN lock. A change reaches the areas it concerns: the
// instance is resolved again, the sync rescheduled, the printer retried, the serial port reopened.
import { commonCurrency, knownCompanyName } from '../../db/catalog/index.ts';
import { retryPrintJobsNow } from '../../db/print-jobs.ts';
import { settingsHandlers } from '../settings/handlers.ts';
import { unsentCount } from '../outbox/index.ts';
import type { Area, CallsOf, Till } from './area.ts';

export function settingsArea(till: Till): Area<CallsOf<'settings' | 'manager'>> {
  return {
    handlers: settingsHandlers({
      store: till.settings,
      credentials: till.credentials,
      env: till.env,
      source: () => till.link()?.instance?.source,
      // Demo orders stay in the demo's own file: switching away from it leaves them be.
      unsentOrders: () => {
        const link = till.link();
        return link === null || till.demo() ? 0 : unsentCount(link.db);
      },
      reconnect: () => till.reconnect(),
      rescheduleSync: (minutes) => till.link()?.sync?.schedule(minutes),
      retentionChanged: () => till.retentionChanged(),
      changed: () => till.statusChanged(),
      printerChanged: () => {
        const link = till.link();
        // The worker not loaded yet (link.ts loadParts) finds the waiting jobs due now when it starts.
        if (link?.printer != null) link.printer.retryNow();
        else if (link != null) retryPrintJobsNow(link.db);
      },
      serialScannerChanged: () => till.useSerialScanner(),
      companyName: (companyId) => knownCompanyName(till.db(), companyId),
      defaultWalkIn: () => till.demoWalkIn(),
      commonCurrency: () => commonCurrency(till.db()),
      lock: till.lock,
      now: () => till.now(),
    }),
  };
}
