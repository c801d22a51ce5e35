// Tells a handheld keyboard-wedge scanner from a person typing, from keystroke timing alone.
//
// A pure state machine: fed keyboard events ({ code, key, timeStamp, ... }) and paste texts, it
// answers per event whether the event must be prevented, plus effects (a recognised scan, or text
// held back from a text field that turned out to be a person's and must be put back). The DOM
// adapter (dom.ts) is a thin shell around it, so recorded keystroke timelines test it fully.
//
// A scan is a burst: characters each following the previous within maxGapMs, at least minLength of
// them, starting with the prefix (if any), ended by a suffix key within maxGapMs (or, with no
// suffix, by silence). A burst that starts right after a person's keystroke (within quietBeforeMs)
// must keep a scanner's own pace (fastGapMs between keys, the suffix included): a cashier often scans
// a moment after typing in the code field, and a person's fast run mid-word never keeps that pace
// for a whole code.
//
// Scanners (or wedge software) that deliver the whole code at once, as a paste or as one input event
// carrying the text, go through text(): `delivery` says which of the two ways a scanner may use.
import { SCAN_SUFFIX_KEYS, SCANNER_DEFAULTS } from '../../common/scanner.ts';
import { isValidGtin } from './gtin.ts';
import { layoutChar, type ScannerLayout } from './layouts.ts';
import { GS, MODIFIER_CODES, MODIFIER_KEYS } from './us-layout.ts';

export type ScanSuffix = 'Enter' | 'Tab';
/** How scans arrive: keystrokes only, keystrokes or one paste/input event, or only the latter. */
export type ScanDelivery = 'keys' | 'keys-and-paste' | 'paste';

export interface ScannerConfig {
  /** Longest gap between two keystrokes of one scan. Scanners type ~10 ms/key, slow Bluetooth ones ~80. */
  readonly maxGapMs: number;
  readonly minLength: number;
  readonly maxLength: number;
  /** Keys that end a scan; empty means the scanner sends none and silence ends it. */
  readonly suffix: readonly ScanSuffix[];
  /** Characters the scanner sends before the code (stripped from it); empty for none. */
  readonly prefix: string;
  /** A burst starting sooner than this after a person's keystroke is a scan only at fastGapMs. */
  readonly quietBeforeMs: number;
  /** Longest gap between two keys of a scan that began right after a person's keystroke. Scanners
   * type ~10 ms/key; a typist's fastest pairs are ~40 ms apart and never a whole code that fast. */
  readonly fastGapMs: number;
  /** The layout the scanner emulates: characters come from KeyboardEvent.code (+ Shift/AltGr) through
   * it ('us' is scanners' factory setting; 'cs', 'sk', 'de', 'fr' see layouts.ts), whatever the OS
   * layout; 'host': the character the OS produced (scanner configured for the machine's own layout). */
  readonly layout: ScannerLayout;
  /** Extra KeyboardEvent.code values a scanner is configured to send for GS (ASCII 29), e.g. 'F8'. */
  readonly groupSeparatorCodes: readonly string[];
  /** Keystroke bursts, pastes/input events (scanners in paste / clipboard / wedge mode), or both. */
  readonly delivery: ScanDelivery;
  /**
   * The longest pause a scanner may make inside one code (a Bluetooth link or a busy USB hub stalls
   * 200-300 ms mid-burst). A burst typed at a scanner's pace (fastGapMs between keys on average, so
   * never a person's) goes on across a pause up to this long; 0 turns it off. A longer stall puts its
   * keys into the field as typing, but the scanner-paced rest within quietBeforeMs still joins them
   * (see Head). With no suffix set, silence ends a scan after maxGapMs and no pause is waited out.
   */
  readonly pauseMs: number;
}

/** The settings' defaults (common/scanner.ts), and the timings only this module knows. */
export const DEFAULT_SCANNER_CONFIG: ScannerConfig = {
  maxGapMs: SCANNER_DEFAULTS.maxGapMs,
  minLength: SCANNER_DEFAULTS.minLength,
  maxLength: 255,
  suffix: SCAN_SUFFIX_KEYS[SCANNER_DEFAULTS.suffix],
  prefix: SCANNER_DEFAULTS.prefix,
  quietBeforeMs: 400,
  fastGapMs: 30,
  layout: SCANNER_DEFAULTS.layout,
  groupSeparatorCodes: [],
  delivery: SCANNER_DEFAULTS.delivery,
  pauseMs: SCANNER_DEFAULTS.pauseMs,
};

