// A receipt's text keeps a number with its unit: "100 g", "0,33 l", "4 × 125 g" and "21 %" never end
// one line and start the next (non-breaking spaces), on 80 mm or 58 mm paper alike.

const NBSP = '\u00a0';

/** Units and signs that follow a number in product names and on the receipt. */
const UNITS = [
  'g',
  'dkg',
  'kg',
  'mg',
  't',
  'ml',
  'cl',
  'dl',
  'l',
  'hl',
  'mm',
  'cm',
  'm',
  'km',
  'm²',
  'm³',
  'ks',
  'bal',
  'pár',
  'h',
  '%',
  'Kč',
  '€',
  '×',
  'x',
];

/** A space after a number and before a unit (a whole word: "10 kusů" keeps its space). */
const BEFORE_UNIT = new RegExp(`(?<=\\d)[ \\t]+(?=(?:${UNITS.join('|')})(?![\\p{L}\\p{N}]))`, 'gu');
/** A space between a times sign and the number after it ("4 × 125 g"). */
const AFTER_TIMES = /(?<=(?:^|[\s\u00a0])[×x])[ \t]+(?=\d)/gu;

/** `text` with the spaces that would part a number from its unit made non-breaking. */
export function keepUnitsTogether(text: string): string {
  return text.replace(BEFORE_UNIT, NBSP).replace(AFTER_TIMES, NBSP);
}
