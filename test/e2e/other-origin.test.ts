// Another web origin on this machine cannot use the web shell's launch pass. Browsers scope cookies by
// host, not port: a page served by any other local process on 127.0.0.1 gets this shell's cookie sent
// along, to its own server too. Here such a site is opened in the cashier's browser after the app; its
// page tries every way a page has to reach the shell, and its server then replays what the browser
// sent it, as the process behind any local site can (it sets Host and Origin as it likes). Nothing of
// it may read or change anything. The cashier's own tab meanwhile keeps working, a reload (F5) too.
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTempDir } from '../support/fixtures.ts';
import { goTo, statusBar } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { E2E_LOCALE, say } from './lang.ts';

declare global {
  interface Window {
    /** What the other site's page got from each attempt (set when all are done). */
    __attempts?: Record<string, string>;
  }
}

let shell: RunningShell;
let browser: Browser;
let context: BrowserContext;
let app: Page;
const dataDir = sharedTempDir('e2e-other-origin');
let other: { origin: string; server: Server; cookies: string[] };

/** The other site: one page that tries the shell every way a page can, and a log of the cookies it got. */
async function otherSite(shellOrigin: string): Promise<typeof other> {
  const cookies: string[] = [];
  const server = createServer((req, res) => {
    if (req.headers.cookie !== undefined) cookies.push(req.headers.cookie);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(attackPage(shellOrigin));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, cookies };
}

/** The other site's page: each attempt ends in what it could read ('refused' when nothing). */
function attackPage(shellOrigin: string): string {
  const script = `
const shell = ${JSON.stringify(shellOrigin)};
const settle = (p, ms) => Promise.race([p, new Promise((r) => setTimeout(() => r('no answer'), ms))]);
const read = (init, channel) =>
  fetch(shell + '/rpc/' + channel, { method: 'POST', credentials: 'include', ...init })
    .then((r) => r.text().then((t) => 'read ' + r.status + ' ' + t))
    .catch(() => 'refused');
const load = (tag, url) => new Promise((resolve) => {
  const el = document.createElement(tag);
  el.onload = () => resolve('loaded');
  el.onerror = () => resolve('refused');
  el.src = url;
  document.body.append(el);
});
const stream = () => new Promise((resolve) => {
  const source = new EventSource(shell + '/events', { withCredentials: true });
  source.onmessage = (e) => { source.close(); resolve('read ' + e.data); };
  source.addEventListener('status.changed', (e) => { source.close(); resolve('read ' + e.data); });
  source.onerror = () => { source.close(); resolve('refused'); };
});
const post = () => new Promise((resolve) => {
  const frame = document.createElement('iframe');
  frame.name = 'sink';
  document.body.append(frame);
  const form = document.createElement('form');
  form.method = 'POST';
  form.enctype = 'text/plain';
  form.target = 'sink';
  form.action = shell + '/rpc/settings.set';
  const input = document.createElement('input');
  input.name = '{"receiptPaper":"58mm","x":"';
  input.value = '"}';
  form.append(input);
  document.body.append(form);
  frame.onload = () => resolve('submitted');
  form.submit();
});
(async () => {
  const json = { headers: { 'content-type': 'application/json' } };
  const plain = { mode: 'no-cors', headers: { 'content-type': 'text/plain' } };
  const attempts = {
    'fetch settings.get': await read({ ...json, body: '{}' }, 'settings.get'),
    'fetch outbox.discard': await read({ ...json, body: '{"id":1}' }, 'outbox.discard'),
    'no-cors settings.set': await read({ ...plain, body: '{"receiptPaper":"58mm"}' }, 'settings.set'),
    'no-cors outbox.discard': await read({ ...plain, body: '{"id":1}' }, 'outbox.discard'),
    'EventSource /events': await settle(stream(), 10000),
    'form post settings.set': await settle(post(), 10000),
    'img /': await load('img', shell + '/'),
    'script /events': await settle(load('script', shell + '/events'), 10000),
  };
  window.__attempts = attempts;
})();`;
  return `<!doctype html><html><head><title>another local site</title></head><body><script>${script}</script></body></html>`;
}

/** A request to the shell from outside any browser, as the process behind the other site makes it. */
function replay(
  path: string,
  method: 'GET' | 'POST',
  headers: IncomingHttpHeaders,
  body = '',
): Promise<{ status: number; text: string }> {
  const url = new URL(path, shell.origin);
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      // The event stream never ends: its first bytes say whether it opened.
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (path === '/events') res.destroy();
      });
      const done = () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      res.on('end', done);
      res.on('close', done);
    });
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  [shell, browser] = await Promise.all([
    startWebShellProcess({
      POS_DATA_DIR: dataDir,
      POS_BASE_URL: 'http://127.0.0.1:9',
      POS_CLIENT_ID: 'x',
      POS_CLIENT_SECRET: 'other-origin-secret',
    }),
    launchChromium(),
  ]);
  other = await otherSite(shell.origin);
  context = await browser.newContext({ locale: E2E_LOCALE, viewport: { width: 1366, height: 820 } });
  app = await context.newPage();
  await app.goto(shell.url);
  await statusBar(app).waitFor();
});

