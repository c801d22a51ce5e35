// Which quantities a session line takes. SPEC.md's product unit has no "decimals allowed" flag
// (docs/assumptions.md "Quantities"), so the unit of measure decides: a measure (kg, l, m, ...) or a
// weight label's line takes decimals, anything else is counted in whole pieces. A number far beyond
// what a counter sells is a code typed or scanned into the wrong field, and is named as such.
import { isQuantityPrecise } from '../../common/money.ts';
import { words, type Words } from '../../contract/core-words.ts';

/** Units of measure sold in fractions, lower case, without dots or spaces. */
const MEASURES = new Set([
  'kg', 'g', 'dkg', 'dag', 'mg', 't', 'q',
  'l', 'ml', 'cl', 'dl', 'hl',
  'm', 'cm', 'mm', 'km', 'bm', 'm2', 'm²', 'm3', 'm³',
  'h', 'hod',
]); // prettier-ignore

/** More than this of one line is a code typed into the quantity, not a quantity. */
export const MAX_QUANTITY = 9999;

/** Weight label lines and measured units (kg, l, m, ...) take decimals; counted units do not. */
export function takesDecimals(line: { kind: string; unitOfMeasure?: string | null | undefined }): boolean {
  if (line.kind === 'weight') return true;
  const unit = line.unitOfMeasure?.toLowerCase().replace(/[.\s]/g, '');
  return unit !== undefined && MEASURES.has(unit);
}

export interface QuantityLine {
  readonly name: string;
  readonly kind: string;
  readonly unitOfMeasure?: string | null | undefined;
}

/**
 * Why `quantity` cannot be `line`'s, in words for the cashier; undefined when it can. Weights keep
 * three decimals (grams), other measures three too.
 */
export function quantityProblem(line: QuantityLine, quantity: number): Words | undefined {
  if (!Number.isFinite(quantity) || quantity <= 0) return words('quantityAboveZero');
  if (quantity > MAX_QUANTITY) {
    return Number.isInteger(quantity) && String(quantity).length >= 6
      ? words('quantityLooksLikeCode', { quantity: String(quantity) })
      : words('quantityMax', { max: MAX_QUANTITY });
  }
  if (!takesDecimals(line) && !Number.isInteger(quantity)) {
    return line.unitOfMeasure == null
      ? words('quantityWholePieces', { name: line.name })
      : words('quantityWhole', { name: line.name, unit: line.unitOfMeasure });
  }
  if (!isQuantityPrecise(quantity)) return words('quantityDecimals');
  return undefined;
}
