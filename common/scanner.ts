// A keyboard-wedge scanner's settings until someone changes them (Settings -> Scanner): the core
// stores them (main/settings/store.ts), the screens' scanner module times keystrokes by them
// (renderer/scanner), and both read them here, written once. Fast USB scanners type ~10 ms/key, slow
// Bluetooth ones up to ~80; Bluetooth scanners and busy USB hubs stall 200-300 ms inside one code.
export const SCANNER_DEFAULTS = {
  maxGapMs: 100,
  minLength: 6,
  suffix: 'enter-or-tab',
  prefix: '',
  layout: 'us',
  delivery: 'keys-and-paste',
  pauseMs: 300,
} as const;

/** The keys each suffix setting ends a scan with ('none': the scanner sends none, silence ends it). */
export const SCAN_SUFFIX_KEYS = {
  enter: ['Enter'],
  tab: ['Tab'],
  'enter-or-tab': ['Enter', 'Tab'],
  none: [],
} as const satisfies Record<string, readonly ('Enter' | 'Tab')[]>;
