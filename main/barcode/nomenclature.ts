// Price- and weight-embedded EAN-13 (restricted-circulation prefixes 20-29), with rules written
// like Odoo's barcode nomenclature: `23.....{NNNDD}` = prefix 23, five product digits, a value of
// three integer and two decimal digits, then the EAN-13 check digit (not part of the pattern).
// The product is looked up by the code with the value digits zeroed and the check digit recomputed.
import { z } from 'zod';
import { hasValidCheckDigit, withCheckDigit } from './gtin.ts';

export const embeddedRuleSchema = z.object({
  /** price: the line's price (total for this item); weight: quantity in kg; quantity: pieces. */
  type: z.enum(['price', 'weight', 'quantity']),
  pattern: z.string().regex(/^[0-9.]*\{N*D*\}[0-9.]*$/, 'pattern like 23.....{NNNDD}'),
});
export type EmbeddedRule = z.infer<typeof embeddedRuleSchema>;

export const DEFAULT_EMBEDDED_RULES: readonly EmbeddedRule[] = [
  { type: 'weight', pattern: '21.....{NNDDD}' },
  { type: 'price', pattern: '23.....{NNNDD}' },
];

export interface EmbeddedReading {
  readonly rule: EmbeddedRule;
  /** The code the catalog knows the product by: value digits zeroed, check digit recomputed. */
  readonly productBarcode: string;
  readonly value: number;
}

interface CompiledRule {
  readonly rule: EmbeddedRule;
  /** Per position of the 12 digits before the check digit: a literal digit, '.', 'N' or 'D'. */
  readonly slots: readonly string[];
  readonly decimals: number;
}

export function compileRule(rule: EmbeddedRule): CompiledRule {
  const parsed = embeddedRuleSchema.parse(rule);
  const match = /^(.*)\{(N*)(D*)\}(.*)$/.exec(parsed.pattern);
  if (!match) throw new Error(`Invalid embedded barcode pattern ${rule.pattern}`);
  const [, before = '', ints = '', decs = '', after = ''] = match;
  const slots = [...Array.from(before), ...Array.from(ints), ...Array.from(decs), ...Array.from(after)];
  if (slots.length !== 12) {
    throw new Error(
      `Embedded barcode pattern ${rule.pattern} must describe 12 digits (the 13th is the check digit)`,
    );
  }
  return { rule: parsed, slots, decimals: decs.length };
}

/** The first rule an EAN-13 with a valid check digit matches, decoded; undefined when none does. */
export function readEmbedded(code: string, rules: readonly CompiledRule[]): EmbeddedReading | undefined {
  if (!/^\d{13}$/.test(code) || !hasValidCheckDigit(code)) return undefined;
  for (const compiled of rules) {
    let value = '';
    let product = '';
    const matches = compiled.slots.every((slot, i) => {
      const digit = code.charAt(i);
      if (slot === 'N' || slot === 'D') {
        value += digit;
        product += '0';
        return true;
      }
      product += digit;
      return slot === '.' || slot === digit;
    });
    if (!matches) continue;
    return {
      rule: compiled.rule,
      productBarcode: withCheckDigit(`${product}0`),
      value: Number(value) / 10 ** compiled.decimals,
    };
  }
  return undefined;
}
