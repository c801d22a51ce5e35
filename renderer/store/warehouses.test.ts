import { describe, expect, it } from 'vitest';
import { onlyActiveWarehouse } from './warehouses.ts';

describe('onlyActiveWarehouse', () => {
  it('takes the one active warehouse, inactive ones aside', () => {
    expect(
      onlyActiveWarehouse([
        { id: 1, name: 'Old', isInactive: true },
        { id: 2, name: 'Shop' },
      ]),
    ).toEqual({ id: 2, name: 'Shop' });
  });

  it('leaves the choice to a person when there are several, or none', () => {
    expect(
      onlyActiveWarehouse([
        { id: 1, name: 'A' },
        { id: 2, name: 'B', isInactive: false },
      ]),
    ).toBeUndefined();
    expect(onlyActiveWarehouse([{ id: 1, name: 'Old', isInactive: true }])).toBeUndefined();
    expect(onlyActiveWarehouse([])).toBeUndefined();
  });
});