export interface KeyInput {
  readonly type: 'keydown' | 'keyup';
  readonly code: string;
  readonly key: string;
  readonly timeStamp: number;
  readonly shiftKey?: boolean;
  readonly ctrlKey?: boolean;
  readonly altKey?: boolean;
  readonly metaKey?: boolean;
  readonly repeat?: boolean;
  readonly isComposing?: boolean;
  readonly keyCode?: number;
  /** getModifierState('CapsLock'): lets a letter's case come from `key` (see charOf). */
  readonly capsLock?: boolean;
  /** The event's target takes text (input, textarea, contenteditable). */
  readonly editable?: boolean;
  /** The event's target acts on a typed character itself (a <select> picks an option by it). */
  readonly picks?: boolean;
}

export interface ScanEffect {
  readonly type: 'scan';
  readonly code: string;
  /** A keystroke burst, a paste (clipboard), or one input event carrying the text. */
  readonly source: 'keys' | 'paste' | 'input';
  /** What ended it: the suffix key (or the suffix at the end of the pasted text), or null (silence). */
  readonly suffix: ScanSuffix | null;
  /** The layout its keys were read through (config.layout; for pastes, the text as it came). */
  readonly layout: ScannerLayout;
  readonly startedAt: number;
  readonly endedAt: number;
  /** Characters of the scan that reached a text field anyway (IME composition): remove them. */
  readonly leaked: string;
  /** The burst went on across a pause longer than maxGapMs (see ScannerConfig.pauseMs). */
  readonly paused: boolean;
  /** The characters as the OS typed them (what a person sees if the code goes back into a field). */
  readonly typed: string;
  /** The longest gap between two of its keys, the suffix included (ms); 0 for a paste or input event. */
  readonly longestGapMs: number;
}

/** Text held back from a text field that turned out to be typed by a person: insert it there. */
export interface ReleaseEffect {
  readonly type: 'release';
  readonly text: string;
}

export type ScannerEffect = ScanEffect | ReleaseEffect;

export interface Decision {
  /** preventDefault (and keep the event from the page's own handlers). */
  readonly prevent: boolean;
  /** In order; apply release effects before the event's default action. */
  readonly effects: readonly ScannerEffect[];
}

interface Burst {
  /** The characters as the scanner meant them (through its layout): a scan's code. */
  chars: string;
  readonly startedAt: number;
  lastAt: number;
  /** The characters held back, as the OS typed them: what goes back into the field if it was a person. */
  held: string;
  /** The same characters through the scanner's layout: what goes back if it was a scan after all. */
  heldRead: string;
  leaked: string;
  /** The longest gap this burst keeps going across: maxGapMs, or fastGapMs right after typing. */
  readonly gapMs: number;
  /** Every character as the OS typed it, held or not. */
  typed: string;
  /** Gaps between its keys, pauses left out: their sum and count tell a scanner's pace. */
  paceSumMs: number;
  paceCount: number;
  /** It went on across a pause (longer than gapMs, at most pauseMs). */
  paused: boolean;
  longestGapMs: number;
  /** The keys put back just before this burst began, a scanner may have stalled after (see Head). */
  head: Head | null;
  /** Its first key was typed into a text field (else it went to the page: a button, a list, nothing). */
  readonly inField: boolean;
  /** Its first key went to a control that acts on it (a list picked an option by it): no head. */
  readonly acted: boolean;
}

/**
 * A burst that ended as typing in silence: put back into its field, or gone to the page outside any
 * field (Orders, Settings, Shift, a dialog's button: where a digit does nothing; never a list, which
 * picks an option by it). Either one key, a person's or a scanner's first followed by a pause (a
 * Bluetooth link stalls right after the first key as well): one key tells no pace, so the burst that
 * follows within pauseMs takes it back only when the two make a GTIN with a right check digit
 * (withHead). Or a run at a scanner's pace (never a person's) that stalled longer than pauseMs: the
 * burst that follows within quietBeforeMs (a scan there only at a scanner's own pace) takes it back
 * whatever the two read, marked paused, so the app takes the whole only if it knows it and otherwise
 * puts it in the field whole; a suffix ending the two is the scan's, never a person's (stalledScan).
 */
