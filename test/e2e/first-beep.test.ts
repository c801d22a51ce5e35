// The beep's audio is ready before the first scan (issue 35, point 6): made by the first beep, the
// audio context took that scan's frame, before its line could paint. Through the web shell in
// Debian's Chromium against the real sim. The page's AudioContext is watched from an init script
// (each one made, when, and the tones started on it); the app's own code is not touched.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goTo, openTillSelling, scan, type PlainProduct } from './app.ts';
import type { RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { stopAll, type SyncedTerminal } from '../support/terminal.ts';

let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;
let product: PlainProduct;

interface AudioSeen {
  /** performance.now() when each AudioContext was made, and how long making it took (ms). */
  made: { at: number; ms: number }[];
  /** performance.now() of each tone started. */
  tones: number[];
}

declare global {
  interface Window {
    audioSeen?: AudioSeen;
  }
}

/** Runs in the page before the app: wraps AudioContext to note what is made and played. */
function watchAudio(): void {
  const seen: AudioSeen = { made: [], tones: [] };
  window.audioSeen = seen;
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    constructor(options?: AudioContextOptions) {
      const start = performance.now();
      super(options);
      seen.made.push({ at: start, ms: performance.now() - start });
    }
    override createOscillator(): OscillatorNode {
      seen.tones.push(performance.now());
      return super.createOscillator();
    }
  };
}

const audio = (): Promise<AudioSeen | undefined> => page.evaluate(() => window.audioSeen);

beforeAll(async () => {
  ({ terminal, product, shell, browser, page } = await openTillSelling('first-beep'));
  screenshotOnFailure(
    () => page,
    'first-beep',
    () => shell,
  );
  await page.addInitScript(watchAudio);
  await page.reload();
  await goTo(page, 'sale');
}, 240_000);

afterAll(async () => {
  await stopAll(terminal, shell, browser);
});

describe('the first scan on a page just opened', () => {
  it('beeps on an audio context made while the page was idle, before any key', async () => {
    // Made once, with no key pressed yet: the page's idle time after start.
    await expect.poll(async () => (await audio())?.made.length, { timeout: 30_000 }).toBe(1);
    const before = await page.evaluate(() => performance.now());
    await scan(page, product.barcode);
    await page.locator('[data-line]').first().waitFor();
    // Its beep is a tone on that context; none was made for the scan.
    await expect.poll(async () => (await audio())?.tones.length ?? 0).toBeGreaterThan(0);
    const seen = await audio();
    expect(seen?.made).toHaveLength(1);
    expect(seen?.made[0]?.at).toBeLessThan(before);
    expect(seen?.tones[0]).toBeGreaterThan(before);
    console.log(`first-beep: AudioContext made in ${seen?.made[0]?.ms.toFixed(1) ?? '?'} ms, at idle`);
  });
});
