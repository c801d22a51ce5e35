// The sale's scans not done when the page goes (F5, or the Electron shell loading the till's page
// again after its renderer died): waiting in the queue under a dialog, being applied, or held. The
// page keeps their list in this window's sessionStorage (it outlives a reload, not the window) a task
// after each change and at once when the page goes (pagehide), and the next page offers them (held-scans.ts, `reloaded`), never applying them by
// itself: the one being applied when the page went may be on the sale already.
//
// A serial scan the core still holds is listed again by the next page (serial-scanner.ts), so it is
// not offered twice: one kept with its id is offered only if the core no longer lists that id (its
// call took it: a stock question was open). One taken already (scanner.claim) is the page's alone.
// Listed again, it is routed by where it was made, kept here (madeBeforeReload): one held for a sale
// that had left the counter is held again, never put on the sale on the counter by itself.
import { z } from 'zod';
import type { DeliveredScan, ScanMade } from '../scanner/index.ts';
import { scanQueue } from '../scanner/index.ts';
import { offerReloadedScans, useHeldScans, withdrawReloaded } from './held-scans.ts';
import { pos } from './pos.ts';

/** Where the list is kept (this window's sessionStorage). */
export const SCANS_OVER_RELOAD_KEY = 'counter.scansNotDone';
/** More than this many scans not done is no till's state: the list is cut there as it is written. */
const KEPT_MAX = 2000;

/** What is kept of a scan: what was read and how, where it was made, the `3*` it took. */
const KeptScan = z.object({
  code: z.string().min(1).max(512),
  source: z.enum(['keys', 'paste', 'input', 'serial']),
  /** Keys that went on across a pause, as the OS typed them (a doubtful scan goes back as typed). */
  paused: z.literal(true).optional(),
  typed: z.string().max(512).optional(),
  /** A serial scan's id in the core, if its call may have taken it. */
  serialId: z.number().int().nonnegative().optional(),
  screen: z.string().max(32).optional(),
  sale: z.union([z.string().max(64), z.number().int()]).optional(),
  quantity: z.number().positive().optional(),
});
const KeptScans = z.array(KeptScan).max(KEPT_MAX);
type KeptScan = z.infer<typeof KeptScan>;

/**
 * The storages read (a page has one, its window's sessionStorage): read once, so a layout effect run
 * again (React's StrictMode, a remount) offers nothing twice.
 */
const read = new WeakSet<Storage>();
/** Kept serial scans whose ids the core is being asked about: still kept until it answers. */
let checking: readonly KeptScan[] = [];
/**
 * Each kept serial scan by its id, until the page routes it: its code, where it was made, and the
 * offer made of it with no id when the core could not say whether it holds it (that offer and the
 * follower's listing are the same scan: whichever the page takes first, the other is not applied).
 */
const keptSerial = new Map<
  number,
  { readonly code: string; readonly made: ScanMade | undefined; offered?: DeliveredScan }
>();

/**
 * Where serial scan `id` (code `code`) was made, if the page before this one kept it: the follower
 * lists it again as a scan just read, and it belongs where it was made (actions/scan-route.ts).
 */
export function madeBeforeReload(id: number, code: string): ScanMade | undefined {
  const kept = keptSerial.get(id);
  return kept?.code === code ? kept.made : undefined;
}

/**
 * The page is routing serial scan `id` now: 'route' it where it was made (madeBeforeReload), or
 * 'done' when the cashier added or dropped the offer of it already (it is not applied again); undefined
 * if the page before kept no such scan. Said once: a held scan the cashier adds later goes on the
 * sale on the counter then.
 */
export function routeKeptSerial(id: number, code: string): 'route' | 'done' | undefined {
  const kept = keptSerial.get(id);
  if (kept?.code !== code) return undefined;
  keptSerial.delete(id);
  if (kept.offered === undefined) return 'route';
  return withdrawReloaded(kept.offered) ? 'route' : 'done';
}

/**
 * Offers the scans the page before this one left, then keeps this page's own: `isSaleScan` says which
 * of them go on the sale (a stock lookup or a receipt's scan is not kept). Returns the stop.
 */
export function keepScansOverReload(
  storage: Storage | null,
  isSaleScan: (scan: DeliveredScan) => boolean,
  page: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
): () => void {
  if (storage === null) return () => undefined;
  let written: string | null = null;
  let due = false;
  const save = (): void => {
    due = false;
    const text = JSON.stringify(notDone(isSaleScan).slice(0, KEPT_MAX));
    if (text !== written && write(storage, text)) written = text;
  };
  // After each change, once what changed with it has too: a scan being held is in the queue and the
  // hold for a moment, and would be kept twice.
  const later = (): void => {
    if (due) return;
    due = true;
    setTimeout(save, 0);
  };
  if (!read.has(storage)) {
    read.add(storage);
    const kept = takeKept(storage);
    for (const scan of kept)
      if (scan.serialId !== undefined)
        keptSerial.set(scan.serialId, { code: scan.code, made: asDelivered(scan).made });
    offer(kept, later);
  }
  later();
  const unwatch = scanQueue.watch(later);
  const unsubscribe = useHeldScans.subscribe(later);
  // The page going (F5) may come before the task above: a scan read just before the reload would
  // be missing from the list (seen in CI: two scans under the stock question, one of three kept).
  // The page's own event is a task of its own, after every change's microtasks: written at once,
  // due or not (a write the storage refused is tried again; an unchanged list is not written).
  page.addEventListener('pagehide', save);
  return () => {
    unwatch();
    unsubscribe();
    page.removeEventListener('pagehide', save);
  };
}

