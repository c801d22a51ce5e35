// The page's follower of the serial scanner's scans (followSerialScans) against a fake shell whose
// listings answer when the test says: scans listed on a (re)connection and scans from events go into
// the page's one scan queue in order, whatever order the listings answer in. Then over a fake core
// that keeps the scans as main/scanner/inbox.ts does (platform/fake-bridge.ts), applied by the
// Sale screen's scan action (store/sale.ts): a scan the core refused before taking it is taken and
// said by its code, never applied later; a reconnection queues nothing twice. What is checked is the
// follower and the queue, never the fake.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beepError } from '../platform/sound.ts';
import { PosError, type PosApi, type SerialScanView } from '../../contract/contract.ts';
import { lineId } from '../../contract/ids.ts';
import { aLine, aSession, FakeBridge } from '../platform/fake-bridge.ts';
import { createPosApi } from '../platform/pos.ts';
import { deliverScan, scanQueue } from '../scanner/index.ts';
import { useApp } from './app.ts';
import { answerConfirm, guardDialog } from './guard.ts';
import { addHeldScans, discardHeldScans, holdScan, useHeldScans } from './held-scans.ts';
import { setPos } from './pos.ts';
import { scan as saleScan } from './sale.ts';
import { followSerialScans } from './serial-scanner.ts';

/** A shell whose event stream is connected already and whose listings wait for the test. */
function fakeShell() {
  const listings: ((scans: SerialScanView[]) => void)[] = [];
  const api = {
    invoke: (channel: string) => {
      if (channel !== 'scanner.take') throw new Error(`unexpected call ${channel}`);
      return new Promise((resolve) => listings.push((scans) => resolve({ scans })));
    },
    on: () => () => undefined,
    // Connected already: a listener is told at once, as the web bridge does.
    opened: (listener: () => void) => {
      listener();
      return () => undefined;
    },
  } as unknown as PosApi;
  return { api, listings };
}

// The cues are counted (no Web Audio in Node): one error cue a refused scan, never two.
vi.mock('../platform/sound.ts', () => ({ beepOk: vi.fn(), beepError: vi.fn(), warmSound: vi.fn() }));

const settle = () => new Promise((r) => setTimeout(r, 0));
let stop: (() => void) | undefined;
let unsink: (() => void) | undefined;
let unsay: (() => void) | undefined;
afterEach(() => {
  stop?.();
  unsink?.();
  unsay?.();
});

describe('followSerialScans', () => {
  it('puts the waiting scans in the queue once each when two listings overlap (started on a live stream)', async () => {
    const shell = fakeShell();
    setPos(shell.api);
    const applied: string[] = [];
    unsink = scanQueue.setSink((scan) => {
      applied.push(`${scan.code}#${String(scan.serialId)}`);
      return Promise.resolve();
    });
    stop = followSerialScans();
    // One listing for the start, one for the stream already open: both under way.
    expect(shell.listings).toHaveLength(2);
    shell.listings[0]?.([{ id: 1, code: '8591010000019' }]);
    await settle();
    shell.listings[1]?.([{ id: 1, code: '8591010000019' }]);
    await settle();
    expect(applied).toEqual(['8591010000019#1']);
  });
});

/** The demo's inactive product: the stock rule asks before it is sold. */
const INACTIVE = '8591010000019';

/**
 * A core whose serial scans wait until a call takes them (scanner.claim, or session.scan with the
 * scan's id), as main/scanner/inbox.ts and main/counter/handlers.ts keep them. While `starting`,
 * session.scan is refused before it takes the scan (the counter not there yet); a code over 300
 * characters is refused by the contract's input check before any handler runs (the fake checks it).
 * With `askFor`, that code's scan is taken and then refused for the stock rule's question, as the
 * handler does; the confirmed call after it carries no id. `look`, when set, is what the next
 * scanner.take waits for before it answers (a look out while the test acts); `answering`, what each
 * session.scan waits for after taking its scan.
 */