interface Head {
  readonly read: string;
  readonly typed: string;
  readonly startedAt: number;
  readonly lastAt: number;
  readonly longestGapMs: number;
  /** What went back into its field (taken out again when joined); '' when it went to no field. */
  readonly put: string;
  /** Two keys or more at a scanner's pace: a stalled scan's, never a person's. */
  readonly paced: boolean;
}

const PASS: Decision = { prevent: false, effects: [] };

/** A burst the adapter's silence timer ended as typing: undone if a key stamped within the gap comes. */
interface Silenced {
  readonly burst: Burst;
  /** Text released into a field when it ended; it is taken back out if the burst resumes. */
  readonly released: string;
  readonly lastHumanAt: number;
}

export class ScannerMachine {
  #config: ScannerConfig;
  private burst: Burst | null = null;
  private silenced: Silenced | null = null;
  private lastHumanAt = Number.NEGATIVE_INFINITY;
  /** Digits typed on the numpad while Alt is held (Windows Alt+0029 sends GS). */
  private altDigits: string | null = null;
  /** Codes whose keydown was taken inside a scan: their keyup is taken too (Space on a button). */
  private readonly heldCodes = new Set<string>();
  /** When the last paste/input scan came: a suffix key right after it belongs to it. */
  private lastTextScanAt = Number.NEGATIVE_INFINITY;
  /** The last burst if it ended as typing in silence and may be a scan's head (see Head); gone at
   * the next key. */
  private lastHead: Head | null = null;

  constructor(config: Partial<ScannerConfig> = {}) {
    this.#config = { ...DEFAULT_SCANNER_CONFIG, ...config };
  }

  get config(): ScannerConfig {
    return this.#config;
  }

  /**
   * New settings, taken in place: a burst under way goes on (its keys are held, not dropped), read
   * with the new settings from here on. Replacing the machine instead would lose the keys it holds.
   */
  reconfigure(config: Partial<ScannerConfig>): void {
    this.#config = { ...DEFAULT_SCANNER_CONFIG, ...config };
  }

  /** When tick() must run next (a burst may end by silence), or null. */
  wakeAt(): number | null {
    return this.burst ? this.burst.lastAt + this.reachMs(this.burst) + 1 : null;
  }

  /** How long after its last key the running burst ends in silence, or null when none runs. */
  silenceAfterMs(): number | null {
    return this.burst ? this.reachMs(this.burst) + 1 : null;
  }

  /** Ends a burst that has been silent for longer than it may be (its gap, or a scanner's pause). */
  tick(now: number): ScannerEffect[] {
    const burst = this.burst;
    if (!burst || now - burst.lastAt <= this.reachMs(burst)) return [];
    return this.endBurst(burst.lastAt);
  }

  /**
   * How long after its last key a burst may still go on: its gap, or, for a burst typed at a
   * scanner's pace (never a person's: their fastest pairs are ~40 ms apart, fastGapMs is below),
   * the pause a scanner may make inside one code. Silence ends a suffix-less scan, so no pause there.
   */
  private reachMs(burst: Burst): number {
    const { pauseMs, suffix } = this.config;
    return this.scannerPace(burst) && suffix.length > 0 ? Math.max(burst.gapMs, pauseMs) : burst.gapMs;
  }

  /** Its keys came fastGapMs apart on average, pauses left out: a scanner's, never a person's. */
  private scannerPace(burst: Burst): boolean {
    return burst.paceCount > 0 && burst.paceSumMs / burst.paceCount <= this.config.fastGapMs;
  }

  /**
   * The adapter's silence timer: ends a burst that looks silent in real time. Real time cannot see
   * keys still queued in a busy browser, so this decision is provisional: a key stamped within
   * the burst's gap after its last key resumes it (feed), and the key timestamps decide after all.
   * A scan already emitted (scanners without a suffix) is final.
   */
  silence(now: number): ScannerEffect[] {
    const burst = this.burst;
    if (!burst || now - burst.lastAt <= this.reachMs(burst)) return [];
    const lastHumanAt = this.lastHumanAt;
    const effects = this.endBurst(burst.lastAt);
    if (!effects.some((e) => e.type === 'scan')) {
      const released = effects.map((e) => (e.type === 'release' ? e.text : '')).join('');
      this.silenced = { burst, released, lastHumanAt };
    }
    return effects;
  }

  feed(event: KeyInput): Decision {
    this.resumeIfSilencedTooEarly(event);
    const effects = this.tick(event.timeStamp);
    const decision = event.type === 'keyup' ? this.keyup(event) : this.keydown(event);
    return effects.length === 0 ? decision : { ...decision, effects: [...effects, ...decision.effects] };
  }

