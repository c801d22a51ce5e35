// The sale's scans not done when the page goes come back on the next page, offered, never applied by
// themselves. A "page" here is a fresh load of the modules (vi.resetModules) over one storage, as a
// reloaded window has new scripts and the same sessionStorage; the core is scripted (fake-bridge.ts)
// for what it still holds of the serial scans. The e2e proof is test/e2e/scan-queue.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SerialScanView } from '../../contract/contract.ts';
import { FakeBridge } from '../platform/fake-bridge.ts';
import type { DeliveredScan } from '../scanner/index.ts';

/** A window's sessionStorage: strings by key, kept across the "pages" below. */
class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  refuse = false;
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  setItem(key: string, value: string): void {
    if (this.refuse) throw new DOMException('full', 'QuotaExceededError');
    this.#items.set(key, value);
  }
}

const KEY = 'counter.scansNotDone';
/** Scans made on Stock are lookups, not the sale's: not kept (scan-route.ts isSaleScan decides). */
const saleScan = (scan: DeliveredScan) => scan.made?.screen !== 'stock' && scan.made?.into === undefined;

let storage: MemoryStorage;
/** What the core still holds of the serial scans (scanner.take with peek), said once `answer` settles. */
let inCore: SerialScanView[];
let answer: Promise<void>;
let stops: (() => void)[] = [];

/** A page just loaded: its own queue and stores over the one storage; `mount` runs its effect. */
async function openPage(mount = 1) {
  vi.resetModules();
  const scanner = await import('../scanner/index.ts');
  const held = await import('./held-scans.ts');
  const keeping = await import('./scans-over-reload.ts');
  const { setPos } = await import('./pos.ts');
  const { createPosApi } = await import('../platform/pos.ts');
  setPos(
    createPosApi(
      new FakeBridge().answer('scanner.take', async () => {
        await answer;
        return { scans: inCore };
      }),
    ),
  );
  // The page's window: only its 'pagehide' is listened to.
  const window = new EventTarget();
  // React's StrictMode runs a layout effect, its cleanup, and the effect again.
  for (let i = 0; i < mount; i += 1) {
    const stop = keeping.keepScansOverReload(storage, saleScan, window);
    if (i < mount - 1) stop();
    else stops.push(stop);
  }
  return { scanner, held, window };
}

type Page = Awaited<ReturnType<typeof openPage>>;

const reloadedCodes = (p: Page) => p.held.useHeldScans.getState().reloaded.map((s) => s.code);
/** The list as the storage holds it now, in this task (what a page going now leaves the next one). */
const stored = () => JSON.parse(storage.getItem(KEY) ?? '[]') as { code: string }[];
/** The list as the storage holds it, once the page has written it (a task after the change). */
const kept = async () => {
  await new Promise((r) => setTimeout(r, 0));
  return stored();
};
/** The codes the storage holds now. */
const keptNow = () => stored().map((s) => s.code);
/** A page whose sink says 'wait' to every scan: a dialog is open. */
async function pageUnderDialog(): Promise<Page> {
  const p = await openPage();
  p.scanner.scanQueue.setSink(() => 'wait');
  return p;
}

beforeEach(() => {
  storage = new MemoryStorage();
  inCore = [];
  answer = Promise.resolve();
  stops = [];
});

afterEach(() => {
  for (const stop of stops) stop();
});

