// Scans through the page's queue as the page routes them (scan-route.ts: stamped where made, applied
// there), in Node over a core the test scripts (platform/fake-bridge.ts). The issue's load proof:
// every scan appears exactly once, in order, on the right sale; a scan made over a sale that was paid,
// parked or voided before its turn is held and offered, never put on the next sale by itself, and
// never wipes the change due of the sale just paid.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PosError,
  type CloseView,
  type OutboxEntryView,
  type ParkedSaleView,
  type ReturnView,
  type ScanView,
  type SessionView,
  type ShiftStateView,
} from '../../contract/contract.ts';
import { orderId, saleId, type SaleId } from '../../contract/ids.ts';
import { i18n } from '../i18n/index.ts';
import { aLine, aSession, aStatus, FakeBridge } from '../platform/fake-bridge.ts';
import { createPosApi } from '../platform/pos.ts';
import { scanQueue } from '../scanner/index.ts';
import { setSale, useApp } from '../store/app.ts';
import { useCardIssue } from '../store/card-issue.ts';
import { leaveGuardDialog, useGuard } from '../store/guard.ts';
import { addHeldScans, discardHeldScans, returnHeldScans, useHeldScans } from '../store/held-scans.ts';
import { parkSale, recallParked, useParked } from '../store/parked.ts';
import {
  closePayment,
  confirmPayment,
  openPayment,
  paidShown,
  usePaid,
  usePayment,
} from '../store/payment.ts';
import { setPos } from '../store/pos.ts';
import { useReceipt } from '../store/receipt.ts';
import { useReturns } from '../store/returns-list.ts';
import { keepScansOverReload, SCANS_OVER_RELOAD_KEY } from '../store/scans-over-reload.ts';
import { useShift } from '../store/shift.ts';
import { actionForKey, actionForScan, keyName, type ActionContext } from './keymap.ts';
import { dialogNow, isSaleScan, routeScan, stampScan } from './scan-route.ts';

const ORDER = orderId(41);
const order: OutboxEntryView = {
  id: ORDER,
  state: 'queued',
  attempts: 0,
  createdAt: '2025-03-01T10:00:00.000Z',
};
const newSale = (): SessionView => ({ ...aSession([]), id: 'new' as SaleId });
/** Sale A on the counter: one line, 10.00, to the walk-in customer. */
const saleA = { ...aSession([aLine(1)]), walkIn: { companyId: 7, name: 'Hotovostní prodej' } };

let core: FakeBridge;
/** What the core's sale holds: each scan adds a line of its code (id per scan), on the sale open. */
let onCounter: SessionView;
let offs: (() => void)[] = [];

function scanned(input: { code: string; quantity?: number }): ScanView {
  const id = onCounter.id === 'new' ? saleId(9) : onCounter.id;
  const line = { ...aLine(onCounter.lines.length + 1, input.quantity ?? 1), name: input.code };
  onCounter = { ...onCounter, id, lines: [...onCounter.lines, line] };
  return { outcome: { kind: 'product', lineId: line.id, name: input.code }, session: onCounter };
}

/** The first scan of A asks the stock question (an inactive product); confirmed, or any other code, adds. */
function asksAboutA(): void {
  core.answer('session.scan', (input) => {
    if (input.code === 'A' && input.confirmed !== true)
      throw new PosError({ code: 'unconfirmed', message: 'Inactive.' });
    return scanned(input);
  });
}

/** The codes on the sale as the screen shows it. */
const shown = () => useApp.getState().session?.lines.map((l) => l.name);
const scansTo = () => core.inputs('session.scan').map((i) => (i as { code: string }).code);

/** A scan as the keyboard's scanner delivers it, with focus on no field. */
const scanNow = (code: string) => scanQueue.deliver({ code, source: 'keys' });
/** Until nothing is applied or waits to be, or only held scans and dialogs remain. */
const settled = () => expect.poll(() => scanQueue.applying()).toBe(false);

