// EAN-13 helpers for generated barcodes (products and cards).

/** The check digit of the first 12 digits of an EAN-13. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 body must be 12 digits, got ${first12}`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function ean13(first12: string): string {
  return first12 + String(ean13CheckDigit(first12));
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/**
 * Variable-measure barcode as stored in the catalog: prefix (21 weight, 23 price), 5-digit item
 * code, the 5 value digits zeroed, check digit over those zeros. A scanned label carries the
 * value in place of the zeros; the counter zeroes them again to find the product.
 */
export function variableMeasureEan13(prefix: '21' | '23', itemCode: number): string {
  return ean13(prefix + String(itemCode % 100_000).padStart(5, '0') + '00000');
}
