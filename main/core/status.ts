// The status bar's view (status.get, and the status.changed event): online or not, which instance,
// the outbox's figures, the last sync, the instance's version, whether it refused the credentials,
// whether it lets this client create orders, the receipt printer's queue, the till's open shift and
// who is signed in at the till.
import type { Db } from '../../db/database.ts';
import type { PrinterStatusView, SerialScannerStatus, StatusView } from '../../contract/contract.ts';
import { stockItemsSyncedAt } from '../../db/catalog/index.ts';
import { outboxCounts } from '../outbox/index.ts';
import type { InstanceConfig, InstanceResolution } from '../settings/instance.ts';
import { displayInstance } from '../settings/instance.ts';
import { isInsecure } from '../settings/origin.ts';
import type { Handlers } from '../ground/index.ts';
import { cashiersView, openShiftRef } from '../shift/index.ts';

export interface StatusSource {
  resolution(): InstanceResolution;
  /** The instance in use; null when none is configured (or the demo could not start). */
  instance(): InstanceConfig | null;
  /** The health probe's last word; undefined without a probe (no instance). */
  online(): boolean | null | undefined;
  demo(): boolean;
  db(): Db;
  /** The instance's version, once read. */
  version(): string | undefined;
  /** The token endpoint's last word on the credentials was a refusal (400/401), or the outbox's was. */
  credentialsRefused(): boolean;
  /** Whether this client may create orders on the instance, as last learnt. */
  orderPermission(): StatusView['orderPermission'];
  /** The receipt printer's queue; null when none is set and nothing waits. */
  printer(): PrinterStatusView | null;
  /** The serial scanner's port; undefined when none is set. */
  serialScanner(): SerialScannerStatus | undefined;
  /** The store hub; undefined when none is set. */
  storeHub?(): StatusView['storeHub'];
}

export function statusHandlers(source: StatusSource): Pick<Handlers, 'status.get'> {
  return { 'status.get': () => Promise.resolve(statusView(source)) };
}

export function statusView(source: StatusSource): StatusView {
  const r = source.resolution();
  const instance = source.instance();
  const version = source.version();
  const online = source.online() ?? (instance === null ? false : null);
  return {
    online,
    instance:
      instance !== null
        ? displayInstance(instance.baseUrl)
        : r.kind === 'incomplete'
          ? displayInstance(r.baseUrl)
          : null,
    demo: source.demo(),
    ...outboxCounts(source.db()),
    lastSyncedAt: stockItemsSyncedAt(source.db()) ?? null,
    ...(version === undefined ? {} : { version }),
    insecure: instance !== null && isInsecure(instance.baseUrl),
    // Said only while the instance answers: offline, nobody can tell what it would say now.
    credentialsRefused: instance !== null && online === true && source.credentialsRefused(),
    ...(secretMissing(r) ? { secretMissing: true } : {}),
    // Said offline too: the instance's role does not change because it cannot be reached.
    orderPermission: instance === null ? 'unknown' : source.orderPermission(),
    printer: source.printer(),
    ...tillNow(source.db()),
    ...serial(source.serialScanner()),
    ...storeHub(source.storeHub?.()),
  };
}

/** The instance is set, its secret is not: what the status bar says instead of "offline". */
function secretMissing(r: InstanceResolution): boolean {
  return r.kind === 'incomplete' && r.missing.some((s) => s.key.startsWith('missingClientSecret'));
}

/** The till's open shift and who works it (the core records no sale with nobody signed in). */
function tillNow(db: Db): Pick<StatusView, 'shift' | 'cashier' | 'signInNeeded'> {
  const cashiers = cashiersView(db);
  return {
    shift: openShiftRef(db),
    cashier: cashiers.signedIn,
    signInNeeded: cashiers.cashiers.length > 0 && cashiers.signedIn === null,
  };
}

function storeHub(status: StatusView['storeHub']): Pick<StatusView, 'storeHub'> {
  return status === undefined ? {} : { storeHub: status };
}

function serial(status: SerialScannerStatus | undefined): Pick<StatusView, 'serialScanner'> {
  return status === undefined ? {} : { serialScanner: status };
}