beforeEach(() => {
  onCounter = saleA;
  core = new FakeBridge()
    .answer('session.scan', scanned)
    .answer('session.close', (): CloseView => {
      onCounter = newSale();
      return {
        order,
        session: onCounter,
        tender: { parts: [{ method: 'cash', amount: 10, given: 50 }], change: 40 },
      };
    })
    .answer('receipt.get', () => ({
      orderId: ORDER,
      reference: 'POS-41',
      state: 'queued',
      placedAt: order.createdAt,
      printCount: 0,
      lines: [],
      totals: { byVatRate: [], discount: 0, saleDiscount: 0, total: 10 },
      pricedFrom: 'sale',
    }))
    .answer('status.get', () => aStatus({ online: true }));
  setPos(createPosApi(core));
  useApp.setState(useApp.getInitialState(), true);
  usePayment.setState(usePayment.getInitialState(), true);
  usePaid.setState(usePaid.getInitialState(), true);
  useReceipt.setState(useReceipt.getInitialState(), true);
  useParked.setState(useParked.getInitialState(), true);
  useHeldScans.setState(useHeldScans.getInitialState(), true);
  useReturns.setState(useReturns.getInitialState(), true);
  useShift.setState(useShift.getInitialState(), true);
  useGuard.setState(useGuard.getInitialState(), true);
  useApp.setState({ session: saleA, status: aStatus({ online: true }) });
  offs = [
    scanQueue.setStamp((scan) => stampScan(scan, 'other')),
    scanQueue.setSink((scan) => routeScan(scan, 'other')),
    // As attach.ts resumes the queue whenever a dialog's store changes.
    ...[usePayment, useParked, useGuard, useReturns].map((s) => s.subscribe(() => scanQueue.resume())),
  ];
});

afterEach(() => {
  for (const off of offs) off();
});

describe('a scan under the payment panel (defect 3)', () => {
  it('Enter pays: the change due stays, the scan is held and offered, not put on a new sale', async () => {
    await openPayment();
    scanNow('EXTRA');
    expect(scanQueue.waiting()).toBe(1);
    await confirmPayment();
    await settled();
    expect(scansTo()).toEqual([]);
    expect(useApp.getState().sale.placed).toBe(ORDER);
    expect(paidShown()?.tender.change).toBe(40);
    expect(useHeldScans.getState().held.map((s) => s.code)).toEqual(['EXTRA']);
    // The cashier's choice: onto the sale on the counter now (the next one), from any screen.
    useApp.getState().setScreen('stock');
    addHeldScans();
    await expect.poll(shown).toEqual(['EXTRA']);
    expect(useHeldScans.getState().held).toEqual([]);
  });

  it('the cashier discards the held scan (Ctrl+Delete): it goes on no sale, the change due stays', async () => {
    await openPayment();
    scanNow('EXTRA');
    await confirmPayment();
    await settled();
    expect(useHeldScans.getState().held.map((s) => s.code)).toEqual(['EXTRA']);
    const key = { key: 'Delete', ctrlKey: true, metaKey: false, altKey: false };
    const ctx: ActionContext = { screen: 'sale', focus: 'other', selectedLine: undefined, held: true };
    expect(actionForKey(keyName(key), ctx)?.name).toBe('sale.discardHeld');
    // Delete alone is still the selected line's.
    const withLine = { ...ctx, selectedLine: { id: aLine(1).id, quantity: 1 } };
    expect(actionForKey(keyName({ ...key, ctrlKey: false }), withLine)?.name).toBe('sale.removeLine');
    await discardHeldScans();
    expect(useHeldScans.getState().held).toEqual([]);
    await settled();
    expect(scansTo()).toEqual([]);
    expect(paidShown()?.tender.change).toBe(40);
    // Nothing comes back when a sale is recalled or the key pressed again.
    addHeldScans();
    await settled();
    expect(scansTo()).toEqual([]);
  });

  it('Esc: the scan goes on the sale it was made over', async () => {
    await openPayment();
    scanNow('EXTRA');
    closePayment();
    await expect.poll(shown).toEqual(['Product 1', 'EXTRA']);
    expect(useHeldScans.getState().held).toEqual([]);
  });
});

