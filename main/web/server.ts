// The web shell: the same core behind the same contract, for a browser on this machine.
//
// Guards (loopback is not a security boundary on its own: any local process, and any web page the
// user visits, can reach 127.0.0.1):
// - a per-launch random token. The printed URL carries it (/launch?token=...) and works once: the
//   server swaps it for a launch pass of two halves and redirects to the app. Every other request
//   without the first half is refused; calls and the event stream need both.
//   1. a cookie (HttpOnly, SameSite=Strict, named for this port), for the page and its assets.
//      Browsers scope cookies by host, not port: the browser also sends it to every other server on
//      127.0.0.1, so it grants nothing more than the app's static files.
//   2. a secret, handed over once in the redirect's URL fragment (never sent to a server, so
//      no other local server sees it), which the page takes out of the address at once and keeps in
//      its own origin's storage for reloads. The page sends it as the first message of its call channel
//      (a browser adds no header to a WebSocket) and in a request header (LAUNCH_PASS_HEADER) on the
//      event stream and on POST /rpc: another origin can neither read it nor make the browser add
//      that header (a custom header needs a CORS preflight, which the Origin check refuses).
// - Host must be 127.0.0.1:PORT or localhost:PORT (DNS rebinding), and an Origin, when sent, must be
//   ours; RPC calls must send it and must be JSON (no cross-site form posts).
// - a strict CSP, with the CSP sandbox keeping popups out (window.open refused) but letting
//   window.print() open the browser's print dialog (allow-modals).
//
// The page's own calls go over one WebSocket (/calls, call-socket.ts): its upgrade is admitted by the
// same guards (Host, an Origin of ours required, the cookie) and its first message must be the
// secret. POST /rpc/<channel> stays for scripts and tests: each request starts at once.
import { timingSafeEqual, randomBytes } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import {
  isCallChannel,
  isEventChannel,
  LAUNCH_PASS_FRAGMENT,
  LAUNCH_PASS_HEADER,
} from '../../contract/channels.ts';
import { CALL_SOCKET_PATH } from '../../contract/call-socket.ts';
import { MIME, pageCsp } from './page-headers.ts';
import type { Core } from '../core/core.ts';
import { callSockets, refuseUpgrade, type CallSockets } from './call-socket.ts';

export interface WebShellOptions {
  readonly core: Pick<Core, 'invoke' | 'subscribe'>;
  /** Folder of the built renderer (index.html + assets). */
  readonly staticDir: string;
  readonly port?: number;
  /** Fixed token for tests of the guards; otherwise 32 random bytes per launch. */
  readonly token?: string;
}

export interface WebShell {
  /** The whole URL a browser needs, token included. */
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  close(): Promise<void>;
}

/** The launch pass's cookie name: one per port, so another local server's cookie is never ours. */
export function cookieName(port: number): string {
  return `pos_pass_${port}`;
}
const MAX_BODY = 1024 * 1024;
const SSE_HEARTBEAT_MS = 15_000;

export const CSP = pageCsp(
  "'self'",
  // No allow-popups, allow-top-navigation or allow-downloads: window.open returns null. allow-modals
  // because window.print() counts as a modal: without it Chromium ignores the call (no receipt prints).
  'sandbox allow-scripts allow-same-origin allow-forms allow-modals',
);

