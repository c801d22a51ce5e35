// The thin DOM shell around ScannerMachine: listens on the whole window (capture phase, so it sees
// keys before the page's own handlers, wherever focus is), applies the machine's decisions, and
// puts text held back from a text field back where the person typed it.
import { ScannerMachine, type Decision, type ScanEffect, type ScannerConfig } from './machine.ts';

export interface ScannerHandle {
  readonly machine: ScannerMachine;
  detach(): void;
}

export interface AttachOptions {
  readonly config?: Partial<ScannerConfig>;
  readonly onScan: (scan: ScanEffect) => void;
}

type TextTarget = HTMLInputElement | HTMLTextAreaElement | HTMLElement;

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'tel', 'url', 'email', 'password', 'number', '']);

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
  let timer: ReturnType<typeof setTimeout> | undefined;

  const apply = (decision: Decision, event: Event | null): void => {
    for (const effect of decision.effects) {
      if (effect.type === 'release') {
        if (heldFor) insertText(win, heldFor, effect.text);
      } else {
        const target = heldFor;
        if (effect.leaked !== '' && target) win.setTimeout(() => removeBeforeCaret(target, effect.leaked), 0);
        options.onScan(effect);
      }
    }
    if (decision.prevent && event) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
    schedule();
  };

  const schedule = (): void => {
    clearTimeout(timer);
    const at = machine.wakeAt();
    if (at === null) return;
    timer = setTimeout(
      () => apply({ prevent: false, effects: machine.tick(win.performance.now()) }, null),
      Math.max(0, at - win.performance.now()),
    );
  };

  const onKey = (event: KeyboardEvent): void => {
    const editable = isTextTarget(event.target);
    if (editable && event.type === 'keydown' && machine.wakeAt() === null) heldFor = event.target;
    apply(
      machine.feed({
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
      }),
      event,
    );
  };

  const onPaste = (event: ClipboardEvent): void => {
    const text = event.clipboardData?.getData('text/plain') ?? '';
    apply(machine.paste(text, event.timeStamp, isTextTarget(event.target)), event);
  };

  win.addEventListener('keydown', onKey, { capture: true });
  win.addEventListener('keyup', onKey, { capture: true });
  win.addEventListener('paste', onPaste, { capture: true });
  return {
    machine,
    detach: () => {
      clearTimeout(timer);
      win.removeEventListener('keydown', onKey, { capture: true });
      win.removeEventListener('keyup', onKey, { capture: true });
      win.removeEventListener('paste', onPaste, { capture: true });
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

function removeBeforeCaret(target: TextTarget, text: string): void {
  if (!('setRangeText' in target)) return;
  const caret = target.selectionStart ?? target.value.length;
  if (!target.value.slice(0, caret).endsWith(text)) return;
  target.setRangeText('', caret - text.length, caret, 'end');
  target.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'deleteContentBackward' }));
}
