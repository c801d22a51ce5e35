// The beep's audio is ready before the first scan (issue 35, point 6): made by the first beep, the
// audio context took that scan's frame, before its line could paint. Through the web shell in
// Debian's Chromium against the real sim. The page's AudioContext is watched from an init script
// (each one made, when, in which state, and the tones started on it); the app's code is not touched.
// Then with the context held suspended (a browser's autoplay rule before any key, or the system): the
// next beep waits for it to run and sounds then, never as a silent tone or a pile of late ones.
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
  /** performance.now() when each AudioContext was made, how long making it took (ms), and its state then. */
  made: { at: number; ms: number; state: string }[];
  /** performance.now() of each tone started, and its context's state then. */
  tones: { at: number; state: string }[];
}

declare global {
  interface Window {
    audioSeen?: AudioSeen;
    audioContexts?: AudioContext[];
  }
}

/** Runs in the page before the app: wraps AudioContext to note what is made and played. */
function watchAudio(): void {
  const seen: AudioSeen = { made: [], tones: [] };
  window.audioSeen = seen;
  const contexts: AudioContext[] = [];
  window.audioContexts = contexts;
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    constructor(options?: AudioContextOptions) {
      const start = performance.now();
      super(options);
      seen.made.push({ at: start, ms: performance.now() - start, state: this.state });
      contexts.push(this);
    }
    override createOscillator(): OscillatorNode {
      seen.tones.push({ at: performance.now(), state: this.state });
      return super.createOscillator();
    }
  };
}

const audioOf = (on: Page): Promise<AudioSeen | undefined> => on.evaluate(() => window.audioSeen);
const audio = (): Promise<AudioSeen | undefined> => audioOf(page);

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
  it('beeps on an audio context made while the page was idle, before the scan', async () => {
    // Made once, in the page's idle time after start (F1 took it to Sale: no scan yet).
    await expect.poll(async () => (await audio())?.made.length, { timeout: 30_000 }).toBe(1);
    const before = await page.evaluate(() => performance.now());
    await scan(page, product.barcode);
    await page.locator('[data-line]').first().waitFor();
    // Its beep is a tone on that context, sounding; none was made for the scan.
    await expect.poll(async () => (await audio())?.tones.length ?? 0).toBeGreaterThan(0);
    const seen = await audio();
    expect(seen?.made).toHaveLength(1);
    expect(seen?.made[0]?.at).toBeLessThan(before);
    expect(seen?.tones[0]?.at).toBeGreaterThan(before);
    expect(seen?.tones[0]?.state).toBe('running');
    console.log(`first-beep: AudioContext made in ${seen?.made[0]?.ms.toFixed(1) ?? '?'} ms, at idle`);
  });

  it('with its context held suspended, the next beep waits for it to run and then sounds', async () => {
    const state = () => page.evaluate(() => window.audioContexts?.[0]?.state);
    await page.evaluate(() => window.audioContexts?.[0]?.suspend());
    await expect.poll(state).toBe('suspended');
    const tonesBefore = (await audio())?.tones.length ?? 0;
    await scan(page, product.barcode);
    await expect.poll(async () => (await audio())?.tones.length ?? 0).toBe(tonesBefore + 1);
    expect((await audio())?.tones.at(-1)?.state).toBe('running');
    expect(await state()).toBe('running');
  });
});
