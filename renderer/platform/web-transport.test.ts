// The web shell's transport tells the page when its event stream is connected (opened), each time:
// events sent while it was not are lost, so the page reads the core's state again then. The shell's
// /events is played by a fetch stub whose answers and stream the test hands over one by one. Its
// calls here only for what the bridge itself does with its pass (waiting for it, then leaving at
// once), over a socket the test plays; over the real shell's call channel:
// test/integration/web/call-channel.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEAT_MS, PageMessage, SHELL_SILENT, SILENT_MS } from '../../contract/call-socket.ts';
import { Envelope } from '../../contract/contract.ts';
import { createWebBridge } from './web-transport.ts';

interface EventsRequest {
  /** Answers the request: the stream opens (the shell has subscribed before it writes a byte). */
  connect(): void;
  refuse(status: number): void;
  write(text: string): void;
  /** The connection breaks. */
  end(): void;
}

let requests: EventsRequest[];

beforeEach(() => {
  requests = [];
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  vi.stubGlobal('fetch', (url: string): Promise<Response> => {
    if (url !== '/events') return Promise.reject(new Error(`unexpected ${url}`));
    return new Promise((resolve) => {
      let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (stream = c) });
      const bytes = new TextEncoder();
      requests.push({
        connect: () => resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } })),
        refuse: (status) => resolve(new Response(null, { status })),
        write: (text) => stream?.enqueue(bytes.encode(text)),
        end: () => stream?.close(),
      });
    });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the transport's awaits run (no timer: those are the test's to advance). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

describe('the web transport says when its event stream is open', () => {
  it('once connected, and again after every reconnect; events flow in between', async () => {
    const bridge = createWebBridge(Promise.resolve('pass-secret'));
    const heard: unknown[] = [];
    let opened = 0;
    bridge.on('status.changed', (payload) => heard.push(payload));
    bridge.opened(() => opened++);
    await settle();
    expect(requests).toHaveLength(1);
    expect(opened).toBe(0); // asked, not yet answered

    requests[0]?.connect();
    await settle();
    expect(opened).toBe(1);
    requests[0]?.write('event: status.changed\ndata: {"n":1}\n\n');
    await settle();
    expect(heard).toEqual([{ n: 1 }]);

    requests[0]?.end();
    await settle();
    await vi.advanceTimersByTimeAsync(3000); // the pause before connecting again
    expect(requests).toHaveLength(2);
    expect(opened).toBe(1);
    requests[1]?.connect();
    await settle();
    expect(opened).toBe(2);
  });

  it('tells a listener added while the stream is open at once; a refused stream never opens', async () => {
    const bridge = createWebBridge(Promise.resolve('pass-secret'));
    bridge.on('sync.progress', () => undefined);
    await settle();
    requests[0]?.connect();
    await settle();
    let late = 0;
    bridge.opened(() => late++);
    await settle();
    expect(late).toBe(1);

    const refused = createWebBridge(Promise.resolve('stale-secret'));
    let opened = 0;
    refused.opened(() => opened++);
    await settle();
    requests[1]?.refuse(401);
    await settle();
    await vi.advanceTimersByTimeAsync(3000);
    expect(opened).toBe(0);
    expect(requests).toHaveLength(2); // refused: the pass is gone, nothing is tried again
  });
});

/** The page's WebSocket as the bridge uses it: what it sent, and the shell's side played by the test. */
class FakeSocket {
  static readonly OPEN = 1;
  static made: FakeSocket[] = [];
  readonly sent: string[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.made.push(this);
    queueMicrotask(() => {
      if (this.readyState !== 0) return;
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    });
  }
  send(text: string): void {
    this.sent.push(text);
  }
  closedWith: number | undefined;
  close(code = 1000): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.closedWith = code;
    this.onclose?.({ code });
  }
  /** A message from the shell. */
  tell(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The calls sent, as [id, channel]. */
  calls(): [number, string][] {
    return this.sent
      .map((text) => PageMessage.parse(JSON.parse(text)))
      .flatMap((m): [number, string][] => ('id' in m ? [[m.id, m.channel]] : []));
  }
}

/** Every socket made is closed after its test: its silence watch stops with it. */
function closeAll(): void {
  for (const ws of FakeSocket.made) ws.close();
}

