// Helpers for the sim's own tests: real HTTP with fetch against a running sim.
import { z } from 'zod';
import { errorResultSchema, type ErrorResult } from './errors.ts';

export const DEMO = { clientId: 'counter-demo', clientSecret: 'counter-demo-secret' } as const;
export const VIEWER = { clientId: 'counter-viewer', clientSecret: 'counter-viewer-secret' } as const;
export const NONE = { clientId: 'counter-none', clientSecret: 'counter-none-secret' } as const;

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly json: unknown;
}

export async function call(
  url: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token !== undefined) headers['authorization'] = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  }
  const res = await fetch(url, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const text = await res.text();
  let json: unknown = undefined;
  if (text !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: res.status, headers: res.headers, text, json };
}

export async function requestToken(
  base: string,
  client: { clientId: string; clientSecret: string } = DEMO,
  extra: Record<string, string> = {},
): Promise<Reply> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: client.clientId,
    client_secret: client.clientSecret,
    ...extra,
  });
  return call(`${base}/connect/token`, {
    method: 'POST',
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

export async function token(
  base: string,
  client: { clientId: string; clientSecret: string } = DEMO,
): Promise<string> {
  const reply = await requestToken(base, client);
  return z.object({ access_token: z.string() }).parse(reply.json).access_token;
}

/** Parses an ErrorResult strictly (the body must be exactly that shape) and checks the status echo. */
export function errorOf(reply: Reply): ErrorResult {
  const parsed = errorResultSchema.strict().parse(reply.json);
  if (parsed.statusCode !== reply.status)
    throw new Error(`statusCode ${parsed.statusCode} != ${reply.status}`);
  return parsed;
}
