// Recorded-style keystroke timelines for the scanner tests: what a US-configured scanner, a person,
// or an IME produce on US, AZERTY, QWERTZ and Czech machines (the `key` each OS layout reports for a
// code); a scanner set to another layout (scannerLayout) sends that layout's keys.
import { keysFor, layoutChar, type ScannerLayout } from './layouts.ts';
import type { KeyInput, ScanEffect, ScannerEffect, ScannerMachine } from './machine.ts';
import { usLayoutChar } from './us-layout.ts';

/** The OS layout: 'cs' reports what layouts.ts's Czech table says. */
export type Layout = 'us' | 'azerty' | 'qwertz' | 'cs';

const US_CODE_OF: ReadonlyMap<string, { code: string; shift: boolean }> = (() => {
  const map = new Map<string, { code: string; shift: boolean }>();
  for (let d = 0; d <= 9; d++) map.set(String(d), { code: `Digit${d}`, shift: false });
  for (const ch of 'abcdefghijklmnopqrstuvwxyz') {
    map.set(ch, { code: `Key${ch.toUpperCase()}`, shift: false });
    map.set(ch.toUpperCase(), { code: `Key${ch.toUpperCase()}`, shift: true });
  }
  const punct: [string, string, boolean][] = [
    ['-', 'Minus', false],
    ['.', 'Period', false],
    ['/', 'Slash', false],
    ['+', 'Equal', true],
    ['%', 'Digit5', true],
    ['$', 'Digit4', true],
    [' ', 'Space', false],
    [']', 'BracketRight', false],
  ];
  for (const [ch, code, shift] of punct) map.set(ch, { code, shift });
  return map;
})();

const AZERTY_DIGIT_ROW = ['à', '&', 'é', '"', "'", '(', '-', 'è', '_', 'ç'];
const AZERTY_LETTERS: Readonly<Record<string, string>> = {
  KeyQ: 'a',
  KeyA: 'q',
  KeyW: 'z',
  KeyZ: 'w',
  KeyM: ',',
  Semicolon: 'm',
};

/** The `key` the OS reports for a physical key on the given layout. */
export function keyOn(layout: Layout, code: string, shift: boolean): string {
  if (layout === 'cs') return layoutChar('cs', code, shift) ?? 'Dead';
  const digit = /^Digit([0-9])$/.exec(code)?.[1];
  if (layout === 'azerty' && digit !== undefined)
    return shift ? digit : (AZERTY_DIGIT_ROW[Number(digit)] ?? '?');
  let letter = /^Key([A-Z])$/.exec(code)?.[1]?.toLowerCase();
  if (layout === 'azerty' && code in AZERTY_LETTERS) letter = AZERTY_LETTERS[code];
  if (layout === 'qwertz' && code === 'KeyY') letter = 'z';
  if (layout === 'qwertz' && code === 'KeyZ') letter = 'y';
  if (letter !== undefined) return shift ? letter.toUpperCase() : letter;
  if (digit !== undefined) return shift ? (')!@#$%^&*('[Number(digit)] ?? '?') : digit;
  const us: Record<string, [string, string]> = {
    Minus: ['-', '_'],
    Period: ['.', '>'],
    Slash: ['/', '?'],
    Equal: ['=', '+'],
    Space: [' ', ' '],
    BracketRight: [']', '}'],
  };
  const qwertz: Record<string, [string, string]> = {
    Minus: ['ß', '?'],
    Slash: ['-', '_'],
    Equal: ['´', '`'],
    BracketRight: ['+', '*'],
  };
  const azerty: Record<string, [string, string]> = {
    Minus: [')', '°'],
    Period: [':', '/'],
    Slash: ['!', '§'],
    Equal: ['=', '+'],
    BracketRight: ['$', '£'],
  };
  const table = layout === 'qwertz' ? { ...us, ...qwertz } : layout === 'azerty' ? { ...us, ...azerty } : us;
  const pair = table[code];
  if (!pair && layout === 'us') return layoutChar('us', code, shift) ?? 'Unidentified';
  if (!pair) throw new Error(`no key for ${code} in test layout ${layout}`);
  return shift ? pair[1] : pair[0];
}

export interface TypeOptions {
  readonly start: number;
  /** Milliseconds from one keydown to the next; a number or one per gap. */
  readonly gaps: number | readonly number[];
  readonly layout?: Layout;
  /** The layout the scanner is set to: its keys for each character (default: US). */
  readonly scannerLayout?: Exclude<ScannerLayout, 'host'>;
  readonly suffix?: 'Enter' | 'Tab' | 'none';
  readonly editable?: boolean;
  /** How long a key stays down (scanners: a few ms; people: ~80 ms, overlapping the next key). */
  readonly holdMs?: number;
  readonly ime?: boolean;
}

