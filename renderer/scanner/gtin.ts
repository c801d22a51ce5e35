// Whether a code is a GTIN whose check digit is right (EAN-8, UPC-A, EAN-13, GTIN-14). A burst that
// went on across a pause is one code when it is one (two halves of one barcode), not when it only
// happens to join up: the mod-10 check digit catches every single wrong digit and most joins.

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

export function isValidGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || !GTIN_LENGTHS.has(code.length)) return false;
  const digits = Array.from(code, Number);
  const check = digits.pop();
  // Weights 3, 1, 3, ... from the digit next to the check digit leftwards.
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return check === (10 - (sum % 10)) % 10;
}