  /** A key stamped within the gap after a burst the timer ended: the burst goes on (see silence()). */
  private resumeIfSilencedTooEarly(event: KeyInput): void {
    // Only a keydown says whether the burst goes on: a keyup may be of the key just before the
    // silence (the browser stalled between the two), and settling it there would make the scan typing.
    if (event.type !== 'keydown') return;
    const silenced = this.silenced;
    this.silenced = null;
    if (silenced === null || this.burst !== null) return;
    if (event.timeStamp - silenced.burst.lastAt > this.reachMs(silenced.burst)) return;
    // What was put back into the field is taken out again if this turns out a scan.
    silenced.burst.leaked += silenced.released;
    silenced.burst.held = '';
    silenced.burst.heldRead = '';
    // The key put back is this burst's own again: no head of a next one.
    this.lastHead = null;
    this.burst = silenced.burst;
    this.lastHumanAt = silenced.lastHumanAt;
  }

  /** A paste (clipboard). Outside text fields any code-like text is a scan; inside one, only text
   * that carries the scanner's suffix or prefix, so a person pasting into a field keeps the usual
   * behaviour, unless the scanner delivers nothing but pastes (delivery 'paste'). */
  paste(text: string, timeStamp: number, editable: boolean): Decision {
    return this.text(text, timeStamp, editable, 'paste');
  }

  /**
   * The whole code in one paste or one input event (insertText/insertFromPaste with no keydown per
   * character: wedge software, scanners in paste mode). In a text field either counts only with the
   * scanner's suffix or prefix, unless the scanner delivers nothing else (delivery 'paste'): dictation,
   * on-screen keyboards and text expanders insert several characters at once too.
   */
  text(text: string, timeStamp: number, editable: boolean, source: 'paste' | 'input'): Decision {
    const effects = this.burst ? this.endBurst(timeStamp) : [];
    // Text came between: a key before it is no head of a scan after it.
    this.lastHead = null;
    const { prefix, minLength, maxLength, delivery } = this.config;
    const body = text.replace(/[\r\n\t]+$/, '');
    const hasSuffix = body.length < text.length;
    const hasPrefix = prefix !== '' && body.startsWith(prefix);
    const code = hasPrefix ? body.slice(prefix.length) : body;
    const codeLike = /^[^\r\n\t]+$/.test(code) && code.length >= minLength && code.length <= maxLength;
    const prefixOk = prefix === '' || hasPrefix;
    const deliberate = hasSuffix || hasPrefix || delivery === 'paste';
    if (delivery === 'keys' || !codeLike || !prefixOk || (editable && !deliberate)) {
      return { prevent: false, effects };
    }
    const ending = text.slice(body.length);
    const scan: ScanEffect = {
      type: 'scan',
      code,
      source,
      suffix: ending.startsWith('\t') ? 'Tab' : ending === '' ? null : 'Enter',
      layout: this.config.layout,
      startedAt: timeStamp,
      endedAt: timeStamp,
      leaked: '',
      paused: false,
      typed: code,
      longestGapMs: 0,
    };
    this.lastTextScanAt = timeStamp;
    return { prevent: true, effects: [...effects, scan] };
  }

  private keyup(event: KeyInput): Decision {
    if (this.heldCodes.delete(event.code)) return { prevent: true, effects: [] };
    if (!isAlt(event) || this.altDigits === null) return PASS;
    const digits = this.altDigits;
    this.altDigits = null;
    if (digits === '') return PASS;
    const char = String.fromCharCode(Number(digits) % 256);
    return this.char(char, event.timeStamp, { editable: event.editable ?? false, composing: false });
  }

