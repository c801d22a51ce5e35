// GS1 element strings (GS1-128, GS1 DataMatrix, GS1 QR): application identifiers with their
// values, after a symbology identifier (]C1, ]d2, ]Q3, ]e0) or GS separators, or in the
// human-readable form with parentheses "(01)09506000134352(17)251231".
import { words, type Words } from '../../contract/core-words.ts';
import { hasValidCheckDigit } from './gtin.ts';

const GS = '\u001d';

/** Length of each AI's value: a number is fixed, {max} variable (ended by GS or the string's end). */
type AiLength = number | { readonly max: number };

const AI_TABLE: readonly (readonly [string, AiLength])[] = [
  ['00', 18],
  ['01', 14],
  ['02', 14],
  ['10', { max: 20 }],
  ['11', 6],
  ['12', 6],
  ['13', 6],
  ['15', 6],
  ['16', 6],
  ['17', 6],
  ['20', 2],
  ['21', { max: 20 }],
  ['22', { max: 20 }],
  ['30', { max: 8 }],
  ['37', { max: 8 }],
  ['240', { max: 30 }],
  ['241', { max: 30 }],
  ['250', { max: 30 }],
  ['400', { max: 30 }],
  ['410', 13],
  ['414', 13],
  ['422', 3],
  ['7003', 10],
  ...Array.from({ length: 10 }, (_, n): [string, AiLength] => [`310${n}`, 6]),
  ...Array.from({ length: 10 }, (_, n): [string, AiLength] => [`320${n}`, 6]),
  ...Array.from({ length: 10 }, (_, n): [string, AiLength] => [`392${n}`, { max: 15 }]),
  ...Array.from({ length: 10 }, (_, n): [string, AiLength] => [`393${n}`, { max: 18 }]),
  ...Array.from({ length: 10 }, (_, n): [string, AiLength] => [`9${n}`, { max: 90 }]),
];
const AI_LENGTH: ReadonlyMap<string, AiLength> = new Map(AI_TABLE);

export interface Gs1Element {
  readonly ai: string;
  readonly value: string;
}

export interface Gs1Reading {
  readonly elements: readonly Gs1Element[];
  readonly gtin?: string;
  readonly batch?: string;
  readonly serial?: string;
  readonly productionDate?: string;
  readonly bestBefore?: string;
  readonly expiry?: string;
  readonly count?: number;
  /** From 310n, in kg. */
  readonly netWeightKg?: number;
  /** From 392n (amount payable, in the local currency). */
  readonly price?: number;
}

export type Gs1Result =
  { readonly ok: true; readonly reading: Gs1Reading } | ({ readonly ok: false } & Words);

const SYMBOLOGY_IDS = [']C1', ']d2', ']Q3', ']e0', ']J1'];

/**
 * Whether the scanned text is a GS1 element string rather than a plain code.
 *
 * Marked: a symbology identifier (]C1, ]d2, ]Q3, ]e0, ]J1), a GS (FNC1 as the scanner sends it), or
 * the bracketed human-readable form. Unmarked - most scanners strip ]C1, and some send no GS either -
 * it is read as GS1 only when its structure leaves no doubt (docs/assumptions.md "GS1 without a
 * prefix"): it starts with a GTIN element, (01) or (02), whose 14 digits carry a valid check digit,
 * and the rest splits completely into elements of known application identifiers, at least one of
 * them. Without a separator a variable-length element can only be the last one, so it takes the rest
 * of the code. Anything else stays a plain code (a card number may start with 01 too).
 */
export function looksLikeGs1(text: string): boolean {
  if (SYMBOLOGY_IDS.some((id) => text.startsWith(id))) return true;
  if (text.startsWith(GS) || text.includes(GS)) return true;
  if (/^\(\d{2,4}\)/.test(text)) return true;
  return isUnmarkedGs1(text);
}

function isUnmarkedGs1(text: string): boolean {
  const gtin = /^0[12](\d{14})(.+)$/.exec(text);
  if (gtin === null || !hasValidCheckDigit(gtin[1] ?? '')) return false;
  const rest = splitRaw(gtin[2] ?? '');
  return Array.isArray(rest) && rest.length > 0 && interpret(rest, new Date()).ok;
}

