// Scans waiting in the page when its renderer dies (issue 35, point 1: no scan is ever dropped). The
// Electron shell loads the till's page again in the same window (main/electron/main.ts,
// 'render-process-gone' -> loadURL); the page's list of scans not done lives in that window's
// sessionStorage (renderer/store/scans-over-reload.ts), which Chromium keeps in the browser process,
// not the renderer. Here the renderer is crashed for real (DevTools' Page.crash) in Debian's Chromium
// through the web shell against the sim, and the same tab loads the page again, as the shell does.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTillWith, scan } from './app.ts';
import { SCANS_OVER_RELOAD_KEY } from '../../renderer/store/scans-over-reload.ts';
import { ARTIFACTS, SIZES, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { cdpOf, sendKey, sendKeys } from './keys.ts';
import { say } from './lang.ts';
import type { SyncedTerminal } from '../support/terminal.ts';
import { stopAll } from '../support/terminal.ts';

/** An inactive product (the stock rule asks, so scans behind it wait) and two that sell plainly. */
const ITEMS = {
  horse: { productName: 'Žluťoučký kůň', barcode: '8591010000019', isInactive: true },
  milk: { productName: 'Mléko polotučné 1 l', barcode: '8591008000038' },
  bread: { productName: 'Chléb kmínový', barcode: '8594001000012' },
} as const;

let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ terminal, shell, browser, page } = await openTillWith('renderer-gone', Object.values(ITEMS)));
}, 120_000);

afterAll(async () => {
  await stopAll(terminal, shell, browser);
});

/** Set once the renderer is crashed: Playwright then drives the tab no more. */
let crashed = false;
// A failure before the crash leaves its screenshot. After it Playwright drives no page of that tab,
// even once it is loaded again ("Page crashed"): the page is read and driven through a DevTools
// session of the tab, which outlives the renderer (as the Electron window does), and photographed so.
screenshotOnFailure(() => (crashed ? undefined : page), 'renderer-gone');

const ROWS = '[data-testid="sale-lines"] tbody tr';

/** What `expression` gives in the tab's page now (a JSON value). */
async function read<T>(devtools: CDPSession, expression: string): Promise<T> {
  const { result, exceptionDetails } = await devtools.send('Runtime.evaluate', {
    expression,
    returnByValue: true,
  });
  if (exceptionDetails !== undefined) throw new Error(`${expression}: ${exceptionDetails.text}`);
  return result.value as T;
}

/** A person's Ctrl+Enter (add the scans offered): a shortcut, stamped now. */
async function ctrlEnter(devtools: CDPSession): Promise<void> {
  const key = {
    key: 'Enter',
    code: 'Enter',
    windowsVirtualKeyCode: 13,
    nativeVirtualKeyCode: 13,
    modifiers: 2,
  };
  await devtools.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key });
  await devtools.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
}

it('scans waiting under the stock question when the renderer dies are offered on the page loaded again, and added once', async () => {
  const warning = page.getByTestId('warning-dialog');
  await scan(page, ITEMS.horse.barcode);
  await warning.waitFor();
  const at = Date.now();
  await sendKeys(page, `${ITEMS.milk.barcode}\n`, at, 10);
  await sendKeys(page, `${ITEMS.bread.barcode}\n`, at + 400, 10);
  await expect.poll(() => page.getByTestId('scans-waiting').getAttribute('data-count')).toBe('2');
  // What the page kept of them when it died: it writes the list in a task of its own after the
  // change (scans-over-reload.ts), which a crash straight after the notice could come before.
  const codes = [ITEMS.horse.barcode, ITEMS.milk.barcode, ITEMS.bread.barcode];
  await expect
    .poll(() =>
      page.evaluate(
        (key) => (JSON.parse(sessionStorage.getItem(key) ?? '[]') as { code: string }[]).map((s) => s.code),
        SCANS_OVER_RELOAD_KEY,
      ),
    )
    .toEqual(codes);

  // The renderer process dies (as an out-of-memory kill takes it), not a reload.
  const devtools = await cdpOf(page);
  const gone = new Promise<void>((resolve) => page.once('crash', () => resolve()));
  crashed = true;
  // Never answered: the process that would answer is gone.
  void devtools.send('Page.crash').catch(() => undefined);
  await gone;
  // What the Electron shell does then: the till's page loaded again in the same window.
  await devtools.send('Page.navigate', { url: `${shell.origin}/` });

  const offered = () =>
    read<string | null>(
      devtools,
      `document.querySelector('[data-testid="scans-reloaded"]')?.getAttribute('data-count') ?? null`,
    );
  await expect.poll(offered).toBe('3');
  expect(
    await read<string>(devtools, `document.querySelector('[data-testid="scans-reloaded"]').textContent`),
  ).toContain(say('scanner:scansReloaded', { count: 3, codes: codes.join(', ') }));
  // None applied by itself: the one being applied when the page died may be on the sale already.
  expect(await read<number>(devtools, `document.querySelectorAll('${ROWS}').length`)).toBe(0);
  const shot = await devtools.send('Page.captureScreenshot', { format: 'png' });
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, `renderer-gone-offered-${SIZES[0].width}.png`), shot.data, 'base64');

  // The cashier adds them, in the order scanned: the question again, a person's Enter.
  await ctrlEnter(devtools);
  await expect
    .poll(() => read<boolean>(devtools, `document.querySelector('[data-testid="warning-dialog"]') !== null`))
    .toBe(true);
  await sendKey(devtools, '\n', Date.now());
  const onSale = () =>
    read<(string | null)[]>(
      devtools,
      `[...document.querySelectorAll('${ROWS}')].map((tr) => tr.getAttribute('data-barcode'))`,
    );
  await expect.poll(onSale).toEqual(codes);
  expect(await offered()).toBe(null);

  // Done: the page loaded once more offers nothing, and the sale has each scan once.
  await read(devtools, `window.counterBeforeLoad = true`);
  await devtools.send('Page.navigate', { url: `${shell.origin}/` });
  await expect.poll(() => read<boolean>(devtools, `window.counterBeforeLoad === true`)).toBe(false);
  await expect.poll(onSale).toEqual(codes);
  expect(await offered()).toBe(null);
});
