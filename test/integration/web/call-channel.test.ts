// The page's call channel (contract/call-socket.ts): the real web shell on a real port, before a core
// that records what it is asked and may hold an answer back. Its guards are tried with `ws`'s client,
// which sends whatever headers a test gives it; the page's own end (renderer/platform/call-socket.ts)
// runs over that client too, given the cookie and Origin a browser would send (Chromium's own
// WebSocket is the e2e suite's: every e2e page calls the core through it).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as WsClient } from 'ws';
import { PASS_REFUSED, type CallTiming } from '../../../contract/call-socket.ts';
import { LAUNCH_PASS_FRAGMENT } from '../../../contract/channels.ts';
import type { Envelope } from '../../../contract/contract.ts';
import { cookieName, startWebShell, type WebShell } from '../../../main/web/server.ts';
import { callSocket } from '../../../renderer/platform/call-socket.ts';

const TOKEN = 'call-channel-test-token';

/** The core as the shell sees it: records each call as it is asked; `hold` keeps a channel's answer back. */
class RecordingCore {
  readonly asked: string[] = [];
  /** Channels whose answer JSON has no form for (a BigInt in it). */
  readonly unwritable = new Set<string>();
  readonly #held = new Map<string, Promise<void>>();
  hold(channel: string): () => void {
    let release: () => void = () => undefined;
    this.#held.set(channel, new Promise<void>((resolve) => (release = resolve)));
    return release;
  }
  readonly invoke = async (channel: unknown, input: unknown): Promise<Envelope> => {
    this.asked.push(`${String(channel)} ${JSON.stringify(input)}`);
    await this.#held.get(String(channel));
    if (this.unwritable.has(String(channel))) return { ok: true, value: { big: 1n } };
    return { ok: true, value: { channel } };
  };
  readonly subscribe = () => () => undefined;
}

interface Signed {
  readonly shell: WebShell;
  readonly core: RecordingCore;
  readonly cookie: string;
  readonly secret: string;
}

