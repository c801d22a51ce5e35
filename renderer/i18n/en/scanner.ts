// The scanner namespace's English source (see ../catalogue.ts for keys, placeholders and plurals):
// Settings → Scanner and its test pad.
export const scanner = {
  scannerTitle: 'Scanner',
  maxGap: 'Max gap between keys (ms)',
  minLength: 'Minimum length',
  pause: 'Pause inside a code (ms)',
  longestGap: 'Longest gap',
  longestGapMs: '{{ms}} ms',
  longestGapPaused: '{{ms}} ms: the scanner paused inside the code, read as one whole code',
  suffix: 'Suffix',
  suffixEnterOrTab: 'Enter or Tab',
  suffixEnter: 'Enter',
  suffixTab: 'Tab',
  suffixNone: 'none',
  prefix: 'Prefix',
  layout: 'Scanner keyboard layout',
  layoutUs: 'US (factory setting)',
  layoutCs: 'Czech QWERTZ',
  layoutSk: 'Slovak QWERTZ',
  layoutDe: 'German QWERTZ',
  layoutFr: 'French AZERTY',
  layoutHost: 'Same as this computer',
  delivery: 'Code delivery',
  deliveryKeys: 'Keys only',
  deliveryKeysAndPaste: 'Keys or paste',
  deliveryPaste: 'Paste/input only (wedge)',
  settingsHelp:
    'Set these as the scanner is configured. Each change applies to the next scan at once: try it on the test pad.',
  deliveryHelp:
    'Paste: scanners or wedge software that hand over the whole code at once instead of typing it.',
  endedByText: 'the end of the text (no suffix)',
  testPad: 'Test pad',
  testPadLabel: 'Scanner test pad: focus here and scan',
  testPadHint: 'Click here, then scan a code.',
  gapMs: '{{gap, number}} ms',
  keyTitle: '{{code}} → {{char}}',
  keyTitleShift: 'Shift+{{code}} → {{char}}',
  keyNoChar: 'no character',
  viaScanner: 'Scanner',
  viaTyped: 'Typed by a person',
  readAs: 'Read as',
  sourceKeys: 'a burst of keystrokes',
  sourcePaste: 'one paste',
  sourceInput: 'one input event',
  readLayout: 'Layout',
  layoutAsSent: 'as sent (no keys)',
  endedBy: 'Ended by',
  endedByNone: 'silence (no suffix)',
  characters_one: '{{count, number}} character',
  characters_other: '{{count, number}} characters',
  // Scans that wait while a dialog is open (renderer/components/ScansWaiting.tsx), on any screen.
  scansWaiting_one: '{{count, number}} scan waiting for this window to close.',
  scansWaiting_other: '{{count, number}} scans waiting for this window to close.',
  // Scans made over a sale that was paid, parked or voided before their turn came
  // (renderer/store/held-scans.ts): kept, never put on the next sale by themselves.
  scansHeld_one: '{{count, number}} scan made on the sale before is waiting ({{codes}}).',
  scansHeld_other: '{{count, number}} scans made on the sale before are waiting ({{codes}}).',
  // Keyboard scans not done when the page was loaded again (renderer/store/scans-over-reload.ts):
  // offered, never applied by themselves (the one being applied then may be on the sale already).
  scansReloaded_one:
    '{{count, number}} scan made before this window was reloaded is waiting ({{codes}}); check it is not on the sale already.',
  scansReloaded_other:
    '{{count, number}} scans made before this window was reloaded are waiting ({{codes}}); check they are not on the sale already.',
  scansHeldAdd: 'Add to this sale',
  scansHeldDiscard: 'Discard',
} as const;
