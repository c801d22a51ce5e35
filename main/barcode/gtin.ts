// GTIN check digits (EAN-8, EAN-13, UPC-A, UPC-E, GTIN-14) and the forms a catalog may store a
// scanned GTIN under. A code of GTIN length with a wrong check digit is a misread, not an unknown.
import { words, type Words } from '../../contract/core-words.ts';

export type GtinFormat = 'EAN-8' | 'UPC-E' | 'UPC-A' | 'EAN-13' | 'GTIN-14';

/** GS1 mod-10 check digit of the digits before it (weights 3,1,3,... from the right). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function hasValidCheckDigit(code: string): boolean {
  return /^\d{8,14}$/.test(code) && gtinCheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/** Replaces the last digit with the right check digit. */
export function withCheckDigit(code: string): string {
  const body = code.slice(0, -1);
  return body + String(gtinCheckDigit(body));
}

/** UPC-E (8 digits: number system 0/1, six digits, check) to its UPC-A form, or undefined. */
export function expandUpcE(code: string): string | undefined {
  if (!/^[01]\d{7}$/.test(code)) return undefined;
  const ns = code.charAt(0);
  const [d1, d2, d3, d4, d5, d6] = code.slice(1, 7);
  const check = code.charAt(7);
  let body: string;
  switch (d6) {
    case '0':
    case '1':
    case '2':
      body = `${ns}${d1}${d2}${d6}0000${d3}${d4}${d5}`;
      break;
    case '3':
      body = `${ns}${d1}${d2}${d3}00000${d4}${d5}`;
      break;
    case '4':
      body = `${ns}${d1}${d2}${d3}${d4}00000${d5}`;
      break;
    default:
      body = `${ns}${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  }
  return body + check;
}

export type GtinReading =
  | {
      readonly valid: true;
      readonly format: GtinFormat;
      readonly gtin14: string;
      readonly lookup: readonly string[];
    }
  | ({ readonly valid: false; readonly format: GtinFormat } & Words);

/**
 * Reads an all-digit code of a GTIN length. `lookup` lists the forms a catalog may hold it under,
 * best first (the code as scanned, then its UPC-A / EAN-13 / GTIN-14 equivalents).
 * Undefined for codes that are no GTIN (other lengths, letters).
 */
export function readGtin(code: string): GtinReading | undefined {
  if (!/^\d+$/.test(code)) return undefined;
  switch (code.length) {
    case 8:
      return readEight(code);
    case 12:
      return reading('UPC-A', code, [code, `0${code}`]);
    case 13:
      return reading('EAN-13', code, code.startsWith('0') ? [code, code.slice(1)] : [code]);
    case 14:
      return reading('GTIN-14', code, gtin14Forms(code));
    default:
      return undefined;
  }
}

/** An 8-digit code is EAN-8 or UPC-E; the check digit (over different digits) usually decides. */
function readEight(code: string): GtinReading {
  const upcA = expandUpcE(code);
  const upcEValid = upcA !== undefined && hasValidCheckDigit(upcA);
  if (hasValidCheckDigit(code)) {
    return reading('EAN-8', code, upcEValid ? [code, upcA, `0${upcA}`] : [code]);
  }
  if (upcEValid) return reading('UPC-E', upcA, [upcA, `0${upcA}`, code]);
  return misread('EAN-8', code);
}

function gtin14Forms(code: string): string[] {
  const forms = [code];
  if (code.startsWith('0')) forms.push(code.slice(1));
  if (code.startsWith('00')) forms.push(code.slice(2));
  if (code.startsWith('000000')) forms.push(code.slice(6));
  return forms;
}

function reading(format: GtinFormat, code: string, lookup: readonly string[]): GtinReading {
  if (!hasValidCheckDigit(code)) return misread(format, code);
  return { valid: true, format, gtin14: code.padStart(14, '0'), lookup };
}

function misread(format: GtinFormat, code: string): GtinReading {
  const expected = gtinCheckDigit(code.slice(0, -1));
  return {
    valid: false,
    format,
    ...words('gtinCheckDigit', { code, format, expected, actual: code.at(-1) ?? '' }),
  };
}