function coreWithInbox() {
  const core = new FakeBridge();
  const waiting: SerialScanView[] = [];
  const state: { starting: boolean; askFor?: string; look?: Promise<void>; answering?: Promise<void> } = {
    starting: false,
  };
  const take = (id: number, code: string): boolean => {
    const at = waiting.findIndex((s) => s.id === id && s.code === code);
    if (at >= 0) waiting.splice(at, 1);
    return at >= 0;
  };
  core
    .answer('scanner.take', async () => {
      const scans = [...waiting];
      const look = state.look;
      delete state.look;
      await look;
      return { scans };
    })
    .answer('scanner.claim', ({ id, code }) => ({ claimed: take(id, code) }))
    .answer('session.scan', async ({ code, serialScanId, confirmed }) => {
      if (state.starting) throw new PosError({ code: 'not-configured', message: 'The app is starting.' });
      if (serialScanId !== undefined && !take(serialScanId, code))
        throw new PosError({ code: 'scan-taken', message: 'Taken already.' });
      await state.answering;
      if (code === state.askFor && confirmed !== true)
        throw new PosError({ code: 'unconfirmed', message: 'The product is not active.' });
      return {
        outcome: { kind: 'product', lineId: lineId(1), name: 'Product 1' },
        session: aSession([aLine(1)]),
      };
    });
  /** The port read a line: it waits, and the event says so. */
  const read = (id: number, code: string): void => {
    const scan = { id, code };
    waiting.push(scan);
    core.emit('scanner.waiting', { waiting: waiting.length, scan });
  };
  setPos(createPosApi(core));
  return { core, waiting, state, read };
}

/**
 * As scan-route.ts does with a scan whose sale was paid before its turn: held while `holding`; the
 * cashier's Ctrl+Enter then puts the held scans back into the queue, onto the sale on the counter.
 */
function holdingThenApplying(): { holding: boolean } {
  useHeldScans.setState(useHeldScans.getInitialState(), true);
  const sink = { holding: true };
  unsink = scanQueue.setSink((scan) => {
    if (!sink.holding) return saleScan(scan.code, 'scanner', undefined, scan.serialId);
    holdScan(scan);
    return Promise.resolve();
  });
  return sink;
}

/** The Sale screen's scan action, as actions/attach.ts applies a queued scan there. */
function applyOnSale(): () => void {
  return scanQueue.setSink((scan) => saleScan(scan.code, 'scanner', undefined, scan.serialId));
}

