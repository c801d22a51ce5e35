// What each action of the keymap (keymap.ts) does: the store actions it dispatches. Screens' buttons
// call the same store actions; this is where keys and scans reach them.
import { i18n } from '../i18n/index.ts';
import { useApp, type Outcome, type Screen } from '../store/app.ts';
import * as sale from '../store/sale.ts';
import * as find from '../store/find.ts';
import { keepFocusFor, returnFocus, typeToCode, typeToReturnsFind, typeToSearch } from './code-focus.ts';
import { lookUpScan } from '../store/stock.ts';
import { recordTestPadKey, scanOnTestPad } from '../store/test-pad.ts';
import { closePayment, confirmPayment, openPayment, setMethod } from '../store/payment.ts';
import { closeReceipt, printReceipt } from '../store/receipt.ts';
import { closeReturnReceipt, printReturnReceipt } from '../store/returns-list.ts';
import { addHeldScans, discardHeldScans } from '../store/held-scans.ts';
import { closePriceEntry, confirmPriceEntry, openPriceEntry } from '../store/price-entry.ts';
import { closeLineAdjust, confirmLineAdjust, openLineAdjust } from '../store/line-adjust.ts';
import { cycleFocus } from './dialog-focus.ts';
import { closeParked, moveParked, openParked, parkSale, recallParked } from '../store/parked.ts';
import { answerConfirm, leaveGuardDialog } from '../store/guard.ts';
import { closeFloatPrompt, confirmFloat, printShiftReport } from '../store/shift.ts';
import { openDrawerNoSale, printerInUse } from '../store/printer.ts';
import {
  exchangeChosen,
  makeReturnOnScreen,
  printReturn,
  scanToReturns,
  toggleNoReceipt,
} from '../store/returns.ts';
import {
  closeCardIssue,
  confirmCardIssue,
  openCardIssue,
  pickFirstCardCompany,
  scanIntoCard,
} from '../store/card-issue.ts';
import { isValidGtin, type DeliveredScan } from '../scanner/index.ts';
import type { ActionContext, ActionName } from './keymap.ts';

export interface Performed {
  readonly ctx: ActionContext;
  /** The key that triggered it (key and observer actions). */
  readonly event?: KeyboardEvent;
  /** The scanned code (scan actions). */
  readonly code?: string;
  /** When the scan's first key came (event time, ms). */
  readonly startedAt?: number;
  /** The scan as the queue delivered it (scan actions). */
  readonly scan?: DeliveredScan;
}

const SCREEN_KEYS = {
  sale: 'common:screenSale',
  stock: 'common:screenStock',
  orders: 'common:screenOrders',
  settings: 'common:screenSettings',
  shift: 'common:screenShift',
  returns: 'common:screenReturns',
} as const satisfies Record<Screen, string>;

const to = (screen: Screen) => (): void => useApp.getState().setScreen(screen);
const line = (p: Performed) => useApp.getState().session?.lines.find((l) => l.id === p.ctx.selectedLine?.id);

