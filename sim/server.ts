// The local service instance: startSim() opens (and seeds) its SQLite store, binds every route of
// SPEC.md on Fastify, and returns handles for faults and admin helpers.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { z } from 'zod';
import { createAdmin, type SimAdmin } from './admin.ts';
import { registerAdminRoutes } from './admin-http.ts';
import { companyRoutes } from './api/companies.ts';
import { itemListRoutes } from './api/item-lists.ts';
import { orderRoutes } from './api/orders.ts';
import { productRoutes } from './api/products.ts';
import { stockRoutes } from './api/stock.ts';
import { sysRoutes } from './api/sys.ts';
import { AuthState, demoClients, TOKEN_RATE_LIMIT_PER_MINUTE } from './auth.ts';
import { ApiError, toErrorResult } from './errors.ts';
import { FaultController, type StatusFault } from './faults.ts';
import { buildOpenApi } from './openapi.ts';
import { DEFAULT_SEED } from './prng.ts';
import {
  forbidden,
  parsePathParams,
  toFastifyPath,
  unauthorized,
  validateBody,
  type RouteDef,
  type SimContext,
} from './routes.ts';
import { seed } from './seed.ts';
import { markSeeded, openStore, STORE_LAYOUT, type SimDb } from './store.ts';

export type { FaultController } from './faults.ts';
export type { SimAdmin } from './admin.ts';

export interface SimOptions {
  host?: string;
  port?: number;
  tokenTtlSeconds?: number;
  size?: 'small' | 'demo' | 'large';
  dataDir?: string;
  seed?: number;
  /** Release reported by /api/version (default 1.4.0). */
  version?: string;
  /** operationIds this instance lacks (404, absent from /swagger): an older release. */
  missingOperations?: readonly string[];
  /** Token requests per minute per client before 429 (default 300, as SPEC.md). */
  tokenRateLimitPerMinute?: number;
  /**
   * Serve the /__sim/* control routes (faults, test data; no token asked). Default true: tests and
   * fault runs drive them. `npm run sim` serves them only with --control, and the app's demo never.
   */
  control?: boolean;
  /**
   * Stock-item fields the instance's data-grid view lacks (SPEC.md: limitable fields "depend on the
   * view"): asking for one in limitFields or orderBy answers 400 UnknownField, and rows lack it.
   */
  stockItemViewExclude?: readonly string[];
  /**
   * Recognise a repeated Idempotency-Key on internet orders (409 DuplicateRequest). Default true;
   * false plays an instance without duplicate detection (SPEC.md does not promise one).
   */
  detectsDuplicateOrders?: boolean;
  /**
   * With duplicate detection, a repeat is answered with a plain 409 (ConflictException, no code, no
   * order number), as an instance whose conflicts all look alike does. Default false.
   */
  plainDuplicateAnswer?: boolean;
  /**
   * Cap every filter-paginated page at this many rows, also for pageSize -1 or omitted (SPEC.md's
   * response pageSize is the size "actually applied"). Default: no cap.
   */
  maxPageSize?: number;
  /** Financial-receivable fields the instance's view lacks (as stockItemViewExclude). */
  receivableViewExclude?: readonly string[];
  /**
   * Fields the instance refuses in orderBy (400 NotSortable naming the field). Without 'id' the
   * instance has no stable order: tied rows are shuffled anew for every request.
   */
  unsortableFields?: readonly string[];
  /** Filter fields (lastModifyFrom, ids, isPaid, ...) the instance ignores: unfiltered rows come back. */
  ignoredFilters?: readonly string[];
  /** Filter fields the instance rejects: 400 UnknownField naming the filter. */
  rejectedFilters?: readonly string[];
  /**
   * /swagger lists every path with an empty path item `{}` (no operations, so no Idempotency-Key
   * either), as an ACL-trimmed or minimal description does; the endpoints still answer. Default false.
   */
  bareSwaggerPaths?: boolean;
  /**
   * Write endpoints check the body's shape before the role's permission, so a malformed request (an
   * empty order) is a 400 even for a role without the permission, which would have had a 403.
   */
  validatesBeforePermission?: boolean;
  /**
   * A token request it refuses is a 400 that echoes the request back (the form as sent, each field
   * percent-encoded, as JSON and as HTTP Basic credentials): an instance whose error pages repeat
   * what they were sent, secret included.
   */
  echoTokenRequest?: boolean;
  /**
   * Internet-order item fields (price, discountAmount) the instance does not know and drops: it books
   * the stock item's price and no discount, and answers what it booked.
   */
  ignoredOrderItemFields?: readonly OrderItemField[];
  /** Internet-order item fields it does not know and refuses: 400 UnknownField naming Items[i].Field. */
  rejectedOrderItemFields?: readonly OrderItemField[];
  /**
   * Fields its 201 answer leaves out of the stored order: `id`, `total`, `items`, ... or a line's as
   * `items.total`, `items.price`. The Location header still names the order.
   */
  orderAnswerExclude?: readonly string[];
  /** Its 201 answer to an internet order has no body, only the Location header. */
  orderAnswerEmpty?: boolean;
  /** It reserves an internet order's quantities: quantityBlocked up, quantityAvailable down, lastModify now. */
  reservesOrderedStock?: boolean;
  /** Takes goods back as internet orders with negative quantities (its description allows them). */
  negativeOrderQuantities?: boolean;
  /**
   * It stores every card POSTed to a company and then drops the connection: no answer arrives (the
   * till's card is in doubt until it reads the company's cards).
   */
  dropsCardAnswer?: boolean;
  /**
   * It stores every card POSTed to a company as sent, unchecked: no barcode, a company it lacks
   * (SPEC.md says an instance refuses those; a lenient one may not).
   */
  storesAnyCard?: boolean;
  /**
   * One product listed with this many units of measure (generated, ~165 bytes each: 100,000 make a
   * 16 MB answer): an instance whose data for one key is far bigger than any other's.
   */
  manyUnits?: { productId: number; count: number };
}

