// First light: the web shell starts like `npm run web`, prints one line, serves all four screens and
// the status bar, and refuses requests without its token or from elsewhere.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { LAUNCH_PASS_HEADER } from '../../contract/channels.ts';
import { sharedTempDir, tempDir } from '../support/fixtures.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { newPage } from './lang.ts';

let shell: RunningShell;
let browser: Browser;
const dataDir = sharedTempDir('e2e-smoke');

beforeAll(async () => {
  [shell, browser] = await Promise.all([
    startWebShellProcess({
      POS_DATA_DIR: dataDir,
      POS_BASE_URL: 'http://127.0.0.1:9',
      POS_CLIENT_ID: 'x',
      POS_CLIENT_SECRET: 'smoke-secret-value',
    }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser.close();
  await shell.stop();
});

describe('web shell smoke', () => {
  it('prints exactly one line on stdout: open http://127.0.0.1:PORT/... with the token', () => {
    expect(shell.stdoutLines).toHaveLength(1);
    expect(shell.stdoutLines[0]).toMatch(/^open http:\/\/127\.0\.0\.1:\d+\/launch\?token=[\w-]{40,}$/);
  });

  it('shows all four screens and the status bar, switched by F1-F4', async () => {
    const page = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await page.goto(shell.url);
    await page.getByTestId('status-bar').waitFor();
    await expect.poll(() => page.getByTestId('status-bar').textContent()).toContain('127.0.0.1:9');
    for (const [key, id] of [
      ['F1', 'sale'],
      ['F2', 'stock'],
      ['F3', 'orders'],
      ['F4', 'settings'],
    ] as const) {
      await page.keyboard.press(key);
      await page.getByTestId(id).waitFor();
      await screenshot(page, `smoke-${id}`);
    }
    await page.keyboard.press('F1');
    await page.getByTestId('sale-lines').waitFor();
    await page.getByTestId('customer').waitFor();
    await page.close();
  });

  it('refuses requests without the token, from other origins and for other hosts', async () => {
    const noToken = await fetch(`${shell.origin}/`);
    expect(noToken.status).toBe(401);
    const rpcNoToken = await fetch(`${shell.origin}/rpc/status.get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shell.origin },
      body: '{}',
    });
    expect(rpcNoToken.status).toBe(401);
    const wrongToken = await fetch(`${shell.origin}/launch?token=nope`, { redirect: 'manual' });
    expect(wrongToken.status).toBe(401);

    // The page of the test before used this shell's launch address: it works once.
    expect((await fetch(shell.url, { redirect: 'manual' })).status).toBe(401);
    const own = await startWebShellProcess({ POS_DATA_DIR: tempDir('e2e-smoke2') });
    onTestFinished(() => own.stop());
    const launch = await fetch(own.url, { redirect: 'manual' });
    expect(launch.status).toBe(303);
    const ownCookie = (launch.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    // The launch pass's other half, the secret, comes in the redirect's fragment (no server ever gets it).
    const location = launch.headers.get('location') ?? '';
    expect(location).toMatch(/^\/#pass=[\w-]{40,}$/);
    const secret = new URLSearchParams(location.slice(2)).get('pass') ?? '';
    expect(ownCookie).not.toContain(secret);
    expect(launch.headers.get('set-cookie')).toMatch(/HttpOnly/);
    expect(launch.headers.get('set-cookie')).toMatch(/SameSite=Strict/);
    expect(ownCookie).toMatch(new RegExp(`^pos_pass_${new URL(own.origin).port}=`));
    expect(ownCookie).not.toContain(new URL(own.url).searchParams.get('token') ?? '-');
    expect((await fetch(own.url, { redirect: 'manual' })).status).toBe(401); // once
    // The cookie of one shell opens nothing on another (browsers share 127.0.0.1's cookies across ports).
    const [name, value] = ownCookie.split('=');
    const renamed = `pos_pass_${new URL(shell.origin).port}=${value ?? ''}`;
    expect(name).not.toBe(renamed.split('=')[0]);
    expect((await fetch(`${shell.origin}/`, { headers: { cookie: renamed } })).status).toBe(401);
    expect((await fetch(`${shell.origin}/`, { headers: { cookie: ownCookie } })).status).toBe(401);
    const cookie = ownCookie;
    const ownOrigin = own.origin;
    const passHeader = { [LAUNCH_PASS_HEADER]: secret };
    // Bad %-encoding is the request's fault: 400, not 500.
    expect((await fetch(`${ownOrigin}/%E0%A4%A`, { headers: { cookie } })).status).toBe(400);
    expect(
      (
        await fetch(`${ownOrigin}/rpc/%ZZ`, {
          method: 'POST',
          headers: { cookie, origin: ownOrigin, 'content-type': 'application/json', ...passHeader },
          body: '{}',
        })
      ).status,
    ).toBe(400);

    const ok = await fetch(`${ownOrigin}/rpc/status.get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ownOrigin, cookie, ...passHeader },
      body: '{}',
    });
    expect(ok.status).toBe(200);
    // Either half alone opens no call: the cookie (which the browser hands every port of 127.0.0.1)
    // without the secret, or the secret without the cookie.
    const cookieOnly = await fetch(`${ownOrigin}/rpc/status.get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ownOrigin, cookie },
      body: '{}',
    });
    expect(cookieOnly.status).toBe(401);
    const secretOnly = await fetch(`${ownOrigin}/rpc/status.get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ownOrigin, ...passHeader },
      body: '{}',
    });
    expect(secretOnly.status).toBe(401);
    const wrongSecret = await fetch(`${ownOrigin}/rpc/status.get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ownOrigin, cookie, [LAUNCH_PASS_HEADER]: 'x' },
      body: '{}',
    });
    expect(wrongSecret.status).toBe(401);
    const evil = await fetch(`${ownOrigin}/rpc/status.get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://evil.example', cookie, ...passHeader },
      body: '{}',
    });
    expect(evil.status).toBe(403);
    const noOrigin = await fetch(`${ownOrigin}/rpc/status.get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, ...passHeader },
      body: '{}',
    });
    expect(noOrigin.status).toBe(403);
    const form = await fetch(`${ownOrigin}/rpc/status.get`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: ownOrigin,
        cookie,
        ...passHeader,
      },
      body: 'a=1',
    });
    expect(form.status).toBe(415);
    const unknown = await fetch(`${ownOrigin}/rpc/process.exit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ownOrigin, cookie, ...passHeader },
      body: '{}',
    });
    expect(unknown.status).toBe(404);
    const page = await fetch(`${ownOrigin}/`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    // The event stream wants both halves too.
    const stream = (headers: Record<string, string>) =>
      fetch(`${ownOrigin}/events`, { headers }).then(async (r) => {
        await r.body?.cancel();
        return r.status;
      });
    expect(await stream({ cookie })).toBe(401);
    expect(await stream({ cookie, ...passHeader })).toBe(200);
  });
});
