// The scan storm's hands (test/bench/scan-storm.ts): a keyboard-wedge scanner typing into Chromium
// with explicit key timestamps at a scanner's pace, a serial scanner writing lines into a pty, and a
// person typing at a person's pace. Every key carries the time it was typed (test/e2e/keys.ts), so a
// busy machine delays when the page handles it, never what the scanner module measures.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { DEFAULT_SCANNER_CONFIG } from '../../renderer/scanner/index.ts';
import { cdpOf, sendKey } from '../e2e/keys.ts';
import type { PtyPair } from '../support/pty.ts';

/** A scanner's pace: a USB wedge types ~10 ms a key. */
const SCANNER_MS_PER_KEY = 10;

/** A scan made: when its last key was typed (the wedge's Enter, the serial line written), epoch ms. */
export interface Made {
  readonly lastKeyAt: number;
  /** How late the bench sent that last key after the time it carries (ms; 0 for a serial line). */
  readonly sentLateMs: number;
}

export interface Scanner {
  readonly kind: 'wedge' | 'serial';
  scan(code: string): Promise<Made>;
}

/** Keys of one person and one wedge scanner on one keyboard: the scanner waits for the person's quiet. */
export interface Keyboard {
  /** When the person's last key was typed (epoch ms). */
  lastPersonKeyAt: number;
}

export function wedgeScanner(page: Page, keyboard: Keyboard): Scanner {
  return {
    kind: 'wedge',
    async scan(code) {
      const session = await cdpOf(page);
      // As test/e2e/app.ts scan(): a scan starts once the person's keys went quiet (the scanner
      // module's longest key gap after the last of them), else both are one burst.
      const start = Math.max(Date.now(), keyboard.lastPersonKeyAt + DEFAULT_SCANNER_CONFIG.maxGapMs + 1);
      await sleepUntil(start);
      const keys = Array.from(code, (ch, i) => sendKey(session, ch, start + i * SCANNER_MS_PER_KEY));
      // The Enter is sent no sooner than the time it carries: its line can never paint before it.
      const enterAt = start + code.length * SCANNER_MS_PER_KEY;
      await sleepUntil(enterAt);
      const sentLateMs = Date.now() - enterAt;
      await Promise.all([...keys, sendKey(session, '\n', enterAt)]);
      return { lastKeyAt: enterAt, sentLateMs };
    },
  };
}

export function serialScanner(pair: PtyPair): Scanner {
  return {
    kind: 'serial',
    scan(code) {
      const lastKeyAt = Date.now();
      pair.send(`${code}\r\n`);
      return Promise.resolve({ lastKeyAt, sentLateMs: 0 });
    },
  };
}

/**
 * A person typing `text` (keys 160-240 ms apart, each stamped when sent): slower than any scanner
 * setting takes as a scan, as a cashier types a quantity or a code by hand.
 */
export async function personTypes(page: Page, keyboard: Keyboard, text: string, random: () => number) {
  const session = await cdpOf(page);
  for (const ch of text) {
    await sleep(160 + Math.floor(random() * 80));
    const at = Date.now();
    keyboard.lastPersonKeyAt = at;
    await sendKey(session, ch, at);
  }
}

/** A person's key that is no character (Enter, Escape), stamped when sent. */
export async function personPresses(page: Page, keyboard: Keyboard, key: 'Enter' | 'Escape'): Promise<void> {
  const session = await cdpOf(page);
  const at = Date.now();
  keyboard.lastPersonKeyAt = at;
  if (key === 'Enter') await sendKey(session, '\n', at);
  else {
    const esc = { key: 'Escape', code: 'Escape', windowsVirtualKeyCode: 27, nativeVirtualKeyCode: 27 };
    await session.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...esc, timestamp: at / 1000 });
    await session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...esc, timestamp: (at + 60) / 1000 });
  }
}

/** A small seeded generator (mulberry32): the same storm in every run. */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function sleepUntil(epochMs: number): Promise<void> {
  const wait = epochMs - Date.now();
  if (wait > 0) await sleep(wait);
}