/** Scan actions return the scan's whole course (its stock question included): the next scan waits for it. */
export const PERFORM: Record<ActionName, (p: Performed) => unknown> = {
  'screen.sale': to('sale'),
  'screen.stock': to('stock'),
  'screen.orders': to('orders'),
  'screen.settings': to('settings'),
  'screen.shift': to('shift'),
  'screen.returns': to('returns'),
  'returns.make': () => void makeReturnOnScreen(),
  'returns.print': () => void printReturn(printerInUse()),
  'returns.exchange': () => void exchangeChosen(),
  'returns.noReceipt': () => toggleNoReceipt(),
  'scan.returns': (p) => {
    keepFocusFor(p.startedAt);
    return scanToReturns(p.code ?? '');
  },
  'shift.print': () => printShiftReport(),
  // Enter on "Back to the sale" (Tab got there) goes back; anywhere else in the prompt it opens the shift.
  'float.confirm': (p) => {
    const target = p.event?.target;
    if (target instanceof HTMLButtonElement && target.dataset.action === 'cancel-float') closeFloatPrompt();
    else void confirmFloat();
  },
  'float.cancel': () => closeFloatPrompt(),
  // F9 opens the payment panel; its Enter places the order (store/payment.ts).
  'sale.openPayment': () => openPayment(),
  'sale.void': () => void sale.voidSale(),
  'sale.selectNext': () => sale.moveSelection(1),
  'sale.selectPrevious': () => sale.moveSelection(-1),
  'sale.increment': (p) => {
    if (p.ctx.selectedLine !== undefined) sale.stepQuantity(p.ctx.selectedLine.id, 1);
  },
  'sale.decrement': (p) => {
    if (p.ctx.selectedLine !== undefined) sale.stepQuantity(p.ctx.selectedLine.id, -1);
  },
  'sale.removeLine': (p) => {
    const target = line(p);
    if (target !== undefined) void sale.removeLine(target);
  },
  'guard.leave': () => leaveGuardDialog(),
  // Enter sells anyway, unless Tab moved focus to the button that keeps.
  'warning.confirm': (p) => {
    const target = p.event?.target;
    answerConfirm(!(target instanceof HTMLButtonElement && target.dataset.action === 'confirm-keep'));
  },
  'testPad.leave': (p) => {
    if (p.event?.target instanceof HTMLElement) p.event.target.blur();
  },
  'testPad.record': (p) => {
    if (p.event !== undefined && recordTestPadKey(p.event)) p.event.preventDefault();
  },
  'scan.testPad': (p) => scanOnTestPad(p.code ?? ''),
  'scan.sale': (p) => {
    // The call first: it leaves now (the core's answer is what the cashier waits for); putting the
    // focus back (a blur and its handlers, ~0.3 ms) runs while it is out.
    const applied = sale.scan(p.code ?? '', 'scanner', doubtOf(p.scan), p.scan?.serialId, typedOf(p.scan));
    keepFocusFor(p.startedAt);
    return applied.then((outcome) => sayWhereCashierIs('sale', outcome));
  },
  'sale.undoRemove': () => void sale.undoRemove(),
  'sale.setQuantity': (p) => {
    void sale.setTypedQuantity(p.ctx.selectedLine?.id).then((stored) => {
      if (stored) returnFocus();
    });
  },
  'sale.enterPrice': () => openPriceEntry(),
  // Enter on "Back to the sale" (Tab got there) goes back; anywhere else in the dialog it adds.
  'price.confirm': (p) => {
    const target = p.event?.target;
    if (target instanceof HTMLButtonElement && target.dataset.action === 'cancel-price') closePriceEntry();
    else void confirmPriceEntry();
  },
  'price.cancel': () => closePriceEntry(),
  'sale.parked': () => void openParked(),
  'parked.park': () => void parkSale(),
  'parked.next': () => moveParked(1),
  'parked.previous': () => moveParked(-1),
  // Enter on a focused button (Park, Back) does what the button says; anywhere else it recalls.
  'parked.confirm': (p) => {
    const target = p.event?.target;
    if (target instanceof HTMLButtonElement) target.click();
    else void recallParked();
  },
  'parked.close': () => closeParked(),
  'sale.adjustLine': () => openLineAdjust(),
  'sale.openDrawer': () => void openDrawerNoSale(),
  'sale.issueCard': () => void openCardIssue(),
  // Enter in the company search picks the first company it found; anywhere else it issues the card.
  'card.confirm': (p) => {
    const target = p.event?.target;
    if (target instanceof HTMLElement && target.dataset.field === 'cardCompanySearch') pickFirstCardCompany();
    else void confirmCardIssue();
  },
  'card.cancel': () => closeCardIssue(),
  // The new card's code from the stack: into the dialog's field, nothing issued (a person confirms).
  'scan.cardBarcode': (p) => scanIntoCard(p.code ?? ''),
  // Enter on "Back to the sale" goes back, on "Take the discount off" takes it off; elsewhere it sets.
  'adjust.confirm': (p) => {
    const target = p.event?.target;
    if (target instanceof HTMLButtonElement && target.dataset.action === 'cancel-adjust') closeLineAdjust();
    else if (target instanceof HTMLButtonElement && target.dataset.action === 'remove-adjust')
      void confirmLineAdjust(true);
    else void confirmLineAdjust();
  },
  'adjust.cancel': () => closeLineAdjust(),
  'sale.typeToCode': (p) => {
    if (p.event !== undefined) typeToCode(p.event);
  },
  'stock.typeToSearch': (p) => {
    if (p.event !== undefined) typeToSearch(p.event);
  },
  'returns.typeToFind': (p) => {
    if (p.event !== undefined) typeToReturnsFind(p.event);
  },
  'find.next': () => find.movePick(1),
  'find.previous': () => find.movePick(-1),
  'find.add': () => void find.addPicked(),
  'find.close': () => find.closeList(),
  'scan.stock': (p) => {
    keepFocusFor(p.startedAt);
    return lookUpScan(p.code ?? '');
  },
  'scan.toSale': (p) => scanToSale(p.ctx.screen, p.code ?? '', p.scan),
  // Enter in the panel's fields places the order (on a button, the button's own action runs).
  'payment.confirm': () => void confirmPayment(),
  'payment.cancel': () => closePayment(),
  'payment.cash': () => setMethod('cash'),
  'payment.card': () => setMethod('card'),
  'payment.split': () => setMethod('split'),
  'receipt.print': () => printReceipt(),
  'receipt.close': () => closeReceipt(),
  'returnReceipt.print': () => void printReturnReceipt(),
  'returnReceipt.close': () => closeReturnReceipt(),
  'sale.addHeld': () => addHeldScans(),
  'sale.discardHeld': () => discardHeldScans(),
  'dialog.tab': (p) => {
    if (p.event !== undefined) cycleFocus(p.event);
  },
  // Never performed: the queue keeps a scan while a dialog is open (actions/attach.ts).
  'scan.dialog': () => undefined,
};