describe('a serial scan the page could not apply', () => {
  beforeEach(() => {
    useApp.setState(useApp.getInitialState(), true);
  });

  it.each([
    { why: 'the app still starting', code: '8591010000019', starting: true },
    { why: 'a line over 300 characters', code: '8'.repeat(301), starting: false },
  ])(
    'refused before the core took it ($why): taken, said by its code with one cue, never applied after a reconnection',
    async ({ code, starting }) => {
      const { core, waiting, state, read } = coreWithInbox();
      state.starting = starting;
      const said = errorsSaid();
      unsink = applyOnSale();
      stop = followSerialScans();
      read(1, code);
      // The page takes it from the core itself, and the Sale screen names the code not added after
      // the call's refusal (which may not say which scan); the refusal's cue is the only one (a
      // second would sound like a second scan refused).
      await vi.waitFor(() => expect(waiting).toEqual([]));
      expect(core.inputs('scanner.claim')).toEqual([{ id: 1, code }]);
      await scanQueue.idle();
      await settle();
      expect(said.texts).toHaveLength(2);
      expect(said.texts[0]).not.toContain(code.slice(0, 13));
      expect(said.texts[1]).toContain(code.slice(0, 13));
      expect(said.cues()).toBe(1);
      // The core is up and the events reconnect (in Electron: the next start): nothing comes back.
      state.starting = false;
      core.reconnect();
      await vi.waitFor(() => expect(core.inputs('scanner.take').length).toBeGreaterThanOrEqual(3));
      await settle();
      await scanQueue.idle();
      expect(core.inputs('session.scan')).toHaveLength(1);
      expect(useApp.getState().session).toBeNull();
    },
  );

  it('a scan whose call had no answer, still waiting in the core, is taken and said not added by its code', async () => {
    const { core, waiting, read } = coreWithInbox();
    const said = errorsSaid();
    // The first session.scan never reaches the core (the shell's bridge fails); the scan waits there.
    const invoke = core.invoke.bind(core);
    let failed = false;
    core.invoke = (channel, input) => {
      if (channel !== 'session.scan' || failed) return invoke(channel, input);
      failed = true;
      return Promise.reject(new Error('the bridge failed'));
    };
    unsink = applyOnSale();
    stop = followSerialScans();
    read(1, '8591010000026');
    await vi.waitFor(() => expect(waiting).toEqual([]));
    expect(core.inputs('scanner.claim')).toEqual([{ id: 1, code: '8591010000026' }]);
    await scanQueue.idle();
    await settle();
    // The call's own error (no answer), then the code named: it was not added. Whether the core had
    // it was not known when the first was said, so each is cued.
    expect(said.texts).toHaveLength(2);
    expect(said.texts[1]).toContain('8591010000026');
    expect(said.cues()).toBe(2);
  });

  it('scans their calls took are settled by the answers: no look at what waits in the core', async () => {
    const { core, waiting, read } = coreWithInbox();
    unsink = applyOnSale();
    stop = followSerialScans();
    await vi.waitFor(() => expect(core.inputs('scanner.take').length).toBeGreaterThanOrEqual(1));
    await settle();
    const looks = core.inputs('scanner.take').length;
    read(1, '8591010000019');
    await scanQueue.idle();
    read(2, '8591010000026');
    read(3, '8591010000033');
    await vi.waitFor(() => expect(core.inputs('session.scan')).toHaveLength(3));
    await scanQueue.idle();
    await settle();
    await settle();
    expect(waiting).toEqual([]);
    expect(core.inputs('session.scan').map((i) => (i as { serialScanId?: number }).serialScanId)).toEqual([
      1, 2, 3,
    ]);
    // Each scan cost its one call: none was followed by a look (scanner.take) or a claim.
    expect(core.inputs('scanner.take')).toHaveLength(looks);
    expect(core.inputs('scanner.claim')).toEqual([]);
    expect(useApp.getState().sale.outcome?.tone).not.toBe('error');
  });

  it("a reconnection while scans wait in the page's queue puts none of them there twice", async () => {
    const { core, waiting, read } = coreWithInbox();
    let release = (): void => undefined;
    const question = new Promise<void>((resolve) => (release = resolve));
    const applied: (number | undefined)[] = [];
    // The first scan's course takes long (a stock question open): the second waits behind it.
    unsink = scanQueue.setSink((scan) => {
      applied.push(scan.serialId);
      const apply = () => saleScan(scan.code, 'scanner', undefined, scan.serialId);
      return applied.length === 1 ? question.then(apply) : apply();
    });
    stop = followSerialScans();
    read(1, '8591010000019');
    read(2, '8591010000026');
    await vi.waitFor(() => expect(applied).toEqual([1]));
    expect(scanQueue.waiting()).toBe(1);
    core.reconnect();
    await vi.waitFor(() => expect(core.inputs('scanner.take').length).toBeGreaterThanOrEqual(2));
    await settle();
    expect(scanQueue.waiting()).toBe(1);
    release();
    await vi.waitFor(() => expect(waiting).toEqual([]));
    await scanQueue.idle();
    expect(applied).toEqual([1, 2]);
    expect(core.inputs('session.scan')).toHaveLength(2);
  });

  it('a scan held for a sale that left the counter is not taken as not added; added later, it is applied once', async () => {
    const { core, waiting, read } = coreWithInbox();
    const sink = holdingThenApplying();
    stop = followSerialScans();
    read(1, '8591010000019');
    await vi.waitFor(() => expect(useHeldScans.getState().held).toHaveLength(1));
    // The queue is idle: the follower looks at what waits (its listing, then its settling look).
    await vi.waitFor(() => expect(core.inputs('scanner.take').length).toBeGreaterThanOrEqual(2));
    await settle();
    expect(core.inputs('scanner.claim')).toEqual([]);
    expect(waiting).toEqual([{ id: 1, code: '8591010000019' }]);
    expect(useApp.getState().sale.outcome).toBeNull();

    sink.holding = false;
    addHeldScans();
    await vi.waitFor(() => expect(waiting).toEqual([]));
    await scanQueue.idle();
    await settle();
    expect(core.inputs('session.scan')).toEqual([
      expect.objectContaining({ code: '8591010000019', serialScanId: 1 }),
    ]);
    expect(core.inputs('scanner.claim')).toEqual([]);
  });
  it('a held scan the cashier discards is taken in the core: never listed again, never said as not added', async () => {
    const { core, waiting, read } = coreWithInbox();
    useHeldScans.setState(useHeldScans.getInitialState(), true);
    unsink = scanQueue.setSink((scan) => {
      holdScan(scan);
      return Promise.resolve();
    });
    stop = followSerialScans();
    read(1, '8591010000019');
    await vi.waitFor(() => expect(useHeldScans.getState().held).toHaveLength(1));
    await vi.waitFor(() => expect(core.inputs('scanner.take').length).toBeGreaterThanOrEqual(2));
    await settle();

    const looks = core.inputs('scanner.take').length;
    await discardHeldScans();
    expect(useHeldScans.getState().held).toEqual([]);
    expect(waiting).toEqual([]);
    expect(core.inputs('scanner.claim')).toEqual([{ id: 1, code: '8591010000019' }]);
    // The claim's answer settled it: the follower, seeing it let go, has nothing to look for, and
    // nothing is said.
    await scanQueue.idle();
    await settle();
    await settle();
    expect(core.inputs('scanner.take')).toHaveLength(looks);
    expect(core.inputs('scanner.claim')).toHaveLength(1);
    expect(useApp.getState().sale.outcome).toBeNull();
    // A reconnection lists nothing: the scan is not put on the next sale.
    core.reconnect();
    await vi.waitFor(() => expect(core.inputs('scanner.take').length).toBeGreaterThan(looks));
    await settle();
    expect(scanQueue.waiting()).toBe(0);
    expect(useHeldScans.getState().held).toEqual([]);
    expect(core.inputs('session.scan')).toEqual([]);
  });
  it("one refused for the stock rule's question was taken by that call: no look at what waits, none claimed", async () => {
    const { core, waiting, state, read } = coreWithInbox();
    state.askFor = INACTIVE;
    unsink = applyOnSale();
    stop = followSerialScans();
    await vi.waitFor(() => expect(core.inputs('scanner.take').length).toBeGreaterThanOrEqual(1));
    await settle();
    const looks = core.inputs('scanner.take').length;
    read(1, INACTIVE);
    await vi.waitFor(() => expect(guardDialog()).toBe('warning'));
    expect(waiting).toEqual([]);
    answerConfirm(true);
    await vi.waitFor(() => expect(core.inputs('session.scan')).toHaveLength(2));
    await scanQueue.idle();
    await settle();
    await settle();
    expect(core.inputs('session.scan')).toEqual([
      expect.objectContaining({ code: INACTIVE, serialScanId: 1 }),
      expect.objectContaining({ code: INACTIVE, confirmed: true }),
    ]);
    expect((core.inputs('session.scan')[1] as { serialScanId?: number }).serialScanId).toBeUndefined();
    expect(core.inputs('scanner.take')).toHaveLength(looks);
    expect(core.inputs('scanner.claim')).toEqual([]);
    expect(useApp.getState().sale.outcome?.tone).toBe('ok');
  });

  it('held scans the cashier adds while a look is out are applied, none taken by that look', async () => {
    const { core, waiting, state, read } = coreWithInbox();
    const sink = holdingThenApplying();
    stop = followSerialScans();
    await vi.waitFor(() => expect(core.inputs('scanner.take').length).toBeGreaterThanOrEqual(1));
    await settle();
    // The follower's look once the queue is idle answers only after the cashier has added the two
    // held scans and the first one's call is out (the second waits behind it in the queue).
    let answerLook = (): void => undefined;
    state.look = new Promise<void>((resolve) => (answerLook = resolve));
    let answerScans = (): void => undefined;
    state.answering = new Promise<void>((resolve) => (answerScans = resolve));
    const looks = core.inputs('scanner.take').length;
    read(1, '8591010000019');
    read(2, '8591010000026');
    await vi.waitFor(() => expect(core.inputs('scanner.take')).toHaveLength(looks + 1));
    expect(useHeldScans.getState().held).toHaveLength(2);
    sink.holding = false;
    addHeldScans();
    await vi.waitFor(() => expect(core.inputs('session.scan')).toHaveLength(1));
    answerLook();
    await settle();
    await settle();
    answerScans();
    await vi.waitFor(() => expect(core.inputs('session.scan')).toHaveLength(2));
    await scanQueue.idle();
    await settle();
    await settle();
    expect(waiting).toEqual([]);
    expect(core.inputs('session.scan')).toEqual([
      expect.objectContaining({ code: '8591010000019', serialScanId: 1 }),
      expect.objectContaining({ code: '8591010000026', serialScanId: 2 }),
    ]);
    // Both taken by their own calls: the look took none, and nothing was said not added.
    expect(core.inputs('scanner.claim')).toEqual([]);
    expect(useApp.getState().sale.outcome?.tone).toBe('ok');
    expect(useApp.getState().sale.outcome?.text).toContain('Product 1');
  });

  it('a scan of a restarted core under the id of one the look is out for is still looked for', async () => {
    const inbox = coreWithInbox();
    const { core, waiting, state, read } = inbox;
    state.starting = true;
    const said = errorsSaid();
    unsink = applyOnSale();
    // Refused before the core took it: the look for it is out (listing it as waiting).
    const answerLook = await lookOutAfterRefusal(inbox, '8591010000019');
    // Meanwhile the core started again and, by the slim chance main/scanner/inbox.ts leaves (ids from
    // a random start), its first scan has the same id; its call is refused too.
    waiting.splice(0);
    read(1, '8591010000026');
    await vi.waitFor(() => expect(core.inputs('session.scan')).toHaveLength(2));
    await scanQueue.idle();
    answerLook();
    // The look's answer named the old scan: the new one is still looked for, taken and named.
    await vi.waitFor(() => expect(waiting).toEqual([]));
    expect(core.inputs('scanner.claim')).toContainEqual({ id: 1, code: '8591010000026' });
    await vi.waitFor(() => expect(said.texts.some((t) => t.includes('8591010000026'))).toBe(true));
  });

  it("the answer to an old scan's call does not settle a restarted core's scan under the same id", async () => {
    const { core, waiting, read } = coreWithInbox();
    // The scans wait in the page's queue, as under a dialog.
    unsink = scanQueue.setSink(() => 'wait');
    stop = followSerialScans();
    await vi.waitFor(() => expect(core.inputs('scanner.take').length).toBeGreaterThanOrEqual(1));
    await settle();
    read(1, '8591010000019');
    // The core starts again: the old scan is gone, its first scan has id 1 too (a slim chance:
    // main/scanner/inbox.ts), and its line is too long for session.scan (refused before the core takes it).
    waiting.splice(0);
    const noise = '8'.repeat(301);
    read(1, noise);
    await vi.waitFor(() => expect(scanQueue.waiting()).toBe(2));
    // The dialog goes: the old scan's call is refused as taken (heard as taken), the new one's
    // refused. The new scan is still looked for, taken and named.
    unsink = applyOnSale();
    scanQueue.resume();
    await vi.waitFor(() => expect(waiting).toEqual([]));
    expect(core.inputs('scanner.claim')).toEqual([{ id: 1, code: noise }]);
  });

  it('a keyboard scan waiting under a dialog does not keep the look from taking a refused serial scan', async () => {
    const inbox = coreWithInbox();
    const { core, waiting, state } = inbox;
    state.starting = true;
    // A serial scan is applied on the sale; a keyboard scan waits, as under a dialog.
    unsink = scanQueue.setSink((scan) =>
      scan.serialId === undefined ? 'wait' : saleScan(scan.code, 'scanner', undefined, scan.serialId),
    );
    const answerLook = await lookOutAfterRefusal(inbox, '8591010000019');
    deliverScan('8591010000026', 'keys');
    answerLook();
    // Refused before the core took it: the look takes it and names it, with the keyboard's scan
    // still waiting in the queue.
    await vi.waitFor(() => expect(waiting).toEqual([]));
    expect(core.inputs('scanner.claim')).toEqual([{ id: 1, code: '8591010000019' }]);
    expect(useApp.getState().sale.outcome?.text).toContain('8591010000019');
    expect(scanQueue.waiting()).toBe(1);
    // The dialog goes: the keyboard's scan is applied (dropped here).
    unsink = scanQueue.setSink(() => Promise.resolve());
    scanQueue.resume();
    await scanQueue.idle();
  });
});