  private keydown(event: KeyInput): Decision {
    const t = event.timeStamp;
    if (isAlt(event)) {
      this.altDigits = event.ctrlKey ? null : '';
      return PASS;
    }
    if (MODIFIER_KEYS.has(event.key) || MODIFIER_CODES.has(event.code)) return PASS;
    if (this.altDigits !== null && event.altKey && /^Numpad[0-9]$/.test(event.code)) {
      this.altDigits += event.code.slice(6);
      // The scanner's keystrokes: they keep its burst alive and must not reach the page.
      if (this.burst && t - this.burst.lastAt <= this.burst.gapMs) this.burst.lastAt = t;
      return { prevent: true, effects: [] };
    }
    this.altDigits = null;
    const suffix = suffixOf(event);
    const plain = !event.ctrlKey && !event.altKey && !event.metaKey;
    if (suffix && plain && this.config.suffix.includes(suffix)) {
      // The suffix a wedge sends after its paste/input is part of that scan.
      if (!this.burst && t - this.lastTextScanAt <= this.config.maxGapMs) {
        this.lastTextScanAt = Number.NEGATIVE_INFINITY;
        return { prevent: true, effects: [] };
      }
      if (this.config.delivery !== 'paste') return this.suffixKey(t, suffix);
    }
    // A scanner that delivers only pastes never types: its keys are a person's.
    if (this.config.delivery === 'paste') return PASS;
    const char = event.repeat ? undefined : this.charOf(event);
    if (char === undefined) return this.otherKey(t);
    const decision = this.char(
      char,
      t,
      { editable: event.editable ?? false, composing: isComposing(event), picks: event.picks === true },
      // A person's quick keys held back and then released are theirs as the OS typed them (ě on a
      // Czech keyboard), not the scanner layout's reading of the key (2 through US). AltGr's too:
      // Ctrl+Alt is AltGr here (charOf reads no other Ctrl or Alt combination as a character).
      isOneCharacter(event.key) ? event.key : char,
    );
    if (decision.prevent && event.editable !== true) this.heldCodes.add(event.code);
    return decision;
  }

  private suffixKey(t: number, suffix: ScanSuffix): Decision {
    const burst = this.burst;
    if (burst && this.isScan(burst)) {
      this.burst = null;
      this.noteGap(burst, t, false);
      return { prevent: true, effects: [withHead(scanOf(burst, this.config, t, suffix), burst.head)] };
    }
    const stalled = this.stalledScan(t, suffix);
    return stalled === null ? this.otherKey(t) : { prevent: true, effects: [stalled] };
  }

  /**
   * The suffix after a scanner-paced head (see Head) and a tail too short to be a scan alone, or no
   * tail at all (the stall came just before the suffix): together they are a scan. Left to the page,
   * this suffix would be a person's Enter on whatever has focus, placing the order with the code as
   * the cash given, or selling anyway under the stock question.
   */
  private stalledScan(t: number, suffix: ScanSuffix): ScanEffect | null {
    const burst = this.burst;
    const head = burst ? burst.head : this.headWithin(t);
    if (head?.paced !== true) return null;
    if (head.read.length + (burst?.chars.length ?? 0) < this.config.minLength) return null;
    this.burst = null;
    this.lastHead = null;
    if (burst) this.noteGap(burst, t, false);
    // With no tail, the head alone is the scan: joined to nothing typed after it, ended now.
    const tail = burst ? scanOf(burst, this.config, t, suffix) : emptyScan(this.config, t, suffix);
    return joined(tail, head);
  }

  /** A key that is no character of a scan: whatever burst was running ends here, as typing. */
  private otherKey(t: number): Decision {
    const effects = this.burst ? this.endBurst(t) : [];
    this.lastHead = null;
    this.lastHumanAt = t;
    return { prevent: false, effects };
  }

  /** `typed`: the character the OS produced for the key (a person's), when it differs from `char`. */
  private char(
    char: string,
    t: number,
    target: { editable: boolean; composing: boolean; picks?: boolean },
    typed: string = char,
  ): Decision {
    let burst = this.burst;
    if (!burst) {
      // Right after a person's key only a scanner's pace makes a scan: this key may be the person's
      // next one (held until the gap says so) or a scan's first, which must not go into their text.
      const { maxGapMs, fastGapMs, quietBeforeMs } = this.config;
      const gapMs = t - this.lastHumanAt < quietBeforeMs ? Math.min(fastGapMs, maxGapMs) : maxGapMs;
      burst = {
        chars: '',
        startedAt: t,
        lastAt: t,
        held: '',
        heldRead: '',
        leaked: '',
        gapMs,
        typed: '',
        paceSumMs: 0,
        paceCount: 0,
        paused: false,
        longestGapMs: 0,
        head: this.headWithin(t),
        inField: target.editable,
        acted: target.picks === true,
      };
      this.lastHead = null;
      this.burst = burst;
    } else this.noteGap(burst, t, true);
    const chars = burst.chars + char;
    if (!this.couldStillBeScan(chars)) {
      const effects = this.endBurst(t, { asTyping: true });
      this.lastHumanAt = t;
      return { prevent: false, effects };
    }
    burst.chars = chars;
    burst.typed += typed;
    burst.lastAt = t;
    // A space inside a burst outside text fields (a GS1 or card number with a space) is the code's,
    // never a press of the focused button. (The burst's first key cannot be told from typing yet.)
    if (!target.editable) return char === ' ' && chars.length > 1 ? { prevent: true, effects: [] } : PASS;
    // In a text field the scan's characters are held back until we know; IME keystrokes cannot be
    // cancelled reliably, so those are remembered for removal instead.
    if (target.composing) {
      burst.leaked += char;
      return PASS;
    }
    burst.held += typed;
    burst.heldRead += char;
    return { prevent: true, effects: [] };
  }