export interface Timeline {
  readonly events: KeyInput[];
  readonly end: number;
}

/** Keystrokes typing `text` as a US-configured device would (a scanner, or a person on a US keyboard). */
export function typeText(text: string, options: TypeOptions): Timeline {
  const { layout = 'us', editable = false, holdMs = 3, ime = false } = options;
  const gapAt = (i: number): number =>
    typeof options.gaps === 'number' ? options.gaps : (options.gaps[i % options.gaps.length] ?? 10);
  const events: KeyInput[] = [];
  let t = options.start;
  const push = (type: 'keydown' | 'keyup', code: string, key: string, at: number, shift: boolean): void => {
    const base = { type, code, key, timeStamp: at, shiftKey: shift, editable };
    events.push(
      ime && type === 'keydown' ? { ...base, key: 'Process', keyCode: 229, isComposing: true } : base,
    );
  };
  Array.from(text).forEach((ch, i) => {
    if (i > 0) t += gapAt(i - 1);
    if (ch === '\u001d') {
      events.push({
        type: 'keydown',
        code: 'ControlLeft',
        key: 'Control',
        timeStamp: t,
        ctrlKey: true,
        editable,
      });
      events.push({
        type: 'keydown',
        code: 'BracketRight',
        key: keyOn(layout, 'BracketRight', false),
        timeStamp: t + 1,
        ctrlKey: true,
        editable,
      });
      events.push({ type: 'keyup', code: 'ControlLeft', key: 'Control', timeStamp: t + 2, editable });
      return;
    }
    const scannerLayout = options.scannerLayout ?? 'us';
    const stroke = scannerLayout === 'us' ? US_CODE_OF.get(ch) : keysFor(scannerLayout, ch);
    if (!stroke) throw new Error(`no US key for ${JSON.stringify(ch)}`);
    if (stroke.shift) push('keydown', 'ShiftLeft', 'Shift', t, true);
    push('keydown', stroke.code, keyOn(layout, stroke.code, stroke.shift), t, stroke.shift);
    push('keyup', stroke.code, keyOn(layout, stroke.code, stroke.shift), t + holdMs, stroke.shift);
    if (stroke.shift) push('keyup', 'ShiftLeft', 'Shift', t + holdMs, false);
  });
  const suffix = options.suffix ?? 'Enter';
  if (suffix !== 'none') {
    t += gapAt(text.length - 1);
    push('keydown', suffix, suffix, t, false);
    push('keyup', suffix, suffix, t + holdMs, false);
  }
  events.sort((a, b) => a.timeStamp - b.timeStamp);
  return { events, end: t };
}

/**
 * Plays timelines through the machine and a model text field (what the page would show), firing the
 * adapter's timer when due: `tick` (a burst ends when its gap has passed) or `silence` (the timer
 * that may still be undone by a key stamped within the gap). Returns the scans, the keys the machine
 * kept from the page (prevented) and those it let through (passed), and the field's text.
 */
export function play(
  machine: ScannerMachine,
  timelines: readonly Timeline[],
  timer: 'tick' | 'silence' = 'tick',
) {
  const scans: ScanEffect[] = [];
  const prevented: KeyInput[] = [];
  const passed: string[] = [];
  let field = '';
  const fire = (now: number) => (timer === 'tick' ? machine.tick(now) : machine.silence(now));
  const events = timelines.flatMap((tl) => tl.events).sort((a, b) => a.timeStamp - b.timeStamp);
  const apply = (effects: readonly ScannerEffect[]) => {
    for (const e of effects) {
      if (e.type === 'release') field += e.text;
      else {
        scans.push(e);
        if (e.leaked !== '' && field.endsWith(e.leaked)) field = field.slice(0, -e.leaked.length);
      }
    }
  };
  for (const event of events) {
    const wake = machine.wakeAt();
    if (wake !== null && wake < event.timeStamp) apply(fire(wake));
    const decision = machine.feed(event);
    apply(decision.effects);
    if (decision.prevent) prevented.push(event);
    else if (event.type === 'keydown') {
      passed.push(event.key);
      if (event.editable === true && !event.ctrlKey) {
        // What the OS/IME puts into a focused text field for an event nobody prevented.
        if (event.keyCode === 229) field += usLayoutChar(event.code, event.shiftKey ?? false) ?? '';
        else if (Array.from(event.key).length === 1) field += event.key;
      }
    }
  }
  const wake = machine.wakeAt();
  if (wake !== null) apply(fire(wake));
  return { scans, prevented, passed, field, codes: scans.map((s) => s.code) };
}
