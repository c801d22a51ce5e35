// The thin DOM shell around ScannerMachine: listens on the whole window (capture phase, so it sees
// keys before the page's own handlers, wherever focus is), applies the machine's decisions, and
// puts text held back from a text field back where the person typed it.
import { ScannerMachine, type Decision, type ScanEffect, type ScannerConfig } from './machine.ts';
import { SilenceTimer, windowClock, type Clock } from './silence.ts';

export interface ScannerHandle {
  readonly machine: ScannerMachine;
  /** Whether keys are held back now, not yet judged a scan or a person's (settled tells when not). */
  holding(): boolean;
  /** New settings without letting go of the window: keys held for a burst under way stay held. */
  reconfigure(config: Partial<ScannerConfig>): void;
  detach(): void;
}

export interface AttachOptions {
  readonly config?: Partial<ScannerConfig>;
  readonly onScan: (scan: ScanEffect) => void;
  /** Each keydown before the scanner takes it (it may still become part of a scan). */
  readonly beforeKey?: (event: KeyboardEvent) => void;
  /** Each keydown the scanner leaves to the page, right after it decided so: the app's shortcuts
   * listen here, so the window has one keyboard listener and the scanner's keys never reach them. */
  readonly afterKey?: (event: KeyboardEvent) => void;
  /** The clock for silences (tests pass a manual one); the window's by default. */
  readonly clock?: Clock;
  /** The scanner holds no keys any more (each held key went out as a scan or as typed text). */
  readonly settled?: () => void;
}

type TextTarget = HTMLInputElement | HTMLTextAreaElement | HTMLElement;

/** Waiting out more delivery lag than this would hold a person's typed text back visibly long. */
const MAX_LAG_MS = 1000;

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'tel', 'url', 'email', 'password', 'number', '']);

/** A <select>: it picks an option by a typed character. */
function isList(target: EventTarget | null): boolean {
  return target !== null && 'tagName' in target && target.tagName === 'SELECT';
}

export function isTextTarget(target: EventTarget | null): target is TextTarget {
  if (!target || !('tagName' in target) || typeof target.tagName !== 'string') return false;
  const el = target as HTMLElement;
  if (el.tagName === 'TEXTAREA') return !(el as HTMLTextAreaElement).readOnly;
  if (el.tagName === 'INPUT') {
    const input = el as HTMLInputElement;
    return TEXT_INPUT_TYPES.has(input.type) && !input.readOnly && !input.disabled;
  }
  return el.isContentEditable;
}

