// The scan storm's eyes in the page (test/bench/scan-storm.ts): when a scan's line is painted, the
// order the sale's quantities grew in, the error notices shown, and the calls the page made to the
// core for each scan (how many round trips a scan costs, and where its time went).
import type { Page } from 'playwright-core';
import { CALL_TIMING_EVENT } from '../../contract/call-socket.ts';

/**
 * A call the page made to the core (epoch ms), as the web transport tells it (CALL_TIMING_EVENT of
 * contract/call-socket.ts): its call channel is a WebSocket, which the page's resource timing does not see.
 */
export interface Call {
  readonly channel: string;
  /** The page made the call. */
  readonly start: number;
  /** Its message went out (later only when the call channel was still opening). */
  readonly sent: number;
  /** Its answer reached the page's main thread (the socket's message event). */
  readonly end: number;
  /** The core's own time on it (the shell's, in the answer), ms. */
  readonly coreMs: number;
  /** The answer parsed and checked as a message of the channel; null when not told. */
  readonly parsed: number | null;
}

/** One scan's paint, as the page saw it (epoch ms on the machine's wall clock, as the bench reads it). */
export interface Painted {
  readonly at: number;
  /** The page's calls to the core between the scan and its paint, in order. */
  readonly calls: readonly Call[];
  /**
   * When the probe saw the sale's DOM change for it: its MutationObserver's callback, which runs once
   * the task's script is done, so after React's commit and all that runs in it (the layout effects,
   * where the lines box's scroll to the selected line makes the page's one layout, the passive
   * effects flushSync runs, the beep), not at the commit's first DOM change.
   */
  readonly changedAt: number;
  /** When the page began handling the first Enter key typed since the scan began (none: null). */
  readonly enterHandledAt: number | null;
  /**
   * How long the page's main thread was inside tasks of 50 ms or more between the scan and its paint
   * (ms, the part of each inside that time; wall time: a task the OS put aside counts too). Zero for a
   * slow scan: the page was not busy, the time went to another process or to waiting for a core.
   */
  readonly longTasks: number;
}

interface Probe {
  /** Each growth of a barcode's quantity on the sale, in order: [barcode, by how much]. */
  grew: [string, number][];
  /** When each growth was seen (epoch ms), beside `grew`. */
  grewAt: number[];
  /** When the first frame after each growth was out (epoch ms), beside `grew` (set once it is). */
  paintedAt: number[];
  /** When the page began to handle each Enter key (epoch ms; the same array as __stormEnters). */
  enters: number[];
  /** The page's calls to the core, as its transport told them (the same array as __stormCalls). */
  calls: Call[];
  /** Error notices shown on the Sale screen, as their text. */
  errors: string[];
  /** The page's long tasks (50 ms or more) lately, [start, end] epoch ms. */
  longTasks: [number, number][];
  painted: (n: number, since: number, timeoutMs: number) => Promise<Painted | null>;
}

declare global {
  interface Window {
    __storm?: Probe;
    __stormEnters?: number[];
    __stormCalls?: Call[];
  }
}

/**
 * Before the page loads: notes when each Enter keydown reaches the page, ahead of the app's own
 * listeners (the scanner's stops the event there), so the key's wait for the page is told apart;
 * and the page's calls as its transport tells them.
 */
export async function listenForEnters(page: Page): Promise<void> {
  await page.addInitScript((event) => {
    const calls: Call[] = [];
    window.__stormCalls = calls;
    window.addEventListener(event, (e) => {
      const t = (e as CustomEvent<Call & { parsed: number }>).detail;
      calls.push({ ...t });
      // Only the recent ones matter (each sample's window is seconds at most).
      if (calls.length > 400) calls.splice(0, calls.length - 400);
    });
    const enters: number[] = [];
    window.__stormEnters = enters;
    window.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Enter') enters.push(performance.timeOrigin + performance.now());
      },
      true,
    );
  }, CALL_TIMING_EVENT);
}