export function parseGs1(text: string, now: Date = new Date()): Gs1Result {
  const elements = text.startsWith('(') ? splitBracketed(text) : splitRaw(stripSymbology(text));
  if (!Array.isArray(elements)) return { ok: false, ...elements };
  return interpret(elements, now);
}

function stripSymbology(text: string): string {
  const id = SYMBOLOGY_IDS.find((s) => text.startsWith(s));
  let rest = id ? text.slice(id.length) : text;
  while (rest.startsWith(GS)) rest = rest.slice(1);
  return rest;
}

function splitBracketed(text: string): Gs1Element[] | Words {
  const elements: Gs1Element[] = [];
  const re = /\((\d{2,4})\)([^(]*)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = re.exec(text)) !== null) {
    const [whole, ai = '', value = ''] = match;
    elements.push({ ai, value });
    consumed += whole.length;
  }
  if (consumed !== text.length) return words('gs1Unreadable', { code: printable(text) });
  return elements;
}

function splitRaw(text: string): Gs1Element[] | Words {
  const elements: Gs1Element[] = [];
  let rest = text;
  while (rest.length > 0) {
    const ai = [2, 3, 4].map((n) => rest.slice(0, n)).find((p) => AI_LENGTH.has(p));
    const length = ai === undefined ? undefined : AI_LENGTH.get(ai);
    if (ai === undefined || length === undefined)
      return words('gs1UnknownAi', { at: printable(rest.slice(0, 4)) });
    rest = rest.slice(ai.length);
    let value: string;
    if (typeof length === 'number') {
      value = rest.slice(0, length);
      if (value.length < length) return words('gs1TooShort', { ai });
      rest = rest.slice(length);
      if (rest.startsWith(GS)) rest = rest.slice(1); // allowed after fixed-length elements too
    } else {
      const end = rest.indexOf(GS);
      value = end === -1 ? rest : rest.slice(0, end);
      rest = end === -1 ? '' : rest.slice(end + 1);
      if (value.length > length.max) return words('gs1TooLong', { ai, max: length.max });
    }
    elements.push({ ai, value });
  }
  return elements;
}

function interpret(elements: readonly Gs1Element[], now: Date): Gs1Result {
  const out: { -readonly [K in keyof Gs1Reading]: Gs1Reading[K] } = { elements };
  for (const { ai, value } of elements) {
    const fixed = AI_LENGTH.get(ai);
    if (typeof fixed === 'number' && (value.length !== fixed || !/^\d+$/.test(value))) {
      return { ok: false, ...words('gs1Length', { ai, digits: fixed }) };
    }
    if (ai === '01' || ai === '02') {
      if (!hasValidCheckDigit(value)) return { ok: false, ...words('gs1CheckDigit', { value }) };
      if (ai === '01') out.gtin = value;
    } else if (ai === '10') out.batch = value;
    else if (ai === '21') out.serial = value;
    else if (ai === '11' || ai === '15' || ai === '17') {
      const date = gs1Date(value, now);
      if (date === undefined) return { ok: false, ...words('gs1NotDate', { ai, value }) };
      if (ai === '11') out.productionDate = date;
      else if (ai === '15') out.bestBefore = date;
      else out.expiry = date;
    } else if (ai === '30') out.count = Number(value);
    else if (ai.startsWith('310')) out.netWeightKg = Number(value) / 10 ** Number(ai.charAt(3));
    else if (ai.startsWith('392')) {
      if (!/^\d+$/.test(value)) return { ok: false, ...words('gs1NotDigits', { ai }) };
      out.price = Number(value) / 10 ** Number(ai.charAt(3));
    }
  }
  return { ok: true, reading: out };
}

/** YYMMDD to YYYY-MM-DD; DD 00 means the month's last day; century per the GS1 sliding window. */
function gs1Date(value: string, now: Date): string | undefined {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!m) return undefined;
  const yy = Number(m[1]);
  const month = Number(m[2]);
  let day = Number(m[3]);
  if (month < 1 || month > 12) return undefined;
  const currentYear = now.getUTCFullYear();
  const diff = yy - (currentYear % 100);
  const century = Math.floor(currentYear / 100) + (diff >= 51 ? -1 : diff <= -50 ? 1 : 0);
  const year = century * 100 + yy;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === 0) day = lastDay;
  if (day > lastDay) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function printable(text: string): string {
  return text.replaceAll(GS, '<GS>');
}
