// The DOM adapter in real Chromium (Debian's, via playwright-core): real key events typed at
// scanner speed and at a person's speed into a focused text field and onto the page.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../../test/e2e/browser.ts';

const HERE = import.meta.dirname;
const PAGE = `<!doctype html><html><body>
<form id="form"><input id="field" autocomplete="off"><textarea id="notes"></textarea></form>
<button id="button">Pay</button>
<script type="module">
  import { attachScanner } from '/scanner/index.ts';
  window.scans = [];
  window.submits = 0;
  window.clicks = 0;
  document.getElementById('form').addEventListener('submit', (e) => { e.preventDefault(); window.submits++; });
  document.getElementById('button').addEventListener('click', () => window.clicks++);
  // ?maxGapMs=N: a test whose keys travel over slower CDP round trips widens the scanner's gap.
  const maxGapMs = Number(new URLSearchParams(location.search).get('maxGapMs') ?? 'NaN');
  const config = Number.isFinite(maxGapMs) ? { maxGapMs } : {};
  attachScanner(window, { config, onScan: (s) => window.scans.push(s.code) });
  window.ready = true;
</script></body></html>`;

let server: Server;
let browser: Browser;
let page: Page;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/' || url.startsWith('/?')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      return;
    }
    const name = /^\/scanner\/([a-z]+\.ts)$/.exec(url)?.[1];
    if (!name) {
      res.writeHead(404).end();
      return;
    }
    const js = stripTypeScriptTypes(readFileSync(join(HERE, name), 'utf8'));
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  page = await browser.newPage();
  await page.goto(origin);
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
});

afterEach(async () => {
  await page.close();
});

const state = () =>
  page.evaluate(() => {
    const w = window as unknown as { scans: string[]; submits: number; clicks: number };
    const field = document.getElementById('field') as HTMLInputElement;
    return { scans: w.scans, submits: w.submits, clicks: w.clicks, field: field.value };
  });

describe('attachScanner in Chromium', () => {
  it('takes a 10 ms/key scan typed into a focused field without leaving it there or submitting', async () => {
    await page.focus('#field');
    await page.keyboard.type('note ', { delay: 180 });
    await page.waitForTimeout(600);
    await page.keyboard.type('4006381333931', { delay: 10 });
    await page.keyboard.press('Enter');
    await page.waitForTimeout(200);
    expect(await state()).toMatchObject({ scans: ['4006381333931'], submits: 0, field: 'note ' });
  });

  it('leaves a person typing in the field alone: every character lands, Enter submits', async () => {
    await page.focus('#field');
    await page.keyboard.type('hi 4006381333931', { delay: 140 });
    await page.waitForTimeout(200);
    await page.keyboard.press('Enter');
    expect(await state()).toMatchObject({ scans: [], submits: 1, field: 'hi 4006381333931' });
  });

  it('puts back a fast pair of keys a person typed once the burst is over', async () => {
    await page.focus('#field');
    await page.keyboard.type('ok', { delay: 20 });
    await page.waitForTimeout(300);
    expect(await state()).toMatchObject({ scans: [], field: 'ok' });
    // ...and the field's own undo still works on it.
    await page.keyboard.press('Control+z');
    expect((await state()).field).toBe('');
  });

  it('takes scans wherever focus is, and keeps the Enter from a focused button', async () => {
    await page.focus('#button');
    await page.keyboard.type('96385074', { delay: 10 });
    await page.keyboard.press('Enter');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.type('ABC-123-xyz', { delay: 12 });
    await page.keyboard.press('Tab');
    await page.waitForTimeout(150);
    expect(await state()).toMatchObject({ scans: ['96385074', 'ABC-123-xyz'], clicks: 0 });
  });

  it('takes a scan through an IME (keyCode 229, text committed per key) and removes its text from the field', async () => {
    // Three CDP round trips a key are slower than a scanner on a loaded machine, and the scanner's
    // timers run on the real clock: the gap is widened here so that only the IME handling is tested.
    await page.goto(`${origin}/?maxGapMs=1000`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    await page.focus('#field');
    await page.keyboard.type('x', { delay: 0 });
    await page.waitForTimeout(1300);
    const cdp = await page.context().newCDPSession(page);
    const code = '4901234567894';
    for (const ch of code) {
      const common = {
        key: 'Process',
        code: `Digit${ch}`,
        windowsVirtualKeyCode: 229,
        nativeVirtualKeyCode: 229,
      };
      await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...common });
      await cdp.send('Input.insertText', { text: ch });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common });
    }
    const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 };
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter, text: '\r' });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter });
    await page.waitForTimeout(200);
    expect(await state()).toMatchObject({ scans: [code], submits: 0, field: 'x' });
  });

  it('takes a paste outside fields as a scan, and a paste into a field as a paste', async () => {
    const paste = (selector: string, text: string) =>
      page.evaluate(
        ({ sel, t }) => {
          const data = new DataTransfer();
          data.setData('text/plain', t);
          const target = sel === 'body' ? document.body : document.querySelector(sel);
          return target?.dispatchEvent(
            new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
          );
        },
        { sel: selector, t: text },
      );
    expect(await paste('body', '4006381333931')).toBe(false); // prevented: taken as a scan
    expect(await paste('#field', '4006381333931')).toBe(true); // left to the field
    expect(await paste('#field', '5901234123457\r\n')).toBe(false); // a scanner's paste carries its suffix
    expect((await state()).scans).toEqual(['4006381333931', '5901234123457']);
  });
});
