// The keyboard layouts a scanner may be set to emulate. A scanner set to a layout sends, for each
// character, the keys that type it on that layout (KeyboardEvent.code plus Shift or AltGr); mapping
// the code back through the same layout gives the character the scanner meant, whatever layout the
// OS has. 'host' trusts the character the OS produced (scanner set to the machine's own layout).
//
// Dead keys (´ ˇ ^ ¨ on QWERTZ/AZERTY) are left out: they type no character on their own.
import { usLayoutChar } from './us-layout.ts';

export const SCANNER_LAYOUTS = ['us', 'cs', 'sk', 'de', 'fr', 'host'] as const;
export type ScannerLayout = (typeof SCANNER_LAYOUTS)[number];

/** code → [unshifted, shifted] for the keys where a layout differs from US (letters aside). */
type KeyTable = Readonly<Record<string, readonly [string | null, string | null]>>;

// Czech QWERTZ (Windows "Czech", the default in CZ): the number row types ě š č ř ž ý á í é, digits
// need Shift.
const CS: KeyTable = {
  Backquote: [';', '°'],
  Digit1: ['+', '1'],
  Digit2: ['ě', '2'],
  Digit3: ['š', '3'],
  Digit4: ['č', '4'],
  Digit5: ['ř', '5'],
  Digit6: ['ž', '6'],
  Digit7: ['ý', '7'],
  Digit8: ['á', '8'],
  Digit9: ['í', '9'],
  Digit0: ['é', '0'],
  Minus: ['=', '%'],
  Equal: [null, null],
  BracketLeft: ['ú', '/'],
  BracketRight: [')', '('],
  Backslash: [null, "'"],
  Semicolon: ['ů', '"'],
  Quote: ['§', '!'],
  Comma: [',', '?'],
  Period: ['.', ':'],
  Slash: ['-', '_'],
  IntlBackslash: ['\\', '|'],
};

// Slovak QWERTZ: like Czech, with ľ ť on 2 and 5, ä ň ô on the right.
const SK: KeyTable = {
  ...CS,
  Digit2: ['ľ', '2'],
  Digit5: ['ť', '5'],
  BracketRight: ['ä', '('],
  Backslash: ['ň', ')'],
  Semicolon: ['ô', '"'],
};

// Czech and Slovak AltGr: the ASCII symbols the number row gave up.
const CS_ALTGR: Readonly<Record<string, string>> = {
  KeyQ: '\\',
  KeyW: '|',
  KeyE: '€',
  KeyF: '[',
  KeyG: ']',
  KeyX: '#',
  KeyC: '&',
  KeyV: '@',
  KeyB: '{',
  KeyN: '}',
  Comma: '<',
  Period: '>',
  Slash: '*',
  Semicolon: '$',
};

// German QWERTZ.
const DE: KeyTable = {
  Backquote: [null, '°'],
  Digit1: ['1', '!'],
  Digit2: ['2', '"'],
  Digit3: ['3', '§'],
  Digit4: ['4', '$'],
  Digit5: ['5', '%'],
  Digit6: ['6', '&'],
  Digit7: ['7', '/'],
  Digit8: ['8', '('],
  Digit9: ['9', ')'],
  Digit0: ['0', '='],
  Minus: ['ß', '?'],
  Equal: [null, null],
  BracketLeft: ['ü', 'Ü'],
  BracketRight: ['+', '*'],
  Backslash: ['#', "'"],
  Semicolon: ['ö', 'Ö'],
  Quote: ['ä', 'Ä'],
  Comma: [',', ';'],
  Period: ['.', ':'],
  Slash: ['-', '_'],
  IntlBackslash: ['<', '>'],
};

const DE_ALTGR: Readonly<Record<string, string>> = {
  KeyQ: '@',
  KeyE: '€',
  Digit7: '{',
  Digit8: '[',
  Digit9: ']',
  Digit0: '}',
  Minus: '\\',
  BracketRight: '~',
  IntlBackslash: '|',
};

// French AZERTY: digits need Shift, A/Q and Z/W swapped, M right of L.
const FR: KeyTable = {
  Backquote: ['²', null],
  Digit1: ['&', '1'],
  Digit2: ['é', '2'],
  Digit3: ['"', '3'],
  Digit4: ["'", '4'],
  Digit5: ['(', '5'],
  Digit6: ['-', '6'],
  Digit7: ['è', '7'],
  Digit8: ['_', '8'],
  Digit9: ['ç', '9'],
  Digit0: ['à', '0'],
  Minus: [')', '°'],
  Equal: ['=', '+'],
  BracketLeft: [null, null],
  BracketRight: ['$', '£'],
  Backslash: ['*', 'µ'],
  KeyM: [',', '?'],
  Semicolon: ['m', 'M'],
  Quote: ['ù', '%'],
  Comma: [';', '.'],
  Period: [':', '/'],
  Slash: ['!', '§'],
  IntlBackslash: ['<', '>'],
};

const FR_ALTGR: Readonly<Record<string, string>> = {
  KeyE: '€',
  Digit0: '@',
  Digit3: '#',
  Digit4: '{',
  Digit5: '[',
  Digit6: '|',
  Digit8: '\\',
  Digit9: '^',
  Minus: ']',
  Equal: '}',
};

/** Letter keys that type another letter than their US one. */
const LETTERS: Readonly<Record<'cs' | 'sk' | 'de' | 'fr', Readonly<Record<string, string>>>> = {
  cs: { KeyY: 'z', KeyZ: 'y' },
  sk: { KeyY: 'z', KeyZ: 'y' },
  de: { KeyY: 'z', KeyZ: 'y' },
  fr: { KeyQ: 'a', KeyA: 'q', KeyW: 'z', KeyZ: 'w' },
};

const TABLES = { cs: CS, sk: SK, de: DE, fr: FR } as const;
const ALTGR = { cs: CS_ALTGR, sk: CS_ALTGR, de: DE_ALTGR, fr: FR_ALTGR } as const;

/**
 * The character the keystroke types on `layout` ('us', 'cs', 'sk', 'de', 'fr'), or undefined where
 * it types none (a dead key, an unknown code). `shift` is the letter case for letter keys (see
 * machine.ts letterShift) and the Shift state for the others.
 */
export function layoutChar(
  layout: Exclude<ScannerLayout, 'host'>,
  code: string,
  shift: boolean,
  altGraph = false,
): string | undefined {
  if (layout === 'us') return altGraph ? undefined : usLayoutChar(code, shift);
  if (altGraph) return ALTGR[layout][code];
  const pair = TABLES[layout][code];
  if (pair !== undefined) return (shift ? pair[1] : pair[0]) ?? undefined;
  const letter = LETTERS[layout][code];
  if (letter !== undefined) return shift ? letter.toUpperCase() : letter;
  return usLayoutChar(code, shift);
}

/** The keys (code and Shift) that type `ch` on `layout`: what a scanner set to it sends. */
export function keysFor(
  layout: Exclude<ScannerLayout, 'host'>,
  ch: string,
): { code: string; shift: boolean } | undefined {
  const codes = [
    ...Array.from({ length: 26 }, (_, i) => `Key${String.fromCharCode(65 + i)}`),
    ...Array.from({ length: 10 }, (_, i) => `Digit${i}`),
    ...Object.keys(CS),
    ...Object.keys(FR),
    'Space',
  ];
  for (const shift of [false, true])
    for (const code of codes) if (layoutChar(layout, code, shift) === ch) return { code, shift };
  return undefined;
}