describe('a scan over the parked list (defect 3)', () => {
  const parked: ParkedSaleView = {
    id: saleId(1),
    parkedAt: '2026-11-26T09:12:00.000Z',
    lineCount: 1,
    total: 10,
  };

  it('F10 parks sale A: the scan is held, and goes on A when A is recalled', async () => {
    core
      .answer('session.park', () => {
        onCounter = newSale();
        return { parked, session: onCounter };
      })
      .answer('session.recall', () => {
        onCounter = saleA;
        return { recalled: parked, session: saleA, parked: null };
      });
    useParked.setState({ open: true, list: [] });
    scanNow('EXTRA');
    await parkSale();
    await settled();
    expect(scansTo()).toEqual([]);
    expect(useHeldScans.getState().held.map((s) => s.code)).toEqual(['EXTRA']);
    // What attach.ts does when the sale on the counter changes.
    const off = useApp.subscribe((now, before) => {
      if (now.session?.id !== before.session?.id) returnHeldScans(now.session);
    });
    try {
      useParked.setState({ open: true, list: [parked] });
      await recallParked(0);
      await expect.poll(shown).toEqual(['Product 1', 'EXTRA']);
      expect(useHeldScans.getState().held).toEqual([]);
    } finally {
      off();
    }
  });

  it('a held scan going on again takes no `5*` typed meanwhile for another product', async () => {
    core.answer('session.park', () => {
      onCounter = newSale();
      return { parked, session: onCounter };
    });
    useParked.setState({ open: true, list: [] });
    scanNow('EXTRA');
    await parkSale();
    await settled();
    expect(useHeldScans.getState().held.map((s) => s.code)).toEqual(['EXTRA']);
    // The cashier types 5* for the next product, then adds the held scan (Ctrl+Enter).
    setSale({ entry: '5*' });
    addHeldScans();
    await expect.poll(shown).toEqual(['EXTRA']);
    expect(core.inputs('session.scan')).toEqual([expect.not.objectContaining({ quantity: 5 })]);
    expect(useApp.getState().sale.entry).toBe('5*');
  });
});

describe("F9's round trip (defect 4)", () => {
  it('a scan while F9 reads the shift waits for the panel; the panel opens on the sale as F9 found it', async () => {
    let answer: (s: ShiftStateView) => void = () => undefined;
    core.answer('shift.current', () => new Promise<ShiftStateView>((resolve) => (answer = resolve)));
    const f9 = openPayment();
    await expect.poll(() => core.inputs('shift.current').length).toBe(1);
    expect(dialogNow()).toBe('payment');
    scanNow('EXTRA');
    expect(scansTo()).toEqual([]);
    answer({ open: null, required: false });
    await f9;
    expect(usePayment.getState().open).toBe(true);
    expect(scansTo()).toEqual([]);
    closePayment();
    await expect.poll(shown).toEqual(['Product 1', 'EXTRA']);
  });

  it('Esc while F9 reads the shift: no panel opens after it', async () => {
    let answer: (s: ShiftStateView) => void = () => undefined;
    core.answer('shift.current', () => new Promise<ShiftStateView>((resolve) => (answer = resolve)));
    const f9 = openPayment();
    await expect.poll(() => core.inputs('shift.current').length).toBe(1);
    closePayment();
    answer({ open: null, required: false });
    await f9;
    expect(usePayment.getState()).toMatchObject({ open: false, opening: false });
  });
});

describe('a `3*` typed before a scan (defect 5)', () => {
  it('belongs to the scan it was typed for: refused (Esc), it is kept, and the scan behind it is one', async () => {
    asksAboutA();
    setSale({ entry: '3*' });
    scanNow('A');
    await expect.poll(() => useGuard.getState().confirm).not.toBeNull();
    scanNow('B');
    leaveGuardDialog();
    await expect.poll(shown).toEqual(['Product 1', 'B']);
    expect(core.inputs('session.scan')).toEqual([
      { code: 'A', via: 'scanner', quantity: 3 },
      { code: 'B', via: 'scanner' },
    ]);
    // Kept for the next try.
    expect(useApp.getState().sale.entry).toBe('3*');
  });

  it('used by a scan that adds, it goes; what was typed while the call was out stays', async () => {
    let answer: (v: ScanView) => void = () => undefined;
    core.answer(
      'session.scan',
      (input) => new Promise<ScanView>((resolve) => (answer = () => resolve(scanned(input)))),
    );
    setSale({ entry: '3*' });
    scanNow('A');
    await expect.poll(() => core.inputs('session.scan').length).toBe(1);
    setSale({ entry: '3*2' });
    answer({} as ScanView);
    await expect.poll(shown).toEqual(['Product 1', 'A']);
    expect(core.inputs('session.scan')).toEqual([{ code: 'A', via: 'scanner', quantity: 3 }]);
    expect(useApp.getState().sale.entry).toBe('3*2');
  });
});

