// The shift in the renderer, over a core the test scripts (platform/fake-bridge.ts): F9 on a sale with
// no shift open asks for the float first and goes on to the payment; the Shift screen's actions say
// what is wrong with what was typed before asking the core; a close the core refuses as 'locked'
// asks for the manager PIN; a sale the core refuses as 'shift-closed' reads the shift again.
import { beforeEach, describe, expect, it } from 'vitest';
import { PosError, type ShiftReportView, type ShiftStateView } from '../../contract/contract.ts';
import { i18n } from '../i18n/index.ts';
import { aLine, aSession, aStatus, FakeBridge } from '../platform/fake-bridge.ts';
import { createPosApi } from '../platform/pos.ts';
import { useApp } from './app.ts';
import { addCashier, useCashiers } from './cashiers.ts';
import { submitPin, useGuard } from './guard.ts';
import { confirmPayment, openDialog, openPayment, usePayment } from './payment.ts';
import { setPos } from './pos.ts';
import {
  closeFloatPrompt,
  closeShift,
  confirmFloat,
  loadShift,
  moveCash,
  openShift,
  setFloatText,
  useFloatPrompt,
  useShift,
} from './shift.ts';

const status = aStatus({ online: true });
const basket = { ...aSession([aLine(1, 2)]), walkIn: { companyId: 7, name: 'Hotovostní prodej' } };

function report(patch: Partial<ShiftReportView> = {}): ShiftReportView {
  return {
    id: 3,
    kind: 'X',
    state: 'open',
    at: '2025-03-01T10:00:00.000Z',
    openedAt: '2025-03-01T07:00:00.000Z',
    openedBy: null,
    float: 1500,
    sales: { count: 0, gross: 0 },
    byVatRate: [],
    byMethod: {},
    rounding: 0,
    byCashier: [],
    voids: { count: 0, gross: 0 },
    drawerOpenings: [],
    cancelled: { count: 0, gross: 0, cashRefunded: 0 },
    cashTaken: 0,
    changeGiven: 0,
    paidIn: 0,
    paidOut: 0,
    cashMoves: [],
    expectedCash: 1500,
    receiptNumbers: { first: null, last: null },
    orders: {
      placed: 0,
      acknowledged: 0,
      queued: 0,
      inDoubt: 0,
      needsFix: 0,
      blocked: 0,
      cancelled: 0,
      discarded: 0,
    },
    saleOrders: [],
    ...patch,
  };
}

let core: FakeBridge;
let shift: ShiftStateView;

beforeEach(async () => {
  shift = { open: null, required: true };
  core = new FakeBridge()
    .answer('shift.current', () => shift)
    .answer('shift.open', ({ float }) => {
      shift = { open: report({ float }), required: true };
      return shift.open as ShiftReportView;
    })
    .answer('status.get', () => status);
  setPos(createPosApi(core));
  useApp.setState(useApp.getInitialState(), true);
  usePayment.setState(usePayment.getInitialState(), true);
  useShift.setState(useShift.getInitialState(), true);
  useFloatPrompt.setState(useFloatPrompt.getInitialState(), true);
  useGuard.setState(useGuard.getInitialState(), true);
  useApp.setState({ session: basket, status });
  await loadShift();
});