/** This window's sessionStorage, or null where the page may not use it (then nothing is kept). */
export function windowSessionStorage(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Offers the kept scans, in the order made: at once, or, when any has a serial id, once the core
 * said which ids it still holds (those are left to the serial follower).
 */
function offer(kept: readonly KeptScan[], saved: () => void): void {
  if (kept.every((s) => s.serialId === undefined)) {
    offerReloadedScans(kept.map(asDelivered));
    return;
  }
  checking = kept;
  void pos
    .invoke('scanner.take', { peek: true })
    .then(
      ({ scans }) => new Set(scans.map((s) => s.id)),
      // No answer (null): offered all the same (the banner asks to check the sale), never left
      // unsaid; one the follower lists meanwhile is routed and its offer withdrawn (routeKeptSerial).
      () => null,
    )
    .then((inCore) => {
      checking = [];
      offerReloadedScans(kept.flatMap((s) => offeredOf(s, inCore)));
      saved();
    });
}

/**
 * What is offered of a kept scan once the core said which serial ids it holds (null: no answer):
 * none for one the core holds (the follower lists it), nor for one the follower listed already.
 */
function offeredOf(s: KeptScan, inCore: ReadonlySet<number> | null): DeliveredScan[] {
  if (s.serialId === undefined) return [asDelivered(s)];
  const serial = keptSerial.get(s.serialId);
  // Listed by the follower and routed already: the page has it.
  if (serial === undefined || inCore?.has(s.serialId) === true) return [];
  if (inCore !== null) {
    // Its call took it: the core never lists it again, the offer is all there is of it.
    keptSerial.delete(s.serialId);
    return [asDelivered(s)];
  }
  serial.offered = asDelivered(s);
  return [serial.offered];
}

/**
 * The sale's scans not done, in the order made: those offered from before a reload (and those still
 * being checked), the held (each made over a sale), then the queue's that go on the sale.
 */
function notDone(isSaleScan: (scan: DeliveredScan) => boolean): KeptScan[] {
  const { reloaded, held } = useHeldScans.getState();
  return [
    ...reloaded.map(asKept),
    ...checking,
    ...held.map(asKept),
    ...scanQueue.unfinished().filter(isSaleScan).map(asKept),
  ];
}

function asKept(scan: DeliveredScan): KeptScan {
  const { code, source, paused, typed, serialId, made } = scan;
  return {
    code,
    source,
    ...(paused === true ? { paused } : {}),
    ...(typed === undefined ? {} : { typed }),
    ...(serialId === undefined ? {} : { serialId }),
    ...(made === undefined ? {} : { screen: made.screen }),
    ...(made?.sale === undefined ? {} : { sale: made.sale }),
    ...(made?.typed === undefined ? {} : { quantity: made.typed.quantity }),
  };
}

/**
 * A kept scan as the queue takes it again, with no serial id (the core holds it no more). Its `3*`
 * comes with no field text: the code field of this page never held it, and must not be emptied of
 * a `3*` the cashier typed since.
 */
function asDelivered(kept: KeptScan): DeliveredScan {
  const { code, source, paused, typed, screen, sale, quantity } = kept;
  return {
    code,
    source,
    ...(paused === undefined ? {} : { paused }),
    ...(typed === undefined ? {} : { typed }),
    ...(screen === undefined
      ? {}
      : {
          made: {
            screen,
            ...(sale === undefined ? {} : { sale }),
            ...(quantity === undefined ? {} : { typed: { entry: '', quantity } }),
          },
        }),
  };
}

/** The kept list; what is unreadable there is dropped (outside input). */
function takeKept(storage: Storage): KeptScan[] {
  let text: string | null;
  try {
    // Left there until this page writes its own list (the offered ones in it): a page that goes
    // again before that offers them again.
    text = storage.getItem(SCANS_OVER_RELOAD_KEY);
  } catch {
    return [];
  }
  if (text === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const scans = KeptScans.safeParse(parsed);
  return scans.success ? scans.data : [];
}

/** Writes the list (none: the key removed); false when the storage refused it. */
function write(storage: Storage, text: string): boolean {
  try {
    if (text === '[]') storage.removeItem(SCANS_OVER_RELOAD_KEY);
    else storage.setItem(SCANS_OVER_RELOAD_KEY, text);
    return true;
  } catch {
    // Storage full or refused: the scans are still in this page; only a reload would lose them.
    return false;
  }
}