describe("a return's receipt on Orders (defect 7)", () => {
  it('is a dialog: a scan waits under it, F1 to F5 do nothing, Esc closes it', async () => {
    useApp.getState().setScreen('orders');
    useReturns.setState({ dialog: { id: 1 } as ReturnView });
    expect(dialogNow()).toBe('return-receipt');
    const ctx: ActionContext = {
      screen: 'orders',
      focus: 'other',
      selectedLine: undefined,
      dialog: 'return-receipt',
    };
    for (const k of ['F1', 'F2', 'F3', 'F4', 'F5', 'F9']) expect(actionForKey(k, ctx)).toBeUndefined();
    expect(actionForKey('Escape', ctx)?.name).toBe('returnReceipt.close');
    expect(actionForKey('F7', ctx)?.name).toBe('returnReceipt.print');
    expect(actionForScan(ctx)?.name).toBe('scan.dialog');
    scanNow('EXTRA');
    expect(scansTo()).toEqual([]);
    useReturns.setState({ dialog: null });
    await expect.poll(shown).toEqual(['Product 1', 'EXTRA']);
  });
});

describe('where a waiting scan goes is where it was made (defect 8a)', () => {
  it('made on Sale behind a stock question, then F11: it goes on the sale, not into a receipt lookup', async () => {
    asksAboutA();
    core.answer('returns.find', () => {
      throw new PosError({ code: 'not-found', message: 'No such receipt.' });
    });
    scanNow('A');
    await expect.poll(() => useGuard.getState().confirm).not.toBeNull();
    scanNow('B');
    useApp.getState().setScreen('returns');
    leaveGuardDialog();
    await expect.poll(shown).toEqual(['Product 1', 'B']);
    expect(core.inputs('returns.find')).toEqual([]);
    // Said on Returns, where the cashier is now, naming the screen it was made on.
    const added = useApp.getState().sale.outcome;
    expect(added?.tone).toBe('ok');
    const words = { screen: i18n.t('common:screenSale'), text: added?.text ?? '' };
    expect(useApp.getState().notice).toMatchObject({ tone: 'ok', text: i18n.t('sale:scannedOn', words) });
  });
});

describe("the new card's dialog and a sale's scan waiting (review)", () => {
  it("the card's own scan goes into its code while a sale's scan made before it waits; that one follows", async () => {
    useCardIssue.setState(useCardIssue.getInitialState(), true);
    offs.push(useCardIssue.subscribe(() => scanQueue.resume()));
    // Made on Sale as the dialog opened (stamped then: no `into`), then the dialog is open.
    useCardIssue.setState({ open: true });
    scanQueue.deliver({ code: 'SALE', source: 'keys', made: { screen: 'sale' } });
    scanNow('2000000000022');
    await settled();
    expect(useCardIssue.getState().barcode).toBe('2000000000022');
    expect(scansTo()).toEqual([]);
    expect(scanQueue.waiting()).toBe(1);
    // Closed: the sale's scan goes on the sale, once.
    useCardIssue.setState({ open: false });
    await expect.poll(shown).toEqual(['Product 1', 'SALE']);
    expect(scansTo()).toEqual(['SALE']);
  });
});

