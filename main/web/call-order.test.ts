// A page's calls reach the core in the order the page made them, however their requests reach the web
// shell (main/web/call-order.ts). The real shell on a real port, before a core that records what it
// is asked; the requests are written byte by byte on raw sockets, so the test decides which of two
// calls is complete first, as a busy browser and machine may.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CALL_NUMBER_HEADER,
  CALL_PAGE_HEADER,
  CALL_REFUSED_HEADER,
  LAUNCH_PASS_FRAGMENT,
  LAUNCH_PASS_HEADER,
} from '../../contract/channels.ts';
import type { Envelope } from '../../contract/contract.ts';
import { CallOrder, MAX_GAPS, MAX_PAGES } from './call-order.ts';
import { cookieName, startWebShell, type WebShell } from './server.ts';

const TOKEN = 'call-order-test-token';
const PAGE_A = 'a'.repeat(32);
const PAGE_B = 'b'.repeat(32);

/** The core as the shell sees it: records each call as it is asked; `hold` keeps a channel's answer back. */
class RecordingCore {
  readonly asked: string[] = [];
  readonly #held = new Map<string, Promise<void>>();
  hold(channel: string): () => void {
    let release: () => void = () => undefined;
    this.#held.set(channel, new Promise<void>((resolve) => (release = resolve)));
    return release;
  }
  readonly invoke = async (channel: unknown, input: unknown): Promise<Envelope> => {
    this.asked.push(`${String(channel)} ${JSON.stringify(input)}`);
    await this.#held.get(String(channel));
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
  for (const { shell, dir } of open.splice(0)) {
    await shell.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A shell before a recording core, and the launch pass a page of it holds. */
async function signedIn(callPatienceMs = 3_600_000): Promise<Signed> {
  const dir = mkdtempSync(join(tmpdir(), 'call-order-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html>');
  const core = new RecordingCore();
  const shell = await startWebShell({ core, staticDir: dir, token: TOKEN, callPatienceMs });
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

/** One call's request as the page's bridge sends it; `place` null: a call without numbers. */
function callRequest(
  s: Signed,
  channel: string,
  body: string,
  place: { page: string; number: string | number } | null,
): { head: string; body: string } {
  const headers = [
    `POST /rpc/${channel} HTTP/1.1`,
    `Host: 127.0.0.1:${s.shell.port}`,
    `Origin: ${s.shell.origin}`,
    `Cookie: ${s.cookie}`,
    `${LAUNCH_PASS_HEADER}: ${s.secret}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...(place === null
      ? []
      : [`${CALL_PAGE_HEADER}: ${place.page}`, `${CALL_NUMBER_HEADER}: ${place.number}`]),
  ];
  return { head: `${headers.join('\r\n')}\r\n\r\n`, body };
}

/** A raw connection to the shell that keeps every answer's status line, in the order they come. */
async function connection(
  s: Signed,
): Promise<{ socket: Socket; statuses: () => number[]; reasons: () => (string | null)[] }> {
  const socket = connect(s.shell.port, '127.0.0.1');
  let text = '';
  socket.setEncoding('utf8').on('data', (d: string) => (text += d));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    statuses: () => [...text.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1])),
    // Each answer's CALL_REFUSED_HEADER, null where it has none.
    reasons: () =>
      text
        .split(/^(?=HTTP\/1\.1 )/m)
        .filter((answer) => answer.startsWith('HTTP/1.1 '))
        .map((answer) => {
          const head = answer.split('\r\n\r\n')[0] ?? '';
          return new RegExp(`^${CALL_REFUSED_HEADER}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? null;
        }),
  };
}

const write = (socket: Socket, text: string) =>
  new Promise<void>((resolve, reject) => socket.write(text, (error) => (error ? reject(error) : resolve())));

describe("a page's calls reach the core in the order the page made them", () => {
  it('the second call, complete first, waits for the first; another page is not held', async () => {
    const s = await signedIn();
    const first = callRequest(s, 'settings.set', '{"stockRule":"block"}', { page: PAGE_A, number: 1 });
    const second = callRequest(s, 'session.scan', '{"code":"8591008000021"}', { page: PAGE_A, number: 2 });
    const other = callRequest(s, 'status.get', '{}', { page: PAGE_B, number: 1 });
    const a = await connection(s);
    const b = await connection(s);
    // The first call's headers and half its body: the rest is held back.
    await write(a.socket, first.head + first.body.slice(0, 5));
    // The second call whole, then another page's call behind it on the same connection: once that
    // one is in the core, the shell has read every byte of the second call.
    await write(b.socket, second.head + second.body + other.head + other.body);
    await expect.poll(() => s.core.asked).toContain('status.get {}');
    await write(a.socket, first.body.slice(5));
    await expect.poll(() => s.core.asked.length).toBe(3);
    expect(s.core.asked.filter((c) => !c.startsWith('status.get'))).toEqual([
      'settings.set {"stockRule":"block"}',
      'session.scan {"code":"8591008000021"}',
    ]);
    await expect.poll(a.statuses).toEqual([200]);
    await expect.poll(b.statuses).toEqual([200, 200]);
  });

  it('only the start is ordered: a slow call holds no later call’s answer', async () => {
    const s = await signedIn();
    const release = s.core.hold('sync.now');
    const a = await connection(s);
    const b = await connection(s);
    const slow = callRequest(s, 'sync.now', '{}', { page: PAGE_A, number: 1 });
    const quick = callRequest(s, 'status.get', '{}', { page: PAGE_A, number: 2 });
    await write(a.socket, slow.head + slow.body);
    await expect.poll(() => s.core.asked).toEqual(['sync.now {}']);
    await write(b.socket, quick.head + quick.body);
    await expect.poll(b.statuses).toEqual([200]);
    expect(a.statuses()).toEqual([]);
    release();
    await expect.poll(a.statuses).toEqual([200]);
  });

  it('a call the shell refuses still takes its turn; calls without numbers go at once', async () => {
    const s = await signedIn();
    const a = await connection(s);
    const bad = callRequest(s, 'settings.set', '{not json', { page: PAGE_A, number: 1 });
    const next = callRequest(s, 'session.current', '{}', { page: PAGE_A, number: 2 });
    const plain = callRequest(s, 'status.get', '{}', null);
    // The next call first: it waits for the refused one, which then passes its turn on.
    await write(a.socket, next.head + next.body);
    const b = await connection(s);
    await write(b.socket, plain.head + plain.body);
    await expect.poll(() => s.core.asked).toEqual(['status.get {}']);
    await write(b.socket, bad.head + bad.body);
    await expect.poll(b.statuses).toEqual([200, 400]);
    await expect.poll(a.statuses).toEqual([200]);
    expect(s.core.asked).toEqual(['status.get {}', 'session.current {}']);
  });

  it('refuses malformed call numbers before anything reaches the core', async () => {
    const s = await signedIn();
    const c = await connection(s);
    const malformed = [
      { page: PAGE_A, number: 0 },
      { page: PAGE_A, number: 'x1' },
      { page: PAGE_A, number: '1.5' },
      { page: 'not-a-page-id', number: 1 },
      { page: PAGE_A.toUpperCase(), number: 1 },
    ];
    for (const place of malformed) {
      const r = callRequest(s, 'status.get', '{}', place);
      await write(c.socket, r.head + r.body);
    }
    // Only one of the two: neither a numbered call nor one without numbers.
    const half = callRequest(s, 'status.get', '{}', null);
    await write(c.socket, half.head.replace('\r\n\r\n', `\r\n${CALL_NUMBER_HEADER}: 1\r\n\r\n`) + half.body);
    await expect.poll(c.statuses).toEqual([400, 400, 400, 400, 400, 400]);
    expect(s.core.asked).toEqual([]);
  });

  it('a call that never comes is waited for its patience, then given up; should it come, it is refused as late, a repeat as a repeat', async () => {
    // A patience of a moment: what is checked is what happens after it, whenever that is.
    const s = await signedIn(50);
    const a = await connection(s);
    const later = callRequest(s, 'session.scan', '{"code":"1"}', { page: PAGE_A, number: 2 });
    await write(a.socket, later.head + later.body);
    await expect.poll(a.statuses).toEqual([200]);
    const lost = callRequest(s, 'settings.set', '{"stockRule":"block"}', { page: PAGE_A, number: 1 });
    await write(a.socket, lost.head + lost.body);
    await expect.poll(a.statuses).toEqual([200, 409]);
    const repeat = callRequest(s, 'session.scan', '{"code":"1"}', { page: PAGE_A, number: 2 });
    await write(a.socket, repeat.head + repeat.body);
    await expect.poll(a.statuses).toEqual([200, 409, 409]);
    expect(s.core.asked).toEqual(['session.scan {"code":"1"}']);
    // The page tells the person which: call 1 was not done, call 2's first copy was.
    expect(a.reasons()).toEqual([null, 'late', 'repeat']);
    // The late call sent again is still late (neither copy ran); the gap reaches only as far as it went.
    await write(a.socket, lost.head + lost.body);
    await expect.poll(a.reasons).toEqual([null, 'late', 'repeat', 'late']);
    expect(s.core.asked).toEqual(['session.scan {"code":"1"}']);
  });

  it('a call that changes nothing runs even late or repeated: it reads the state as it is then', async () => {
    const s = await signedIn(50);
    const a = await connection(s);
    const later = callRequest(s, 'session.scan', '{"code":"1"}', { page: PAGE_A, number: 2 });
    await write(a.socket, later.head + later.body);
    await expect.poll(a.statuses).toEqual([200]);
    // The page's first call, a read, comes after the page went on without it: it runs after the scan.
    const lostRead = callRequest(s, 'settings.get', '{}', { page: PAGE_A, number: 1 });
    await write(a.socket, lostRead.head + lostRead.body);
    await expect.poll(a.statuses).toEqual([200, 200]);
    await write(a.socket, lostRead.head + lostRead.body);
    await expect.poll(a.statuses).toEqual([200, 200, 200]);
    expect(a.reasons()).toEqual([null, null, null]);
    expect(s.core.asked).toEqual(['session.scan {"code":"1"}', 'settings.get {}', 'settings.get {}']);
  });

  it('a repeat of a read still waiting for its turn is refused: run then, it would read before the calls it follows', async () => {
    const s = await signedIn();
    const a = await connection(s);
    const b = await connection(s);
    const read = callRequest(s, 'settings.get', '{}', { page: PAGE_A, number: 2 });
    await write(a.socket, read.head + read.body);
    await write(b.socket, read.head + read.body);
    await expect.poll(b.statuses).toEqual([409]);
    expect(b.reasons()).toEqual(['repeat']);
    expect(s.core.asked).toEqual([]);
    const set = callRequest(s, 'settings.set', '{"stockRule":"block"}', { page: PAGE_A, number: 1 });
    await write(b.socket, set.head + set.body);
    await expect.poll(a.statuses).toEqual([200]);
    expect(s.core.asked).toEqual(['settings.set {"stockRule":"block"}', 'settings.get {}']);
  });

  it('a repeat of a call still waiting for its turn is refused as a repeat; the first copy goes in its turn', async () => {
    const s = await signedIn();
    const a = await connection(s);
    const b = await connection(s);
    const second = callRequest(s, 'session.scan', '{"code":"2"}', { page: PAGE_A, number: 2 });
    await write(a.socket, second.head + second.body);
    await write(b.socket, second.head + second.body);
    await expect.poll(b.statuses).toEqual([409]);
    expect(b.reasons()).toEqual(['repeat']);
    const first = callRequest(s, 'session.scan', '{"code":"1"}', { page: PAGE_A, number: 1 });
    await write(b.socket, first.head + first.body);
    await expect.poll(a.statuses).toEqual([200]);
    expect(s.core.asked).toEqual(['session.scan {"code":"1"}', 'session.scan {"code":"2"}']);
  });
});

describe('the order kept per page', () => {
  it('keeps at most MAX_PAGES pages; a page forgotten with calls waiting lets them go in order', () => {
    const order = new CallOrder({ patienceMs: 3_600_000 });
    const started: number[] = [];
    // The first page waits for its call 1.
    expect(order.enter({ page: 'first', number: 3 }, () => started.push(3))).toBeNull();
    expect(order.enter({ page: 'first', number: 2 }, () => started.push(2))).toBeNull();
    expect(started).toEqual([]);
    for (let i = 0; i < 10 * MAX_PAGES; i++) order.enter({ page: `p${i}`, number: 1 }, () => undefined);
    expect(order.pages).toBe(MAX_PAGES);
    expect(started).toEqual([2, 3]);
    order.clear();
    expect(order.pages).toBe(0);
  });

  it('tells a late call from a repeat by the gaps it keeps; past MAX_GAPS it says it does not know', async () => {
    const order = new CallOrder({ patienceMs: 1 });
    const page = 'gaps';
    // Each round the page's odd call never comes: the even one after it goes on without it.
    for (let n = 2; n <= 2 * (MAX_GAPS + 1); n += 2) {
      await new Promise<void>((resolve) => expect(order.enter({ page, number: n }, resolve)).toBeNull());
    }
    // The first gap is forgotten: call 1 cannot be told from a repeat; call 3 still can.
    expect(order.enter({ page, number: 1 }, () => undefined)).toBe('unknown');
    expect(order.enter({ page, number: 2 }, () => undefined)).toBe('repeat');
    expect(order.enter({ page, number: 3 }, () => undefined)).toBe('late');
    expect(order.enter({ page, number: 4 }, () => undefined)).toBe('repeat');
    expect(order.enter({ page, number: 2 * (MAX_GAPS + 1) }, () => undefined)).toBe('repeat');
    order.clear();
  });
});
