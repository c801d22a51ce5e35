// A hostile proxy for tests: it sits on 127.0.0.1 in front of a real instance (the sim) and, per
// request path, misbehaves the way networks, gateways and broken instances do. Everything else passes
// through untouched, so a test drives the real client over real HTTP against the real sim, and only
// the one thing it is about is hostile.
//
//   const proxy = await startHostileProxy(sim.url);
//   proxy.rule({ path: '^/api/stock-items/filter-paginated$', rewrite: (page) => ({ ...page, hasNextPage: true }) });
//   proxy.rule({ path: '^/api/stock-items/filter-paginated$', drip: { everyMs: 20, endless: true } });
//   proxy.rule({ path: '^/connect/token$', status: 503, times: 2 });
//   proxy.rule({ method: 'POST', path: '^/api/documents/', reset: 'after' });
//   ... point the client at proxy.url ...
//   await proxy.close();
//
// Rules are checked in the order added; the first that matches a request (method, path, `where`,
// times left) acts on it. `where` narrows a rule to the requests it is about: the till sends other
// POSTs to the same path (the empty order that probes the permission when the instance comes back),
// and a rule spent on one of those leaves the request the test is about untouched. What each action does:
// - status: the proxy answers this status itself (an ErrorResult body, Retry-After when given); the
//   instance never sees the request. For 429 and 5xx from a gateway, and for a load balancer's 3xx to
//   its maintenance page (`headers` set a Location, `body` the page as sent).
// - reset 'before': the connection is destroyed before the request is forwarded (never received);
//   reset 'after': the instance handles it (an order is stored) and the answer is lost on the way.
// - rewrite: the instance's JSON answer goes through this function (a 2xx JSON body only; the
//   request's parsed JSON body is given too, e.g. its pageNumber). The function's value is sent as
//   JSON, or, returned as rawJson(text), as that text exactly (what JSON.stringify cannot write:
//   1e999, a duplicate key, a truncated document).
// - before: awaited before the request goes on (or any other action is taken): the test does what
//   must happen between two requests of a client (an order booked between two pages of a walk).
//   The request's parsed JSON body is given; it returns whether it acted (false: the request passes
//   and the rule keeps its turn for the next one).
// - drip: the answer's headers go out at once, then its body one byte every `everyMs`; with
//   `endless` the body never comes: JSON whitespace, one byte at a time, for as long as the client
//   listens. The rule's `bytesSent` counts what went out, so a test waits for the drip to be under
//   way (a state), never for a number of milliseconds. A drip combines with a rewrite.
// - answerStatus / headers: the instance's answer goes out with this status, and these headers set
//   (null: removed), e.g. a gateway's 200 over a 201, or a Location `/login/1`. Combine with rewrite.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface HostileRuleSpec {
  /** Regex over the request path, without the query. */
  path: string | RegExp;
  /** Regex over the method (case-insensitive); absent: any. */
  method?: string;
  /** Acts on this many matching requests, then lets them pass; absent: every one. */
  times?: number;
  status?: number;
  /** The Retry-After header of a `status` answer, as sent (absurd values included). */
  retryAfter?: string;
  /** A `status` answer's body as sent (a maintenance page's HTML) instead of an ErrorResult. */
  body?: string;
  reset?: 'before' | 'after';
  rewrite?: (body: unknown, request: { method: string; path: string; body: unknown }) => unknown;
  drip?: { everyMs: number; endless?: boolean };
  answerStatus?: number;
  headers?: Record<string, string | null>;
  before?: (request: { method: string; path: string; body: unknown }) => Promise<boolean>;
  /** Acts only on requests this accepts (their parsed JSON body is given); absent: every match. */
  where?: (request: { method: string; path: string; body: unknown }) => boolean;
}

/** A rewrite's answer sent as this text exactly, not through JSON.stringify. */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

export function rawJson(text: string): RawJson {
  return new RawJson(text);
}

export interface HostileRule {
  /** Matching requests the rule acted on so far. */
  readonly hits: number;
  /** Body bytes a drip has sent so far (all requests of the rule). */
  readonly bytesSent: number;
  /** Stops acting; requests pass through again. */
  remove(): void;
}

export interface HostileProxy {
  /** http://127.0.0.1:PORT: give this to the client instead of the instance's URL. */
  readonly url: string;
  rule(spec: HostileRuleSpec): HostileRule;
  /** Removes every rule. */
  clear(): void;
  /** Every request seen, in order: method and path (without the query). */
  readonly requests: readonly { method: string; path: string }[];
  /** Destroys every open connection (drips included) and stops listening. */
  close(): Promise<void>;
}

interface LiveRule {
  spec: HostileRuleSpec;
  path: RegExp;
  method: RegExp | undefined;
  left: number;
  hits: number;
  bytesSent: number;
  removed: boolean;
}

