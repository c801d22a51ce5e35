// The service client: the endpoints of SPEC.md that Counter calls, typed, over one keep-alive pool,
// with the token policy of SPEC.md "Authentication" (reuse, 401 -> new token and one repeat, 403
// never retried, 429 waits Retry-After within bounds). It does NOT retry 5xx or network failures:
// sync and the outbox own their retry policy, and only they know whether a repeat is safe.
import { z } from 'zod';
import {
  buildCapabilities,
  notAvailableMessage,
  offers,
  readDescription,
  type Capabilities,
  type Description,
} from './capabilities.ts';
import { ENDPOINTS, fillPath, routeKey, type Endpoint } from './endpoints.ts';
import { httpError, requestUrl, ServiceError } from './errors.ts';
import { decode, header, parseJson, retryAfterMs, sleep, Transport, type RawResponse } from './http.ts';
import { silentLogger, type Logger } from './logger.ts';
import { arrayAnswer, type ArrayAnswer } from './json-array.ts';
import { orderForInstance, readOrderAnswer, type OrderAcknowledgement } from './order-answer.ts';
import { consumePages } from './pagination.ts';
import {
  CompanyCard,
  CompanyRepresentative,
  ErrorResult,
  FinancialReceivable,
  FinancialReceivableFilter,
  Health,
  InternetOrderPayload,
  paginated,
  ProductUnit,
  ScanResult,
  StockItem,
  StockItemFilter,
  VersionInfo,
  Warehouse,
  type FinancialReceivableField,
  type PageQuery,
  type Paginated,
  type StockItemField,
} from './schemas.ts';
import { redactParams, TokenManager } from './token.ts';

export interface ServiceConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface ServiceClientOptions {
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /**
   * The longest one request may take in all, headers and body (default 60 s). The three timeouts
   * above measure gaps; this one bounds an answer that keeps dripping in.
   */
  requestDeadlineMs?: number;
  /** How many times a 429 is waited out before it is reported; default 2. */
  maxRetries429?: number;
  /** A Retry-After longer than this is reported instead of waited; default 30 s. */
  maxRetryAfterMs?: number;
  /** Keep-alive connections in the pool; default 6. */
  connections?: number;
  /** Largest response body accepted; default 64 MiB. */
  maxResponseBytes?: number;
  logger?: Logger;
  /** Clock for token expiry (tests). */
  now?: () => number;
  /** Each answer of the token endpoint on the credentials: accepted (a token) or refused (400/401). */
  onCredentials?: (accepted: boolean) => void;
  /**
   * Awaited before an answer is decoded (parsing is the CPU a call costs): the sync's worker waits
   * here while the till is busy (main/sync/till-work.ts).
   */
  beforeDecode?: () => Promise<void>;
}

interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
  /** Request fields, so a one-word property named in a 400 ("Name") maps to fieldErrors too. */
  knownFields?: ReadonlySet<string>;
  /** Report a 404 as it is, without asking whether the route exists (capability detection itself). */
  plain404?: boolean;
  /** A tighter bound for this answer's body than maxResponseBytes (RawRequest.maxBytes). */
  maxBytes?: number | undefined;
}

/** How a list of one key (a product's units, a company's cards) is asked for. */
export interface KeyAnswerOptions {
  signal?: AbortSignal | undefined;
  /** Fail the answer (code BODY_TOO_LARGE) past this many bytes instead of the client's maxResponseBytes. */
  maxBytes?: number | undefined;
}

/** What the client knows of the instance's description: not asked yet, none readable, or the routes. */
type DescriptionState =
  { state: 'unknown' } | { state: 'none' } | { state: 'known'; description: Description };

/** The largest answer body a client reads unless told otherwise: 64 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** A request's answer, headers and body, within a minute: a page or an order is a few kilobytes. */
export const DEFAULT_REQUEST_DEADLINE_MS = 60_000;

const ORDER_FIELDS = new Set([
  'customerId',
  'warehouseId',
  'items',
  'note',
  'productId',
  'quantity',
  'price',
  'discountAmount',
]);

const CARD_FIELDS = new Set(['companyId', 'barcode', 'name', 'validFrom', 'validTo', 'note']);
const PERSON_FIELDS = new Set(['companyId', 'name', 'email', 'phone', 'number']);