/** A window's sessionStorage holding `text` under the key the page keeps its unfinished scans in. */
function storageHolding(text: string): Storage {
  const items = new Map<string, string>([[SCANS_OVER_RELOAD_KEY, text]]);
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('serial scans the page before a reload kept, listed again by the core (review)', () => {
  it('one held for a sale that left the counter is held again, not put on this sale; added, it goes on once', async () => {
    // Page before: the GONEs were held (their sale, 77, was paid); the HEREs waited under a dialog
    // over sale A, on the counter again now.
    const waiting = [
      { id: 4, code: 'GONE1', sale: 77 },
      { id: 5, code: 'HERE1', sale: saleA.id },
      { id: 6, code: 'GONE2', sale: 77 },
      { id: 7, code: 'HERE2', sale: saleA.id },
    ];
    const kept = waiting.map(({ id, code, sale }) => ({
      code,
      source: 'serial',
      serialId: id,
      screen: 'sale',
      sale,
    }));
    core.answer('scanner.take', () => ({ scans: waiting.map(({ id, code }) => ({ id, code })) }));
    offs.push(keepScansOverReload(storageHolding(JSON.stringify(kept)), isSaleScan, new EventTarget()));
    // The follower (store/serial-scanner.ts) lists them again, as scans just read: the first two
    // before the app stamps scans (the page just opened), the others stamped as they come.
    const listed = (from: number, to: number) => {
      for (const { id, code } of waiting.slice(from, to))
        scanQueue.deliver({ code, source: 'serial', serialId: id });
    };
    offs[0]?.();
    listed(0, 2);
    await settled();
    offs.push(scanQueue.setStamp((scan) => stampScan(scan, 'other')));
    listed(2, 4);
    await settled();
    expect(core.inputs('session.scan')).toEqual([
      expect.objectContaining({ code: 'HERE1', serialScanId: 5 }),
      expect.objectContaining({ code: 'HERE2', serialScanId: 7 }),
    ]);
    expect(useHeldScans.getState().held.map((s) => s.code)).toEqual(['GONE1', 'GONE2']);
    expect(useHeldScans.getState().reloaded).toEqual([]);
    // The cashier adds them (Ctrl+Enter): onto sale A now, once each, and not held again.
    addHeldScans();
    await settled();
    expect(scansTo()).toEqual(['HERE1', 'HERE2', 'GONE1', 'GONE2']);
    expect(shown()).toEqual(['Product 1', 'HERE1', 'HERE2', 'GONE1', 'GONE2']);
    expect(useHeldScans.getState().held).toEqual([]);
  });

  it("one made over the sale on the counter waits, in its place, for the page's first read of that sale", async () => {
    // The page just opened: the sale on the counter not read yet.
    useApp.setState({ session: null });
    const kept = [{ code: 'HERE3', source: 'serial', serialId: 14, screen: 'sale', sale: saleA.id }];
    core.answer('scanner.take', () => ({ scans: [{ id: 14, code: 'HERE3' }] }));
    offs.push(keepScansOverReload(storageHolding(JSON.stringify(kept)), isSaleScan, new EventTarget()));
    scanQueue.deliver({ code: 'HERE3', source: 'serial', serialId: 14 });
    scanNow('NEXT');
    await expect.poll(() => scanQueue.waiting()).toBe(1);
    expect(core.inputs('session.scan')).toEqual([]);
    expect(useHeldScans.getState().held).toEqual([]);
    // Read: sale A is on the counter. The kept scan goes on it first, the newer one after it.
    useApp.setState({ session: saleA });
    await settled();
    expect(scansTo()).toEqual(['HERE3', 'NEXT']);
    expect(useHeldScans.getState().held).toEqual([]);
  });

  it('the core not saying what it holds: offered, then listed again, it is held once with its id', async () => {
    const kept = [{ code: 'GONE4', source: 'serial', serialId: 24, screen: 'sale', sale: 77 }];
    core.answer('scanner.take', () => {
      throw new PosError({ code: 'offline', message: 'No answer.' });
    });
    offs.push(keepScansOverReload(storageHolding(JSON.stringify(kept)), isSaleScan, new EventTarget()));
    await expect.poll(() => useHeldScans.getState().reloaded.map((s) => s.code)).toEqual(['GONE4']);
    scanQueue.deliver({ code: 'GONE4', source: 'serial', serialId: 24 });
    await settled();
    // Not on sale A; in the notice once, as the serial scan it is.
    expect(core.inputs('session.scan')).toEqual([]);
    expect(useHeldScans.getState().reloaded).toEqual([]);
    expect(useHeldScans.getState().held.map((s) => [s.code, s.serialId])).toEqual([['GONE4', 24]]);
    addHeldScans();
    await settled();
    expect(core.inputs('session.scan')).toEqual([
      expect.objectContaining({ code: 'GONE4', serialScanId: 24 }),
    ]);
    expect(useHeldScans.getState().held).toEqual([]);
  });

  it('the core not saying what it holds: the offer added before the core lists it again, it goes on once', async () => {
    const kept = [{ code: 'GONE5', source: 'serial', serialId: 34, screen: 'sale', sale: 77 }];
    core
      .answer('scanner.take', () => {
        throw new PosError({ code: 'offline', message: 'No answer.' });
      })
      .answer('scanner.claim', () => ({ claimed: true }));
    offs.push(keepScansOverReload(storageHolding(JSON.stringify(kept)), isSaleScan, new EventTarget()));
    await expect.poll(() => useHeldScans.getState().reloaded.map((s) => s.code)).toEqual(['GONE5']);
    addHeldScans();
    await settled();
    expect(scansTo()).toEqual(['GONE5']);
    // The core lists it again: the cashier's already, taken there and not applied twice.
    scanQueue.deliver({ code: 'GONE5', source: 'serial', serialId: 34 });
    await settled();
    expect(scansTo()).toEqual(['GONE5']);
    expect(core.inputs('scanner.claim')).toEqual([{ id: 34, code: 'GONE5' }]);
    expect(useHeldScans.getState().held).toEqual([]);
  });
});