/**
 * A burst that went on across a pause and is no GTIN with a right check digit may be two things
 * joined (a person's keys and a scan): the sale takes it only if the core knows the whole code (a
 * product or a card); otherwise it goes into the code field as typed, named whole (sale.scan).
 */
function doubtOf(scan: DeliveredScan | undefined): { typed: string } | undefined {
  if (scan?.paused !== true || isValidGtin(scan.code)) return undefined;
  return { typed: scan.typed ?? scan.code };
}

/**
 * The `3*` a scan took as it came (null: none); undefined for a scan the queue did not stamp, which
 * takes the field's as it is applied.
 */
function typedOf(scan: DeliveredScan | undefined): sale.TypedQuantity | null | undefined {
  return scan?.made === undefined ? undefined : (scan.made.typed ?? null);
}

/** A scan away from the Sale screen (Orders, Settings) goes to the open sale, and the screen says so. */
async function scanToSale(screen: Screen, code: string, scan: DeliveredScan | undefined): Promise<void> {
  sayWhereCashierIs(screen, await sale.scan(code, 'scanner', doubtOf(scan), scan?.serialId, typedOf(scan)));
}

/**
 * A sale's scan's outcome, said on the screen the cashier is on when it is applied, naming the
 * screen it was made on: a scan that waited (under a dialog) may be applied after the cashier moved
 * on. The Sale screen says every outcome itself.
 */
function sayWhereCashierIs(madeOn: Screen, outcome: Outcome): void {
  if (outcome === sale.SCAN_TAKEN || useApp.getState().screen === 'sale') return;
  const words = { screen: i18n.t(SCREEN_KEYS[madeOn]), text: outcome.text };
  useApp
    .getState()
    .notify(
      outcome.tone === 'ok' ? 'ok' : 'error',
      outcome.tone === 'ok' ? i18n.t('sale:scannedOn', words) : i18n.t('sale:scannedOnRefused', words),
    );
}
