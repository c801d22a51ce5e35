// What the renderer may never see or do, checked in Chromium through the web shell: the client secret,
// the service's access token and the shell's own launch token are in no global, no storage, no call
// result, no event and no DOM; popups and form posts elsewhere are refused; the shell refuses requests
// for other Host names.
import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAUNCH_PASS_HEADER } from '../../contract/channels.ts';
import { LAUNCH_PASS_STORAGE_KEY } from '../../renderer/platform/launch-pass.ts';
import { startSim, type RunningSim } from '../../sim/server.ts';
import { sharedTempDir } from '../support/fixtures.ts';
import { goTo, syncAll } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { tapCalls, type CallTap } from './call-tap.ts';
import { newPage, say } from './lang.ts';

const CLIENT_ID = 'security-client';
/** How a page script of the app's origin signs its calls (what the renderer does). */
const PASS = { header: LAUNCH_PASS_HEADER, key: LAUNCH_PASS_STORAGE_KEY };
const SECRET = `s3cret-${randomBytes(12).toString('hex')}`;

let sim: RunningSim;
let proxy: { url: string; tokens: Set<string>; server: Server };
let shell: RunningShell;
let browser: Browser;
let page: Page;
const dataDir = sharedTempDir('e2e-security');
let tap: CallTap;

/** Forwards to the sim and remembers every access token it hands out, so the test knows them. */
async function tokenSniffingProxy(target: string): Promise<typeof proxy> {
  const tokens = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const upstream = request(
        `${target}${req.url ?? '/'}`,
        { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
        (up) => {
          const body: Buffer[] = [];
          up.on('data', (c: Buffer) => body.push(c));
          up.on('end', () => {
            const text = Buffer.concat(body).toString('utf8');
            const token = /"access_token"\s*:\s*"([^"]+)"/.exec(text)?.[1];
            if (token !== undefined) tokens.add(token);
            res.writeHead(up.statusCode ?? 502, up.headers);
            res.end(Buffer.concat(body));
          });
        },
      );
      upstream.on('error', () => {
        res.destroy();
      });
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tokens, server };
}

beforeAll(async () => {
  sim = await startSim({ size: 'small', port: 0 });
  sim.admin.addClient({
    clientId: CLIENT_ID,
    clientSecret: SECRET,
    permissions: [
      'Permissions.StockItems.View',
      'Permissions.ItemLists.View',
      'Permissions.Companies.View',
      'Permissions.FinancialReceivables.View',
      'Permissions.Product.View',
      'Permissions.Orders.Create',
      'Permissions.PointOfSale.View',
    ],
  });
  proxy = await tokenSniffingProxy(sim.url);
  [shell, browser] = await Promise.all([
    startWebShellProcess({ POS_DATA_DIR: dataDir, POS_DEMO_SIZE: 'small' }),
    launchChromium(),
  ]);
  page = await newPage(browser);
  // Everything the page receives from the shell on its call channel is kept for the search below.
  tap = await tapCalls(page);
  await page.goto(shell.url);
  // Configured through the UI: the secret is typed into Settings, as an installer does.
  await goTo(page, 'settings');
  await page.locator('[data-field="instanceUrl"]').fill(proxy.url);
  await page.locator('[data-field="clientId"]').fill(CLIENT_ID);
  await page.locator('[data-field="clientSecret"]').fill(SECRET);
  await page.locator('[data-action="save-instance"]').click();
  // Online as the instance just saved: the demo was Online before the save, so that word alone may be
  // the demo's still. A status naming the proxy without the DEMO marker is the new instance's.
  await page.waitForFunction(
    (host) => {
      const bar = document.querySelector('[data-testid="status-bar"]');
      const instance = bar?.querySelector('[data-instance]')?.textContent ?? '';
      return bar?.querySelector('[data-demo]') === null && instance.includes(host);
    },
    new URL(proxy.url).host,
    { timeout: 20_000 },
  );
  await page.getByTestId('status-bar').getByText(say('online'), { exact: true }).waitFor({ timeout: 20_000 });
  // Going online starts a sync on its own; syncAll waits that out instead of clicking a disabled button.
  await syncAll(page);
  await page.locator('[data-action="test-connection"]').click();
  await page.locator('[data-connection-ok="true"]').waitFor();
});

afterAll(async () => {
  await browser.close();
  await shell.stop();
  await new Promise<void>((resolve) => proxy.server.close(() => resolve()));
  await sim.close();
});

