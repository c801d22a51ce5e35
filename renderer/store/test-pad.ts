// Scanner test pad actions (Settings): every key that reaches the focused pad is listed with its gap,
// and each code is classified, told apart as a scanner burst or a person typing.
import { pos } from '../pos.ts';
import { message, useApp, type TestPadUi } from '../store.ts';

/** After an Enter or Tab, a scan claims the code within this long; otherwise a person typed it. */
const SETTLE_MS = 250;

let last: number | null = null;
let typed = '';
let startNew = false;
let pendingTyped: string | null = null;
let scanned = false;
let settle: ReturnType<typeof setTimeout> | undefined;

function setPad(patch: Partial<TestPadUi>): void {
  useApp.setState((s) => ({ testPad: { ...s.testPad, ...patch } }));
}

/** A key that reached the focused pad (before the scanner module takes it). True: the key ends a code
 * (Enter), whose default the pad keeps. A Tab ends a code too but keeps its default: Tab and Shift+Tab
 * leave the pad as from anything else (a scanner's Tab suffix is the scanner module's to take). */
export function recordTestPadKey(key: { key: string; code: string; timeStamp: number }): boolean {
  const gap = last === null ? null : Math.round(key.timeStamp - last);
  last = key.timeStamp;
  if (startNew) {
    setPad({ keys: [] });
    typed = '';
    startNew = false;
  }
  setPad({ keys: [...useApp.getState().testPad.keys, { key: key.key, code: key.code, gap }] });
  if (key.key === 'Enter' || key.key === 'Tab') {
    startNew = true;
    pendingTyped = typed;
    clearTimeout(settle);
    settle = setTimeout(() => {
      if (!scanned && pendingTyped !== null && pendingTyped !== '') void classify(pendingTyped, 'typed');
      pendingTyped = null;
      scanned = false;
    }, SETTLE_MS);
    return key.key === 'Enter';
  }
  if (key.key.length === 1) typed += key.key;
  return false;
}

/** A scan while the pad has focus: classified, not sold. */
export function scanOnTestPad(code: string): Promise<void> {
  scanned = true;
  return classify(code, 'scanner');
}

async function classify(code: string, via: 'scanner' | 'typed'): Promise<void> {
  try {
    const classified = await pos.invoke('scanner.classify', { code });
    setPad({ result: { via, classified }, error: null });
  } catch (error) {
    setPad({ error: message(error) });
  }
}