export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const state = { port: 0, sse: new Set<ServerResponse>() };
  const pass: LaunchPass = { cookie: null, secret: null };
  const calls = callSockets({
    core: options.core,
    passOk: (secret) => sameToken(secret, pass.secret),
    maxBytes: MAX_BODY,
  });
  const server = createServer((req, res) => {
    handle(req, res, { ...options, token, port: state.port, sse: state.sse, pass, calls }).catch(
      (error: unknown) => {
        console.error('web shell request failed:', error instanceof Error ? error.message : 'unknown');
        if (!res.headersSent) send(res, 500, 'Internal error');
        else res.destroy();
      },
    );
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    upgrade(req, socket, head, { ...options, token, port: state.port, sse: state.sse, pass, calls }),
  );
  await listen(server, options.port ?? 0);
  state.port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${state.port}`;
  return {
    url: `${origin}/launch?token=${token}`,
    origin,
    port: state.port,
    close: () => {
      calls.close();
      for (const res of state.sse) res.end();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** The one launch pass the launch token was swapped for, its two halves (null until then). */
interface LaunchPass {
  cookie: string | null;
  secret: string | null;
}

interface Context extends WebShellOptions {
  readonly token: string;
  readonly port: number;
  readonly sse: Set<ServerResponse>;
  readonly pass: LaunchPass;
  readonly calls: CallSockets;
}

async function handle(req: IncomingMessage, res: ServerResponse, ctx: Context): Promise<void> {
  securityHeaders(res);
  if (!hostAllowed(req.headers.host, ctx.port)) return send(res, 403, 'Host not allowed');
  const origin = req.headers.origin;
  if (origin !== undefined && !originAllowed(origin, ctx.port)) return send(res, 403, 'Origin not allowed');
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${ctx.port}`);
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return send(res, 400, 'Bad %-encoding in the path');
  }
  const signedIn = sameToken(cookie(req.headers.cookie, cookieName(ctx.port)), ctx.pass.cookie);

  if (pathname === '/launch' && req.method === 'GET') return launch(res, url, ctx, signedIn);
  if (!signedIn) {
    return send(res, 401, 'Open the address printed by "npm run web" (it carries this launch\'s token).');
  }
  const withSecret = sameToken(header(req.headers[LAUNCH_PASS_HEADER]), ctx.pass.secret);
  if (pathname === '/pass' && req.method === 'GET') {
    // The page asks whether the secret it holds is this launch's (after a reload, or a new launch).
    if (!withSecret) return noSecret(res);
    res.writeHead(204, { 'cache-control': 'no-store' }).end();
    return;
  }
  if (pathname.startsWith('/rpc/')) {
    if (req.method !== 'POST') return send(res, 405, 'POST only');
    if (origin === undefined) return send(res, 403, 'Origin required');
    if (!withSecret) return noSecret(res);
    return rpc(req, res, ctx, pathname.slice('/rpc/'.length));
  }
  if (pathname === '/events' && req.method === 'GET')
    return withSecret ? events(req, res, ctx) : noSecret(res);
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed');
  serveStatic(res, ctx.staticDir, pathname);
}

/**
 * The page's call channel: the request's guards as for a call (Host; an Origin, ours; the cookie),
 * the secret then its first message (call-socket.ts). Anything else refused as a request would be.
 */
function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, ctx: Context): void {
  socket.on('error', () => socket.destroy());
  if (!hostAllowed(req.headers.host, ctx.port)) return refuseUpgrade(socket, 403, 'Host not allowed');
  const origin = req.headers.origin;
  if (origin === undefined || !originAllowed(origin, ctx.port))
    return refuseUpgrade(socket, 403, 'Origin not allowed');
  // Parsed here, in the server's own 'upgrade' event: a target no URL can be made of (`//`) must be
  // refused, not thrown where nothing catches it (the shell would exit).
  const target = URL.parse(req.url ?? '/', `http://127.0.0.1:${ctx.port}`);
  if (target === null) return refuseUpgrade(socket, 400, 'Bad request target');
  if (target.pathname !== CALL_SOCKET_PATH) return refuseUpgrade(socket, 404, 'Not found');
  if (!sameToken(cookie(req.headers.cookie, cookieName(ctx.port)), ctx.pass.cookie))
    return refuseUpgrade(socket, 401, 'No launch pass');
  ctx.calls.accept(req, socket, head);
}

/**
 * Swaps the launch token, once, for the launch pass: the cookie, and the secret in the redirect's
 * fragment. A browser already signed in just goes on (its page holds the secret already).
 */