export async function startHostileProxy(upstream: string): Promise<HostileProxy> {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true });
  const rules: LiveRule[] = [];
  const requests: { method: string; path: string }[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const take = (method: string, path: string, body: unknown): LiveRule | undefined => {
    const rule = rules.find(
      (r) =>
        r.spec.before === undefined &&
        !r.removed &&
        r.left > 0 &&
        r.path.test(path) &&
        (r.method?.test(method) ?? true) &&
        (r.spec.where?.({ method, path, body }) ?? true),
    );
    if (rule) {
      rule.left -= 1;
      rule.hits += 1;
    }
    return rule;
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => req.socket.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requests.push({ method, path });
    const body = await readAll(req);
    await runBefore(method, path, body);
    const rule = take(method, path, parseOrUndefined(body.toString('utf8')));
    const spec = rule?.spec;
    if (spec?.status !== undefined) {
      const text = spec.body ?? JSON.stringify({ messages: [`Hostile proxy: status ${spec.status}.`] });
      const own = Object.entries(spec.headers ?? {}).filter((e): e is [string, string] => e[1] !== null);
      res.writeHead(spec.status, {
        'content-type':
          spec.body === undefined ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
        'content-length': Buffer.byteLength(text),
        ...(spec.retryAfter === undefined ? {} : { 'retry-after': spec.retryAfter }),
        ...Object.fromEntries(own),
      });
      res.end(text);
      return;
    }
    if (spec?.reset === 'before') {
      req.socket.destroy();
      return;
    }
    const answer = await forward(req, body);
    if (spec?.reset === 'after') {
      req.socket.destroy();
      return;
    }
    let text = answer.body;
    if (spec?.rewrite && answer.status >= 200 && answer.status < 300 && isJson(answer.headers)) {
      const request = { method, path, body: parseOrUndefined(body.toString('utf8')) };
      const rewritten = spec.rewrite(JSON.parse(text.toString('utf8')), request);
      text = Buffer.from(rewritten instanceof RawJson ? rewritten.text : JSON.stringify(rewritten));
    }
    const set = new Map(Object.entries(spec?.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const headers = Object.fromEntries([
      ...Object.entries(passHeaders(answer.headers)).filter(([name]) => !set.has(name)),
      ...[...set].filter((e): e is [string, string] => e[1] !== null),
    ]);
    const status = spec?.answerStatus ?? answer.status;
    if (rule && spec?.drip) {
      drip(res, status, headers, text, rule, spec.drip);
      return;
    }
    res.writeHead(status, { ...headers, 'content-length': text.length });
    res.end(text);
  }

  /** The first `before` rule that acts on this request, awaited; it takes a turn only if it acted. */
  async function runBefore(method: string, path: string, body: Buffer): Promise<void> {
    for (const r of rules) {
      const hook = r.spec.before;
      if (hook === undefined || r.removed || r.left <= 0 || !r.path.test(path)) continue;
      if (!(r.method?.test(method) ?? true)) continue;
      if (await hook({ method, path, body: parseOrUndefined(body.toString('utf8')) })) {
        r.left -= 1;
        r.hits += 1;
        return;
      }
    }
  }

  function forward(
    req: IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
    const headers = { ...req.headers, host: target.host, 'content-length': String(body.length) };
    delete headers.connection;
    delete headers['transfer-encoding'];
    return new Promise((resolve, reject) => {
      const out = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers,
          agent,
        },
        (answer) => {
          readAll(answer).then(
            (data) => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: data }),
            reject,
          );
        },
      );
      out.on('error', reject);
      out.end(body);
    });
  }

  function drip(
    res: ServerResponse,
    status: number,
    headers: Record<string, string | string[]>,
    text: Buffer,
    rule: LiveRule,
    how: { everyMs: number; endless?: boolean },
  ): void {
    // Chunked: the length is not promised, so an endless body is a valid (never-ending) answer.
    res.writeHead(status, headers);
    res.flushHeaders();
    let at = 0;
    const timer = setInterval(() => {
      if (res.destroyed || res.writableEnded) {
        stop();
        return;
      }
      if (how.endless !== true && at >= text.length) {
        stop();
        res.end();
        return;
      }
      const byte = how.endless === true ? Buffer.from(' ') : text.subarray(at, at + 1);
      at += 1;
      rule.bytesSent += 1;
      res.write(byte);
    }, how.everyMs);
    timers.add(timer);
    const stop = (): void => {
      clearInterval(timer);
      timers.delete(timer);
    };
    res.on('close', stop);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    rule(spec) {
      const live: LiveRule = {
        spec,
        path: typeof spec.path === 'string' ? new RegExp(spec.path) : spec.path,
        method: spec.method === undefined ? undefined : new RegExp(spec.method, 'i'),
        left: spec.times ?? Number.POSITIVE_INFINITY,
        hits: 0,
        bytesSent: 0,
        removed: false,
      };
      rules.push(live);
      return {
        get hits() {
          return live.hits;
        },
        get bytesSent() {
          return live.bytesSent;
        },
        remove: () => {
          live.removed = true;
        },
      };
    },
    clear() {
      for (const r of rules) r.removed = true;
      rules.length = 0;
    },
    async close() {
      for (const t of timers) clearInterval(t);
      timers.clear();
      for (const s of sockets) s.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function isJson(headers: IncomingMessage['headers']): boolean {
  return /json/i.test(headers['content-type'] ?? '');
}

function parseOrUndefined(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** The instance's answer headers, less those the proxy sets itself (length, framing, connection). */
function passHeaders(headers: IncomingMessage['headers']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) continue;
    out[name] = value;
  }
  return out;
}
