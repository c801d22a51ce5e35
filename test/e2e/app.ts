// Page helpers for the e2e tests: what a cashier does, in Playwright terms.
import type { CDPSession, Page } from 'playwright-core';

const sessions = new WeakMap<Page, CDPSession>();

async function cdp(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (session === undefined) {
    session = await page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

function keyOf(ch: string): { key: string; code: string; vk: number; text?: string } {
  if (ch === '\n') return { key: 'Enter', code: 'Enter', vk: 13, text: '\r' };
  if (/[0-9]/.test(ch)) return { key: ch, code: `Digit${ch}`, vk: ch.charCodeAt(0), text: ch };
  if (/[a-z]/i.test(ch))
    return { key: ch, code: `Key${ch.toUpperCase()}`, vk: ch.toUpperCase().charCodeAt(0), text: ch };
  return { key: ch, code: '', vk: ch.charCodeAt(0), text: ch };
}

/**
 * A keyboard-wedge scanner typing `code` then Enter at `msPerKey` (10 ms/key). The keys go in through
 * Chromium's input pipeline (CDP Input.dispatchKeyEvent) in one go, each stamped with the scanner's
 * own timing, as the OS stamps a real scanner's key events: a loaded test machine (two cores shared
 * with other test files) cannot then stretch the gaps between keys, which a scanner never does.
 * test/bench/ measures the real-time path separately.
 */
export async function scan(page: Page, code: string, msPerKey = 10): Promise<void> {
  // The scanner module takes a burst right after a person's keystroke for typing; real scans come
  // after a pause.
  await page.waitForTimeout(450);
  const session = await cdp(page);
  // Stamped a little ahead: if the renderer ran its scanner timer between two deliveries, keys stamped
  // in the past would look like a pause the scanner never made.
  const start = Date.now() + 250;
  const sends = [...Array.from(code), '\n'].flatMap((ch, i) => {
    const at = start + i * msPerKey;
    const k = keyOf(ch);
    const common = { key: k.key, code: k.code, windowsVirtualKeyCode: k.vk, nativeVirtualKeyCode: k.vk };
    return [
      session.send('Input.dispatchKeyEvent', {
        type: 'keyDown',
        ...common,
        ...(k.text === undefined ? {} : { text: k.text, unmodifiedText: k.text }),
        timestamp: at / 1000,
      }),
      session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common, timestamp: (at + 3) / 1000 }),
    ];
  });
  await Promise.all(sends);
}

export async function goTo(page: Page, screen: 'sale' | 'stock' | 'orders' | 'settings'): Promise<void> {
  const key = { sale: 'F1', stock: 'F2', orders: 'F3', settings: 'F4' }[screen];
  await page.getByTestId('status-bar').waitFor();
  await page.keyboard.press(key);
  await page.getByTestId(screen).waitFor();
}

export function statusBar(page: Page) {
  return page.getByTestId('status-bar');
}
