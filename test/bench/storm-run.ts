// One phase of the scan storm (test/bench/scan-storm.ts): `count` scans from one scanner into the
// Sale screen, one after another at a cashier's pace, with a person's hands on the same till: every
// 20 scans a typed `2*` that multiplies the next scan, every 50 a code typed by hand (it must stay in
// the code field as typed, never be taken as a scan) and a stock dialog (an inactive product's
// question; in a phase shorter than 30 scans, before its last five) with two scans made while it is
// open: they wait, the scanner's Enter never answers it, a person does, and they land after it in
// order. Baskets of 20 are checked line by line and voided.
import type { Page } from 'playwright-core';
import { drain, growths, painted, type Call, type Painted } from './storm-probe.ts';
import { personPresses, personTypes, type Keyboard, type Made, type Scanner } from './storm-input.ts';

/** Scans in a basket: then it is checked and voided (the floor's page empties its table as often). */
export const BASKET = 20;
/** A scan not painted within this long is counted lost (the storm goes on). */
export const LOST_AFTER_MS = 5_000;
/** The pause between one scan painted and the next made: a cashier's fast pace. */
export const PACE_MS = 30;
/** Scans made while the stock question is open. */
const WHILE_OPEN = 2;

/**
 * A scan's time in parts (ms): see partsOf; typedBefore, 1 when a person's `2*` came just before it
 * (a serial line then waits, by design, until the keyboard's scanner module has judged those keys a
 * person's: the longest key gap, 100 ms by default, after the last of them); and, beside the parts,
 * sentLate (the bench's own lateness sending the last key, inside keyToPage) and longTasks (the
 * page's tasks of 50 ms or more during the scan, storm-probe.ts).
 */
export type Parts = Readonly<Record<string, number>>;

export interface StormGoods {
  /** Plain products (EAN-13) that sell without a question. */
  readonly plain: readonly string[];
  /** An inactive product: the stock rule asks before it is sold. */
  readonly inactive: string;
  /** Its name: the notice of a question kept out by Escape names it (an error notice, expected). */
  readonly inactiveName: string;
}

export interface PhaseResult {
  /** Last key -> line painted (ms), for scans applied at once (not those that waited for a dialog). */
  samples: number[];
  /** How late the bench sent each scan's last key after the time it carries (ms). */
  sentLate: number[];
  /** The page's calls to the core per scan, e.g. "scanner.take+session.scan" -> how many scans. */
  trips: Map<string, number>;
  /** Where each sample's time went, beside `samples`. */
  parts: Parts[];
  lost: number;
  /** Quantity shown beyond what was scanned (a scan applied twice, two codes taken as one line). */
  extra: number;
  /** Scans applied, but not where their turn was. */
  outOfOrder: number;
  /** Codes a person typed that did not stay in the code field as typed, or added a line. */
  typedTaken: number;
  /** Stock questions answered by something other than a person's key (a scanner's Enter). */
  dialogAnsweredByScan: number;
  dialogs: number;
  /** Error notices shown (an unknown code: maybe two scans run together, or a half). */
  errors: string[];
  /** Questions kept out by Escape: each shows an error notice naming the product, as it should. */
  declined: number;
}

interface Basket {
  /** What should grow, in order: [barcode, by how much]. */
  expected: [string, number][];
  scans: number;
}

export interface PhaseOptions {
  readonly page: Page;
  readonly scanner: Scanner;
  readonly keyboard: Keyboard;
  readonly goods: StormGoods;
  readonly count: number;
  readonly random: () => number;
  /** Run after each basket (the loaded phase starts a full sync when none runs). */
  readonly meanwhile: () => Promise<void>;
  readonly log: (line: string) => void;
}

export function emptyResult(): PhaseResult {
  return {
    samples: [],
    sentLate: [],
    trips: new Map(),
    parts: [],
    lost: 0,
    extra: 0,
    outOfOrder: 0,
    typedTaken: 0,
    dialogAnsweredByScan: 0,
    dialogs: 0,
    errors: [],
    declined: 0,
  };
}