const ORDER_ITEM_FIELDS = ['price', 'discountAmount'] as const;
export type OrderItemField = (typeof ORDER_ITEM_FIELDS)[number];

export interface RunningSim {
  url: string;
  faults: FaultController;
  admin: SimAdmin;
  close(): Promise<void>;
}

export const DEFAULT_VERSION = '1.4.0';

const optionsSchema = z.object({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.number().int().min(0).max(65_535).default(0),
  tokenTtlSeconds: z.number().int().positive().max(2_147_483_647).default(3600),
  size: z.enum(['small', 'demo', 'large']).default('demo'),
  dataDir: z.string().min(1).optional(),
  seed: z.number().int().default(DEFAULT_SEED),
  version: z.string().min(1).default(DEFAULT_VERSION),
  missingOperations: z.array(z.string()).default([]),
  tokenRateLimitPerMinute: z.number().int().positive().default(TOKEN_RATE_LIMIT_PER_MINUTE),
  control: z.boolean().default(true),
  stockItemViewExclude: z.array(z.string()).default([]),
  detectsDuplicateOrders: z.boolean().default(true),
  plainDuplicateAnswer: z.boolean().default(false),
  maxPageSize: z.number().int().positive().optional(),
  receivableViewExclude: z.array(z.string()).default([]),
  unsortableFields: z.array(z.string()).default([]),
  ignoredFilters: z.array(z.string()).default([]),
  rejectedFilters: z.array(z.string()).default([]),
  bareSwaggerPaths: z.boolean().default(false),
  validatesBeforePermission: z.boolean().default(false),
  echoTokenRequest: z.boolean().default(false),
  ignoredOrderItemFields: z.array(z.enum(ORDER_ITEM_FIELDS)).default([]),
  rejectedOrderItemFields: z.array(z.enum(ORDER_ITEM_FIELDS)).default([]),
  orderAnswerExclude: z.array(z.string()).default([]),
  orderAnswerEmpty: z.boolean().default(false),
  reservesOrderedStock: z.boolean().default(false),
  dropsCardAnswer: z.boolean().default(false),
  storesAnyCard: z.boolean().default(false),
  negativeOrderQuantities: z.boolean().default(false),
  manyUnits: z
    .object({ productId: z.number().int().positive(), count: z.number().int().min(0).max(10_000_000) })
    .optional(),
});

/** Every route of the instance (before removing missing operations): also the source of the permission list. */
function allRoutes(ctx: SimContext): RouteDef[] {
  return [
    ...sysRoutes(ctx),
    ...stockRoutes(ctx),
    ...orderRoutes(ctx),
    ...companyRoutes(ctx),
    ...productRoutes(ctx),
    ...itemListRoutes(ctx),
  ];
}

function openSeededStore(dataDir: string, size: SimOptions['size'] & string, seedValue: number): SimDb {
  const identity = `layout ${STORE_LAYOUT}, size ${size}, seed ${seedValue}`;
  const { db, seeded } = openStore(join(dataDir, 'sim.sqlite'), identity);
  if (!seeded) {
    // No journal while the fresh file is filled: a crash leaves it unmarked and it is seeded again.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    seed(db, size, seedValue);
    markSeeded(db, identity);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  }
  return db;
}

