// The hostile proxy does what its rules say, and nothing when none matches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../../sim/server.ts';
import { DEMO } from '../../sim/testing.ts';
import { startHostileProxy, type HostileProxy } from './hostile-proxy.ts';

let sim: RunningSim;
let proxy: HostileProxy;
beforeAll(async () => {
  sim = await startSim({ size: 'small' });
  proxy = await startHostileProxy(sim.url);
});
afterAll(async () => {
  await proxy.close();
  await sim.close();
});

async function token(): Promise<string> {
  const answer = await fetch(`${proxy.url}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: DEMO.clientId,
      client_secret: DEMO.clientSecret,
    }).toString(),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

function stockPage(bearer: string, pageNumber = 1): Promise<Response> {
  return fetch(`${proxy.url}/api/stock-items/filter-paginated`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pageNumber, pageSize: 3, limitFields: ['id', 'price'], orderBy: ['id'] }),
  });
}

describe('hostile proxy', () => {
  it('passes requests through untouched when no rule matches', async () => {
    const page = (await (await stockPage(await token())).json()) as { data: unknown[]; totalCount: number };
    expect(page.data).toHaveLength(3);
    expect(page.totalCount).toBeGreaterThan(3);
    expect(proxy.requests.at(-1)).toEqual({ method: 'POST', path: '/api/stock-items/filter-paginated' });
  });

  it('answers a status itself, with Retry-After, for as many requests as asked', async () => {
    const rule = proxy.rule({ path: '^/api/health$', status: 429, retryAfter: '7', times: 1 });
    const first = await fetch(`${proxy.url}/api/health`);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('7');
    expect((await fetch(`${proxy.url}/api/health`)).status).toBe(200);
    expect(rule.hits).toBe(1);
  });

  it('rewrites a JSON answer, seeing the request body', async () => {
    const bearer = await token();
    const rule = proxy.rule({
      path: '^/api/stock-items/filter-paginated$',
      rewrite: (body, request) => ({
        ...(body as object),
        hasNextPage: true,
        askedFor: (request.body as { pageNumber: number }).pageNumber,
      }),
    });
    const page = (await (await stockPage(bearer, 999)).json()) as Record<string, unknown>;
    expect(page).toMatchObject({ hasNextPage: true, askedFor: 999, data: [] });
    rule.remove();
    expect((await (await stockPage(bearer, 999)).json()) as object).toMatchObject({ hasNextPage: false });
  });

  it('resets the connection before the instance sees the request, or after it answered', async () => {
    proxy.rule({ path: '^/api/health$', reset: 'before', times: 1 });
    const before = proxy.requests.length;
    await expect(fetch(`${proxy.url}/api/health`)).rejects.toThrow();
    proxy.rule({ path: '^/api/health$', reset: 'after', times: 1 });
    await expect(fetch(`${proxy.url}/api/health`)).rejects.toThrow();
    expect(proxy.requests.length - before).toBe(2);
    expect((await fetch(`${proxy.url}/api/health`)).status).toBe(200);
  });

  it('drips a body one byte at a time, whole in the end', async () => {
    const rule = proxy.rule({ path: '^/api/health$', drip: { everyMs: 1 }, times: 1 });
    const answer = await fetch(`${proxy.url}/api/health`);
    const text = await answer.text();
    expect(JSON.parse(text)).toHaveProperty('status');
    expect(rule.bytesSent).toBe(Buffer.byteLength(text));
  });

  it('drips an endless body: whitespace for as long as the client listens', async () => {
    const rule = proxy.rule({ path: '^/api/health$', drip: { everyMs: 1, endless: true }, times: 1 });
    const stop = new AbortController();
    const answer = await fetch(`${proxy.url}/api/health`, { signal: stop.signal });
    expect(answer.status).toBe(200);
    let received = 0;
    for await (const chunk of answer.body ?? []) {
      received += (chunk as Uint8Array).length;
      if (received >= 50) break;
    }
    stop.abort();
    await expect.poll(() => rule.bytesSent).toBeGreaterThanOrEqual(50);
  });
});