export async function runPhase(o: PhaseOptions): Promise<PhaseResult> {
  const r = emptyResult();
  await drain(o.page);
  let basket: Basket = { expected: [], scans: 0 };
  let made = 0;
  let baskets = 0;
  let nextCode = 0;
  const code = (): string => {
    const n = nextCode++;
    return o.goods.plain[(n * 7 + Math.floor(n / 5)) % o.goods.plain.length] ?? '';
  };
  // At 25 of every 50; a short phase (--quick) has its one before its last scans.
  const dialogAt = Math.min(25, o.count - WHILE_OPEN - 3);
  while (made < o.count) {
    if (made % 50 === dialogAt && o.count - made > WHILE_OPEN) {
      made += await dialogStep(o, r, basket, [code(), code()], r.dialogs++ % 2 === 0);
    } else {
      if (made % 50 === 10) await typedCode(o, r);
      const quantity = made % 20 === 5 ? 2 : 1;
      if (quantity === 2) await personTypes(o.page, o.keyboard, '2*', o.random);
      await scanAndPaint(o, r, basket, code(), quantity);
      made++;
    }
    if (basket.scans >= BASKET || made >= o.count) {
      await checkBasket(o.page, r, basket);
      basket = { expected: [], scans: 0 };
      if (++baskets % 10 === 0 || made >= o.count)
        o.log(
          `  ${o.scanner.kind}: ${made} made, ${r.lost} lost, ${r.extra} extra, ${unexpectedErrors(r, o.goods).length} unexpected errors`,
        );
      await o.meanwhile();
    }
    await o.page.waitForTimeout(PACE_MS);
  }
  return r;
}

/** One scan applied at once: its last key to its line painted is a sample. */
async function scanAndPaint(o: PhaseOptions, r: PhaseResult, basket: Basket, code: string, quantity: number) {
  basket.expected.push([code, quantity]);
  basket.scans++;
  const m = await o.scanner.scan(code);
  const shown = await painted(o.page, basket.expected.length, m.lastKeyAt, LOST_AFTER_MS);
  if (shown !== null) record(r, m, shown, quantity !== 1);
  else o.log(`  ${o.scanner.kind}: ${code} not painted within ${LOST_AFTER_MS} ms${await notice(o.page)}`);
}

/** One scan's sample, its bench lateness, its calls and its parts into `r`. */
export function record(r: PhaseResult, m: Made, shown: Painted, typedBefore: boolean): void {
  r.samples.push(shown.at - m.lastKeyAt);
  r.sentLate.push(m.sentLateMs);
  const names = shown.calls.map((c) => c.channel).join('+') || '(none)';
  r.trips.set(names, (r.trips.get(names) ?? 0) + 1);
  r.parts.push({
    ...partsOf(m, shown),
    typedBefore: typedBefore ? 1 : 0,
    // Not parts of the sum: how late the bench itself sent the last key (inside keyToPage), the
    // page's own long tasks during the scan (inside whichever parts they fell in), and the scan's
    // answer until the transport had it parsed as a message of the call channel (inside
    // answerToChange; the rest of it is checking and rendering it: 0 when the page noted no parse).
    sentLate: m.sentLateMs,
    longTasks: shown.longTasks,
    answerIn: answerIn(shown),
  });
}

/** The calls a scan makes (a serial one made two before it was taken in one). */
const SCAN_CALLS: ReadonlySet<string> = new Set(['session.scan', 'scanner.take']);

/**
 * Where one scan's time went (ms), in the order it was spent: the key's wait for the page (wedge),
 * the page until its first call, the calls (the browser's queueing, the core's own time, the rest of
 * the round trip: HTTP and the web shell), the gaps between calls, the answer until the sale's DOM
 * changed, and that change until the next frame was out. answerToChange starts when the answer's
 * message reached the page's main thread (the call channel's message event) and ends when the probe
 * saw the change (Painted.changedAt: after the commit's layout effects, so it holds the page's one
 * layout); in between, the page parses and checks the answer and renders it. The answer's way from
 * the shell to that event (the browser's network process, then a task of the page's) is in transport.
 */
function partsOf(m: Made, shown: Painted): Parts {
  // The scan's own calls (a status.get the status bar made meanwhile is not the scan's).
  const calls = shown.calls.filter((c) => SCAN_CALLS.has(c.channel));
  const first = calls[0];
  const last = calls.at(-1);
  const handled = shown.enterHandledAt ?? m.lastKeyAt;
  const sum = (f: (c: Call) => number) => calls.reduce((t, c) => t + f(c), 0);
  const inCalls = sum((c) => c.end - c.start);
  return {
    keyToPage: handled - m.lastKeyAt,
    pageToCall: first === undefined ? 0 : first.start - handled,
    queued: sum((c) => c.sent - c.start),
    core: sum((c) => c.coreMs),
    transport: sum((c) => c.end - c.sent - c.coreMs),
    betweenCalls: first === undefined || last === undefined ? 0 : last.end - first.start - inCalls,
    answerToChange: shown.changedAt - (last?.end ?? handled),
    changeToPaint: shown.at - shown.changedAt,
  };
}

/** The scan's last call's answer until the page's script had it parsed (ms; 0 if not noted). */
function answerIn(shown: Painted): number {
  const last = shown.calls.filter((c) => SCAN_CALLS.has(c.channel)).at(-1);
  return last?.parsed == null ? 0 : last.parsed - last.end;
}

/**
 * A person types a code by hand (no Enter) with focus on no field: it must stand in the code field as
 * typed and add nothing. Then they clear the field.
 */
