// The DOM adapter in real Chromium (Debian's, via playwright-core): real key events through
// Chromium's input pipeline, stamped at scanner speed and at a person's speed (keys.ts), into a
// focused text field and onto the page. The scanner's silences run on a clock the test advances,
// so no outcome depends on how fast this machine is; one test runs on the real clock with the
// page's main thread blocked while the keys arrive.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../../test/e2e/browser.ts';
import { cdpOf, sendKey, sendKeys } from '../../test/e2e/keys.ts';

const HERE = import.meta.dirname;
// ?clock=manual: the scanner's silences run on a clock the test advances (window.clock); otherwise on
// the page's real clock. ?busyMs=N: the first key the page sees blocks its main thread for N ms, as a
// long render would, while the rest of the keys queue up behind it.
const PAGE = `<!doctype html><html><body>
<form id="form"><input id="field" autocomplete="off"><textarea id="notes"></textarea></form>
<button id="button">Pay</button>
<select id="list"><option>1 Kč</option><option>8 Kč</option></select>
<script type="module">
  import { attachScanner } from '/scanner/index.ts';
  const params = new URLSearchParams(location.search);
  window.scans = [];
  // What the field held when each scan reached the app (the app reads a typed 3* from it then).
  window.fieldAtScan = [];
  window.submits = 0;
  window.clicks = 0;
  document.getElementById('form').addEventListener('submit', (e) => { e.preventDefault(); window.submits++; });
  document.getElementById('button').addEventListener('click', () => window.clicks++);
  let busyMs = Number(params.get('busyMs') ?? '0');
  addEventListener('keydown', () => {
    // In a task of its own, after the scanner has handled this key and armed its silence timer.
    const ms = busyMs;
    busyMs = 0;
    if (ms > 0) setTimeout(() => { const until = performance.now() + ms; while (performance.now() < until); }, 0);
  }, { capture: true });
  let clock;
  if (params.get('clock') === 'manual') {
    let now = performance.now();
    let nextId = 1;
    const timers = new Map();
    clock = {
      now: () => now,
      setTimeout: (fn, ms) => { timers.set(nextId, { at: now + ms, fn }); return nextId++; },
      clearTimeout: (id) => { timers.delete(id); },
      advanceTo: (t) => {
        for (;;) {
          const due = [...timers.entries()].filter(([, x]) => x.at <= t).sort((a, b) => a[1].at - b[1].at)[0];
          if (!due) break;
          timers.delete(due[0]);
          now = Math.max(now, due[1].at);
          due[1].fn();
        }
        now = Math.max(now, t);
      },
    };
    window.clock = clock;
  }
  window.before = [];
  window.after = [];
  attachScanner(window, {
    // ?delivery=paste: a scanner or wedge that delivers only whole codes (paste, input event).
    ...(params.get('delivery') ? { config: { delivery: params.get('delivery') } } : {}),
    onScan: (s) => {
      window.scans.push(s.code);
      window.fieldAtScan.push(document.getElementById('field').value);
    },
    // ?redirect=1: like the app's Sale screen, a key typed outside any field is sent to #field.
    beforeKey: (e) => {
      window.before.push(e.key);
      if (params.get('redirect') === '1' && e.key.length === 1 && document.activeElement === document.body)
        document.getElementById('field').focus();
    },
    afterKey: (e) => window.after.push(e.key),
    ...(clock ? { clock } : {}),
  });
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
    // The scanner module's files, and common/ (its defaults): '../../common/x.ts' resolves to /common/x.ts.
    const file = /^\/(scanner|common)\/([a-z-]+\.ts)$/.exec(url);
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const folder = file[1] === 'common' ? join(HERE, '..', '..', 'common') : HERE;
    const js = stripTypeScriptTypes(readFileSync(join(folder, file[2] ?? ''), 'utf8'));
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

async function open(query: string): Promise<void> {
  await page.goto(`${origin}/${query}`);
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
}

beforeEach(async () => {
  page = await browser.newPage();
  await open('?clock=manual');
  const times = await page.evaluate(() => ({ origin: performance.timeOrigin, now: performance.now() }));
  t0 = times.now + 10;
  timeOrigin = times.origin;
});

afterEach(async () => {
  await page.close();
});

const state = () =>
  page.evaluate(() => {
    const w = window as unknown as {
      scans: string[];
      fieldAtScan: string[];
      submits: number;
      clicks: number;
    };
    const field = document.getElementById('field') as HTMLInputElement;
    return {
      scans: w.scans,
      fieldAtScan: w.fieldAtScan,
      submits: w.submits,
      clicks: w.clicks,
      field: field.value,
    };
  });

// The test's timeline: `at` is ms after t0, on the page's clock (performance.now()).
let t0 = 0;
let timeOrigin = 0;

/** Lets the manual clock reach `at` (due silences fire), as time passing with no key. */
async function advanceTo(at: number): Promise<void> {
  await page.evaluate(
    (t) => (window as unknown as { clock: { advanceTo(t: number): void } }).clock.advanceTo(t),
    t0 + at,
  );
}

/** Types `text` one key every `msPerKey` from `at`, time passing before each key as it would. */
async function typeAt(text: string, at: number, msPerKey: number): Promise<number> {
  const session = await cdpOf(page);
  let t = at;
  for (const ch of text) {
    await advanceTo(t);
    await sendKey(session, ch, timeOrigin + t0 + t);
    t += msPerKey;
  }
  return t;
}

describe('attachScanner in Chromium', () => {
  it('takes a 10 ms/key scan typed into a focused field without leaving it there or submitting', async () => {
    await page.focus('#field');
    await typeAt('note ', 0, 180);
    await typeAt('4006381333931\n', 1500, 10);
    await advanceTo(2000);
    expect(await state()).toMatchObject({ scans: ['4006381333931'], submits: 0, field: 'note ' });
  });

  it('takes a scan 150 ms after a person typed in the field whole; their text stays, nothing submits', async () => {
    await page.focus('#field');
    const next = await typeAt('rohl', 0, 140);
    await typeAt('4006381333931\n', next - 140 + 150, 10);
    await advanceTo(next + 1000);
    expect(await state()).toMatchObject({
      scans: ['4006381333931'],
      fieldAtScan: ['rohl'],
      submits: 0,
      field: 'rohl',
    });
  });

  it('leaves a person typing in the field alone: every character lands, Enter submits', async () => {
    await page.focus('#field');
    const end = await typeAt('hi 4006381333931', 0, 140);
    await typeAt('\n', end + 60, 0);
    expect(await state()).toMatchObject({ scans: [], submits: 1, field: 'hi 4006381333931' });
  });

  it('puts back a fast pair of keys a person typed once the burst is over', async () => {
    await page.focus('#field');
    await typeAt('ok', 0, 20);
    expect((await state()).field).toBe(''); // held back: it could still be a scan
    await advanceTo(20 + 100); // not yet silent for longer than the gap
    expect((await state()).field).toBe('');
    await advanceTo(400);
    expect(await state()).toMatchObject({ scans: [], field: 'ok' });
    // ...and the field's own undo still works on it.
    await page.keyboard.press('Control+z');
    expect((await state()).field).toBe('');
  });

  it('shows the app each key before the scanner (beforeKey), and after it only the keys it leaves to the page', async () => {
    await page.focus('#button');
    await typeAt('96385074\n', 0, 10);
    await advanceTo(500);
    const keys = await page.evaluate(() => {
      const w = window as unknown as { before: string[]; after: string[] };
      return { before: w.before, after: w.after };
    });
    expect(keys.before).toEqual(['9', '6', '3', '8', '5', '0', '7', '4', 'Enter']);
    // The scan's suffix never reaches the app's shortcuts.
    expect(keys.after).not.toContain('Enter');
    expect((await state()).scans).toEqual(['96385074']);
  });

  it('judges a key by the field beforeKey moved focus to: typed keys land there, a scan never does', async () => {
    await open('?clock=manual&redirect=1');
    const times = await page.evaluate(() => ({ origin: performance.timeOrigin, now: performance.now() }));
    t0 = times.now + 10;
    timeOrigin = times.origin;
    // A scan on the page (focus on nothing): recognised, and none of its keys left in the field.
    await typeAt('4006381333931\n', 0, 10);
    await advanceTo(600);
    expect(await state()).toMatchObject({ scans: ['4006381333931'], field: '', submits: 0 });
    // A person typing with focus on nothing: every key reaches the field.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await typeAt('milk', 1200, 150);
    await advanceTo(2200);
    expect(await state()).toMatchObject({ scans: ['4006381333931'], field: 'milk' });
  });

  it('takes scans wherever focus is, and keeps the Enter from a focused button', async () => {
    await page.focus('#button');
    await typeAt('96385074\n', 0, 10);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await typeAt('ABC-123-xyz\t', 1000, 12);
    await advanceTo(1500);
    expect(await state()).toMatchObject({ scans: ['96385074', 'ABC-123-xyz'], clicks: 0 });
  });

  it('joins a first key a scanner paused after on a button, never one a list picked an option by', async () => {
    await page.focus('#button');
    await typeAt('8', 0, 0);
    await typeAt('591008000038\n', 150, 7);
    await advanceTo(1000);
    expect((await state()).scans).toEqual(['8591008000038']);
    await page.focus('#list');
    await typeAt('8', 2000, 0);
    await typeAt('591008000038\n', 2150, 7);
    await advanceTo(3000);
    expect((await state()).scans).toEqual(['8591008000038', '591008000038']);
  });

  it('keeps a space inside a scan from a focused button: part of the code, never a click', async () => {
    await page.focus('#button');
    await typeAt('1234 5678 9012\n', 0, 10);
    await advanceTo(600);
    expect(await state()).toMatchObject({ scans: ['1234 5678 9012'], clicks: 0, submits: 0 });
    // A person's Space on the button still presses it.
    await typeAt(' ', 1500, 0);
    await advanceTo(2500);
    expect((await state()).clicks).toBe(1);
  });

  it('takes the whole code in one input event (wedge, paste mode) as a scan, leaving nothing in the field', async () => {
    await open('?clock=manual&delivery=paste');
    await page.focus('#field');
    await page.keyboard.insertText('4006381333931');
    // Software that sets the value itself and fires only an input event: the code is taken back out.
    await page.evaluate(() => {
      const field = document.getElementById('field') as HTMLInputElement;
      field.value += '96385074';
      field.setSelectionRange(field.value.length, field.value.length);
      field.dispatchEvent(
        new InputEvent('input', { bubbles: true, inputType: 'insertText', data: '96385074' }),
      );
    });
    expect(await state()).toMatchObject({ scans: ['4006381333931', '96385074'], field: '', submits: 0 });
  });

  it('leaves text inserted in one go into a field alone with keys and paste (fill, dictation)', async () => {
    await page.focus('#field');
    await page.keyboard.insertText('4006381333931');
    expect(await state()).toMatchObject({ scans: [], field: '4006381333931' });
  });

  it("takes a person's Enter on a focused button as a click", async () => {
    await page.focus('#button');
    await typeAt('12\n', 0, 150);
    await advanceTo(1000);
    expect(await state()).toMatchObject({ scans: [], clicks: 1 });
  });

  it('puts keys held as a possible scan in before a character inserted without a key of its own', async () => {
    await page.focus('#field');
    await typeAt('Č', 0, 0);
    await advanceTo(1000);
    await typeAt('er', 1000, 20);
    expect((await state()).field).toBe('Č'); // "er" held back: it could still be a scan
    // An on-screen keyboard's or dictation's character: an input event and no key.
    await (await cdpOf(page)).send('Input.insertText', { text: 'ý' });
    expect((await state()).field).toBe('Čerý');
    await advanceTo(2000);
    expect(await state()).toMatchObject({ scans: [], field: 'Čerý' });
  });

  it('takes a scan through an IME (keyCode 229, text committed per key) and removes its text from the field', async () => {
    await page.focus('#field');
    await typeAt('x', 0, 0);
    await advanceTo(1000);
    const cdp = await cdpOf(page);
    const code = '4901234567894';
    let t = 1000;
    for (const ch of code) {
      const common = {
        key: 'Process',
        code: `Digit${ch}`,
        windowsVirtualKeyCode: 229,
        nativeVirtualKeyCode: 229,
      };
      const stamp = (timeOrigin + t0 + t) / 1000;
      await advanceTo(t);
      await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...common, timestamp: stamp });
      await cdp.send('Input.insertText', { text: ch });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common, timestamp: stamp + 0.003 });
      t += 10;
    }
    await typeAt('\n', t, 0);
    // The IME's text is taken out of the field in a task after the scan ends.
    await expect.poll(async () => (await state()).field).toBe('x');
    expect(await state()).toMatchObject({ scans: [code], submits: 0, field: 'x' });
  });

  it('keeps a scan whole when its keys reach the page seconds apart (silence timer fired in between)', async () => {
    await page.focus('#field');
    const session = await cdpOf(page);
    const code = '96385074\n';
    for (let i = 0; i < code.length; i++) {
      await advanceTo(2_000 * i); // the page's clock runs on: its silence timer fires between keys...
      await sendKey(session, code.charAt(i), timeOrigin + t0 + 10 * i); // ...but the keys were typed 10 ms apart
    }
    await expect.poll(async () => (await state()).field).toBe('');
    expect(await state()).toMatchObject({ scans: ['96385074'], submits: 0 });
  });

  it("gives the app a scan resumed after a silence with only the person's text in the field (a typed 4* stays readable)", async () => {
    // On a loaded machine the browser may hand the page a scan's keys with a pause in the middle:
    // the silence timer ends the burst as typing and puts its first keys into the field, and the
    // next key (stamped 10 ms later) resumes it. When the scan reaches the app, the field must hold
    // only what the person typed: the Sale screen reads the quantity prefix (`4*`) from it then.
    await page.focus('#field');
    const typed = await typeAt('4*', 0, 150);
    await advanceTo(typed + 500);
    const session = await cdpOf(page);
    const code = '96385074\n';
    const start = typed + 1000;
    for (let i = 0; i < code.length; i++) {
      // The page's clock runs on after the fourth key: its silence timer fires there...
      await advanceTo(start + (i < 4 ? 10 * i : 2_000 + 10 * i));
      await sendKey(session, code.charAt(i), timeOrigin + t0 + start + 10 * i); // ...the keys were 10 ms apart
    }
    expect(await state()).toMatchObject({ scans: ['96385074'], fieldAtScan: ['4*'], submits: 0 });
    await expect.poll(async () => (await state()).field).toBe('4*');
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

describe('attachScanner on a busy page (real clock)', () => {
  // The first key blocks the page's main thread for longer than the scanner's gap, as a long render
  // or a sync's work would; the scanner's later keys, stamped 10 ms apart, queue up behind it. Their
  // timestamps are what counts: the scanner's silence timer, overdue by then, must not end the burst.
  it('keeps keys one scan when they reach the page long after they were typed, in a bunch', async () => {
    // A busy browser delivers queued keys late: stamped 300 ms ago, handled now, a millisecond apart.
    await open('');
    await page.focus('#field');
    await sendKeys(page, '4006381333931\n', Date.now() - 300, 10);
    expect(await state()).toMatchObject({ scans: ['4006381333931'], submits: 0, field: '' });
  });

  it('keeps keys one scan when they trickle in late: typed 10 ms apart, handled 150 ms or more apart', async () => {
    // A browser too busy to deliver keys promptly: each arrives well after its stamp, and later than
    // the scanner's gap after the previous one. The stamps say one scan, so it is one scan.
    await open('');
    await page.focus('#field');
    const session = await cdpOf(page);
    const start = Date.now() - 300;
    const code = '96385074\n';
    for (let i = 0; i < code.length; i++) {
      await sendKey(session, code.charAt(i), start + i * 10);
      if (i < code.length - 1) await page.waitForTimeout(150);
    }
    expect(await state()).toMatchObject({ scans: ['96385074'], submits: 0, field: '' });
  });

  for (const target of ['#field', '#button'] as const) {
    it(`keeps keys sent 10 ms apart one scan while the page is blocked (focus on ${target})`, async () => {
      await open('?busyMs=400');
      await page.focus(target);
      await sendKeys(page, '4006381333931\n', Date.now(), 10);
      expect(await state()).toMatchObject({ scans: ['4006381333931'], submits: 0, clicks: 0, field: '' });
    });
  }
});
