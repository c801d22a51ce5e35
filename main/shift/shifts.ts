// A till's shifts: opened with the float counted into the drawer, cash paid in and out with a reason,
// closed by counting the drawer. Each is one write transaction on the till's file, so a shift
// survives a restart or a crash as it was last committed, and two processes (the app, `pos shift`)
// cannot open two at once (the file's unique index says the same).
import { say, words } from '../../contract/core-words.ts';
import type { ShiftReportView } from '../../contract/contract.ts';
import { writeTransaction, type Db } from '../../db/database.ts';
import {
  closeShiftRow,
  getShiftRow,
  insertCashMove,
  insertShift,
  lastClosedShiftRow,
  openShiftRow,
  type CashDirection,
} from '../../db/shifts.ts';
import { ShiftReportView as ReportSchema } from '../../contract/contract.ts';
import { lazy } from '../../common/lazy.ts';
import { ordersNow } from '../outbox/index.ts';
import { currentCashierId } from './attribution.ts';
import { ShiftError } from './errors.ts';
import { formatMinor, toMajor } from './money.ts';
import { cashierRef, openingsOf, orderCounts, xReport } from './report.ts';

/** Opens the till's shift with `floatMinor` in the drawer; ShiftError 'shift-open' when one is open. */
export function openShift(db: Db, floatMinor: number, now: Date): ShiftReportView {
  return writeTransaction(db, () => {
    const open = openShiftRow(db);
    if (open !== undefined) {
      throw new ShiftError('shift-open', words('shiftAlreadyOpen', { id: open.id, since: open.openedAt }));
    }
    const id = insertShift(db, { floatMinor, openedBy: currentCashierId(db), now });
    return reportOf(db, id, now);
  });
}

/** Cash paid into or out of the drawer of the open shift, with the reason. */
export function moveCash(
  db: Db,
  move: { direction: CashDirection; amountMinor: number; reason: string },
  now: Date,
): ShiftReportView {
  return writeTransaction(db, () => {
    const open = requireOpen(db);
    insertCashMove(db, {
      shiftId: open.id,
      ...move,
      reason: move.reason.trim(),
      cashierId: currentCashierId(db),
      now,
    });
    return reportOf(db, open.id, now);
  });
}

/** The open shift's X report, or null when none is open. */
export function currentReport(db: Db, now: Date): ShiftReportView | null {
  const open = openShiftRow(db);
  return open === undefined ? null : xReport(db, open, now).view;
}

/** The open shift as the status bar names it (its number, since when), or null when none is open. */
export function openShiftRef(db: Db): { id: number; openedAt: string } | null {
  const open = openShiftRow(db);
  return open === undefined ? null : { id: open.id, openedAt: open.openedAt };
}

/** A difference over the limit, for the one who must approve it. */
export interface Difference {
  readonly differenceMinor: number;
  readonly limitMinor: number;
}

export interface CloseOptions {
  readonly countedMinor: number;
  /** Settings' limit: a difference beyond it (either way) needs the manager. */
  readonly limitMinor: number;
  /**
   * Asked only for a difference over the limit, inside the closing transaction: throws to refuse
   * (the manager PIN is set and was not given), else says whether the manager approved it (false:
   * no manager PIN is set, so nobody could).
   */
  readonly approve: (difference: Difference) => boolean;
}

/**
 * Closes the open shift with the cash counted: the Z report is worked out and stored as it is now,
 * with the expected cash, the difference, whether it was over the limit and approved. All of it or
 * nothing, in one transaction.
 */
export function closeShift(db: Db, options: CloseOptions, now: Date): ShiftReportView {
  return writeTransaction(db, () => {
    const open = requireOpen(db);
    const closedBy = currentCashierId(db);
    const figures = xReport(db, open, now);
    const differenceMinor = options.countedMinor - figures.expectedMinor;
    const overLimit = Math.abs(differenceMinor) > options.limitMinor;
    const managerApproved = overLimit
      ? options.approve({ differenceMinor, limitMinor: options.limitMinor })
      : false;
    const z: ShiftReportView = {
      ...figures.view,
      kind: 'Z',
      state: 'closed',
      at: now.toISOString(),
      closedAt: now.toISOString(),
      closedBy: cashierRef(db, closedBy),
      countedCash: toMajor(options.countedMinor),
      difference: toMajor(differenceMinor),
      differenceLimit: toMajor(options.limitMinor),
      overLimit,
      managerApproved,
    };
    closeShiftRow(db, open.id, {
      closedBy,
      countedMinor: options.countedMinor,
      expectedMinor: figures.expectedMinor,
      differenceMinor,
      overLimit,
      managerApproved,
      zReport: JSON.stringify(z),
      now,
    });
    return z;
  });
}

/**
 * The last closed shift's Z report as it was at close, and its follow-up now: where each sale's
 * order is and when it was acknowledged. ShiftError 'no-closed-shift' when none was closed yet.
 */
export function lastZReport(db: Db, now: Date): ShiftReportView {
  const last = lastClosedShiftRow(db);
  if (last?.zReport == null) throw new ShiftError('no-closed-shift', words('shiftNoneClosed'));
  const z = StoredZ.parse(JSON.parse(last.zReport));
  const later = ordersNow(
    db,
    z.saleOrders.map((s) => s.orderId),
  );
  return {
    ...z,
    drawerOpenings: z.drawerOpenings ?? openingsOf(db, z.id),
    followUp: {
      at: now.toISOString(),
      orders: orderCounts(later.map((o) => o.state)),
      saleOrders: later.map((o) => ({
        orderId: o.orderId,
        state: o.state,
        ...(o.remoteId === null ? {} : { remoteId: o.remoteId }),
        ...(o.acknowledgedAt === null ? {} : { acknowledgedAt: o.acknowledgedAt }),
      })),
    },
  };
}

/** A Z report as stored at close: one closed before the drawer's openings were on it has none. */
const StoredZ = lazy(() =>
  ReportSchema.extend({ drawerOpenings: ReportSchema.shape.drawerOpenings.optional() }),
);

/** The sentence that says a difference over the limit needs the manager, with both amounts. */
export function differenceWords(difference: Difference) {
  return [
    say('lockedShiftDifference', {
      difference: formatMinor(difference.differenceMinor),
      limit: formatMinor(difference.limitMinor),
    }),
  ];
}

function requireOpen(db: Db) {
  const open = openShiftRow(db);
  if (open === undefined) throw new ShiftError('shift-closed', words('shiftClosed'));
  return open;
}

function reportOf(db: Db, id: number, now: Date): ShiftReportView {
  const row = getShiftRow(db, id);
  if (row === undefined) throw new Error(`Shift ${id} was not stored.`);
  return xReport(db, row, now).view;
}
