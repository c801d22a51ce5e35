import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY, quantityProblem, takesDecimals } from './quantity.ts';

const bread = { name: 'Chléb', kind: 'unit', unitOfMeasure: 'ks' };
const cheese = { name: 'Eidam', kind: 'unit', unitOfMeasure: 'kg' };
const weighed = { name: 'Jablka', kind: 'weight', unitOfMeasure: null };

describe('quantities a line takes', () => {
  it('takes decimals for measured units and weight labels only', () => {
    expect(takesDecimals(cheese)).toBe(true);
    expect(takesDecimals({ kind: 'unit', unitOfMeasure: 'L.' })).toBe(true);
    expect(takesDecimals({ kind: 'unit', unitOfMeasure: 'm²' })).toBe(true);
    expect(takesDecimals(weighed)).toBe(true);
    expect(takesDecimals(bread)).toBe(false);
    expect(takesDecimals({ kind: 'unit', unitOfMeasure: null })).toBe(false);
  });

  it('accepts whole pieces and measured fractions', () => {
    expect(quantityProblem(bread, 3)).toBeUndefined();
    expect(quantityProblem(cheese, 0.355)).toBeUndefined();
    expect(quantityProblem(weighed, 1.25)).toBeUndefined();
    expect(quantityProblem(bread, MAX_QUANTITY)).toBeUndefined();
  });

  it('names what is wrong with anything else', () => {
    expect(quantityProblem(bread, 0)?.message).toBe('The quantity must be a number above zero.');
    expect(quantityProblem(bread, -2)?.message).toBe('The quantity must be a number above zero.');
    expect(quantityProblem(bread, Number.NaN)?.message).toBe('The quantity must be a number above zero.');
    expect(quantityProblem(bread, 1.5)?.message).toBe('Chléb is sold in whole ks: type a whole number.');
    expect(quantityProblem({ ...bread, unitOfMeasure: null }, 1.5)?.message).toMatch(/whole pieces/);
    expect(quantityProblem(cheese, 0.0001)?.message).toBe('At most three decimals.');
    expect(quantityProblem(bread, 8591234567890)?.message).toBe(
      '8591234567890 looks like a code, not a quantity: scan products at the code field.',
    );
    expect(quantityProblem(bread, 12000)?.message).toBe('At most 9999 of one line.');
  });
});
