// Scans made over a sale that left the counter before their turn came: it was paid (the scan waited
// under the payment panel), parked, voided, or another sale was recalled in its place. Such a scan
// is never put on the sale now on the counter by itself (it would start the next customer's sale and
// wipe the change due of the one just paid), nor dropped: it is held here, said above every screen,
// and goes on
// - by itself onto its own sale, if that sale comes back to the counter (recalled), in the order made;
// - onto the sale on the counter when the cashier says so (Ctrl+Enter on Sale, or the button);
// - nowhere, when the cashier says so (Ctrl+Delete, or the button): the customer took the item back,
//   or it was rung up by hand meanwhile. A person's choice on codes the notice names, never by itself.
// A serial scan held is not taken in the core yet, so a page opened again lists it again. The sale's
// other scans not done when the page went (reloaded) come back from this window's storage
// (scans-over-reload.ts) as `reloaded`, offered the same way and never applied by themselves: the
// one being applied as the page went may be on the sale already.
import { create } from 'zustand';
import type { SessionView } from '../../contract/contract.ts';
import { scanQueue, type DeliveredScan } from '../scanner/index.ts';
import { claimSerialScan } from './serial-claim.ts';

export interface HeldScans {
  /** In the order made. */
  readonly held: readonly DeliveredScan[];
  /** The sale's scans not done when the page was loaded again, in the order made (no serial id). */
  readonly reloaded: readonly DeliveredScan[];
}

export const useHeldScans = create<HeldScans>()(() => ({ held: [], reloaded: [] }));

/** Whether any scan waits for the cashier's choice (held, or from before a reload). */
export function anyHeld(): boolean {
  const { held, reloaded } = useHeldScans.getState();
  return held.length > 0 || reloaded.length > 0;
}

/** The scans not done when the page went, offered as held ones are (the page just opened). */
export function offerReloadedScans(scans: readonly DeliveredScan[]): void {
  if (scans.length > 0) useHeldScans.setState((s) => ({ reloaded: [...s.reloaded, ...scans] }));
}

/**
 * Takes one scan out of the offer from before a reload (the core listed it again: it is routed as
 * the serial scan it is). False if it is no longer offered: the cashier added or dropped it.
 */
export function withdrawReloaded(scan: DeliveredScan): boolean {
  const { reloaded } = useHeldScans.getState();
  if (!reloaded.includes(scan)) return false;
  useHeldScans.setState({ reloaded: reloaded.filter((s) => s !== scan) });
  return true;
}

/** Whether a scan made over sale `made` belongs on the sale `now` (ids as SessionView has them). */
export function sameSale(made: DeliveredScan['made'], now: SessionView | null): boolean {
  // Stamped before the sale was read (the page just opened), or with nothing on the counter yet
  // ('new': its first scan makes the sale, and the scans after it belong to that sale).
  if (made?.sale === undefined || made.sale === 'new') return true;
  return now !== null && now.id === made.sale;
}

/** Keeps a scan whose sale left the counter, after the others held. */
export function holdScan(scan: DeliveredScan): void {
  useHeldScans.setState((s) => ({ held: [...s.held, scan] }));
}

/**
 * The held scans go onto the sale on the counter now, in the order made (the cashier's choice): those
 * from before a reload first, made before any held since.
 */
export function addHeldScans(): void {
  for (const scan of takeReloaded()) scanQueue.deliver(scan);
  deliverAgain(() => true);
}

/**
 * The held scans are dropped (the cashier's choice). A serial scan waits in the core until a call
 * takes it: each is taken there first (scanner.claim), while still held, so that neither the next
 * listing puts it on a sale nor the serial follower, seeing it let go, says it was not added.
 */
export async function discardHeldScans(): Promise<void> {
  // No serial ids among them (the core holds none of them): nothing else to let go.
  takeReloaded();
  const going = useHeldScans.getState().held;
  if (going.length === 0) return;
  for (const scan of going) {
    // Not answered, it waits in the core still: let go below, the follower finds it there once
    // the queue is idle, takes it and says it was not added (as it is not).
    if (scan.serialId !== undefined) await claimSerialScan(scan.serialId, scan.code);
  }
  const gone = new Set(going);
  useHeldScans.setState((s) => ({ held: s.held.filter((scan) => !gone.has(scan)) }));
}

/** The scans from before a reload, out of the offer (added or dropped: the cashier's choice). */
function takeReloaded(): readonly DeliveredScan[] {
  const { reloaded } = useHeldScans.getState();
  if (reloaded.length > 0) useHeldScans.setState({ reloaded: [] });
  return reloaded;
}

/** The held scans made over `session` go back onto it: that sale is on the counter again (recalled). */
export function returnHeldScans(session: SessionView | null): void {
  if (session === null || session.id === 'new') return;
  deliverAgain((scan) => scan.made?.sale === session.id);
}

/** Takes the held scans `which` picks out of the hold and into the queue again, stamped anew there. */
function deliverAgain(which: (scan: DeliveredScan) => boolean): void {
  const { held } = useHeldScans.getState();
  const going = held.filter(which);
  if (going.length === 0) return;
  useHeldScans.setState({ held: held.filter((scan) => !which(scan)) });
  // Stamped again as they go in: where they are applied now is the cashier's choice.
  for (const scan of going) scanQueue.deliver(scan);
}
