// The web shell's transport tells the page when its event stream is connected (opened), each time:
// events sent while it was not are lost, so the page reads the core's state again then. The shell's
// /events is played by a fetch stub whose answers and stream the test hands over one by one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_NUMBER_HEADER, CALL_PAGE_HEADER, CALL_REFUSED_HEADER } from '../../contract/channels.ts';
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

describe('a call to the core', () => {
  it('leaves in the task that makes it once the pass is known (a scan waits for nothing before its call)', async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', (url: string): Promise<Response> => {
      sent.push(url);
      return Promise.resolve(Response.json({ ok: true, value: {} }));
    });
    const bridge = createWebBridge(Promise.resolve('pass-secret'));
    await settle();
    const answer = bridge.invoke('session.current', {});
    // No await between: the request was made before this task gave the thread up.
    expect(sent).toEqual(['/rpc/session.current']);
    await expect(answer).resolves.toEqual({ ok: true, value: {} });
  });

  it('waits for the pass while it is not known yet, then goes', async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', (url: string): Promise<Response> => {
      sent.push(url);
      return Promise.resolve(Response.json({ ok: true, value: {} }));
    });
    let give: (secret: string) => void = () => undefined;
    const bridge = createWebBridge(new Promise<string>((resolve) => (give = resolve)));
    const answer = bridge.invoke('session.current', {});
    await settle();
    expect(sent).toEqual([]);
    give('pass-secret');
    await expect(answer).resolves.toEqual({ ok: true, value: {} });
    expect(sent).toEqual(['/rpc/session.current']);
  });

  it('numbers its calls 1 up in the order made, under one page id; a new page numbers from 1 again', async () => {
    const sent: { page: string; number: string }[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit): Promise<Response> => {
      const headers = new Headers(init.headers);
      sent.push({ page: headers.get(CALL_PAGE_HEADER) ?? '', number: headers.get(CALL_NUMBER_HEADER) ?? '' });
      return Promise.resolve(Response.json({ ok: true, value: {} }));
    });
    let give: (secret: string) => void = () => undefined;
    const bridge = createWebBridge(new Promise<string>((resolve) => (give = resolve)));
    // Two made before the pass is known, one after: they leave in the order made.
    const early = [bridge.invoke('settings.set', {}), bridge.invoke('session.scan', { code: '1' })];
    give('pass-secret');
    await Promise.all(early);
    await bridge.invoke('session.current', {});
    const reloaded = createWebBridge(Promise.resolve('pass-secret'));
    await settle();
    await reloaded.invoke('session.current', {});

    const page = sent[0]?.page ?? '';
    expect(page).toMatch(/^[0-9a-f]{32}$/);
    expect(sent.slice(0, 3)).toEqual([1, 2, 3].map((n) => ({ page, number: String(n) })));
    expect(sent[3]?.number).toBe('1');
    expect(sent[3]?.page).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[3]?.page).not.toBe(page);
  });

  it('says a call refused as late (409) was not done, a repeat that it is done once, any other refusal by its status', async () => {
    let status = 409;
    let reason: string | null = 'late';
    vi.stubGlobal('fetch', (): Promise<Response> =>
      Promise.resolve(
        new Response(null, { status, headers: reason === null ? {} : { [CALL_REFUSED_HEADER]: reason } }),
      ),
    );
    const bridge = createWebBridge(Promise.resolve('pass-secret'));
    await settle();
    const late = (await bridge.invoke('session.scan', { code: '1' })) as { error: { message: string } };
    expect(late.error.message).toMatch(/^Not done: .*Do it again\.$/);
    reason = 'repeat';
    const repeat = (await bridge.invoke('session.scan', { code: '1' })) as { error: { message: string } };
    expect(repeat.error.message).toBe(
      "This step reached the app's core a second time: it is done only once. Do not do it again.",
    );
    // A 409 whose reason the page does not know claims neither.
    reason = null;
    const unknown = (await bridge.invoke('session.scan', { code: '1' })) as { error: { message: string } };
    expect(unknown.error.message).toBe("The app's core refused the call (409).");
    status = 500;
    const other = (await bridge.invoke('session.scan', { code: '1' })) as { error: { message: string } };
    expect(other.error.message).toBe("The app's core refused the call (500).");
  });
});
