// The counter's calls (session.*, receipt.*) over a test's Counter and app file, wired as the app
// wires them but with nothing guarded, no printer and no serial scanner: the test gives the rest.
import type { Db } from '../../db/database.ts';
import { BarcodeReader } from '../../main/barcode/index.ts';
import { counterHandlers, type Counter, type CounterDeps } from '../../main/counter/index.ts';

export function counterCalls(db: Db, counter: Counter, more: Partial<CounterDeps> = {}) {
  const reader = new BarcodeReader();
  return counterHandlers({
    counter: () => counter,
    warehouseId: () => 1,
    reader: () => reader,
    orderPlaced: () => undefined,
    db: () => db,
    walkInCustomer: () => null,
    guard: () => undefined,
    managerPinSet: () => false,
    claimSerialScan: () => true,
    ...more,
  });
}
