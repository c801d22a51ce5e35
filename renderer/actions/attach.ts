// The one keyboard listener of the window: the scanner module's (renderer/scanner/dom.ts), which sees
// every key first (capture phase). Observers see each key before the scanner does; the keys the
// scanner leaves to the page go through the keymap; each scan goes to the action the keymap picks
// for where the cashier is (screen and focus).
import type { ScannerSettings } from '../../contract/contract.ts';
import {
  attachScanner,
  SilenceTimer,
  windowClock,
  type ScannerConfig,
  type ScanSuffix,
} from '../scanner/index.ts';
import { useApp } from '../store/app.ts';
import { guardDialog } from '../store/guard.ts';
import { parkingOffer } from '../store/parked.ts';
import { drawerOffered } from '../store/printer.ts';
import { openDialog } from '../store/payment.ts';
import { receiptShown } from '../store/receipt.ts';
import { typedQuantity } from '../store/sale.ts';
import { noteTestPadScan } from '../store/test-pad.ts';
import {
  actionForKey,
  actionForScan,
  keyName,
  observersOf,
  type ActionContext,
  type Focus,
} from './keymap.ts';
import { PERFORM } from './registry.ts';

const SUFFIXES: Record<ScannerSettings['suffix'], readonly ScanSuffix[]> = {
  enter: ['Enter'],
  tab: ['Tab'],
  'enter-or-tab': ['Enter', 'Tab'],
  none: [],
};

export function scannerConfig(s: ScannerSettings): Partial<ScannerConfig> {
  return {
    maxGapMs: s.maxGapMs,
    minLength: s.minLength,
    suffix: SUFFIXES[s.suffix],
    prefix: s.prefix,
    layout: s.layout,
    delivery: s.delivery,
  };
}

export function focusOf(target: EventTarget | null): Focus {
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return 'field';
  if (target instanceof HTMLElement && target.dataset.testpad !== undefined) return 'test-pad';
  return 'other';
}

function contextFor(target: EventTarget | null): ActionContext {
  const { screen, session, sale } = useApp.getState();
  const line = session?.lines[sale.selected];
  const dialog = guardDialog() ?? openDialog();
  const parking = parkingOffer(session);
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
  };
}

/** Attaches the keymap and the scanner to the window, with the scanner settings given. Returns detach. */
export function attachKeymap(win: Window, scanner: ScannerSettings | undefined): () => void {
  const pending = new SilenceTimer(windowClock(win));
  const handle = attachScanner(win, {
    ...(scanner === undefined ? {} : { config: scannerConfig(scanner) }),
    beforeKey: (event) => {
      // A key within the gap cancels a pending line edit: it may be part of a scan.
      pending.cancel();
      const ctx = contextFor(event.target);
      for (const b of observersOf(ctx, keyName(event))) PERFORM[b.name]({ ctx, event });
    },
    afterKey: (event) => {
      const ctx = contextFor(event.target);
      const binding = actionForKey(keyName(event), ctx);
      if (binding === undefined) return;
      event.preventDefault();
      if (binding.waitsOutScan === true) {
        const gapMs = useApp.getState().settings?.scanner.maxGapMs ?? 100;
        pending.start(gapMs, () => PERFORM[binding.name]({ ctx, event }));
      } else PERFORM[binding.name]({ ctx, event });
    },
    onScan: (scan) => {
      const ctx = contextFor(win.document.activeElement);
      const binding = actionForScan(ctx);
      // The test pad shows how the scan was read (path, layout, suffix) beside the code.
      if (binding?.name === 'scan.testPad') noteTestPadScan(scan);
      if (binding !== undefined) PERFORM[binding.name]({ ctx, code: scan.code, startedAt: scan.startedAt });
    },
  });
  const unmark = markScannerSettings(win.document.body, scanner);
  return () => {
    pending.cancel();
    handle.detach();
    unmark();
  };
}

/**
 * Marks <body> with the scanner settings the window now listens with (data-scanner-layout,
 * data-scanner-suffix, data-scanner-delivery). The scanner is attached again after the render that
 * shows new settings, so whoever changes them and then scans (the e2e tests) waits for these marks,
 * not for time. Returns the unmarking.
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
