// Scanner test pad actions (Settings): every key that reaches the focused pad is listed with its gap
// and the character the scanner's layout setting reads from it, and each code is described, told
// apart as a scanner burst or a person typing, with how the scanner module read it (keys, paste or
// input event; layout; the suffix that ended it).
import { create } from 'zustand';
import type { ScannerSettings } from '../../contract/contract.ts';
import { pos } from './pos.ts';
import { layoutChar, type ScanEffect } from '../scanner/index.ts';
import { message, useApp, type TestPadUi } from './app.ts';

/** After an Enter or Tab, a scan claims the code within this long; otherwise a person typed it. */
const SETTLE_MS = 250;

/** One key that reached the pad: what arrived, and the character the layout setting reads from it. */
export interface PadKey {
  readonly key: string;
  readonly code: string;
  readonly shift: boolean;
  readonly gap: number | null;
  /** Through the scanner's layout (undefined: no character, e.g. Enter or a dead key). */
  readonly char: string | undefined;
}

/** How the scanner module read the last scan. */
export interface PadScan {
  readonly source: ScanEffect['source'];
  readonly suffix: ScanEffect['suffix'];
  readonly layout: ScanEffect['layout'];
  readonly length: number;
  /** The longest gap between two of its keys, and whether it went on across a pause (setting pauseMs). */
  readonly longestGapMs: number;
  readonly paused: boolean;
}

export const usePad = create<{ keys: readonly PadKey[]; scan: PadScan | null }>()(() => ({
  keys: [],
  scan: null,
}));

let last: number | null = null;
let typed = '';
let startNew = false;
let pendingTyped: string | null = null;
/** The scanner module read a scan since the last Enter or Tab: the code it ended was no person's. */
let scanned = false;
let settle: ReturnType<typeof setTimeout> | undefined;

function setPad(patch: Partial<TestPadUi>): void {
  useApp.setState((s) => ({ testPad: { ...s.testPad, ...patch } }));
}

/** The character `code` (+ Shift) stands for on the layout the scanner is set to. */
export function charThrough(
  layout: ScannerSettings['layout'],
  key: { key: string; code: string; shift: boolean },
): string | undefined {
  if (layout === 'host') return Array.from(key.key).length === 1 ? key.key : undefined;
  return layoutChar(layout, key.code, key.shift);
}

/** A key that reached the focused pad (before the scanner module takes it). True: the key ends a code
 * (Enter), whose default the pad keeps. A Tab ends a code too but keeps its default: Tab and Shift+Tab
 * leave the pad as from anything else (a scanner's Tab suffix is the scanner module's to take). */
export function recordTestPadKey(key: {
  key: string;
  code: string;
  timeStamp: number;
  shiftKey?: boolean;
}): boolean {
  const gap = last === null ? null : Math.round(key.timeStamp - last);
  last = key.timeStamp;
  if (startNew) {
    usePad.setState({ keys: [] });
    typed = '';
    startNew = false;
  }
  const layout = useApp.getState().settings?.scanner.layout ?? 'us';
  const shift = key.shiftKey ?? false;
  const char = charThrough(layout, { key: key.key, code: key.code, shift });
  usePad.setState((s) => ({ keys: [...s.keys, { key: key.key, code: key.code, shift, gap, char }] }));
  if (key.key === 'Enter' || key.key === 'Tab') {
    startNew = true;
    pendingTyped = typed;
    // A scan ended by this key is read just after it (noteTestPadScan), before the settle time.
    scanned = false;
    clearTimeout(settle);
    settle = setTimeout(() => {
      if (!scanned && pendingTyped !== null && pendingTyped !== '') {
        usePad.setState({ scan: null });
        void describeOnPad(pendingTyped, 'typed');
      }
      pendingTyped = null;
      scanned = false;
    }, SETTLE_MS);
    return key.key === 'Enter';
  }
  if (key.key.length === 1) typed += key.key;
  return false;
}

/**
 * How the scanner module read a scan made on the pad, told the moment it read it. Marked scanned
 * here, not when the scan queue hands the scan to scanOnTestPad: a queue busy with an earlier scan
 * may take longer than the settle time, and the code would be described as typed, then as scanned.
 */
export function noteTestPadScan(scan: ScanEffect): void {
  scanned = true;
  // A paste or input event brings no keys: the list starts afresh with the next key.
  if (scan.source !== 'keys') {
    usePad.setState({ keys: [] });
    startNew = false;
    last = null;
  }
  usePad.setState({
    scan: {
      source: scan.source,
      suffix: scan.suffix,
      layout: scan.layout,
      length: Array.from(scan.code).length,
      longestGapMs: scan.longestGapMs,
      paused: scan.paused,
    },
  });
}

/** A scan while the pad has focus: described, not sold. */
export function scanOnTestPad(code: string): Promise<void> {
  return describeOnPad(code, 'scanner');
}

async function describeOnPad(code: string, via: 'scanner' | 'typed'): Promise<void> {
  try {
    const description = await pos.invoke('barcode.describe', { code });
    setPad({ result: { via, description }, error: null });
  } catch (error) {
    setPad({ error: message(error) });
  }
}