describe("the sale's scans over a reload", () => {
  it('scans waiting under a dialog, and the one being applied, are offered on the next page', async () => {
    const first = await openPage();
    let calls = 0;
    // The first scan is being applied (its call not answered yet), the next ones wait under a dialog.
    first.scanner.scanQueue.setSink(() => {
      calls += 1;
      return calls === 1 ? new Promise<void>(() => undefined) : 'wait';
    });
    const typed = { entry: '3*', quantity: 3 };
    first.scanner.deliverScan('8591010000019', 'keys', { made: { screen: 'sale', sale: 3 } });
    first.scanner.deliverScan('8591008000038', 'keys', { made: { screen: 'sale', sale: 3, typed } });
    first.scanner.deliverScan('8594001000012', 'paste', { made: { screen: 'orders' } });
    // A stock lookup is not the sale's: not kept.
    first.scanner.deliverScan('8590000000017', 'keys', { made: { screen: 'stock' } });
    expect((await kept()).map((s) => s.code)).toEqual(['8591010000019', '8591008000038', '8594001000012']);

    const next = await openPage();
    expect(reloadedCodes(next)).toEqual(['8591010000019', '8591008000038', '8594001000012']);
    // Where each was made, and the `3*` the second took, with no field text: this page's field never
    // held it (a `3*` typed here since is not emptied by it).
    expect(next.held.useHeldScans.getState().reloaded.map((scan) => scan.made)).toEqual([
      { screen: 'sale', sale: 3 },
      { screen: 'sale', sale: 3, typed: { entry: '', quantity: 3 } },
      { screen: 'orders' },
    ]);
    // Offered, not in the queue: nothing applies them by itself.
    expect(next.scanner.scanQueue.unfinished()).toEqual([]);
    expect(next.held.anyHeld()).toBe(true);
  });

  it('the page going (F5) before the task that writes the list writes it at once', async () => {
    const first = await pageUnderDialog();
    first.scanner.deliverScan('8591010000019', 'keys', { made: { screen: 'sale', sale: 3 } });
    await kept();
    // Two scans in the same task as the page going: the task that would write them has not run.
    first.scanner.deliverScan('8591008000038', 'keys', { made: { screen: 'sale', sale: 3 } });
    first.scanner.deliverScan('8594001000012', 'keys', { made: { screen: 'sale', sale: 3 } });
    first.window.dispatchEvent(new Event('pagehide'));
    expect(keptNow()).toEqual(['8591010000019', '8591008000038', '8594001000012']);

    const next = await openPage();
    expect(reloadedCodes(next)).toEqual(['8591010000019', '8591008000038', '8594001000012']);
  });

  it('the page going right after its scans were done, before the task that writes it, offers nothing', async () => {
    const first = await openPage();
    let finish = (): void => undefined;
    first.scanner.scanQueue.setSink(() => new Promise<void>((done) => (finish = done)));
    first.scanner.deliverScan('8591010000019', 'keys', { made: { screen: 'sale', sale: 3 } });
    expect(await kept()).toHaveLength(1);
    finish();
    // The queue heard it done (a microtask); the list would be written a task later.
    await Promise.resolve();
    first.window.dispatchEvent(new Event('pagehide'));
    expect(keptNow()).toEqual([]);

    expect(reloadedCodes(await openPage())).toEqual([]);
  });

  it('the page going writes the list of the effect that runs (StrictMode ran it twice)', async () => {
    const first = await openPage(2);
    first.scanner.scanQueue.setSink(() => 'wait');
    first.scanner.deliverScan('8591010000019', 'keys', { made: { screen: 'sale', sale: 3 } });
    await kept();
    first.scanner.deliverScan('8591008000038', 'keys', { made: { screen: 'sale', sale: 3 } });
    first.window.dispatchEvent(new Event('pagehide'));
    expect(keptNow()).toEqual(['8591010000019', '8591008000038']);

    expect(reloadedCodes(await openPage())).toEqual(['8591010000019', '8591008000038']);
  });

  it('offers them once, however often the page runs its effect (StrictMode), and again after another reload', async () => {
    const first = await pageUnderDialog();
    first.scanner.deliverScan('8591008000038', 'keys');
    expect(await kept()).toHaveLength(1);
    const second = await openPage(2);
    expect(reloadedCodes(second)).toEqual(['8591008000038']);
    expect(await kept()).toHaveLength(1);
    // F5 again before the cashier chose: still offered, once.
    const third = await openPage();
    expect(reloadedCodes(third)).toEqual(['8591008000038']);
  });

  it('a scan done is no longer kept', async () => {
    const first = await openPage();
    first.scanner.scanQueue.setSink(() => Promise.resolve());
    first.scanner.deliverScan('8591010000019', 'keys');
    await first.scanner.scanQueue.idle();
    expect(await kept()).toEqual([]);
    expect(storage.length).toBe(0);
  });

  it('added: they go into the queue, in order, and stay kept until they are done', async () => {
    const first = await pageUnderDialog();
    first.scanner.deliverScan('8591010000019', 'keys');
    first.scanner.deliverScan('8591008000038', 'keys');
    await kept();
    const next = await openPage();
    const applied: string[] = [];
    let release: () => void = () => undefined;
    next.scanner.scanQueue.setSink((scan) => {
      applied.push(scan.code);
      return new Promise<void>((resolve) => (release = resolve));
    });
    next.held.addHeldScans();
    expect(next.held.anyHeld()).toBe(false);
    expect(applied).toEqual(['8591010000019']);
    // Applying: both are still kept (the second waits behind the first), each once.
    expect((await kept()).map((s) => s.code)).toEqual(['8591010000019', '8591008000038']);
    release();
    await vi.waitFor(() => expect(applied).toEqual(['8591010000019', '8591008000038']));
    release();
    await next.scanner.scanQueue.idle();
    expect(await kept()).toEqual([]);
  });

  it('discarded: gone from the page and the storage', async () => {
    const first = await pageUnderDialog();
    first.scanner.deliverScan('8591010000019', 'keys');
    await kept();
    const next = await openPage();
    await next.held.discardHeldScans();
    expect(next.held.anyHeld()).toBe(false);
    expect(await kept()).toEqual([]);
    expect(reloadedCodes(await openPage())).toEqual([]);
  });

  it('a serial scan the core still holds is not offered (the next page lists it); one it took is', async () => {
    const first = await pageUnderDialog();
    // 4: its call took it in the core (a stock question was open); 5: still waiting in the core;
    // and one the page took already (scanner.claim), put back with no id: the page's alone.
    first.scanner.deliverScan('8591010000019', 'serial', { serialId: 4 });
    first.scanner.deliverScan('8591008000038', 'serial', { serialId: 5 });
    first.scanner.deliverScan('8594001000012', 'serial');
    await kept();
    inCore = [{ id: 5, code: '8591008000038' }];
    let coreAnswers: () => void = () => undefined;
    answer = new Promise((resolve) => (coreAnswers = resolve));
    const next = await openPage();
    // Offered in the order made, once the core said what it holds; kept meanwhile.
    expect(reloadedCodes(next)).toEqual([]);
    expect(await kept()).toHaveLength(3);
    coreAnswers();
    await vi.waitFor(() => expect(reloadedCodes(next)).toEqual(['8591010000019', '8594001000012']));
    expect(next.held.useHeldScans.getState().reloaded.map((s) => s.serialId)).toEqual([undefined, undefined]);
    expect((await kept()).map((s) => s.code)).toEqual(['8591010000019', '8594001000012']);
  });

  it('scans into the test pad or the card dialog, and stock lookups, are not kept', async () => {
    const first = await pageUnderDialog();
    first.scanner.deliverScan('8591008000038', 'keys', { made: { screen: 'settings', into: 'test-pad' } });
    first.scanner.deliverScan('2000000000022', 'keys', { made: { screen: 'sale', into: 'card' } });
    first.scanner.deliverScan('8590000000017', 'keys', { made: { screen: 'stock' } });
    first.scanner.deliverScan('8594001000012', 'keys', { made: { screen: 'sale' } });
    await kept();
    expect(reloadedCodes(await openPage())).toEqual(['8594001000012']);
  });

  it('what is in the storage is read as outside input: unreadable, it is dropped and nothing is offered', async () => {
    for (const text of ['{not json', '[{"code":""}]', '[{"code":"1","source":"scanner"}]', '{"code":"1"}']) {
      storage.setItem(KEY, text);
      const p = await openPage();
      expect(reloadedCodes(p)).toEqual([]);
      expect(await kept()).toEqual([]);
      expect(storage.getItem(KEY)).toBeNull();
    }
  });

  it('a storage that refuses the write loses nothing in the page, and the next change writes it all', async () => {
    const first = await pageUnderDialog();
    storage.refuse = true;
    first.scanner.deliverScan('8591010000019', 'keys');
    expect(await kept()).toEqual([]);
    expect(first.scanner.scanQueue.unfinished().map((s) => s.code)).toEqual(['8591010000019']);
    storage.refuse = false;
    first.scanner.deliverScan('8591008000038', 'keys');
    expect((await kept()).map((s) => s.code)).toEqual(['8591010000019', '8591008000038']);
  });

  it('a write the storage refused is tried again when the page goes, with no change since', async () => {
    const first = await pageUnderDialog();
    storage.refuse = true;
    first.scanner.deliverScan('8591010000019', 'keys');
    expect(await kept()).toEqual([]);
    storage.refuse = false;
    first.window.dispatchEvent(new Event('pagehide'));
    expect(keptNow()).toEqual(['8591010000019']);
  });
});