describe('the shift at the till', () => {
  it('F9 with no shift open asks for the float, opens the shift with it, then the payment panel', async () => {
    await openPayment();
    expect(usePayment.getState().open).toBe(false);
    expect(openDialog()).toBe('float');
    setFloatText('1 500,50 Kč');
    expect(useFloatPrompt.getState().text).toBe('1 500,50 ');
    await confirmFloat();
    expect(core.inputs('shift.open')).toEqual([{ float: 1500.5 }]);
    expect(useFloatPrompt.getState().open).toBe(false);
    expect(usePayment.getState().open).toBe(true);
    expect(useShift.getState().state?.open?.float).toBe(1500.5);
  });

  it('Esc leaves the prompt: no shift, no payment; an amount that is none is said, nothing asked', async () => {
    await openPayment();
    setFloatText('1.2.3');
    await confirmFloat();
    expect(useFloatPrompt.getState().error).toBe(i18n.t('shift:notAmount', { text: '1.2.3' }));
    expect(core.inputs('shift.open')).toEqual([]);
    closeFloatPrompt();
    expect(openDialog()).toBeUndefined();
    expect(usePayment.getState().open).toBe(false);
  });

  it('a shift open, or none needed: F9 opens the payment at once', async () => {
    shift = { open: report(), required: true };
    await loadShift();
    await openPayment();
    expect(usePayment.getState().open).toBe(true);
    usePayment.setState(usePayment.getInitialState(), true);
    shift = { open: null, required: false };
    await loadShift();
    await openPayment();
    expect(usePayment.getState().open).toBe(true);
  });

  it('a shift closed elsewhere since it was read (another window, Settings switching instance): F9 asks for the float, never shows the panel', async () => {
    shift = { open: report(), required: true };
    await loadShift();
    // What the screen read says open; the core has none now.
    shift = { open: null, required: true };
    await openPayment();
    expect(usePayment.getState().open).toBe(false);
    expect(openDialog()).toBe('float');
  });

  it('a sale the core refuses as shift-closed reads the shift again, so the next F9 asks for the float', async () => {
    shift = { open: report(), required: true };
    await loadShift();
    core.answer('session.close', () => {
      throw new PosError({ code: 'shift-closed', message: i18n.t('core:shiftClosed') });
    });
    await openPayment();
    // Closed elsewhere while the panel is open: the core refuses at Enter.
    shift = { open: null, required: true };
    await confirmPayment();
    expect(useApp.getState().sale.outcome?.text).toBe(i18n.t('core:shiftClosed'));
    await expect.poll(() => useShift.getState().state?.open).toBeNull();
    await openPayment();
    expect(openDialog()).toBe('float');
  });

  it('the Shift screen says what is wrong with what was typed before asking the core', async () => {
    expect(await openShift('abc')).toBe(false);
    expect(useShift.getState().error).toBe(i18n.t('shift:notAmount', { text: 'abc' }));
    expect(await moveCash('out', '0', 'window cleaner')).toBe(false);
    expect(await moveCash('out', '120', ' ')).toBe(false);
    expect(useShift.getState().error).toBe(i18n.t('shift:reasonNeeded'));
    expect(await closeShift('')).toBe(false);
    expect(useShift.getState().error).toBe(i18n.t('shift:countedNeeded'));
    expect(core.inputs('shift.open')).toEqual([]);
    expect(core.inputs('shift.cash')).toEqual([]);
    expect(core.inputs('shift.close')).toEqual([]);
    expect(await openShift('')).toBe(true);
    expect(core.inputs('shift.open')).toEqual([{ float: 0 }]);
  });

  it('a close over the limit asks for the manager PIN, then closes and shows the Z report', async () => {
    shift = { open: report(), required: true };
    let unlocked = false;
    const z = report({
      kind: 'Z',
      state: 'closed',
      countedCash: 1490,
      difference: -10,
      overLimit: true,
      managerApproved: true,
    });
    core
      .answer('shift.close', () => {
        if (!unlocked)
          throw new PosError({
            code: 'locked',
            message: 'needs the PIN',
            said: [{ key: 'lockedShiftDifference', values: { difference: '-10.00', limit: '0.00' } }],
          });
        shift = { open: null, required: true };
        return z;
      })
      .answer('manager.unlock', () => {
        unlocked = true;
        return { open: true, until: Date.now() + 60_000 };
      })
      .answer('manager.lock', () => ({ open: false }));
    const closing = closeShift('1490');
    await expect.poll(() => useGuard.getState().pin).not.toBeNull();
    await submitPin('2468');
    expect(await closing).toBe(true);
    expect(core.inputs('shift.close')).toEqual([{ counted: 1490 }, { counted: 1490 }]);
    expect(useShift.getState()).toMatchObject({ showLast: true, last: z, done: i18n.t('shift:closed') });
    // One PIN, one close: the lock shuts again.
    expect(core.inputs('manager.lock')).toEqual([{}]);
  });

  it('adding a cashier: a name and a PIN of 4 to 6 digits are asked for before the core is', async () => {
    core.answer('cashier.add', ({ name }) => ({ cashiers: [{ id: 1, name }], signedIn: null }));
    expect(await addCashier(' ', '4821')).toBe(false);
    expect(useCashiers.getState().error).toBe(i18n.t('shift:cashierNameNeeded'));
    expect(await addCashier('Jana', '12')).toBe(false);
    expect(useCashiers.getState().error).toBe(i18n.t('shift:cashierPinDigits'));
    expect(core.inputs('cashier.add')).toEqual([]);
    expect(await addCashier(' Jana ', '4821')).toBe(true);
    expect(core.inputs('cashier.add')).toEqual([{ name: 'Jana', pin: '4821' }]);
    expect(useCashiers.getState().view?.cashiers).toEqual([{ id: 1, name: 'Jana' }]);
  });
});
