// The one keyboard listener of the window: the scanner module's (renderer/scanner/dom.ts), which sees
// every key first (capture phase). Observers see each key before the scanner does; the keys the
// scanner leaves to the page go through the keymap; each scan goes into the page's scan queue
// (renderer/scanner/queue.ts, where a serial scanner's lines come in too), stamped with where it was
// made, and from there, one at a time and in order, to the action the keymap picks for that place
// (scan-route.ts).
// While a dialog is open scans wait in the queue; they are applied when it closes.
//
// Attached once for the page's life: new scanner settings are taken in place (configure), since a
// listener attached again would lose the keys the old one held for a burst under way (the first key
// on a page just opened went that way when the settings arrived).
import { SCAN_SUFFIX_KEYS, SCANNER_DEFAULTS } from '../../common/scanner.ts';
import type { ScannerSettings } from '../../contract/contract.ts';
import {
  attachScanner,
  deliverScan,
  scanQueue,
  SilenceTimer,
  windowClock,
  type ScannerConfig,
} from '../scanner/index.ts';
import { useApp } from '../store/app.ts';
import { useGuard } from '../store/guard.ts';
import { anyHeld, returnHeldScans } from '../store/held-scans.ts';
import { useLineAdjust } from '../store/line-adjust.ts';
import { parkedInStore, parkingOffer, useParked } from '../store/parked.ts';
import { drawerOffered } from '../store/printer.ts';
import { usePayment } from '../store/payment.ts';
import { useReturns } from '../store/returns-list.ts';
import { usePriceEntry } from '../store/price-entry.ts';
import { receiptShown, useReceipt } from '../store/receipt.ts';
import { useFloatPrompt } from '../store/shift.ts';
import { typedQuantity } from '../store/sale.ts';
import { useCardIssue } from '../store/card-issue.ts';
import { noteTestPadScan } from '../store/test-pad.ts';
import {
  actionForKey,
  keyName,
  observersOf,
  type ActionContext,
  type Binding,
  type Focus,
} from './keymap.ts';
import { PERFORM } from './registry.ts';
import { dialogNow, routeScan, stampScan } from './scan-route.ts';

export function scannerConfig(s: ScannerSettings): Partial<ScannerConfig> {
  return {
    maxGapMs: s.maxGapMs,
    minLength: s.minLength,
    suffix: SCAN_SUFFIX_KEYS[s.suffix],
    prefix: s.prefix,
    layout: s.layout,
    delivery: s.delivery,
    pauseMs: s.pauseMs,
  };
}

export function focusOf(target: EventTarget | null): Focus {
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return 'field';
  if (target instanceof HTMLElement && target.dataset.testpad !== undefined) return 'test-pad';
  return 'other';
}

function contextFor(target: EventTarget | null): ActionContext {
  const { screen, session, sale, status } = useApp.getState();
  const line = session?.lines[sale.selected];
  const dialog = dialogNow();
  const parking = parkingOffer(session, parkedInStore(status));
  const inCode = target instanceof HTMLElement && target.dataset.field === 'code';
  return {
    screen,
    focus: focusOf(target),
    selectedLine: line === undefined ? undefined : { id: line.id, quantity: line.quantity },
    // The list belongs to the code field: it answers keys only while the cashier is typing there.
    ...(sale.find.open && inCode
      ? { find: { highlighted: sale.find.highlighted >= 0 && sale.find.results.length > 0 } }
      : {}),
    ...(inCode && typedQuantity(sale.entry) !== undefined ? { typedQuantity: true } : {}),
    undo: sale.undo !== null,
    unpriced: sale.unpriced !== null,
    ...(dialog === undefined ? {} : { dialog }),
    receiptShown: receiptShown(),
    ...(parking === undefined ? {} : { parking }),
    ...(target instanceof HTMLButtonElement ? { onButton: true } : {}),
    ...(drawerOffered(session) ? { drawer: true } : {}),
    ...(anyHeld() ? { held: true } : {}),
  };
}

/**
 * What the keyboard path holds now, read by the e2e tests' failure report (test/e2e/failure-shot.ts):
 * a lost scan or a dead key is then explained by where it stopped (no dialog known, keys seen, the
 * scanner holding a burst, the queue busy). Nothing secret: names and counts.
 */
export interface KeymapDiagnostics {
  readonly keysSeen: number;
  readonly lastKey: string | null;
  readonly dialog: string | null;
  readonly screen: string;
  readonly focus: string;
  readonly scannerHolding: boolean;
  readonly scansWaiting: number;
  readonly scanApplying: boolean;
  readonly documentFocused: boolean;
}

declare global {
  interface Window {
    counterKeymap?: () => KeymapDiagnostics;
  }
}

export interface Keymap {
  /** The scanner settings the window listens with from now on (undefined: the scanner's defaults). */
  configure(scanner: ScannerSettings | undefined): void;
  detach(): void;
}