describe('the web transport’s calls, before and after its pass is known', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(closeAll);
  const where = { origin: 'http://127.0.0.1:4100', tell: () => undefined };

  it('calls made before the pass is known leave in order once it is; a later one in the task that makes it', async () => {
    let give: (secret: string | null) => void = () => undefined;
    const bridge = createWebBridge(new Promise((resolve) => (give = resolve)), where);
    const first = bridge.invoke('settings.get', {});
    const second = bridge.invoke('session.current', {});
    await settle();
    expect(FakeSocket.made).toEqual([]);
    give('s3cret');
    await settle();
    const ws = FakeSocket.made[0];
    if (ws === undefined) throw new Error('no socket made');
    expect(ws.url).toBe('ws://127.0.0.1:4100/calls');
    expect(ws.sent).toEqual([JSON.stringify({ pass: 's3cret' })]);
    ws.tell({ ready: true });
    expect(ws.calls().map(([, channel]) => channel)).toEqual(['settings.get', 'session.current']);
    // Pass known, channel ready: sent before invoke returns, no await in between.
    const third = bridge.invoke('status.get', {});
    expect(ws.calls().at(-1)?.[1]).toBe('status.get');
    // Answered out of order, each by its id.
    for (const [id] of [...ws.calls()].reverse())
      ws.tell({ id, envelope: { ok: true, value: id }, coreMs: 0 });
    await expect(Promise.all([first, second, third])).resolves.toEqual([
      { ok: true, value: 1 },
      { ok: true, value: 2 },
      { ok: true, value: 3 },
    ]);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('without a pass every call is refused as a request without it would be (401), and no socket is made', async () => {
    const bridge = createWebBridge(Promise.resolve(null), where);
    const answer = Envelope.parse(await bridge.invoke('session.current', {}));
    expect(answer.ok).toBe(false);
    expect(answer.ok ? undefined : answer.error.said).toEqual([
      { key: 'coreRefusedCall', values: { status: 401 } },
    ]);
    expect(FakeSocket.made).toEqual([]);
  });

  it('a socket that closes: a call it sent has no answer, one still waiting for the pass was never sent', async () => {
    const bridge = createWebBridge(Promise.resolve('s3cret'), where);
    const sent = bridge.invoke('session.current', {});
    await settle();
    const first = FakeSocket.made[0];
    if (first === undefined) throw new Error('no socket made');
    first.tell({ ready: true });
    first.close();
    await expect(sent).rejects.toThrow('closed the call channel');
    // The next call opens a new socket; it closes before the shell took the pass.
    const waiting = bridge.invoke('session.scan', { code: '8591010000038', via: 'scanner' });
    await settle();
    const second = FakeSocket.made[1];
    if (second === undefined) throw new Error('no second socket made');
    second.close();
    const answer = Envelope.parse(await waiting);
    expect(answer.ok ? undefined : answer.error.said).toEqual([{ key: 'coreNotReached' }]);
    expect(second.calls()).toEqual([]);
  });
});

describe('a shell that falls silent', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(closeAll);
  const where = { origin: 'http://127.0.0.1:4100', tell: () => undefined };

  /** A bridge with its socket ready, and the socket. */
  async function ready() {
    const bridge = createWebBridge(Promise.resolve('s3cret'), where);
    const first = bridge.invoke('status.get', {});
    await settle();
    const ws = FakeSocket.made[0];
    if (ws === undefined) throw new Error('no socket made');
    ws.tell({ ready: true });
    const [id] = ws.calls()[0] ?? [0];
    ws.tell({ id, envelope: { ok: true, value: 'up' }, coreMs: 0 });
    await expect(first).resolves.toEqual({ ok: true, value: 'up' });
    return { bridge, ws };
  }

  it('a call the core is still at work on waits as long as the shell beats', async () => {
    const { bridge, ws } = await ready();
    const long = bridge.invoke('session.close', {});
    for (let t = 0; t < 3 * SILENT_MS; t += BEAT_MS) {
      await vi.advanceTimersByTimeAsync(BEAT_MS);
      ws.tell({ beat: true });
    }
    const [id] = ws.calls().at(-1) ?? [0];
    ws.tell({ id, envelope: { ok: true, value: 'closed' }, coreMs: 60_000 });
    await expect(long).resolves.toEqual({ ok: true, value: 'closed' });
    expect(ws.closedWith).toBeUndefined();
  });

  it('heard nothing for SILENT_MS: its calls get no answer, the socket is given up, the next call opens another', async () => {
    const { bridge, ws } = await ready();
    const out = bridge.invoke('session.scan', { code: '8591010000038', via: 'scanner' });
    const outcome = out.then(
      () => 'answered',
      (error: unknown) => (error instanceof Error ? error.message : 'rejected'),
    );
    await vi.advanceTimersByTimeAsync(SILENT_MS - BEAT_MS);
    expect(ws.closedWith).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2 * BEAT_MS);
    await expect(outcome).resolves.toBe('the web shell fell silent');
    expect(ws.closedWith).toBe(SHELL_SILENT);
    const next = bridge.invoke('session.current', {});
    await settle();
    expect(FakeSocket.made).toHaveLength(2);
    // The new socket's shell is stopped too: the call never left, so nothing was done.
    await vi.advanceTimersByTimeAsync(SILENT_MS + BEAT_MS);
    const answer = Envelope.parse(await next);
    expect(answer.ok ? undefined : answer.error.said).toEqual([{ key: 'coreNotReached' }]);
  });

  it('a page stalled for longer than SILENT_MS (a frozen tab) gives the beats queued meanwhile their turn', async () => {
    const { bridge, ws } = await ready();
    const out = bridge.invoke('session.close', {});
    let settled = false;
    void out.then(
      () => (settled = true),
      () => (settled = true),
    );
    // The page's clock moves on a minute while none of its tasks runs; then its check runs first.
    vi.setSystemTime(Date.now() + 60_000);
    vi.spyOn(performance, 'now').mockReturnValue(performance.now() + 60_000);
    await vi.advanceTimersToNextTimerAsync();
    ws.tell({ beat: true });
    await settle();
    expect(settled).toBe(false);
    expect(ws.closedWith).toBeUndefined();
    vi.restoreAllMocks();
  });

  it('a message the page cannot read: its calls are settled now, and the next call opens another socket', async () => {
    const { bridge, ws } = await ready();
    const out = bridge.invoke('session.current', {});
    ws.onmessage?.({ data: 'not json' });
    await expect(out).rejects.toThrow('the web shell sent what the page cannot read');
    expect(ws.closedWith).toBe(4000);
    void bridge.invoke('status.get', {});
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('a socket the shell is closing (its close not told yet) takes no more calls', async () => {
    const { bridge, ws } = await ready();
    ws.readyState = 2;
    void bridge.invoke('status.get', {});
    expect(FakeSocket.made).toHaveLength(2);
    expect(ws.calls().map(([, channel]) => channel)).toEqual(['status.get']);
  });

  it('with no call out, a quiet shell is left alone', async () => {
    const { ws } = await ready();
    await vi.advanceTimersByTimeAsync(3 * SILENT_MS);
    expect(ws.closedWith).toBeUndefined();
  });
});
