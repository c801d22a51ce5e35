// The ordered lists of schema migrations, one per file. Append only: a shipped migration is never
// edited.
import { meta } from './0001-meta.ts';
import { catalog } from './0002-catalog.ts';
import { outbox } from './0003-outbox.ts';
import { counterSessions } from './0004-counter-sessions.ts';
import { catalogMovesOut } from './0005-catalog-moves-out.ts';
import { lineWithoutDiscount } from './0006-line-without-discount.ts';
import { sendingLease } from './0007-sending-lease.ts';
import { orderInstance } from './0008-order-instance.ts';
import { lineRemoval } from './0009-line-removal.ts';
import { saleTender } from './0010-sale-tender.ts';
import { sendingBeat } from './0011-sending-beat.ts';
import { linePriceEntered } from './0012-line-price-entered.ts';
import { parkedSales } from './0013-parked-sales.ts';
import { lineAdjustment } from './0014-line-adjustment.ts';
import { orderHistory } from './0015-order-history.ts';
import { receipt } from './0016-receipt.ts';
import { shifts } from './0017-shifts.ts';
import { printQueue } from './0018-print-queue.ts';
import { soldHere } from './0019-sold-here.ts';
import { saleRounding } from './0020-sale-rounding.ts';
import { orderBooked } from './0021-order-booked.ts';
import { orderInstanceTime } from './0022-order-instance-time.ts';
import { redirectNotAVerdict } from './0023-redirect-not-a-verdict.ts';
import { drawerOpeningShift } from './0024-drawer-opening-shift.ts';
import { outboxBookkeeping } from './0025-outbox-bookkeeping.ts';
import { returns } from './0026-returns.ts';
import { storeJournal } from './0027-store-journal.ts';
import { moneyColumns } from './0028-money-columns.ts';
import { outboxDocuments } from './0029-outbox-documents.ts';
import { journalReturns } from './0030-journal-returns.ts';
import { soldLinePrice } from './0031-sold-line-price.ts';
import { returnPrint } from './0032-return-print.ts';
import { storeShift } from './0033-store-shift.ts';
import { storeReturns } from './0034-store-returns.ts';
import { returnExchange } from './0035-return-exchange.ts';
import { returnWithoutReceipt } from './0036-return-without-receipt.ts';
import { exchangeHeld } from './0037-exchange-held.ts';
import { storeParked } from './0038-store-parked.ts';
import { storeJournalLookups } from './0039-store-journal-lookups.ts';
import { storeSaleLookup } from './0040-store-sale-lookup.ts';
import { parkedExchange } from './0041-parked-exchange.ts';
import { sendingFrom } from './0042-sending-from.ts';
import { returnsCreated } from './0043-returns-created.ts';
import { storeHubPosition } from './0044-store-hub-position.ts';
import { prohibitionOfDiscounts } from './catalog-0002-prohibition-of-discounts.ts';
import { instanceProfile } from './catalog-0003-instance-profile.ts';
import { syncRun } from './catalog-0004-sync-run.ts';
import { inactiveInWarehouse } from './catalog-0005-inactive-in-warehouse.ts';
import { passStart } from './catalog-0006-pass-start.ts';
import { gtinKey } from './catalog-0007-gtin-key.ts';
import type { Migration } from './types.ts';

export type { Migration } from './types.ts';

/** The app's own file (counter.sqlite): settings, the outbox, shopping sessions. */
export const migrations: readonly Migration[] = [
  meta,
  catalog,
  outbox,
  counterSessions,
  catalogMovesOut,
  lineWithoutDiscount,
  sendingLease,
  orderInstance,
  lineRemoval,
  saleTender,
  sendingBeat,
  linePriceEntered,
  parkedSales,
  lineAdjustment,
  orderHistory,
  receipt,
  shifts,
  printQueue,
  soldHere,
  saleRounding,
  orderBooked,
  orderInstanceTime,
  redirectNotAVerdict,
  drawerOpeningShift,
  outboxBookkeeping,
  returns,
  storeJournal,
  moneyColumns,
  outboxDocuments,
  journalReturns,
  soldLinePrice,
  returnPrint,
  storeShift,
  storeReturns,
  returnExchange,
  returnWithoutReceipt,
  exchangeHeld,
  storeParked,
  storeJournalLookups,
  storeSaleLookup,
  parkedExchange,
  sendingFrom,
  returnsCreated,
  storeHubPosition,
];

/** The catalog's file (counter.catalog.sqlite): what sync copies from the service. Its schema
 * starts as migration 2 of the app's file left it. */
export const catalogMigrations: readonly Migration[] = [
  { ...catalog, version: 1 },
  prohibitionOfDiscounts,
  instanceProfile,
  syncRun,
  inactiveInWarehouse,
  passStart,
  gtinKey,
];