/**
 * Starts the follower over `inbox` (its core refusing calls: starting) and reads serial scan 1 with
 * `code`; returns once the look for it is out, with the function that lets that look answer.
 */
async function lookOutAfterRefusal(
  inbox: ReturnType<typeof coreWithInbox>,
  code: string,
): Promise<() => void> {
  const { core, state, read } = inbox;
  stop = followSerialScans();
  await vi.waitFor(() => expect(core.inputs('scanner.take').length).toBeGreaterThanOrEqual(1));
  await settle();
  let answerLook = (): void => undefined;
  state.look = new Promise<void>((resolve) => (answerLook = resolve));
  const looks = core.inputs('scanner.take').length;
  read(1, code);
  await vi.waitFor(() => expect(core.inputs('scanner.take')).toHaveLength(looks + 1));
  return answerLook;
}

/** The error messages the Sale screen announces from now on (until the test ends), and the error cues sounded. */
function errorsSaid(): { readonly texts: string[]; cues: () => number } {
  const texts: string[] = [];
  const cuesBefore = vi.mocked(beepError).mock.calls.length;
  const cues = () => vi.mocked(beepError).mock.calls.length - cuesBefore;
  const stop = useApp.subscribe((now, before) => {
    const outcome = now.sale.outcome;
    if (outcome !== before.sale.outcome && outcome?.tone === 'error') texts.push(outcome.text);
  });
  unsay = stop;
  return { texts, cues };
}