describe('the renderer cannot read secrets', () => {
  it('the service handed out access tokens (so there is something to look for)', () => {
    expect(proxy.tokens.size).toBeGreaterThan(0);
  });

  it('finds no secret, access token or launch token in globals, storage, cookies, URL or DOM', async () => {
    const launchToken = new URL(shell.url).searchParams.get('token') ?? '';
    expect(launchToken.length).toBeGreaterThan(20);
    const secrets = [SECRET, launchToken, ...proxy.tokens];
    for (const screen of ['sale', 'stock', 'orders', 'settings'] as const) {
      await goTo(page, screen);
      const visible = await page.evaluate(() => {
        const strings: string[] = [location.href, document.cookie, document.documentElement.outerHTML];
        for (const store of [localStorage, sessionStorage]) {
          for (let i = 0; i < store.length; i++) {
            const key = store.key(i) ?? '';
            strings.push(key, store.getItem(key) ?? '');
          }
        }
        for (const name of Object.getOwnPropertyNames(window)) {
          let value: unknown;
          try {
            value = (window as unknown as Record<string, unknown>)[name];
          } catch {
            continue;
          }
          if (typeof value === 'string') strings.push(value);
          else if (value !== null && typeof value === 'object' && !(value instanceof Node)) {
            try {
              strings.push(JSON.stringify(value));
            } catch {
              // circular or host objects: not data the app put there
            }
          }
        }
        for (const input of document.querySelectorAll('input')) strings.push(input.value);
        return strings.join('\n');
      });
      for (const secret of secrets) expect(visible).not.toContain(secret);
    }
    expect(await page.evaluate(() => document.cookie)).toBe(''); // HttpOnly: scripts cannot see it
  });

  it('finds them in no call result and no event', async () => {
    // Subscribed before acting, and waiting only for events the actions are sure to cause: settings.set
    // always says status.changed, and sync.now either starts a sync (its first progress event) or
    // finds one running, whose end is a progress event too. Which sync ran does not matter.
    const events = await page.evaluate(async (pass) => {
      // The launch pass's secret goes in a header on every call and on the event stream, as the
      // renderer sends it (renderer/platform/launch-pass.ts); the stream is read with fetch for that reason.
      const headers = { [pass.header]: localStorage.getItem(pass.key) ?? '' };
      const call = async (channel: string, body: unknown): Promise<unknown> => {
        const r = await fetch(`/rpc/${channel}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
        return r.json();
      };
      const got: { name: string; data: string }[] = [];
      const names = ['sync.progress', 'status.changed', 'outbox.changed', 'connectivity'];
      const stop = new AbortController();
      // Resolves once the stream is open: the shell sends its head at once.
      const response = await fetch('/events', { headers, signal: stop.signal });
      const body = response.body;
      if (!response.ok || body === null) throw new Error('the event stream did not open');
      const reading = (async () => {
        const reader = body.pipeThrough(new TextDecoderStream()).getReader();
        let text = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          text += value;
          let end;
          while ((end = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, end).split('\n');
            text = text.slice(end + 2);
            const name = block.find((l) => l.startsWith('event: '))?.slice('event: '.length) ?? '';
            const data = block.find((l) => l.startsWith('data: '))?.slice('data: '.length) ?? '';
            if (names.includes(name)) got.push({ name, data });
          }
        }
      })().catch(() => undefined);
      const settings = (await call('settings.get', {})) as { value: { syncIntervalMinutes: number } };
      await call('settings.set', { syncIntervalMinutes: settings.value.syncIntervalMinutes });
      await call('sync.now', {});
      const caused = (): boolean =>
        got.some((e) => e.name === 'status.changed') && got.some((e) => e.name === 'sync.progress');
      while (!caused()) await new Promise((r) => setTimeout(r, 50));
      stop.abort();
      await reading;
      return got.map((e) => e.data);
    }, PASS);
    const calls = await page.evaluate(async (pass) => {
      const headers = { [pass.header]: localStorage.getItem(pass.key) ?? '' };
      const out: string[] = [];
      for (const channel of ['settings.get', 'status.get', 'connection.test', 'sync.status', 'outbox.list']) {
        const r = await fetch(`/rpc/${channel}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: '{}',
        });
        out.push(await r.text());
      }
      return out;
    }, PASS);
    expect(events.length).toBeGreaterThan(0);
    expect(tap.answers.length).toBeGreaterThan(0);
    const all = [...tap.answers, ...events, ...calls].join('\n');
    expect(all).toContain('"hasSecret":true');
    for (const secret of [SECRET, ...proxy.tokens]) expect(all).not.toContain(secret);
  });
});

describe('the renderer cannot leave the app', () => {
  it('window.open is refused and no popup appears', async () => {
    let popups = 0;
    page.context().on('page', () => popups++);
    // The CSP sandbox (no allow-popups) refuses each popup, and Chromium says so in the console: the
    // count below is read once both attempts were refused, not after a while.
    let refused = 0;
    const onConsole = (message: ConsoleMessage) => {
      if (message.text().includes("'allow-popups' permission is not set")) refused++;
    };
    page.on('console', onConsole);
    const opened = await page.evaluate(() => window.open('https://example.com/', '_blank') === null);
    expect(opened).toBe(true);
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = 'https://example.com/';
      a.target = '_blank';
      document.body.append(a);
      a.click();
    });
    await expect.poll(() => refused).toBe(2);
    page.off('console', onConsole);
    expect(popups).toBe(0);
  });

  it('a form posting elsewhere and a frame of another site are refused; the app stays', async () => {
    const before = page.url();
    const blocked: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(shell.origin)) blocked.push(r.url());
    });
    // The page reports each refusal of its CSP (form-action, frame-src): what follows is read once
    // both were refused, not after a while.
    await page.evaluate(() => {
      const refused: string[] = [];
      (window as unknown as { __refused: string[] }).__refused = refused;
      document.addEventListener('securitypolicyviolation', (e) => refused.push(e.effectiveDirective));
    });
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.action = 'https://example.com/steal';
      form.method = 'POST';
      document.body.append(form);
      // Later, so this evaluate returns whatever the submission does.
      setTimeout(() => form.submit(), 0);
      const frame = document.createElement('iframe');
      frame.src = 'https://example.com/';
      document.body.append(frame);
    });
    await page.waitForFunction(() => {
      const refused = (window as unknown as { __refused: string[] }).__refused;
      return refused.includes('form-action') && refused.includes('frame-src');
    });
    expect(page.url()).toBe(before);
    expect(blocked).toEqual([]);
    expect(await page.evaluate(() => document.querySelectorAll('[data-testid="status-bar"]').length)).toBe(1);
    await screenshot(page, 'security-after-escape-attempts');
  });
});

describe('the web shell refuses other hosts', () => {
  it('answers 403 to a request naming another Host (DNS rebinding)', async () => {
    const port = new URL(shell.origin).port;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/', headers: { host: `evil.example:${port}` } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});