  /** The gap before a key of the burst: its pace, or a pause it went on across (tick let it). */
  private noteGap(burst: Burst, t: number, countsForPace: boolean): void {
    const gap = t - burst.lastAt;
    burst.longestGapMs = Math.max(burst.longestGapMs, gap);
    if (gap > burst.gapMs) burst.paused = true;
    else if (countsForPace) {
      burst.paceSumMs += gap;
      burst.paceCount += 1;
    }
  }

  /** The keys put back just before `t`, if a scanner could have stalled that long after them. */
  private headWithin(t: number): Head | null {
    const head = this.lastHead;
    const { pauseMs, quietBeforeMs, suffix, prefix } = this.config;
    // As the pause rule: never for scanners without a suffix (silence ends their scans), nor with a
    // prefix (a head would have to be the prefix's first character), nor with pauses turned off.
    if (head === null || suffix.length === 0 || prefix !== '' || pauseMs === 0) return null;
    // A scanner-paced run: while a burst after it counts as a scan only at a scanner's own pace (it
    // is never a person's keys then), even past the pause setting; one key: within the pause.
    const within = head.paced ? t - head.lastAt < quietBeforeMs : t - head.lastAt <= pauseMs;
    return within ? head : null;
  }

  private couldStillBeScan(chars: string): boolean {
    const { prefix, maxLength } = this.config;
    const prefixOk = chars.length <= prefix.length ? prefix.startsWith(chars) : chars.startsWith(prefix);
    return prefixOk && chars.length - prefix.length <= maxLength;
  }

  private isScan(burst: Burst): boolean {
    return burst.chars.length - this.config.prefix.length >= this.config.minLength;
  }

  /** The burst is over without a suffix key: a scan only for scanners configured without one. */
  private endBurst(t: number, options: { asTyping?: boolean } = {}): ScannerEffect[] {
    const burst = this.burst;
    if (!burst) return [];
    this.burst = null;
    if (!options.asTyping && this.config.suffix.length === 0 && this.isScan(burst)) {
      return [scanOf(burst, this.config, burst.lastAt, null)];
    }
    this.lastHumanAt = Math.max(this.lastHumanAt, Math.min(t, burst.lastAt));
    // A burst long enough to be a scan that only lacked the suffix (a scanner set to send another)
    // goes back as the scanner meant it; anything shorter, or cut short by a key, was a person's.
    const text = !options.asTyping && this.isScan(burst) ? burst.heldRead : burst.held;
    this.lastHead = options.asTyping ? null : headOf(burst, text, this.scannerPace(burst));
    return text === '' ? [] : [{ type: 'release', text }];
  }

  private charOf(event: KeyInput): string | undefined {
    const { ctrlKey = false, altKey = false, metaKey = false, code, key } = event;
    if (key === GS || this.config.groupSeparatorCodes.includes(code)) return GS;
    // Ctrl+] is how a US-layout keyboard types GS; scanners use it for FNC1.
    if (ctrlKey && !altKey && !metaKey && code === 'BracketRight') return GS;
    if (metaKey || ctrlKey !== altKey) return undefined;
    const altGraph = ctrlKey && altKey;
    const single = isOneCharacter(key) ? key : undefined;
    if (/^Numpad[0-9]$/.test(code) && single === undefined && !isComposing(event)) return undefined; // NumLock off
    const { layout } = this.config;
    if (layout === 'host' && single !== undefined) return single;
    if (altGraph) return layout === 'host' ? single : layoutChar(layout, code, false, true);
    return layoutChar(layout === 'host' ? 'us' : layout, code, letterShift(event)) ?? single;
  }
}