const open: { shell: WebShell; dir: string }[] = [];
afterEach(async () => {
  vi.unstubAllGlobals();
  for (const { shell, dir } of open.splice(0)) {
    await shell.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A shell before a recording core, and the launch pass a page of it holds. */
async function signedIn(): Promise<Signed> {
  const dir = mkdtempSync(join(tmpdir(), 'call-channel-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html>');
  const core = new RecordingCore();
  const shell = await startWebShell({ core, staticDir: dir, token: TOKEN });
  open.push({ shell, dir });
  const { setCookie, location } = await new Promise<{ setCookie: string; location: string }>(
    (resolve, reject) => {
      const req = request(`${shell.origin}/launch?token=${TOKEN}`, (res) => {
        res.resume();
        resolve({ setCookie: res.headers['set-cookie']?.[0] ?? '', location: res.headers.location ?? '' });
      });
      req.on('error', reject);
      req.end();
    },
  );
  const cookie = setCookie.split(';')[0] ?? '';
  expect(cookie.startsWith(`${cookieName(shell.port)}=`)).toBe(true);
  const secret = new URLSearchParams(location.split('#')[1] ?? '').get(LAUNCH_PASS_FRAGMENT) ?? '';
  expect(secret).not.toBe('');
  return { shell, core, cookie, secret };
}

/** How an upgrade with these headers ended: the HTTP status it was refused with, or 'open'. */
function upgrade(url: string, headers: Record<string, string>): Promise<number | 'open'> {
  return new Promise((resolve) => {
    const ws = new WsClient(url, { headers });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(0));
  });
}

/** A socket signed in with the cookie and our Origin; the messages it got (no beats) and how it closed. */
function rawSocket(s: Signed) {
  const ws = new WsClient(`${s.shell.origin.replace('http', 'ws')}/calls`, {
    headers: { cookie: s.cookie, origin: s.shell.origin },
  });
  const got: unknown[] = [];
  // The shell's beat comes every BEAT_MS whatever the test does: not one of the answers looked at.
  ws.on('message', (data: Buffer) => {
    const message: unknown = JSON.parse(data.toString('utf8'));
    if (!isDeepStrictEqual(message, { beat: true })) got.push(message);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve) => ws.on('open', () => resolve()));
  return { ws, got, closed, opened };
}

/** The page's WebSocket as a browser on the shell's page makes it: with the cookie and the Origin. */
function asBrowser(s: Signed, made: WsClient[] = []): void {
  vi.stubGlobal(
    'WebSocket',
    class extends WsClient {
      constructor(url: string) {
        super(url, { headers: { cookie: s.cookie, origin: s.shell.origin } });
        made.push(this);
      }
    },
  );
}

describe('the call channel admits only this launch’s page', () => {
  it('refuses an upgrade without the cookie, from another origin or none, for another host or path', async () => {
    const s = await signedIn();
    const url = `${s.shell.origin.replace('http', 'ws')}/calls`;
    const ours = { cookie: s.cookie, origin: s.shell.origin };
    expect(await upgrade(url, { origin: s.shell.origin })).toBe(401);
    expect(await upgrade(url, { cookie: `${cookieName(s.shell.port)}=forged`, origin: s.shell.origin })).toBe(
      401,
    );
    expect(await upgrade(url, { ...ours, origin: 'http://evil.example' })).toBe(403);
    expect(await upgrade(url, { cookie: s.cookie })).toBe(403);
    expect(await upgrade(url, { ...ours, host: 'evil.example' })).toBe(403);
    expect(await upgrade(url.replace('/calls', '/events'), ours)).toBe(404);
    expect(await upgrade(url, ours)).toBe('open');
    expect(s.core.asked).toEqual([]);
  });

  it('refuses an upgrade whose target makes no URL (`//`) with 400, and goes on serving', async () => {
    const s = await signedIn();
    // Written by hand: a client library would not send this target. Node's parser takes it.
    const status = await new Promise<string>((resolve, reject) => {
      const socket = connect(s.shell.port, '127.0.0.1', () =>
        socket.write(
          `GET // HTTP/1.1\r\nHost: 127.0.0.1:${s.shell.port}\r\nOrigin: ${s.shell.origin}\r\n` +
            'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
        ),
      );
      let got = '';
      socket.on('data', (chunk: Buffer) => (got += chunk.toString('latin1')));
      socket.on('end', () => resolve(got.split('\r\n')[0] ?? ''));
      socket.on('error', reject);
    });
    expect(status).toBe('HTTP/1.1 400 Bad request target');
    const url = `${s.shell.origin.replace('http', 'ws')}/calls`;
    expect(await upgrade(url, { cookie: s.cookie, origin: s.shell.origin })).toBe('open');
  });

  it('closes a socket whose first message is not this launch’s secret, before any call reaches the core', async () => {
    const s = await signedIn();
    const wrong = rawSocket(s);
    await wrong.opened;
    wrong.ws.send(JSON.stringify({ pass: 'not-the-secret' }));
    wrong.ws.send(JSON.stringify({ id: 1, channel: 'session.current', input: {} }));
    expect(await wrong.closed).toBe(PASS_REFUSED);
    const none = rawSocket(s);
    await none.opened;
    none.ws.send(JSON.stringify({ id: 1, channel: 'session.current', input: {} }));
    expect(await none.closed).toBe(PASS_REFUSED);
    expect([...wrong.got, ...none.got]).toEqual([]);
    expect(s.core.asked).toEqual([]);
  });

  it('answers an unknown channel 404 without the core; closes on a message too large or not of the channel', async () => {
    const s = await signedIn();
    const a = rawSocket(s);
    await a.opened;
    a.ws.send(JSON.stringify({ pass: s.secret }));
    a.ws.send(JSON.stringify({ id: 7, channel: 'process.exit', input: {} }));
    await expect.poll(() => a.got).toEqual([{ ready: true }, { id: 7, refused: 404 }]);
    a.ws.send(JSON.stringify({ id: 8, channel: 'settings.set', input: { text: 'x'.repeat(1024 * 1024) } }));
    expect(await a.closed).toBe(1009);
    const b = rawSocket(s);
    await b.opened;
    b.ws.send(JSON.stringify({ pass: s.secret }));
    b.ws.send('not json');
    expect(await b.closed).toBe(1008);
    expect(s.core.asked).toEqual([]);
  });

  it('answers 500 for an answer it cannot write, and the socket goes on', async () => {
    const s = await signedIn();
    s.core.unwritable.add('status.get');
    const a = rawSocket(s);
    await a.opened;
    a.ws.send(JSON.stringify({ pass: s.secret }));
    a.ws.send(JSON.stringify({ id: 1, channel: 'status.get', input: {} }));
    a.ws.send(JSON.stringify({ id: 2, channel: 'session.current', input: {} }));
    await expect.poll(() => a.got.length).toBe(3);
    expect(a.got.slice(0, 2)).toEqual([{ ready: true }, { id: 1, refused: 500 }]);
    expect(a.got[2]).toMatchObject({ id: 2, envelope: { ok: true, value: { channel: 'session.current' } } });
    a.ws.close();
    await a.closed;
  });
});

describe('the page’s calls over it', () => {
  it('reach the core in the order made, those made before the pass was taken too; each answer by its id', async () => {
    const s = await signedIn();
    asBrowser(s);
    const told: CallTiming[] = [];
    const page = callSocket(s.shell.origin, s.secret, (t) => told.push(t));
    const release = s.core.hold('settings.set');
    // Made before the socket is even open: they wait, in order.
    const set = page.call('settings.set', { receiptPaper: '58mm' });
    const scan = page.call('session.scan', { code: '1' });
    // A slow call holds no later call's answer.
    await expect(scan).resolves.toEqual({ ok: true, value: { channel: 'session.scan' } });
    expect(s.core.asked).toEqual(['settings.set {"receiptPaper":"58mm"}', 'session.scan {"code":"1"}']);
    release();
    await expect(set).resolves.toEqual({ ok: true, value: { channel: 'settings.set' } });
    expect(told.map((t) => t.channel)).toEqual(['session.scan', 'settings.set']);
    for (const t of told) {
      expect(t.start).toBeLessThanOrEqual(t.sent);
      expect(t.sent).toBeLessThanOrEqual(t.end);
      expect(t.end).toBeLessThanOrEqual(t.parsed);
      expect(t.coreMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('leaves in the task that makes it once the channel is open (a scan waits for nothing)', async () => {
    const s = await signedIn();
    const made: WsClient[] = [];
    asBrowser(s, made);
    const page = callSocket(s.shell.origin, s.secret, () => undefined);
    await page.call('status.get', {});
    const sent: string[] = [];
    const socket = made[0];
    if (socket === undefined) throw new Error('no socket made');
    const send = socket.send.bind(socket);
    vi.spyOn(socket, 'send').mockImplementation((data: unknown) => {
      sent.push(String(data));
      send(String(data));
    });
    const answer = page.call('session.scan', { code: '2' });
    expect(sent).toEqual(['{"id":2,"channel":"session.scan","input":{"code":"2"}}']);
    await expect(answer).resolves.toEqual({ ok: true, value: { channel: 'session.scan' } });
  });

  it('a broken connection leaves its calls without an answer (never resent); the next call opens another', async () => {
    const s = await signedIn();
    const made: WsClient[] = [];
    asBrowser(s, made);
    const page = callSocket(s.shell.origin, s.secret, () => undefined);
    const release = s.core.hold('session.scan');
    const out = page.call('session.scan', { code: '3' });
    await expect.poll(() => s.core.asked.length).toBe(1);
    made[0]?.terminate();
    await expect(out).rejects.toThrow(/closed the call channel/);
    release();
    await expect(page.call('session.current', {})).resolves.toEqual({
      ok: true,
      value: { channel: 'session.current' },
    });
    expect(made).toHaveLength(2);
    // The scan reached the core once: nothing sent it again.
    expect(s.core.asked).toEqual(['session.scan {"code":"3"}', 'session.current {}']);
  });

  it('a pass the shell does not take: every call is refused as without it (401), none reaches the core', async () => {
    const s = await signedIn();
    asBrowser(s);
    const page = callSocket(s.shell.origin, 'a-stale-secret', () => undefined);
    const refused = (await page.call('session.current', {})) as Envelope;
    expect(refused).toMatchObject({
      ok: false,
      error: { message: "The app's core refused the call (401)." },
    });
    expect(s.core.asked).toEqual([]);
  });
});
