// Which character a keystroke stands for, independent of the machine's keyboard layout.
//
// Handheld scanners are almost always configured for the US layout: they send the HID usage
// (KeyboardEvent.code) that produces the character on a US keyboard. On an AZERTY machine the key
// Digit1 then yields '&', on QWERTZ KeyY yields 'z'. Mapping `code` back through the US layout gives
// the character the scanner meant, whatever the OS layout (and whatever CapsLock says).

const US_UNSHIFTED: Readonly<Record<string, string>> = {
  Backquote: '`',
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Comma: ',',
  Period: '.',
  Slash: '/',
  Space: ' ',
  NumpadDecimal: '.',
  NumpadAdd: '+',
  NumpadSubtract: '-',
  NumpadMultiply: '*',
  NumpadDivide: '/',
};

const US_SHIFTED: Readonly<Record<string, string>> = {
  Backquote: '~',
  Minus: '_',
  Equal: '+',
  BracketLeft: '{',
  BracketRight: '}',
  Backslash: '|',
  Semicolon: ':',
  Quote: '"',
  Comma: '<',
  Period: '>',
  Slash: '?',
  Space: ' ',
};

const US_SHIFTED_DIGITS = ')!@#$%^&*(';

/** The character `code` produces on a US layout, or undefined when it produces none there. */
export function usLayoutChar(code: string, shift: boolean): string | undefined {
  if (/^Key[A-Z]$/.test(code)) {
    const letter = code.slice(3);
    return shift ? letter : letter.toLowerCase();
  }
  if (/^Digit[0-9]$/.test(code)) {
    const digit = Number(code.slice(5));
    return shift ? US_SHIFTED_DIGITS[digit] : String(digit);
  }
  if (/^Numpad[0-9]$/.test(code)) return code.slice(6);
  return (shift ? US_SHIFTED[code] : undefined) ?? US_UNSHIFTED[code];
}

/** Keys that never stand for a character themselves. */
export const MODIFIER_KEYS: ReadonlySet<string> = new Set([
  'Shift',
  'Control',
  'Alt',
  'AltGraph',
  'Meta',
  'OS',
  'CapsLock',
  'NumLock',
  'ScrollLock',
  'Fn',
  'FnLock',
  'Hyper',
  'Super',
  'Symbol',
  'SymbolLock',
]);

export const MODIFIER_CODES: ReadonlySet<string> = new Set([
  'ShiftLeft',
  'ShiftRight',
  'ControlLeft',
  'ControlRight',
  'AltLeft',
  'AltRight',
  'MetaLeft',
  'MetaRight',
  'OSLeft',
  'OSRight',
  'CapsLock',
  'NumLock',
  'ScrollLock',
  'Fn',
]);

/** ASCII 29, the GS1 group separator (FNC1 in the middle of an element string). */
export const GS = '\u001d';