/**
 * Whether a letter key is upper case. `key` tells the case even where the layout puts another
 * letter on that key (QWERTZ Y/Z) and even when the sender set no Shift (virtual keyboards,
 * some Bluetooth stacks); CapsLock inverts what the OS reported, since the scanner never meant it.
 */
function letterShift(event: KeyInput): boolean {
  const shift = event.shiftKey ?? false;
  if (!/^Key[A-Z]$/.test(event.code) || !/^[a-zA-Z]$/.test(event.key)) return shift;
  return (event.key !== event.key.toLowerCase()) !== (event.capsLock ?? false);
}

function scanOf(burst: Burst, config: ScannerConfig, endedAt: number, suffix: ScanSuffix | null): ScanEffect {
  return {
    type: 'scan',
    code: burst.chars.slice(config.prefix.length),
    source: 'keys',
    suffix,
    layout: config.layout,
    startedAt: burst.startedAt,
    endedAt,
    leaked: burst.leaked,
    paused: burst.paused,
    typed: burst.typed,
    longestGapMs: burst.longestGapMs,
  };
}

/** A burst that ended as typing (`text` put back into its field) as the next scan's head: one key,
 * or a run at a scanner's pace (`paced`). */
function headOf(burst: Burst, text: string, paced: boolean): Head | null {
  const oneKey = burst.chars.length === 1;
  if (!(oneKey || paced) || burst.leaked !== '') return null;
  // Where it is known to be: whole in its field, or on the page (an IME's leaked key is not known to
  // be where it was typed; a list picked an option by it).
  const whereTyped = burst.inField ? burst.held === burst.typed : text === '' && !burst.acted;
  if (!whereTyped) return null;
  const { chars: read, typed, startedAt, lastAt, longestGapMs } = burst;
  return { read, typed, startedAt, lastAt, longestGapMs, put: text, paced: !oneKey };
}

/**
 * The scan with the head put back just before it in front (see Head). A scanner-paced head always;
 * one key only when the scan alone is no GTIN and the two make one with a right check digit,
 * otherwise the scan as it came. A scan that is a GTIN on its own keeps one key apart: a 0 in front
 * of any EAN-13 or UPC-A makes a GTIN too, so a person's last 0 (or a Czech é, the 0 key read through
 * the scanner's layout) would be taken out of their field, for no gain: it is the same product.
 */
function withHead(scan: ScanEffect, head: Head | null): ScanEffect {
  if (head === null) return scan;
  if (!head.paced && (isValidGtin(scan.code) || !isValidGtin(head.read + scan.code))) return scan;
  return joined(scan, head);
}

/** The head and the scan as one scan, marked paused: the head goes back out of its field (leaked). */
function joined(scan: ScanEffect, head: Head): ScanEffect {
  return {
    ...scan,
    code: head.read + scan.code,
    startedAt: head.startedAt,
    leaked: head.put + scan.leaked,
    paused: true,
    typed: head.typed + scan.typed,
    longestGapMs: Math.max(scan.longestGapMs, head.longestGapMs, scan.startedAt - head.lastAt),
  };
}

/** No keys, ended at `t` by `suffix`: what a head is joined to when the stall came right before it. */
function emptyScan(config: ScannerConfig, t: number, suffix: ScanSuffix): ScanEffect {
  const keys = { code: '', leaked: '', typed: '', longestGapMs: 0, paused: false } as const;
  return { type: 'scan', source: 'keys', suffix, layout: config.layout, startedAt: t, endedAt: t, ...keys };
}

/** KeyboardEvent.key names a character when it is one code point ('a', '€'), a key otherwise ('Enter'). */
function isOneCharacter(key: string): boolean {
  const first = key.codePointAt(0);
  return first !== undefined && key.length === (first > 0xffff ? 2 : 1);
}

function isAlt(event: KeyInput): boolean {
  return event.key === 'Alt' || event.code === 'AltLeft';
}

function isComposing(event: KeyInput): boolean {
  return event.isComposing === true || event.keyCode === 229 || event.key === 'Process';
}

function suffixOf(event: KeyInput): ScanSuffix | undefined {
  if (event.code === 'Enter' || event.code === 'NumpadEnter') return 'Enter';
  if (event.code === 'Tab') return 'Tab';
  if (event.code === '' || event.code === 'Unidentified') {
    if (event.key === 'Enter' || event.key === 'Tab') return event.key;
  }
  return undefined;
}
