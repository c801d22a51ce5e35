// Key events with explicit timestamps, through Chromium's own input pipeline (CDP
// Input.dispatchKeyEvent). The OS stamps a real scanner's keys when they arrive; stamping them here
// likewise means a busy test machine cannot stretch the gaps the scanner module measures, so a test
// decides the timing, not the machine's speed.
import type { CDPSession, Page } from 'playwright-core';

const sessions = new WeakMap<Page, CDPSession>();
/** The stamp of the last key sent to each page through sendKeys (it may lie ahead of the clock). */
const lastStamps = new WeakMap<Page, number>();

/** When the last key sendKeys sent to `page` was stamped (epoch ms), or -Infinity. */
export function lastKeyStamp(page: Page): number {
  return lastStamps.get(page) ?? Number.NEGATIVE_INFINITY;
}

export async function cdpOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (session === undefined) {
    session = await page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

interface KeyParams {
  readonly key: string;
  readonly code: string;
  readonly windowsVirtualKeyCode: number;
  readonly nativeVirtualKeyCode: number;
}

/** The key a US-layout keyboard (a scanner's default) sends for `ch`; '\n' is Enter, '\t' Tab. */
export function keyOf(ch: string): KeyParams & { readonly text?: string } {
  const key = (k: string, code: string, vk: number, text?: string) => ({
    key: k,
    code,
    windowsVirtualKeyCode: vk,
    nativeVirtualKeyCode: vk,
    ...(text === undefined ? {} : { text }),
  });
  if (ch === '\n') return key('Enter', 'Enter', 13, '\r');
  if (ch === '\t') return key('Tab', 'Tab', 9);
  if (/[0-9]/.test(ch)) return key(ch, `Digit${ch}`, ch.charCodeAt(0), ch);
  if (/[a-z]/i.test(ch)) return key(ch, `Key${ch.toUpperCase()}`, ch.toUpperCase().charCodeAt(0), ch);
  if (ch === '-') return key('-', 'Minus', 189, '-');
  if (ch === ' ') return key(' ', 'Space', 32, ' ');
  return key(ch, '', ch.charCodeAt(0), ch);
}

/** keyDown then keyUp of `ch`, stamped at `atEpochMs` (keyUp 3 ms later, as scanners do). */
export function sendKey(session: CDPSession, ch: string, atEpochMs: number): Promise<unknown> {
  const { text, ...params } = keyOf(ch);
  const down = session.send('Input.dispatchKeyEvent', {
    type: text === undefined ? 'rawKeyDown' : 'keyDown',
    ...params,
    ...(text === undefined ? {} : { text, unmodifiedText: text }),
    timestamp: atEpochMs / 1000,
  });
  const up = session.send('Input.dispatchKeyEvent', {
    type: 'keyUp',
    ...params,
    timestamp: (atEpochMs + 3) / 1000,
  });
  return Promise.all([down, up]);
}

/**
 * Every character of `text` sent in one go (CDP keeps their order), the i-th stamped
 * `startEpochMs + i * msPerKey`. Resolves when the page has handled them all.
 */
export async function sendKeys(
  page: Page,
  text: string,
  startEpochMs: number,
  msPerKey: number,
): Promise<void> {
  const session = await cdpOf(page);
  lastStamps.set(page, Math.max(lastKeyStamp(page), startEpochMs + (text.length - 1) * msPerKey + 3));
  await Promise.all(Array.from(text, (ch, i) => sendKey(session, ch, startEpochMs + i * msPerKey)));
}
