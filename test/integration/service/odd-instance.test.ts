// Answers the sim is too well-behaved to give: malformed JSON, wrong types, nulls, an older release
// without some endpoints, a server echoing the secret, a server that never answers. A few lines of
// node:http on 127.0.0.1 per case; everything else is tested against the real sim.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceClient, ServiceError, type Paginated, type StockItem } from '../../../main/service/index.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

interface Odd {
  url: string;
  hits: string[];
  close(): Promise<void>;
}

const SECRET = 'odd-secret-value-123';
const TOKEN = 'odd-token-abcdef-987';

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const tokenOk: Handler = (_req, res) =>
  json(res, 200, { access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 });

async function oddInstance(routes: Record<string, Handler>): Promise<Odd> {
  const hits: string[] = [];
  const all: Record<string, Handler> = { 'POST /connect/token': tokenOk, ...routes };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const key = `${req.method ?? ''} ${(req.url ?? '').split('?')[0] ?? ''}`;
      hits.push(key);
      const handler = all[key];
      if (handler) handler(req, res, body);
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let odd: Odd | undefined;
let client: ServiceClient | undefined;
afterEach(async () => {
  await client?.close();
  await odd?.close();
  client = undefined;
  odd = undefined;
});

async function connect(routes: Record<string, Handler>, options = {}): Promise<ServiceClient> {
  odd = await oddInstance(routes);
  client = new ServiceClient({ baseUrl: odd.url, clientId: 'odd', clientSecret: SECRET }, options);
  return client;
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError');
}

describe('responses that do not parse', () => {
  it('reports malformed JSON as invalid-response, not a crash', async () => {
    const c = await connect({
      'GET /api/item-lists/warehouses': (_q, res) => res.writeHead(200).end('[{"id": 1, "name": "Main"'),
    });
    const error = await failure(c.warehouses());
    expect(error.kind).toBe('invalid-response');
    expect(error.status).toBe(200);
    expect(error.message).toContain('not JSON');
    expect(error.mayHaveReachedServer).toBe(true);
  });

  it('skips a row of a wrong type, naming its id and field, not the value; the page stands', async () => {
    const c = await connect({
      'POST /api/stock-items/filter-paginated': (_q, res) =>
        json(res, 200, {
          currentPage: 1,
          hasNextPage: false,
          data: [{ id: 1, productId: 'forty-two' }, { id: 2, productId: 42 }, 'not a row'],
        }),
    });
    const pages: Paginated<StockItem>[] = [];
    for await (const page of c.stockItemPages({})) pages.push(page);
    const [page] = pages;
    expect(page?.data).toEqual([{ id: 2, productId: 42 }]);
    expect(page?.skipped).toEqual([
      { id: 1, field: 'productId', problem: 'expected number, received string' },
      { field: '(row)', problem: 'expected object, received string' },
    ]);
    expect(JSON.stringify(pages)).not.toContain('forty-two');
  });

  it('reports a page whose frame is of a wrong type as invalid-response naming the path, not the value', async () => {
    const c = await connect({
      'POST /api/stock-items/filter-paginated': (_q, res) =>
        json(res, 200, { currentPage: 1, hasNextPage: 'forty-two', data: [] }),
    });
    const error = await failure(c.stockItemPages({})[Symbol.asyncIterator]().next());
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('hasNextPage');
    expect(error.message).not.toContain('forty-two');
  });

  it('reads nulls as absent and ignores unknown fields', async () => {
    const c = await connect({
      'GET /api/companies/7/cards': (_q, res) =>
        json(res, 200, [
          { id: 1, companyId: 7, barcode: 'C1', note: null, validTo: null, futureField: { x: 1 } },
        ]),
    });
    const cards = await c.companyCards(7);
    expect(cards).toEqual([{ id: 1, companyId: 7, barcode: 'C1' }]);
  });

  it('reports a token response without access_token as invalid-response that never reached the API', async () => {
    const c = await connect({
      'POST /connect/token': (_q, res) => json(res, 200, { token_type: 'Bearer' }),
    });
    const error = await failure(c.warehouses());
    expect(error.kind).toBe('invalid-response');
    expect(error.mayHaveReachedServer).toBe(false);
    expect(odd?.hits).toEqual(['POST /connect/token']);
  });
});

describe('an older release', () => {
  const description = {
    openapi: '3.0.3',
    info: { title: 'old', version: '0.9.0' },
    paths: {
      '/api/version': { get: {} },
      '/api/item-lists/warehouses': { get: {} },
      '/api/documents/orders/internet': { post: { parameters: [] } },
    },
  };

  it('tells from /swagger which endpoints exist and whether order replays are recognised', async () => {
    const c = await connect({
      'GET /api/version': (_q, res) => json(res, 200, { version: '0.9.0' }),
      'GET /swagger': (_q, res) => json(res, 200, description),
    });
    const caps = await c.capabilities();
    expect(caps.version).toBe('0.9.0');
    expect(caps.described).toBe(true);
    expect(caps.endpoints.warehouses).toBe(true);
    expect(caps.endpoints.posScan).toBe(false);
    expect(caps.endpoints.stockItems).toBe(false);
    expect(caps.recognisesClientReference).toBe(false);

    // Known missing: reported without a request.
    const before = odd?.hits.length;
    const error = await failure(c.scanCard(1, 'C1'));
    expect(error.kind).toBe('not-available');
    expect(error.message).toMatch(/is not available on this instance/);
    expect(odd?.hits.length).toBe(before);
  });

  it('reads an Idempotency-Key header declared through a $ref', async () => {
    const c = await connect({
      'GET /api/version': (_q, res) => json(res, 200, { version: '2.0.0' }),
      'GET /swagger': (_q, res) =>
        json(res, 200, {
          ...description,
          paths: {
            '/api/documents/orders/internet': {
              post: { parameters: [{ $ref: '#/components/parameters/Idem' }] },
            },
          },
          components: { parameters: { Idem: { name: 'idempotency-key', in: 'header' } } },
        }),
    });
    expect((await c.capabilities()).recognisesClientReference).toBe(true);
  });

  it('turns a bare 404 into not-available when the instance has no description', async () => {
    const c = await connect({
      'GET /api/version': (_q, res) => json(res, 200, { version: '0.5.0' }),
      // No /swagger: the missing route answers an empty 404, as ASP.NET does.
    });
    const error = await failure(c.scanCard(3, 'C1'));
    expect(error.kind).toBe('not-available');
    expect(error.message).toBe('Point-of-sale card scan is not available on this instance (version 0.5.0)');
    const caps = await c.capabilities();
    expect(caps.described).toBe(false);
    expect(caps.endpoints.posScan).toBe(true); // unknown: assumed present until a call says otherwise
  });

  it('copes with an instance that reports neither version nor description', async () => {
    const c = await connect({});
    const caps = await c.capabilities();
    expect(caps).toMatchObject({ version: undefined, described: false, recognisesClientReference: false });
    const error = await failure(c.warehouses());
    expect(error.kind).toBe('not-available');
    expect(error.message).toBe('The warehouse list is not available on this instance');
  });

  it('refuses a body above maxResponseBytes as invalid-response', async () => {
    const c = await connect(
      {
        'GET /api/item-lists/warehouses': (_q, res) =>
          json(
            res,
            200,
            Array.from({ length: 2000 }, (_, id) => ({ id, name: 'W'.repeat(50) })),
          ),
      },
      { maxResponseBytes: 10_000 },
    );
    const error = await failure(c.warehouses());
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('larger than the client accepts');
  });

  it('takes an empty 404 at a bare path as a missing route, and a 404 ErrorResult there as a missing resource', async () => {
    const c = await connect({
      'GET /api/version': (_q, res) => json(res, 200, { version: '1.0.0' }),
      'GET /swagger': (_q, res) =>
        json(res, 200, { ...description, paths: { '/api/companies/{companyId}/cards/{cardId}': {} } }),
      'GET /api/companies/1/cards/2': (_q, res) => {
        res.writeHead(404).end();
      },
      'GET /api/companies/1/cards/3': (_q, res) =>
        json(res, 404, { messages: ['Card 3 was not found.'], errorId: 'x', statusCode: 404 }),
    });
    expect((await failure(c.companyCard(1, 2))).kind).toBe('not-available');
    const missingCard = await failure(c.companyCard(1, 3));
    expect(missingCard.kind).toBe('http');
    expect(missingCard.messages).toEqual(['Card 3 was not found.']);
  });

  it('keeps a 404 ErrorResult of a described endpoint as a plain 404 (missing resource)', async () => {
    const c = await connect({
      'GET /api/version': (_q, res) => json(res, 200, { version: '1.0.0' }),
      'GET /swagger': (_q, res) =>
        json(res, 200, {
          ...description,
          paths: { '/api/companies/{companyId}/cards/{cardId}': { get: {} } },
        }),
      'GET /api/companies/1/cards/2': (_q, res) =>
        json(res, 404, { messages: ['Card 2 was not found.'], errorId: 'x', statusCode: 404 }),
    });
    const error = await failure(c.companyCard(1, 2));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(404);
    expect(error.messages).toEqual(['Card 2 was not found.']);
  });
});

describe('secrets', () => {
  it('never lets the secret or the token into messages, even when the server echoes them', async () => {
    const logs: string[] = [];
    const c = await connect(
      {
        'POST /connect/token': (_q, res, body) =>
          json(res, 401, {
            messages: [`Unknown client or secret: ${new URLSearchParams(body).get('client_secret') ?? ''}`],
          }),
      },
      { logger: (_l: string, m: string) => logs.push(m) },
    );
    const error = await failure(c.warehouses());
    expect(error.status).toBe(401);
    expect(error.mayHaveReachedServer).toBe(false);
    const everything = JSON.stringify({
      message: error.message,
      json: error.toJSON(),
      stack: error.stack,
      logs,
    });
    expect(everything).toContain('[redacted]');
    expect(everything).not.toContain(SECRET);
  });

  it('scrubs a token a server echoes back in an API error', async () => {
    const c = await connect({
      'GET /api/item-lists/warehouses': (req, res) =>
        json(res, 400, { messages: [`Bad header ${req.headers.authorization ?? ''}`] }),
    });
    const error = await failure(c.warehouses());
    expect(JSON.stringify(error.toJSON()) + error.message).not.toContain(TOKEN);
  });
});

describe('timeouts', () => {
  it('a server that accepts the request and never answers is a timeout that may have reached it', async () => {
    const c = await connect(
      { 'POST /api/documents/orders/internet': () => undefined /* never answers */ },
      { headersTimeoutMs: 300 },
    );
    const error = await failure(
      c.createInternetOrder(
        { customerId: 1, warehouseId: 1, items: [{ productId: 1, quantity: 1 }] },
        { clientReference: 'r-1' },
      ),
    );
    expect(error.kind).toBe('timeout');
    expect(error.mayHaveReachedServer).toBe(true);
  });

  it('an AbortSignal stops a call', async () => {
    // The instance takes the request and never answers; the call is aborted once it is there.
    let atInstance = (): void => undefined;
    const received = new Promise<void>((resolve) => (atInstance = resolve));
    const c = await connect({ 'GET /api/item-lists/warehouses': () => atInstance() });
    const controller = new AbortController();
    const pending = failure(c.warehouses(controller.signal));
    await received;
    controller.abort();
    const error = await pending;
    expect(error.kind).toBe('aborted');
  });
});

describe('a /swagger that lists a path with no operation under it (ACL-trimmed or minimal)', () => {
  it('keeps the feature on: the order is sent, whether the description was read first or not', async () => {
    const created = { id: 77, items: [] };
    const c = await connect({
      'GET /api/version': (_q, res) => json(res, 200, { version: '2.0.0' }),
      'GET /swagger': (_q, res) =>
        json(res, 200, {
          openapi: '3.0.1',
          info: { title: 'trimmed', version: '2.0.0' },
          paths: { '/api/documents/orders/internet': {}, '/api/item-lists/warehouses': { get: {} } },
        }),
      'POST /api/documents/orders/internet': (_q, res) => json(res, 201, created),
    });
    const order = { customerId: 1, warehouseId: 1, items: [{ productId: 1, quantity: 1 }] };
    // Before the description is read (what `pos order` does)...
    expect((await c.createInternetOrder(order, { clientReference: 'r-1' })).id).toBe(77);
    // ...and after it (what a replay does): the same decision.
    const caps = await c.capabilities();
    expect(caps.endpoints.internetOrderCreate).toBe(true);
    expect(caps.endpoints.stockItems).toBe(false); // absent path: off
    expect((await c.createInternetOrder(order, { clientReference: 'r-2' })).id).toBe(77);
  });
});