afterAll(async () => {
  await browser.close();
  await shell.stop();
  await new Promise<void>((resolve) => other.server.close(() => resolve()));
});

screenshotOnFailure(() => app, 'other-origin');

/** The paper chosen in Settings, as the cashier's tab shows it. */
async function paper(page: Page): Promise<string | null> {
  await goTo(page, 'settings');
  const checked = page.locator('[data-paper-option]:checked');
  await checked.waitFor();
  return checked.getAttribute('data-paper-option');
}

describe('the launch', () => {
  it("takes the page's secret out of the address at once: the address and cookies do not show it", async () => {
    expect(await app.evaluate(() => location.href)).toBe(`${shell.origin}/`);
    expect(await app.evaluate(() => document.cookie)).toBe('');
  });
});

describe('another local web origin', () => {
  it("reads nothing of the shell's from its page, and changes nothing", async () => {
    expect(await paper(app)).toBe('80mm');
    const page = await context.newPage();
    await page.goto(other.origin);
    await page.waitForFunction(() => window.__attempts !== undefined, null, { timeout: 60_000 });
    const attempts = (await page.evaluate(() => window.__attempts)) ?? {};
    expect(Object.keys(attempts)).toHaveLength(8);
    for (const [attempt, outcome] of Object.entries(attempts)) {
      expect({ attempt, outcome }).toEqual({
        attempt,
        outcome: attempt.startsWith('form post') ? 'submitted' : 'refused',
      });
    }
    await page.close();
    expect(await paper(app)).toBe('80mm');
  });

  it("gets the shell's cookie sent to its own server, and that cookie opens nothing", async () => {
    const port = new URL(shell.origin).port;
    const sent = other.cookies.find((c) => c.includes(`pos_pass_${port}=`));
    // The precondition: the browser does hand the cookie to another port of 127.0.0.1.
    expect(sent).toBeDefined();
    const forged = {
      host: new URL(shell.origin).host,
      origin: shell.origin,
      cookie: sent ?? '',
      'content-type': 'application/json',
    };
    const get = await replay('/rpc/settings.get', 'POST', forged, '{}');
    expect({ status: get.status, readable: get.text.includes('receiptPaper') }).toEqual({
      status: 401,
      readable: false,
    });
    const set = await replay('/rpc/settings.set', 'POST', forged, '{"receiptPaper":"58mm"}');
    expect(set.status).toBe(401);
    const discard = await replay('/rpc/outbox.discard', 'POST', forged, '{"id":1}');
    expect(discard.status).toBe(401);
    const events = await replay('/events', 'GET', { host: forged.host, cookie: forged.cookie });
    expect(events.status).toBe(401);
    expect(await paper(app)).toBe('80mm');
  });
});

describe("the cashier's own tab", () => {
  it('keeps working after a reload (F5), and a second tab of the same browser works too', async () => {
    await app.reload();
    await statusBar(app).waitFor();
    expect(await app.evaluate(() => location.href)).toBe(`${shell.origin}/`);
    // Calls answered after the reload: the Settings screen shows what the core holds, and changes it.
    expect(await paper(app)).toBe('80mm');
    await app.locator('[data-paper-option="58mm"]').click();
    await expect.poll(() => app.locator('[data-paper-option="58mm"]').isChecked()).toBe(true);
    const second = await context.newPage();
    await second.goto(shell.origin);
    expect(await paper(second)).toBe('58mm');
    await screenshot(second, 'other-origin-second-tab');
    await second.close();
  });

  it("a browser holding the cookie but not the page's secret (site data cleared) is told what to do", async () => {
    const cookies = await context.cookies(shell.origin);
    expect(cookies.map((c) => c.name)).toContain(`pos_pass_${new URL(shell.origin).port}`);
    const cleared = await browser.newContext({ locale: E2E_LOCALE });
    try {
      await cleared.addCookies(cookies);
      const page = await cleared.newPage();
      await page.goto(shell.origin);
      const alert = page.getByTestId('no-launch-pass');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(say('noLaunchPass'));
      expect(await page.getByTestId('status-bar').count()).toBe(0);
      await screenshot(page, 'other-origin-no-launch-pass');
    } finally {
      await cleared.close();
    }
  });
});