/** Attaches the keymap and the scanner to the window, once for the page; returns the handle. */
export function attachKeymap(win: Window): Keymap {
  const pending = new SilenceTimer(windowClock(win));
  const seen = { keys: 0, last: null as string | null };
  const handle = attachScanner(win, {
    beforeKey: (event) => {
      seen.keys += 1;
      seen.last = keyName(event);
      // A key within the gap cancels a pending line edit: it may be part of a scan.
      pending.cancel();
      const ctx = contextFor(event.target);
      for (const b of observersOf(ctx, keyName(event))) void PERFORM[b.name]({ ctx, event });
    },
    afterKey: (event) => {
      const ctx = contextFor(event.target);
      const binding = actionForKey(keyName(event), ctx);
      if (binding === undefined) return;
      event.preventDefault();
      const act = () => performAfterScans(win, binding, ctx, event);
      if (binding.waitsOutScan === true) {
        const gapMs = useApp.getState().settings?.scanner.maxGapMs ?? SCANNER_DEFAULTS.maxGapMs;
        pending.start(gapMs, act);
      } else act();
    },
    onScan: (scan) => {
      // The test pad shows how the scan was read (path, layout, suffix) beside the code.
      if (focusOf(win.document.activeElement) === 'test-pad') noteTestPadScan(scan);
      const { code, source, startedAt, paused, typed } = scan;
      deliverScan(code, source, { startedAt, paused, typed });
    },
    // A serial scan that waited for keys typed before it (below) goes on once they are judged.
    settled: () => scanQueue.resume(),
  });
  // Keys typed before a serial line came are the person's first (a `2*` for that line): while the
  // keyboard's scanner still holds them back, the line waits for them to land where they were typed.
  const focus = () => focusOf(win.document.activeElement);
  const unsink = scanQueue.setSink((scan) =>
    scan.source === 'serial' && handle.holding() ? 'wait' : routeScan(scan, focus()),
  );
  // Each scan is stamped as it comes with where it was made (scan-route.ts): applied there.
  const unstamp = scanQueue.setStamp((scan) =>
    stampScan(scan, focus(), scan.source === 'serial' && handle.holding()),
  );
  // Scans waiting for a dialog go on once it has closed.
  const resume = () => scanQueue.resume();
  const unsubscribe = [
    useGuard,
    usePayment,
    useFloatPrompt,
    useParked,
    usePriceEntry,
    useLineAdjust,
    useReceipt,
    useCardIssue,
    useReturns,
  ].map((store) => store.subscribe(resume));
  // Scans held for a sale that left the counter go onto it when it is back (recalled).
  unsubscribe.push(
    useApp.subscribe((now, before) => {
      if (now.session?.id !== before.session?.id) returnHeldScans(now.session);
    }),
  );
  let unmark = (): void => undefined;
  win.counterKeymap = () => {
    const ctx = contextFor(win.document.activeElement);
    return {
      keysSeen: seen.keys,
      lastKey: seen.last,
      dialog: ctx.dialog ?? null,
      screen: ctx.screen,
      focus: describeFocus(win.document.activeElement),
      scannerHolding: handle.holding(),
      scansWaiting: scanQueue.waiting(),
      scanApplying: scanQueue.applying(),
      documentFocused: win.document.hasFocus(),
    };
  };
  return {
    configure: (scanner) => {
      handle.reconfigure(scanner === undefined ? {} : scannerConfig(scanner));
      unmark();
      unmark = markScannerSettings(win.document.body, scanner);
    },
    detach: () => {
      delete win.counterKeymap;
      pending.cancel();
      handle.detach();
      unsink();
      unstamp();
      for (const off of unsubscribe) off();
      unmark();
    },
  };
}

/**
 * A key acts on what the scans before it left. A product seen before shows its line before the core
 * has stored it, and the cashier acts on what they see: a screen's key (F8, Delete, F10, F9 on
 * Returns; not a screen switch, not a dialog's key: a dialog may be what the scan waits for) pressed
 * while a scan is still being applied waits for it, then acts on the screen as it is then (that
 * scan's line selected) if it still applies. With nothing under way it acts at once.
 */
function performAfterScans(win: Window, binding: Binding, ctx: ActionContext, event: KeyboardEvent): void {
  if (scanQueue.isIdle() || ctx.dialog !== undefined || binding.name.startsWith('screen.')) {
    void PERFORM[binding.name]({ ctx, event });
    return;
  }
  void scanQueue.idle().then(() => {
    const now = contextFor(win.document.activeElement);
    if (binding.when(now)) void PERFORM[binding.name]({ ctx: now, event });
  });
}

function describeFocus(el: Element | null): string {
  if (el === null) return 'none';
  const field = el instanceof HTMLElement ? (el.dataset.field ?? el.dataset.testid ?? '') : '';
  return `${el.tagName.toLowerCase()}${field === '' ? '' : `[${field}]`}`;
}

/**
 * Marks <body> with the scanner settings the window now listens with (data-scanner-layout,
 * data-scanner-suffix, data-scanner-delivery). The scanner takes new settings after the render that
 * shows them, so whoever changes them and then scans (the e2e tests) waits for these marks, not for
 * time. Returns the unmarking.
 */
function markScannerSettings(body: HTMLElement, scanner: ScannerSettings | undefined): () => void {
  if (scanner === undefined) return () => undefined;
  body.dataset.scannerLayout = scanner.layout;
  body.dataset.scannerSuffix = scanner.suffix;
  body.dataset.scannerDelivery = scanner.delivery;
  return () => {
    delete body.dataset.scannerLayout;
    delete body.dataset.scannerSuffix;
    delete body.dataset.scannerDelivery;
  };
}