export async function startSim(options: SimOptions = {}): Promise<RunningSim> {
  const opts = optionsSchema.parse(options);
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'counter-sim-'));
  mkdirSync(dataDir, { recursive: true });
  const db = openSeededStore(dataDir, opts.size, opts.seed);

  const faults = new FaultController();
  const auth = new AuthState([], opts.tokenTtlSeconds, opts.tokenRateLimitPerMinute);
  const ctx: SimContext = {
    db,
    auth,
    faults,
    version: opts.version,
    stockItemViewExclude: new Set(opts.stockItemViewExclude),
    detectsDuplicateOrders: opts.detectsDuplicateOrders,
    plainDuplicateAnswer: opts.plainDuplicateAnswer,
    maxPageSize: opts.maxPageSize,
    receivableViewExclude: new Set(opts.receivableViewExclude),
    unsortableFields: new Set(opts.unsortableFields.map((f) => f.toLowerCase())),
    ignoredFilters: new Set(opts.ignoredFilters),
    rejectedFilters: new Set(opts.rejectedFilters),
    validatesBeforePermission: opts.validatesBeforePermission,
    echoTokenRequest: opts.echoTokenRequest,
    manyUnits: opts.manyUnits,
    dropsCardAnswer: opts.dropsCardAnswer,
    storesAnyCard: opts.storesAnyCard,
    orders: {
      ignoredItemFields: new Set(opts.ignoredOrderItemFields),
      rejectedItemFields: new Set(opts.rejectedOrderItemFields),
      answerExclude: new Set(opts.orderAnswerExclude),
      answerEmpty: opts.orderAnswerEmpty,
      reservesStock: opts.reservesOrderedStock,
      negativeQuantities: opts.negativeOrderQuantities,
    },
  };
  const every = allRoutes(ctx);
  // The demo clients' roles come from the permissions the routes name (a missing operation's too).
  const permissions = [...new Set(every.flatMap((r) => (r.permission ? [r.permission] : [])))].sort();
  for (const client of demoClients(permissions)) auth.addClient(client);
  const missing = new Set(opts.missingOperations);
  const routes = every.filter((r) => !missing.has(r.operationId));
  const admin = createAdmin(db, auth);

  const controlSockets = new Set<Socket>();
  const app = buildApp(ctx, routes, admin, controlSockets, opts.control, opts.bareSwaggerPaths);
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  try {
    await app.listen({ host: opts.host, port: opts.port });
  } catch (error) {
    // E.g. the port is taken: leave nothing open or behind.
    await app.close();
    db.close();
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('sim did not get a TCP address');
  const port = address.port;
  const url = `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}`;

  let refused = false;
  /**
   * While refusing, nothing else may keep a process that is only this sim alive (no listening
   * socket, the fault's own timer unref'd): the sim run by itself (sim/cli.ts) exited at once, so the
   * instance never came back after `forMs`. This handle holds the process until it listens again.
   */
  let holdWhileRefused: NodeJS.Timeout | undefined;
  /** Resolves once every destroyed socket has closed. */
  const destroyAll = (): Promise<unknown> => {
    // A socket answering a /__sim/ request (the one switching faults) is spared; it closes after its answer.
    const closing = [...sockets].filter((s) => !controlSockets.has(s));
    const closed = closing.map((s) =>
      s.closed ? Promise.resolve() : new Promise((r) => s.once('close', r)),
    );
    for (const s of closing) s.destroy();
    return Promise.all(closed);
  };
  faults.attach({
    goOffline: async (mode) => {
      if (mode === 'refuse' && !refused) {
        refused = true;
        holdWhileRefused = setInterval(() => undefined, 60_000);
        // Stop listening now; the close callback would wait for the spared socket, so it is not awaited.
        app.server.close();
      }
      await destroyAll();
      // Let clients in this process see the closed sockets before they send again, so the next
      // request gets a refused connection rather than a reset on a dead keep-alive socket: the
      // peer's end-of-stream is read in the loop's next poll phase, before the check phase after it.
      for (let i = 0; i < 2; i++) await new Promise((r) => setImmediate(r));
    },
    goOnline: async () => {
      if (!refused) return;
      await new Promise<void>((resolve, reject) => {
        app.server.once('error', reject);
        app.server.listen({ host: opts.host, port }, () => {
          app.server.off('error', reject);
          resolve();
        });
      });
      refused = false;
      clearInterval(holdWhileRefused);
      holdWhileRefused = undefined;
    },
  });

  let closed = false;
  return {
    url,
    faults,
    admin,
    async close() {
      if (closed) return;
      closed = true;
      // Back to a listening server first, so Fastify's own close sees the state it expects.
      await faults.reset();
      await app.close();
      db.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function forcedError(forced: StatusFault): ApiError {
  const headers: Record<string, string> = {};
  const retryAfter = forced.retryAfter ?? forced.retryAfterSeconds?.toString();
  if (retryAfter !== undefined) headers['Retry-After'] = retryAfter;
  return new ApiError(forced.status, {
    messages: [forced.message ?? `Injected failure: status ${forced.status}.`],
    headers,
    ...(forced.code !== undefined ? { code: forced.code } : {}),
  });
}

function sendError(reply: FastifyReply, status: number, error: ApiError): void {
  for (const [k, v] of Object.entries(error.init.headers ?? {})) void reply.header(k, v);
  void reply.code(status).type('application/json; charset=utf-8').send(toErrorResult(status, error.init));
}

function buildApp(
  ctx: SimContext,
  routes: readonly RouteDef[],
  admin: SimAdmin,
  controlSockets: Set<Socket>,
  control: boolean,
  bareSwaggerPaths: boolean,
): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 32 * 1024 * 1024, forceCloseConnections: true });
  void app.register(formbody);
  const { faults } = ctx;

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const socket = request.raw.socket;
    if (path.startsWith('/__sim/')) {
      // Control requests close their connection after answering, so no keep-alive socket outlives
      // an offline switch; until then the socket is spared by it.
      controlSockets.add(socket);
      socket.once('close', () => controlSockets.delete(socket));
      void reply.header('connection', 'close');
      return;
    }
    if (faults.offlineMode !== undefined) {
      reply.hijack();
      socket.destroy();
      return;
    }
    const delay = faults.takeLatency(request.method, path);
    if (delay > 0) await faults.hold(delay);
    if (faults.takeDropBefore(request.method, path)) {
      reply.hijack();
      socket.destroy();
      return;
    }
    const forced = faults.takeStatus(request.method, path);
    if (forced) {
      sendError(reply, forced.status, forcedError(forced));
      return reply;
    }
  });

  // After the handler has run and written: the answer never arrives ("dropped after commit"), or a
  // forced status replaces it (a later step failed, or a proxy answered for the upstream).
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/__sim/') || reply.statusCode >= 400) return payload;
    const cardStored = request.method === 'POST' && /^\/api\/companies\/\d+\/cards\/?$/i.test(path);
    if (faults.takeDropAfter(request.method, path) || (cardStored && ctx.dropsCardAnswer === true)) {
      request.raw.socket.destroy();
      return payload;
    }
    const forced = faults.takeStatus(request.method, path, 'afterCommit');
    if (!forced) return payload;
    const error = forcedError(forced);
    for (const [k, v] of Object.entries(error.init.headers ?? {})) void reply.header(k, v);
    void reply.removeHeader('location');
    void reply.code(forced.status).type('application/json; charset=utf-8');
    return JSON.stringify(toErrorResult(forced.status, error.init));
  });

  app.setErrorHandler((error: FastifyError | ApiError, _request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error.status, error);
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    const message =
      status === 500
        ? 'The server failed to process the request.'
        : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.message;
    sendError(reply, status, new ApiError(status, { messages: [message], exception: error.code }));
  });

  app.setNotFoundHandler((request, reply) => {
    sendError(
      reply,
      404,
      new ApiError(404, {
        messages: [`No route ${request.method} ${request.url.split('?')[0] ?? ''} on this instance.`],
        code: 'RouteNotFound',
      }),
    );
  });

  for (const route of routes) {
    app.route({
      method: route.method,
      url: toFastifyPath(route.path),
      handler: async (request, reply) => {
        let client;
        if (route.auth === 'token') {
          const check = ctx.auth.checkAuthorization(request.headers.authorization);
          if (!check.ok) throw unauthorized(check.reason);
          // The body's shape first where this instance does so: malformed is a 400 for any role.
          if (ctx.validatesBeforePermission && route.body !== undefined)
            validateBody(route.body, request.body);
          if (route.permission !== undefined && !check.client.permissions.has(route.permission))
            throw forbidden(route.permission);
          client = check.client;
        }
        const params = parsePathParams(route.path, request.params as Record<string, string>);
        const result = await route.handler({ params, body: request.body, headers: request.headers, client });
        for (const [k, v] of Object.entries(result.headers ?? {})) void reply.header(k, v);
        void reply.code(result.status);
        if (result.body === undefined) return reply.send();
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(result.body));
      },
    });
  }

  const openApi = buildOpenApi(routes, ctx.version, { barePaths: bareSwaggerPaths });
  app.get('/swagger', () => openApi);
  if (control) registerAdminRoutes(app, admin, faults);
  return app;
}
