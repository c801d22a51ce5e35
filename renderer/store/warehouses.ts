// Which warehouse a new terminal may take without asking anyone.
import type { WarehouseView } from '../../contract/contract.ts';

/** The only warehouse that is not inactive, if there is exactly one; otherwise a person chooses. */
export function onlyActiveWarehouse(list: readonly WarehouseView[]): WarehouseView | undefined {
  const active = list.filter((w) => w.isInactive !== true);
  return active.length === 1 ? active[0] : undefined;
}