/** Installs the probe in the page (once; the page is not reloaded during the storm). */
export async function installProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const quantities = (): Map<string, number> => {
      const m = new Map<string, number>();
      for (const tr of document.querySelectorAll('[data-testid="sale-lines"] tbody tr')) {
        const code = tr.getAttribute('data-barcode') ?? '';
        m.set(code, (m.get(code) ?? 0) + Number(tr.getAttribute('data-quantity') ?? 0));
      }
      return m;
    };
    const probe: Probe = {
      grew: [],
      grewAt: [],
      paintedAt: [],
      enters: [],
      calls: [],
      errors: [],
      longTasks: [],
      painted: () => Promise.resolve(null),
    };
    const now = () => performance.timeOrigin + performance.now();
    // The init script's Enter times (listenForEnters), from the probe on.
    probe.enters = window.__stormEnters ?? [];
    probe.calls = window.__stormCalls ?? [];
    let before = quantities();
    let lastError: Element | null = null;
    /** Listeners for the next paint time noted (painted() waiting for one). */
    const onPaint = new Set<() => void>();
    // The first frame after a growth (rAF, then a task: the frame is out), noted when the growth is
    // seen, whenever the bench asks for it (it may ask after that frame).
    const notePaint = (from: number) =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          const at = now();
          for (let i = from; i < probe.grewAt.length; i++)
            if ((probe.grewAt[i] ?? at) <= at) probe.paintedAt[i] ??= at;
          for (const listener of [...onPaint]) listener();
        }, 0),
      );
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        probe.longTasks.push([
          performance.timeOrigin + e.startTime,
          performance.timeOrigin + e.startTime + e.duration,
        ]);
      // Only the recent ones matter (each sample's window is seconds at most).
      if (probe.longTasks.length > 200) probe.longTasks.splice(0, probe.longTasks.length - 200);
    }).observe({ type: 'longtask' });
    /** Long-task time (ms) inside [from, to]. */
    const longTaskMs = (from: number, to: number): number =>
      probe.longTasks.reduce((sum, [a, b]) => sum + Math.max(0, Math.min(b, to) - Math.max(a, from)), 0);
    new MutationObserver(() => {
      const current = quantities();
      const from = probe.grew.length;
      for (const [code, n] of current) {
        const was = before.get(code) ?? 0;
        if (n > was) {
          probe.grew.push([code, n - was]);
          probe.grewAt.push(now());
        }
      }
      if (probe.grew.length > from) notePaint(from);
      before = current;
      const error = document.querySelector('[data-scan-outcome="error"]');
      if (error !== null && error !== lastError) probe.errors.push(error.textContent);
      lastError = error;
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    /** The calls to the core that started at or after `since` (epoch ms). */
    const callsSince = (since: number): Call[] => probe.calls.filter((c) => c.start >= since);
    // The wall-clock time of the first frame painted after the sale's quantities grew the `n`-th time since the
    // last drain (one growth a scan: a line added or its quantity raised), or null after timeoutMs.
    probe.painted = (n, since, timeoutMs) =>
      new Promise((resolve) => {
        const done = (): boolean => {
          const at = probe.paintedAt[n - 1];
          if (at === undefined) return false;
          // The page's times run on its own steady clock (timeOrigin + now, fixed at load); the bench's
          // on the machine's wall clock (Date.now()), which a VM's clock sync may step or slew by
          // seconds over a long storm. Both are put on the wall clock as it is now.
          const wall = Date.now() - now();
          const from = since - wall;
          const enter = probe.enters.filter((t) => t >= from).at(0);
          resolve({
            at: at + wall,
            calls: callsSince(from)
              .filter((c) => c.start <= at)
              .map((c) => ({
                ...c,
                start: c.start + wall,
                sent: c.sent + wall,
                end: c.end + wall,
                parsed: c.parsed === null ? null : c.parsed + wall,
              })),
            changedAt: (probe.grewAt[n - 1] ?? at) + wall,
            enterHandledAt: enter === undefined ? null : enter + wall,
            longTasks: longTaskMs(from, at),
          });
          probe.enters.length = 0;
          probe.calls.length = 0;
          return true;
        };
        if (done()) return;
        const listener = () => {
          if (!done()) return;
          onPaint.delete(listener);
          clearTimeout(timer);
        };
        const timer = setTimeout(() => {
          onPaint.delete(listener);
          resolve(null);
        }, timeoutMs);
        onPaint.add(listener);
      });
    window.__storm = probe;
  });
}

/** Waits until the sale grew `n` times since the last drain; the paint and the calls since `since`, or null. */
export function painted(page: Page, n: number, since: number, timeoutMs: number): Promise<Painted | null> {
  return page.evaluate(([c, s, t]) => window.__storm?.painted(c, s, t) ?? Promise.resolve(null), [
    n,
    since,
    timeoutMs,
  ] as const);
}

/** What grew on the sale, in order, and the error notices, since the last call; both start again. */
export async function drain(page: Page): Promise<{ grew: [string, number][]; errors: string[] }> {
  return page.evaluate(() => {
    const probe = window.__storm;
    if (probe === undefined) return { grew: [], errors: [] };
    const out = { grew: probe.grew, errors: probe.errors };
    probe.grew = [];
    probe.grewAt = [];
    probe.paintedAt = [];
    probe.errors = [];
    return out;
  });
}

/** How many times the sale grew since the last drain. */
export function growths(page: Page): Promise<number> {
  return page.evaluate(() => window.__storm?.grew.length ?? 0);
}
