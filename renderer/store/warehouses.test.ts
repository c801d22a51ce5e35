import { describe, expect, it } from 'vitest';
import { warehouseId as w } from '../../contract/ids.ts';
import { onlyActiveWarehouse } from './warehouses.ts';

describe('onlyActiveWarehouse', () => {
  it('takes the one active warehouse, inactive ones aside', () => {
    expect(
      onlyActiveWarehouse([
        { id: w(1), name: 'Old', isInactive: true },
        { id: w(2), name: 'Shop' },
      ]),
    ).toEqual({ id: 2, name: 'Shop' });
  });

  it('leaves the choice to a person when there are several, or none', () => {
    expect(
      onlyActiveWarehouse([
        { id: w(1), name: 'A' },
        { id: w(2), name: 'B', isInactive: false },
      ]),
    ).toBeUndefined();
    expect(onlyActiveWarehouse([{ id: w(1), name: 'Old', isInactive: true }])).toBeUndefined();
    expect(onlyActiveWarehouse([])).toBeUndefined();
  });
});
