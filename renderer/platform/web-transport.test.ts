// The web shell's transport tells the page when its event stream is connected (opened), each time:
// events sent while it was not are lost, so the page reads the core's state again then. The shell's
// /events is played by a fetch stub whose answers and stream the test hands over one by one. (Its
// calls, over the real shell's call channel: test/integration/web/call-channel.test.ts.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