function launch(res: ServerResponse, url: URL, ctx: Context, signedIn: boolean): void {
  if (signedIn) {
    res.writeHead(303, { location: '/', 'cache-control': 'no-store' }).end();
    return;
  }
  if (ctx.pass.cookie !== null || !sameToken(url.searchParams.get('token') ?? undefined, ctx.token)) {
    return send(
      res,
      401,
      ctx.pass.cookie === null
        ? 'Wrong or missing token'
        : 'This launch address was used already: start "npm run web" again for a new one.',
    );
  }
  ctx.pass.cookie = randomBytes(32).toString('base64url');
  ctx.pass.secret = randomBytes(32).toString('base64url');
  res.writeHead(303, {
    'set-cookie': `${cookieName(ctx.port)}=${ctx.pass.cookie}; HttpOnly; SameSite=Strict; Path=/`,
    location: `/#${LAUNCH_PASS_FRAGMENT}=${ctx.pass.secret}`,
    'cache-control': 'no-store',
  });
  res.end();
}

/** A call or the event stream without this launch's secret: the page has no launch pass (or a stale one). */
function noSecret(res: ServerResponse): void {
  send(
    res,
    401,
    'This page holds no pass of this launch: start "npm run web" again and open the address it prints.',
  );
}

async function rpc(req: IncomingMessage, res: ServerResponse, ctx: Context, channel: string): Promise<void> {
  const input = await callInput(req, res, channel);
  if (input === REFUSED) return;
  const started = performance.now();
  const envelope = await ctx.core.invoke(channel, input);
  const json = JSON.stringify(envelope);
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    // How long the core took, for a script that tells it from the round trip.
    'server-timing': `core;dur=${(performance.now() - started).toFixed(2)}`,
  });
  res.end(json);
}

const REFUSED = Symbol('refused');

/** The call's input, or REFUSED once the refusal is sent (unknown channel, not JSON, too large). */
async function callInput(req: IncomingMessage, res: ServerResponse, channel: string): Promise<unknown> {
  if (!isCallChannel(channel)) {
    send(res, 404, 'Unknown channel');
    return REFUSED;
  }
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
    send(res, 415, 'JSON only');
    return REFUSED;
  }
  const body = await readBody(req);
  if (body === null) {
    send(res, 413, 'Too large');
    return REFUSED;
  }
  try {
    return body.length === 0 ? {} : JSON.parse(body);
  } catch {
    send(res, 400, 'Not JSON');
    return REFUSED;
  }
}

function events(req: IncomingMessage, res: ServerResponse, ctx: Context): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
  });
  res.write(': connected\n\n');
  ctx.sse.add(res);
  const unsubscribe = ctx.core.subscribe((event, payload) => {
    if (isEventChannel(event)) res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
  });
  const heartbeat = setInterval(() => res.write(': hb\n\n'), SSE_HEARTBEAT_MS);
  req.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
    ctx.sse.delete(res);
  });
}

/** Addresses that are the app's one page (INTERFACES.md: the customer display is at /display). */
const PAGES: ReadonlySet<string> = new Set(['/', '/display']);

function serveStatic(res: ServerResponse, root: string, pathname: string): void {
  // The page decides by its address what it shows: / the till, /display the customer display.
  const rel = PAGES.has(pathname) ? 'index.html' : pathname.replace(/^\/+/, '');
  const file = normalize(join(root, rel));
  if (!file.startsWith(normalize(root) + sep)) return send(res, 404, 'Not found');
  let size: number;
  try {
    const st = statSync(file);
    if (!st.isFile()) return send(res, 404, 'Not found');
    size = st.size;
  } catch {
    return send(res, 404, 'Not found');
  }
  res.writeHead(200, {
    'content-type': MIME[extname(file)] ?? 'application/octet-stream',
    'content-length': size,
    // Hashed asset names may be cached; index.html never (it names the current assets).
    'cache-control': rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-store',
  });
  createReadStream(file).pipe(res);
}

function securityHeaders(res: ServerResponse): void {
  res.setHeader('content-security-policy', CSP);
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('cross-origin-opener-policy', 'same-origin');
  res.setHeader('cross-origin-resource-policy', 'same-origin');
  res.setHeader('permissions-policy', 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=()');
}

export function hostAllowed(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

export function originAllowed(origin: string, port: number): boolean {
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

function sameToken(given: string | undefined, token: string | null): boolean {
  if (given === undefined || token === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A request header's one value (Node joins repeats of a custom header into one string). */
function header(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function cookie(raw: string | undefined, name: string): string | undefined {
  for (const part of (raw ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