export function attachScanner(win: Window, options: AttachOptions): ScannerHandle {
  const machine = new ScannerMachine(options.config);
  let heldFor: TextTarget | null = null;
  const clock = options.clock ?? windowClock(win);
  const silence = new SilenceTimer(clock);
  let inserting = false;

  /** Our own insert of a person's text: never read as a wedge's input event. */
  const insertOwn = (target: TextTarget, text: string): void => {
    inserting = true;
    try {
      insertText(win, target, text);
    } finally {
      inserting = false;
    }
  };

  const apply = (decision: Decision, event: Event | null): void => {
    for (const effect of decision.effects) {
      if (effect.type === 'release') {
        if (heldFor) insertOwn(heldFor, effect.text);
      } else {
        // The field holds only the person's text again before the app hears of the scan: the app
        // reads the field then (the Sale screen's `3*` prefix). Text a silence put back there is in
        // it now; an IME's may land only after this key, so what is not there yet goes in a task.
        const target = heldFor;
        if (effect.leaked !== '' && target && !removeBeforeCaret(target, effect.leaked))
          win.setTimeout(() => removeBeforeCaret(target, effect.leaked), 0);
        options.onScan(effect);
      }
    }
    if (decision.prevent && event) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
    schedule();
  };

  // A burst ends by silence only once its gap passed in real time after its last key was handled
  // (see silence.ts); the keys' own timestamps decide everything else, in feed(). Keys that reach the
  // page late (stamped long before they were handled: a busy browser delivers them in a bunch) mean
  // the next one may be late too, so that lag is waited out as well.
  let lagMs = 0;
  const schedule = (): void => {
    const afterMs = machine.silenceAfterMs();
    if (afterMs === null) {
      silence.cancel();
      options.settled?.();
      return;
    }
    silence.start(afterMs + Math.min(lagMs, MAX_LAG_MS), () => {
      const wakeAt = machine.wakeAt();
      if (wakeAt !== null)
        apply({ prevent: false, effects: machine.silence(Math.max(clock.now(), wakeAt)) }, null);
    });
  };

  // Keys down now: text inserted while none is (an on-screen keyboard, dictation, a test's
  // insertText) came without a key of its own; an IME's text comes while its key is down.
  const keysDown = new Set<string>();

  const onKey = (event: KeyboardEvent): void => {
    lagMs = Math.max(0, clock.now() - event.timeStamp);
    const down = event.type === 'keydown';
    if (down) keysDown.add(event.code);
    else keysDown.delete(event.code);
    if (down) options.beforeKey?.(event);
    // beforeKey may have moved focus into a text field (a key typed outside any field is sent to
    // one): the key is then that field's, held back there if it starts a scan.
    const focused = win.document.activeElement;
    const target = down && !isTextTarget(event.target) && isTextTarget(focused) ? focused : event.target;
    const editable = isTextTarget(target);
    if (editable && down && machine.wakeAt() === null) heldFor = target;
    const decision = machine.feed({
      type: event.type === 'keyup' ? 'keyup' : 'keydown',
      code: event.code,
      key: event.key,
      timeStamp: event.timeStamp,
      shiftKey: event.shiftKey,
      ctrlKey: event.ctrlKey,
      altKey: event.altKey,
      metaKey: event.metaKey,
      repeat: event.repeat,
      isComposing: event.isComposing,
      capsLock: event.getModifierState('CapsLock'),
      // keyCode 229 is still how Chromium marks a keystroke taken by an IME.
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      keyCode: event.keyCode,
      editable,
      // A list picks an option by a typed character: such a key did something, it is no scan's head.
      picks: isList(target),
    });
    apply(decision, event);
    if (down && !decision.prevent) options.afterKey?.(event);
  };

  const onPaste = (event: ClipboardEvent): void => {
    const text = event.clipboardData?.getData('text/plain') ?? '';
    apply(machine.paste(text, event.timeStamp, isTextTarget(event.target)), event);
  };

  // A wedge or paste-mode scanner's whole code in one input event: caught before it lands
  // (beforeinput), or, from software that sets the value and then fires only `input`, taken back out.
  // (A beforeinput taken here is cancelled, so no input event follows it.)
  const onBeforeInput = (event: InputEvent): void => {
    if (inserting) return;
    const text = insertedText(event);
    if (text === null) return insertAfterHeld(event);
    // A clipboard paste was judged at its paste event already; judged the same way again here.
    const source = event.inputType === 'insertFromPaste' ? 'paste' : 'input';
    const decision = machine.text(text, event.timeStamp, isTextTarget(event.target), source);
    apply(decision, event);
  };
  /**
   * One character inserted without a key of its own while typed keys are held back as a possible
   * scan: the held keys go in first and it after them, in the order typed. The browser fixed where
   * it inserts before this event, where the caret was before the held keys were put back (a person's
   * "Čerstvý" became "Čýerstv" on a loaded machine), so it is cancelled and inserted here.
   */
  const insertAfterHeld = (event: InputEvent): void => {
    const char = event.inputType === 'insertText' && !event.isComposing ? event.data : null;
    const target = event.target;
    if (char === null || Array.from(char).length !== 1 || keysDown.size > 0) return;
    if (machine.wakeAt() === null || !event.cancelable || !isTextTarget(target)) return;
    const decision = machine.text(char, event.timeStamp, true, 'input');
    if (decision.prevent) return apply(decision, event);
    apply(decision, null);
    event.preventDefault();
    insertOwn(target, char);
  };
  const onInput = (event: Event): void => {
    if (inserting || !(event instanceof InputEvent) || event.target === null) return;
    if (event.inputType === 'insertFromPaste') return;
    const text = insertedText(event);
    if (text === null || !isTextTarget(event.target)) return;
    const decision = machine.text(text, event.timeStamp, true, 'input');
    if (decision.prevent) removeBeforeCaret(event.target, text);
    apply(decision, event);
  };

  win.addEventListener('keydown', onKey, { capture: true });
  win.addEventListener('keyup', onKey, { capture: true });
  win.addEventListener('paste', onPaste, { capture: true });
  win.addEventListener('beforeinput', onBeforeInput, { capture: true });
  win.addEventListener('input', onInput, { capture: true });
  return {
    machine,
    holding: () => machine.wakeAt() !== null,
    reconfigure: (config) => {
      machine.reconfigure(config);
      schedule();
    },
    detach: () => {
      silence.cancel();
      win.removeEventListener('keydown', onKey, { capture: true });
      win.removeEventListener('keyup', onKey, { capture: true });
      win.removeEventListener('paste', onPaste, { capture: true });
      win.removeEventListener('beforeinput', onBeforeInput, { capture: true });
      win.removeEventListener('input', onInput, { capture: true });
    },
  };
}

/** Inserts as if typed: execCommand keeps the field's undo stack and fires the input events React
 * listens to; setRangeText is the fallback where execCommand is unavailable. */
function insertText(win: Window, target: TextTarget, text: string): void {
  const doc = win.document;
  // The only way to insert text that keeps the native undo stack; still supported by Chromium.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  if (doc.activeElement === target && doc.execCommand('insertText', false, text)) return;
  if ('setRangeText' in target) {
    const end = target.selectionEnd ?? target.value.length;
    target.setRangeText(text, target.selectionStart ?? end, end, 'end');
    target.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
  }
}

/** Takes `text` out of the field just before the caret; false when it is not there (yet). */
function removeBeforeCaret(target: TextTarget, text: string): boolean {
  if (!('setRangeText' in target)) return false;
  const caret = target.selectionStart ?? target.value.length;
  if (!target.value.slice(0, caret).endsWith(text)) return false;
  target.setRangeText('', caret - text.length, caret, 'end');
  target.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'deleteContentBackward' }));
  return true;
}

/** The text an input event inserts in one go (several characters: never one typed key), or null. */
function insertedText(event: InputEvent): string | null {
  if (event.isComposing) return null;
  const type = event.inputType;
  if (type !== 'insertText' && type !== 'insertFromPaste') return null;
  const text = event.data ?? event.dataTransfer?.getData('text/plain') ?? null;
  return text !== null && Array.from(text).length > 1 ? text : null;
}
