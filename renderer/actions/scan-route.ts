// Where a scan goes. Decided when it is made: stamped as it comes into the queue (the screen, the
// scanner test pad or the new card's dialog, the sale on the counter, a `3*` typed for it), and
// applied there when its turn comes, whatever the cashier did meanwhile: a scan made on Sale and
// still waiting when F11 was pressed is not a Returns receipt lookup, and a scan made over a sale
// that has since been paid, parked or voided is held (store/held-scans.ts), never put on the next
// sale. No DOM here (attach.ts says where focus is), so the store's tests apply scans as the page does.
import { SCREENS, useApp, type Screen } from '../store/app.ts';
import { useCardIssue } from '../store/card-issue.ts';
import { guardDialog } from '../store/guard.ts';
import { holdScan, sameSale } from '../store/held-scans.ts';
import { openDialog } from '../store/payment.ts';
import { releaseTypedQuantity, takeTypedQuantity, type TypedQuantity } from '../store/sale.ts';
import { madeBeforeReload, routeKeptSerial } from '../store/scans-over-reload.ts';
import { claimSerialScan } from '../store/serial-claim.ts';
import { scanQueue, type DeliveredScan, type ScanMade, type SinkAnswer } from '../scanner/index.ts';
import { actionForScan, type ActionContext, type Binding, type Focus } from './keymap.ts';
import { PERFORM } from './registry.ts';

/** The modal dialog open now, if any: a confirmation or PIN, a store's dialog, the new card's. */
export function dialogNow(): ActionContext['dialog'] {
  return guardDialog() ?? openDialog() ?? (useCardIssue.getState().open ? 'card' : undefined);
}

/**
 * A scan as it comes, stamped with where it was made. `focus`: where focus is now; `keysHeld`: the
 * keyboard's scanner still holds keys typed before this scan (they land in the field after it).
 */
export function stampScan(scan: DeliveredScan, focus: Focus, keysHeld = false): DeliveredScan {
  // A serial scan the page before a reload had not done, listed again: made there, as it was kept.
  const before = madeBeforeReloadOf(scan);
  if (before !== undefined) return { ...scan, made: before };
  const { session } = useApp.getState();
  // A held scan going in again (store/held-scans.ts) keeps where it was made: a sale's scan, put on
  // the sale on the counter now, whatever screen the button was pressed on.
  const made: ScanMade = {
    ...(scan.made === undefined ? placeNow(focus) : { screen: scan.made.screen }),
    ...(session === null ? {} : { sale: session.id }),
  };
  // A held scan going in again gave back the `3*` it took when it was held (the field's for the next
  // scan since): it takes none now, or it would take one typed for another product. One from before
  // a reload keeps the `3*` it took then (the field it was in went with the page).
  if (scan.made !== undefined)
    return { ...scan, made: scan.made.typed === undefined ? made : { ...made, typed: scan.made.typed } };
  // Only a scan for the sale takes the `3*` typed in its code field.
  if (!forSale(actionForScan(scanContext(made, focus, undefined)))) return { ...scan, made };
  if (keysHeld) return { ...scan, made: { ...made, typedLater: true } };
  const typed = takeTypedQuantity();
  return { ...scan, made: typed === undefined ? made : { ...made, typed } };
}

/** The screen the cashier is on, and what takes a scan itself there now (test pad, card dialog). */
function placeNow(focus: Focus): Pick<ScanMade, 'screen' | 'into'> {
  const into = dialogNow() === 'card' ? 'card' : focus === 'test-pad' ? 'test-pad' : undefined;
  return { screen: useApp.getState().screen, ...(into === undefined ? {} : { into }) };
}

/**
 * The queue's sink: the scan first in line applied where it was made; 'wait' under a dialog ('pass'
 * under the new card's, for the scans not made into it).
 */
export function routeScan(delivered: DeliveredScan, focusNow: Focus): SinkAnswer {
  // Listed again before the app stamped it (the page just opened): where it was made, all the same.
  const before = madeBeforeReloadOf(delivered);
  const scan = before === undefined ? delivered : { ...delivered, made: before };
  const dialog = dialogNow();
  // The new card's dialog takes the scans made into it (its code); any other waits, as under any
  // dialog, but lets those made into the dialog after it go first ('pass'): a sale's scan that came
  // as the dialog opened must not keep the card's own scan from it.
  if (dialog === 'card' && scan.made !== undefined && scan.made.into !== 'card') return 'pass';
  const ctx = scanContext(scan.made, focusNow, dialog);
  const binding = actionForScan(ctx);
  if (binding?.name === 'scan.dialog') return 'wait';
  // Every screen has a scan action (keymap.ts): none here would be a keymap without one.
  if (binding === undefined) return Promise.resolve();
  // One the page before a reload kept, and offered too when the core did not say it holds it: the
  // cashier added or dropped that offer already, so it is theirs (taken in the core, not applied).
  const kept = scan.serialId === undefined ? undefined : routeKeptSerial(scan.serialId, scan.code);
  if (kept === 'done' && scan.serialId !== undefined) return claimSerialScan(scan.serialId, scan.code);
  if (forSale(binding)) return toSale(scan, binding, ctx, kept === 'route');
  // A serial scan is the page's once it took it in the core: any screen but the sale's takes it
  // first (scanner.claim), and one taken already is done. The claim is a round trip: the scan then
  // goes first in line again, to be applied as things are by then (a dialog may have opened).
  if (scan.serialId === undefined) return perform(binding, ctx, scan);
  const { serialId: id, ...claimed } = scan;
  return claimSerialScan(id, scan.code).then((mine) => {
    if (mine) scanQueue.putBack(claimed);
  });
}