async function typedCode(o: PhaseOptions, r: PhaseResult): Promise<void> {
  const typed = o.goods.plain[0] ?? '';
  await o.page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
  const before = await growths(o.page);
  await personTypes(o.page, o.keyboard, typed, o.random);
  const field = o.page.locator('[data-field="code"]');
  const stood = await until(async () => (await field.inputValue()) === typed, LOST_AFTER_MS);
  const grew = (await growths(o.page)) - before;
  if (!stood || grew !== 0) {
    r.typedTaken++;
    o.log(`  typed ${typed}: the field shows ${await field.inputValue()}, the sale grew ${grew} times`);
  }
  await field.fill('');
}

/**
 * An inactive product's scan opens the stock question; `codes` are scanned while it is open and must
 * wait (the scanner's Enter must not answer it); a person answers: Enter sells it, Escape keeps it out.
 * Returns the scans made.
 */
async function dialogStep(
  o: PhaseOptions,
  r: PhaseResult,
  basket: Basket,
  codes: readonly string[],
  sell: boolean,
): Promise<number> {
  const dialog = o.page.getByTestId('warning-dialog');
  await o.scanner.scan(o.goods.inactive);
  await dialog.waitFor({ timeout: LOST_AFTER_MS }).catch(async () => {
    throw new Error(`the stock question did not open${await notice(o.page)}`);
  });
  for (const code of codes) await o.scanner.scan(code);
  const waiting = o.page.getByTestId('scans-waiting');
  const queued = await until(
    async () =>
      (await waiting.getAttribute('data-count', { timeout: 1_000 }).catch(() => null)) ===
      String(codes.length),
    LOST_AFTER_MS,
  );
  if (!queued || !(await dialog.isVisible())) {
    r.dialogAnsweredByScan++;
    o.log(`  ${o.scanner.kind}: the question closed or scans did not wait (queued: ${String(queued)})`);
  }
  // A person reads the question before answering.
  await o.page.waitForTimeout(300);
  await personPresses(o.page, o.keyboard, sell ? 'Enter' : 'Escape');
  if (sell) basket.expected.push([o.goods.inactive, 1]);
  for (const code of codes) basket.expected.push([code, 1]);
  basket.scans += 1 + codes.length;
  await painted(o.page, basket.expected.length, Date.now(), LOST_AFTER_MS);
  if (!sell) r.declined++;
  return 1 + codes.length;
}

/** Compares the basket's lines with what was scanned (quantities, and the order they grew in); voids it. */
async function checkBasket(page: Page, r: PhaseResult, basket: Basket): Promise<void> {
  const { grew, errors } = await drain(page);
  r.errors.push(...errors);
  const want = tally(basket.expected);
  const got = tally(grew);
  let lost = 0;
  let extra = 0;
  for (const [code, n] of want) lost += Math.max(0, n - (got.get(code) ?? 0));
  for (const [code, n] of got) extra += Math.max(0, n - (want.get(code) ?? 0));
  r.lost += lost;
  r.extra += extra;
  // The order is judged where nothing was lost or added (else everything after a gap would count).
  if (lost === 0 && extra === 0)
    basket.expected.forEach(([code, n], i) => {
      const g = grew.at(i);
      if (g?.[0] !== code || g[1] !== n) r.outOfOrder++;
    });
  await voidSale(page);
}

function tally(steps: readonly [string, number][]): Map<string, number> {
  const m = new Map<string, number>();
  for (const [code, n] of steps) m.set(code, (m.get(code) ?? 0) + n);
  return m;
}

/** F8 twice (a person's keys) empties the sale. */
async function voidSale(page: Page): Promise<void> {
  const rows = page.getByTestId('sale-lines').locator('tbody tr');
  if ((await rows.count()) === 0) return;
  await page.locator('body').press('F8');
  await page.locator('body').press('F8');
  await rows.first().waitFor({ state: 'detached', timeout: 30_000 });
  // The void's own mutations are no growth of the next basket.
  await drain(page);
}

/** The Sale screen's notice, for a log line ('' when none). */
async function notice(page: Page): Promise<string> {
  const text = await noticeText(page);
  return text === '' ? '' : ` (page says: ${text})`;
}

/** The notice's text ('' when none). */
async function noticeText(page: Page): Promise<string> {
  const shown = page.locator('[data-scan-outcome]');
  if ((await shown.count()) === 0) return '';
  return ((await shown.first().textContent()) ?? '').trim();
}

/** The error notices no question kept out by Escape explains (those name the inactive product). */
export function unexpectedErrors(r: PhaseResult, goods: StormGoods): string[] {
  const naming = r.errors.filter((text) => text.includes(goods.inactiveName));
  const other = r.errors.filter((text) => !text.includes(goods.inactiveName));
  return [...other, ...naming.slice(r.declined)];
}

async function until(done: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await done()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