export class ServiceClient {
  readonly baseUrl: string;
  /** The largest answer body this client reads (ServiceClientOptions.maxResponseBytes). */
  readonly maxResponseBytes: number;
  readonly #transport: Transport;
  readonly #tokens: TokenManager;
  readonly #log: Logger;
  readonly #maxRetries429: number;
  readonly #maxRetryAfterMs: number;
  #capabilities: Promise<Capabilities> | undefined;
  #description: DescriptionState = { state: 'unknown' };
  /** The release /api/version reported, for "not available on this instance (version X)". */
  #version: string | undefined;
  readonly #beforeDecode: (() => Promise<void>) | undefined;

  constructor(config: ServiceConfig, options: ServiceClientOptions = {}) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.#beforeDecode = options.beforeDecode;
    this.#transport = new Transport(this.baseUrl, {
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      headersTimeoutMs: options.headersTimeoutMs ?? 30_000,
      bodyTimeoutMs: options.bodyTimeoutMs ?? 30_000,
      deadlineMs: options.requestDeadlineMs ?? DEFAULT_REQUEST_DEADLINE_MS,
      connections: options.connections ?? 6,
      maxResponseBytes: this.maxResponseBytes,
    });
    this.#maxRetries429 = options.maxRetries429 ?? 2;
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
    const sink = options.logger ?? silentLogger;
    // Every line passes the scrubber: a server echoing a token in an error must not leak it to a log.
    this.#log = (level, message) => sink(level, this.#tokens.redact(message));
    this.#tokens = new TokenManager(this.#transport, config.clientId, config.clientSecret, {
      maxRetries429: this.#maxRetries429,
      maxRetryAfterMs: this.#maxRetryAfterMs,
      logger: this.#log,
      now: options.now ?? Date.now,
      ...(options.onCredentials === undefined ? {} : { onCredentials: options.onCredentials }),
    });
  }

  // ---- Sys ------------------------------------------------------------------------------------

  /** /api/version and /swagger, read once and cached; a failed detection is retried on the next call. */
  capabilities(signal?: AbortSignal): Promise<Capabilities> {
    this.#capabilities ??= this.#detect(signal).catch((error: unknown) => {
      this.#capabilities = undefined;
      throw error;
    });
    return this.#capabilities;
  }

  /** Forgets what capabilities() found (e.g. after reconnecting to a possibly upgraded instance). */
  forgetCapabilities(): void {
    this.#capabilities = undefined;
    this.#description = { state: 'unknown' };
    this.#version = undefined;
  }

  version(signal?: AbortSignal): Promise<VersionInfo> {
    return this.#json(ENDPOINTS.version, [], VersionInfo, { signal });
  }

  /**
   * Obtains an access token - a new one from the token endpoint when `fresh`, else the cached one -
   * so that a caller can tell "the credentials are refused" from whatever comes after the token.
   * Throws the token endpoint's ServiceError (mayHaveReachedServer false).
   */
  async obtainToken(options: { fresh?: boolean; signal?: AbortSignal } = {}): Promise<void> {
    try {
      await (options.fresh === true ? this.#tokens.renew(options.signal) : this.#tokens.get(options.signal));
    } catch (error) {
      throw error instanceof ServiceError ? this.#scrub(error) : error;
    }
  }

  /**
   * Asks whether the client's role may use a write endpoint without writing anything: POSTs an
   * empty JSON object (no Idempotency-Key; the scan to session 0, as `pos scan` without a session).
   * SPEC.md validates the whole request before anything is written (Errors, rule 2), an internet
   * order without customer and warehouse is a 400 (Documents), and an empty scan has no barcode to
   * resolve, so the instance answers 403 when the role lacks the permission and 400 when it holds
   * it (assumed: the permission is checked before the body, as ASP.NET authorizes before it
   * validates), and stores nothing either way. Resolves with the status of a 2xx answer (which
   * SPEC.md rules out: the caller reports it); every other answer is the usual ServiceError.
   */
  async postEmpty(endpoint: 'internetOrderCreate' | 'posScan', signal?: AbortSignal): Promise<number> {
    const params = endpoint === 'posScan' ? [0] : [];
    const { response } = await this.#call(ENDPOINTS[endpoint], params, { body: {}, signal });
    return response.status;
  }

  /** GET /api/health (no token): true when the instance answers 2xx; network trouble is false. */
  async health(signal?: AbortSignal): Promise<boolean> {
    try {
      const response = await this.#transport.send(
        { method: 'GET', path: '/api/health', headers: { accept: 'application/json' }, signal },
        { method: 'GET', path: '/api/health' },
      );
      if (response.status < 200 || response.status >= 300) return false;
      const body = Health.safeParse(safeJson(response.text));
      return !body.success || body.data.status === undefined || body.data.status.toLowerCase() === 'ok';
    } catch (error) {
      if (error instanceof ServiceError && error.kind === 'aborted') throw error;
      return false;
    }
  }

  // ---- Item lists -----------------------------------------------------------------------------

  warehouses(signal?: AbortSignal): Promise<Warehouse[]> {
    return this.#json(ENDPOINTS.warehouses, [], z.array(Warehouse), { signal });
  }

  companyRepresentatives(signal?: AbortSignal): Promise<CompanyRepresentative[]> {
    return this.#json(ENDPOINTS.companyRepresentatives, [], z.array(CompanyRepresentative), { signal });
  }

  // ---- Catalog --------------------------------------------------------------------------------

  /** Pages of stock items, fetched one at a time as the caller iterates (pageSize default 500). */
  stockItemPages(
    request: PageQuery<StockItemFilter, StockItemField>,
    signal?: AbortSignal,
  ): AsyncIterable<Paginated<StockItem>> {
    return this.#pages(ENDPOINTS.stockItems, StockItem, StockItemFilter, request, signal);
  }

  productUnits(productId: number, signal?: AbortSignal): Promise<ProductUnit[]> {
    return this.#json(ENDPOINTS.productUnits, [productId], z.array(ProductUnit), { signal });
  }

  /** A product's units as an answer read element by element: a huge list is never held parsed whole. */
  productUnitsAnswer(productId: number, options: KeyAnswerOptions = {}): Promise<ArrayAnswer<ProductUnit>> {
    return this.#array(ENDPOINTS.productUnits, [productId], ProductUnit, options);
  }

  // ---- Companies and finance ------------------------------------------------------------------

  companyCards(companyId: number, signal?: AbortSignal): Promise<CompanyCard[]> {
    return this.#json(ENDPOINTS.companyCards, [companyId], z.array(CompanyCard), { signal });
  }

  /** A company's cards as an answer read element by element (as productUnitsAnswer). */
  companyCardsAnswer(companyId: number, options: KeyAnswerOptions = {}): Promise<ArrayAnswer<CompanyCard>> {
    return this.#array(ENDPOINTS.companyCards, [companyId], CompanyCard, options);
  }

  /**
   * POST a card to a company; answers the stored card. A 400 names the field (a duplicate barcode:
   * barcode), in the cashier's words through fieldErrors.
   */
  createCompanyCard(
    companyId: number,
    card: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<CompanyCard> {
    return this.#json(ENDPOINTS.companyCardCreate, [companyId], CompanyCard, {
      body: card,
      signal,
      knownFields: CARD_FIELDS,
    });
  }

  /** POST an authorised person to a company; answers the stored row (read loosely: only its id). */
  createAuthorizedPerson(
    companyId: number,
    person: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<{ id?: number | undefined }> {
    return this.#json(
      ENDPOINTS.authorizedPersonCreate,
      [companyId],
      z.looseObject({ id: z.int().optional() }),
      {
        body: person,
        signal,
        knownFields: PERSON_FIELDS,
      },
    );
  }

  companyCard(companyId: number, cardId: number, signal?: AbortSignal): Promise<CompanyCard> {
    return this.#json(ENDPOINTS.companyCard, [companyId, cardId], CompanyCard, { signal });
  }

  financialReceivablePages(
    request: PageQuery<FinancialReceivableFilter, FinancialReceivableField>,
    signal?: AbortSignal,
  ): AsyncIterable<Paginated<FinancialReceivable>> {
    return this.#pages(
      ENDPOINTS.financialReceivables,
      FinancialReceivable,
      FinancialReceivableFilter,
      request,
      signal,
    );
  }

  // ---- Documents ------------------------------------------------------------------------------

  /**
   * POST an internet order carrying `Idempotency-Key: <clientReference>`. An instance that recognises
   * the header (capabilities().recognisesClientReference) answers a replay with 409 DuplicateRequest
   * and params.orderId; one that does not simply ignores the header. Item fields the instance's
   * description does not show (price, discountAmount) are left out, and said in `withheld`.
   */
  async createInternetOrder(
    order: InternetOrderPayload,
    opts: { clientReference: string; signal?: AbortSignal },
  ): Promise<OrderAcknowledgement & { withheld: readonly string[] }> {
    if (this.#description.state === 'unknown') await this.#describeForOrder(opts.signal);
    const described =
      this.#description.state === 'known' ? this.#description.description.orderItemFields : undefined;
    const sent = orderForInstance(InternetOrderPayload.parse(order), described);
    const { response, path } = await this.#call(ENDPOINTS.internetOrderCreate, [], {
      body: sent.order,
      headers: { 'idempotency-key': opts.clientReference },
      signal: opts.signal,
      knownFields: ORDER_FIELDS,
    });
    return {
      ...readOrderAnswer(response, {
        method: ENDPOINTS.internetOrderCreate.method,
        path,
        base: this.baseUrl,
      }),
      withheld: sent.withheld,
    };
  }

  /**
   * Reads the instance's description before an order goes. Where it could not be read for a passing
   * reason (network, timeout, 5xx, 429, no token), the order is not sent: sent whole, a strict
   * instance would refuse it for good as needing a fix, and it is not the order's fault. The error
   * says the order never left (it waits, and goes later). A description that was read and does not
   * describe the order, or an answer that is no description at all, lets the whole order go.
   */
  async #describeForOrder(signal: AbortSignal | undefined): Promise<void> {
    try {
      await this.capabilities(signal);
    } catch (error) {
      if (!passingFailure(error)) return;
      const cause = error instanceof Error ? error.message : String(error);
      const init = error instanceof ServiceError ? error : undefined;
      throw new ServiceError({
        kind: init?.kind ?? 'network',
        status: init?.status,
        retryAfterMs: init?.retryAfterMs,
        message: `${ENDPOINTS.internetOrderCreate.method} ${ENDPOINTS.internetOrderCreate.path} not sent: the instance's description could not be read (${cause}); the order waits`,
        mayHaveReachedServer: false,
      });
    }
  }

  async deleteInternetOrder(id: number, signal?: AbortSignal): Promise<void> {
    await this.#call(ENDPOINTS.internetOrderDelete, [id], { signal });
  }

  /** Resolves a card barcode to its company; an unknown barcode is ServiceError status 404. */
  scanCard(sessionId: number, barcode: string, signal?: AbortSignal): Promise<ScanResult> {
    return this.#json(ENDPOINTS.posScan, [sessionId], ScanResult, {
      body: { barcode },
      signal,
      knownFields: new Set(['barcode']),
    });
  }

  async close(): Promise<void> {
    this.#tokens.close();
    await this.#transport.close();
  }

  // ---- Internals ------------------------------------------------------------------------------

  /** A filter-paginated resource's pages, its filter checked before the first request. */
  #pages<T extends z.ZodType, F>(
    endpoint: Endpoint,
    row: T,
    filterSchema: z.ZodType<F>,
    request: PageQuery<F>,
    signal: AbortSignal | undefined,
  ): AsyncIterable<Paginated<z.infer<T>>> {
    const schema = paginated(row);
    const filter = filterSchema.parse(request.filter ?? {});
    return consumePages(
      request,
      (body) => this.#json(endpoint, [], schema, { body: { ...body, filter }, signal }),
      walkName(endpoint),
    );
  }

  async #json<T extends z.ZodType>(
    endpoint: Endpoint,
    params: readonly (number | string)[],
    schema: T,
    options: CallOptions,
  ): Promise<z.infer<T>> {
    const { response, path } = await this.#call(endpoint, params, options);
    await this.#beforeDecode?.();
    return decode(schema, response, { method: endpoint.method, path });
  }

  async #array<S extends z.ZodType>(
    endpoint: Endpoint,
    params: readonly (number | string)[],
    schema: S,
    options: KeyAnswerOptions,
  ): Promise<ArrayAnswer<z.infer<S>>> {
    const { response, path } = await this.#call(endpoint, params, options);
    await this.#beforeDecode?.();
    return arrayAnswer(schema, response, { method: endpoint.method, path });
  }

  /** One API call with the token policy applied; any non-2xx answer becomes a ServiceError. */
  async #call(
    endpoint: Endpoint,
    params: readonly (number | string)[],
    options: CallOptions,
  ): Promise<{ response: RawResponse; path: string }> {
    const path = fillPath(endpoint.path, params);
    const where = { method: endpoint.method, path };
    this.#assertAvailable(endpoint);
    try {
      const response = await this.#withTokenPolicy(endpoint, path, options);
      if (response.status >= 200 && response.status < 300) return { response, path };
      throw await this.#failure(endpoint, path, response, options);
    } catch (error) {
      if (error instanceof ServiceError) throw this.#scrub(error);
      throw new ServiceError({
        kind: 'network',
        message: `${where.method} ${where.path} failed`,
        mayHaveReachedServer: true,
      });
    }
  }

  async #withTokenPolicy(endpoint: Endpoint, path: string, options: CallOptions): Promise<RawResponse> {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    let refreshed = false;
    let waited429 = 0;
    for (;;) {
      const token = await this.#tokens.get(options.signal);
      const started = Date.now();
      const response = await this.#transport.send(
        {
          method: endpoint.method,
          path,
          headers: {
            accept: 'application/json',
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...options.headers,
          },
          body,
          signal: options.signal,
          maxBytes: options.maxBytes,
        },
        { method: endpoint.method, path },
      );
      this.#log('debug', `${endpoint.method} ${path} -> ${response.status} (${Date.now() - started} ms)`);
      if (response.status === 401 && !refreshed) {
        // SPEC.md: obtain a new token and repeat the call once.
        refreshed = true;
        this.#tokens.invalidate(token);
        continue;
      }
      if (response.status === 429 && waited429 < this.#maxRetries429) {
        const wait = retryAfterMs(response) ?? 1000;
        if (wait <= this.#maxRetryAfterMs) {
          waited429++;
          this.#log('warn', `${endpoint.method} ${path} rate-limited (429); waiting ${wait} ms`);
          await sleep(wait, options.signal, `${endpoint.method} ${path}`);
          continue;
        }
      }
      return response;
    }
  }

  async #failure(
    endpoint: Endpoint,
    path: string,
    response: RawResponse,
    options: CallOptions,
  ): Promise<ServiceError> {
    const body = errorResultOf(response);
    if (
      response.status === 404 &&
      !options.plain404 &&
      (await this.#routeMissing(endpoint, body, options.signal))
    ) {
      return new ServiceError({
        kind: 'not-available',
        message: notAvailableMessage(endpoint.title, this.#version),
        status: 404,
        messages: body?.messages ?? [],
        errorId: body?.errorId,
        mayHaveReachedServer: true,
      });
    }
    return httpError({
      method: endpoint.method,
      path,
      status: response.status,
      body,
      retryAfterMs: retryAfterMs(response),
      knownFields: options.knownFields,
      // Read for what it names (a 3xx pointing at the order it stored), never followed.
      url: requestUrl(this.baseUrl, path),
      location: header(response, 'location'),
    });
  }

  /**
   * A 404 means "no such route on this release" or "no such resource". The description decides
   * when there is one; without it, an answer that is not an ErrorResult with messages (an empty body,
   * a framework's generic 404) is taken as a missing route.
   */
  async #routeMissing(
    endpoint: Endpoint,
    body: ErrorResult | undefined,
    signal?: AbortSignal,
  ): Promise<boolean> {
    if (this.#description.state === 'unknown') {
      await this.capabilities(signal).catch(() => undefined);
    }
    const state = this.#description;
    const frameworkNotFound = body === undefined || (body.messages ?? []).length === 0;
    if (state.state !== 'known') return frameworkNotFound;
    if (!offers(state.description, endpoint)) return true;
    // Listed only as a bare path: its methods are not said, so the answer decides, as without one.
    const listed = state.description.routes.has(routeKey(endpoint.method, endpoint.path));
    return !listed && frameworkNotFound;
  }

  #assertAvailable(endpoint: Endpoint): void {
    const state = this.#description;
    if (state.state !== 'known') return;
    if (offers(state.description, endpoint)) return;
    throw new ServiceError({
      kind: 'not-available',
      message: notAvailableMessage(endpoint.title, this.#version),
      mayHaveReachedServer: false,
    });
  }

  async #detect(signal?: AbortSignal): Promise<Capabilities> {
    let version: VersionInfo | undefined;
    try {
      version = await this.#json(ENDPOINTS.version, [], VersionInfo, { signal, plain404: true });
    } catch (error) {
      // An instance too old to report its version is still usable; anything else is a real failure.
      if (!(error instanceof ServiceError && error.status === 404)) throw error;
      version = undefined;
    }
    const description = await this.#readDescription(signal);
    this.#description = description ? { state: 'known', description } : { state: 'none' };
    this.#version = version?.version;
    const capabilities = buildCapabilities(version, description);
    this.#log(
      'info',
      `instance ${capabilities.version ?? '(version unknown)'}; description ${capabilities.described ? 'read' : 'not available'}`,
    );
    return capabilities;
  }

  /** /swagger (SPEC.md), else the path ASP.NET generators use; undefined when neither is a description. */
  async #readDescription(signal?: AbortSignal): Promise<Description | undefined> {
    for (const path of ['/swagger', '/swagger/v1/swagger.json']) {
      const token = await this.#tokens.get(signal);
      const response = await this.#transport.send(
        {
          method: 'GET',
          path,
          headers: { accept: 'application/json', authorization: `Bearer ${token}` },
          signal,
        },
        { method: 'GET', path },
      );
      // A gateway's 5xx, a 429 or a redirect (a maintenance page) says nothing of what the instance
      // describes: try again later, rather than take it for an instance that describes nothing.
      if (response.status >= 500 || response.status === 429 || isRedirect(response.status))
        throw httpError({
          method: 'GET',
          path,
          status: response.status,
          body: errorResultOf(response),
          retryAfterMs: retryAfterMs(response),
        });
      if (response.status < 200 || response.status >= 300) continue;
      const description = readDescription(safeJson(response.text));
      if (description) return description;
    }
    return undefined;
  }

  /** Removes the secret and any token from an error about to leave the client. */
  #scrub(error: ServiceError): ServiceError {
    const redact = (s: string): string => this.#tokens.redact(s);
    const dirty =
      redact(error.message) !== error.message ||
      (error.location !== undefined && redact(error.location) !== error.location) ||
      error.messages.some((m) => redact(m) !== m) ||
      Object.values(error.params ?? {}).some((v) => redact(v) !== v);
    if (!dirty) return error;
    const fieldErrors: Record<string, string[]> = {};
    for (const [field, list] of Object.entries(error.fieldErrors)) fieldErrors[field] = list.map(redact);
    return new ServiceError({
      kind: error.kind,
      message: redact(error.message),
      status: error.status,
      messages: error.messages.map(redact),
      errorId: error.errorId,
      code: error.code,
      params: redactParams(error.params, redact),
      fieldErrors,
      permission: error.permission,
      retryAfterMs: error.retryAfterMs,
      location: error.location === undefined ? undefined : redact(error.location),
      url: error.url,
      mayHaveReachedServer: error.mayHaveReachedServer,
    });
  }
}

/** "Stock items (POST /api/stock-items/filter-paginated)": whose walk an error speaks of. */
function walkName(endpoint: Endpoint): string {
  return `${endpoint.title} (${endpoint.method} ${endpoint.path})`;
}

/**
 * A failure that passes (the network, a timeout, a gateway, a rate, no token now), as opposed to an
 * answer that is not what Counter reads (it will not read differently later).
 */
function passingFailure(error: unknown): boolean {
  if (!(error instanceof ServiceError)) return true;
  if (error.kind !== 'http') return error.kind !== 'invalid-response' && error.kind !== 'not-available';
  const status = error.status ?? 0;
  return status >= 500 || status === 429 || isRedirect(status) || !error.mayHaveReachedServer;
}

/** A 3xx: something in front of the instance (a maintenance page, a moved address) answered. */
function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

function safeJson(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
}

function errorResultOf(response: RawResponse): ErrorResult | undefined {
  const parsed = ErrorResult.safeParse(safeJson(response.text));
  return parsed.success && header(response, 'content-length') !== '0' ? parsed.data : undefined;
}