/**
 * Whether a scan goes on the sale where it was made (not a stock lookup, a receipt's, the scanner
 * test pad's or the new card's): what a reload must not lose (store/scans-over-reload.ts).
 */
export function isSaleScan(scan: DeliveredScan): boolean {
  return scan.made?.into === undefined && forSale(actionForScan(scanContext(scan.made, 'other', undefined)));
}

/**
 * Where a fresh serial scan (not stamped yet) was made if it is one the page before a reload kept
 * (store/scans-over-reload.ts); undefined for any other scan.
 */
function madeBeforeReloadOf(scan: DeliveredScan): ScanMade | undefined {
  return scan.made !== undefined || scan.serialId === undefined
    ? undefined
    : madeBeforeReload(scan.serialId, scan.code);
}

/** How long a scan made over a sale waits for the page's first read of the sale on the counter. */
const SALE_READ_WAIT_MS = 10_000;

/**
 * A scan for the sale: applied if the sale it was made over is still on the counter, else held. One
 * from before a reload (`beforeReload`) made over a known sale waits, in its place in line, for the
 * page's first read of the sale on the counter: held meanwhile, newer scans would go on before it.
 */
function toSale(
  scan: DeliveredScan,
  binding: Binding,
  ctx: ActionContext,
  beforeReload = false,
): Promise<unknown> {
  const sale = scan.made?.sale;
  if (beforeReload && sale !== undefined && sale !== 'new' && saleNotRead())
    return saleRead(SALE_READ_WAIT_MS).then(() => toSale(scan, binding, ctx));
  if (sameSale(scan.made, useApp.getState().session))
    return perform(binding, ctx, scan, scan.made?.typedLater === true ? takeTypedQuantity() : undefined);
  // The `3*` it took goes back to the code field, for the next scan; one from before a reload was in
  // no field of this page, so the scan keeps it.
  const given = releaseTypedQuantity(scan.made?.typed);
  holdScan(scan.made === undefined || !given ? scan : { ...scan, made: withoutTyped(scan.made) });
  return Promise.resolve();
}

/** The page has not read the sale on the counter yet (it just opened), nor failed to. */
function saleNotRead(): boolean {
  const { session, sessionError } = useApp.getState();
  return session === null && sessionError === null;
}

/** Settles once the page has read the sale on the counter (or failed to), or after `ms`. */
function saleRead(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      off();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const off = useApp.subscribe(() => {
      if (!saleNotRead()) done();
    });
  });
}

/** Where a scan was made, the `3*` it took left out (given back to the code field). */
function withoutTyped(made: ScanMade): ScanMade {
  const { screen, into, sale, typedLater } = made;
  return {
    screen,
    ...(into === undefined ? {} : { into }),
    ...(sale === undefined ? {} : { sale }),
    ...(typedLater === undefined ? {} : { typedLater }),
  };
}

function perform(
  binding: Binding,
  ctx: ActionContext,
  scan: DeliveredScan,
  typedLater?: TypedQuantity,
): Promise<unknown> {
  const { code, startedAt } = scan;
  const made =
    scan.made === undefined || typedLater === undefined ? scan.made : { ...scan.made, typed: typedLater };
  return Promise.resolve(
    PERFORM[binding.name]({
      ctx,
      code,
      scan: made === undefined ? scan : { ...scan, made },
      ...(startedAt === undefined ? {} : { startedAt }),
    }),
  );
}

/** The scan actions that add to the sale (and pass a serial scan's id on to session.scan). */
const SALE_SCANS: ReadonlySet<string> = new Set(['scan.sale', 'scan.toSale']);
const forSale = (binding: Binding | undefined): binding is Binding =>
  binding !== undefined && SALE_SCANS.has(binding.name);

/** The context a scan is routed in: where it was made (if stamped), the dialog open now. */
function scanContext(
  made: ScanMade | undefined,
  focusNow: Focus,
  dialog: ActionContext['dialog'],
): ActionContext {
  const { screen, session, sale } = useApp.getState();
  const line = session?.lines[sale.selected];
  return {
    screen: made === undefined ? screen : screenNamed(made.screen, screen),
    focus: made === undefined ? focusNow : made.into === 'test-pad' ? 'test-pad' : 'other',
    selectedLine: line === undefined ? undefined : { id: line.id, quantity: line.quantity },
    ...(dialog === undefined ? {} : { dialog }),
  };
}

function screenNamed(name: string, otherwise: Screen): Screen {
  return SCREENS.find((s) => s.id === name)?.id ?? otherwise;
}
