// The one error type of the service client. Whatever went wrong (an HTTP status, the network, a
// timeout, a response that does not parse, an endpoint the instance lacks, an abort), callers get a
// ServiceError and branch on `kind`, `status` and `code`, never on message text.
import { say, type Said } from '../../contract/core-words.ts';
import type { ErrorResult } from './schemas.ts';

export type ServiceErrorKind =
  'http' | 'network' | 'timeout' | 'invalid-response' | 'not-available' | 'aborted';

export interface ServiceErrorInit {
  kind: ServiceErrorKind;
  message: string;
  status?: number | undefined;
  messages?: string[] | undefined;
  errorId?: string | undefined;
  code?: string | undefined;
  params?: Record<string, string> | undefined;
  fieldErrors?: Record<string, string[]> | undefined;
  permission?: string | undefined;
  retryAfterMs?: number | undefined;
  /** The answer's Location, resolved (see ServiceError.location). */
  location?: string | undefined;
  /** The URL the request went to (see ServiceError.url). */
  url?: string | undefined;
  mayHaveReachedServer: boolean;
  cause?: unknown;
}

export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly kind: ServiceErrorKind;
  readonly status: number | undefined;
  /** ErrorResult.messages (plus the messages of ErrorResult.errors), as the service wrote them. */
  readonly messages: string[];
  readonly errorId: string | undefined;
  readonly code: string | undefined;
  readonly params: Record<string, string> | undefined;
  /** Messages by the camelCase field they name: 'CustomerId' -> customerId, 'Items[0].Quantity' -> items[0].quantity. */
  readonly fieldErrors: Record<string, string[]>;
  /** The permission a 403 names, e.g. "Permissions.Orders.Create". */
  readonly permission: string | undefined;
  readonly retryAfterMs: number | undefined;
  /**
   * Where the answer's Location header points (a 3xx's), resolved against the request's URL into an
   * absolute http(s) URL without user or password; undefined when the answer had none or it is not a
   * URL. Never followed (neither the token nor the secret goes there): it is read, for what it names.
   */
  readonly location: string | undefined;
  /** The URL the request went to (origin and path, no user, query or fragment), when the client said. */
  readonly url: string | undefined;
  /**
   * False only when the request certainly never left this machine (connection refused, DNS, TLS,
   * connect timeout, token not obtained). True when it may have been received: the connection broke
   * or timed out after the request was written, or any HTTP answer came back. The outbox uses this
   * to tell "queued" from "in-doubt".
   */
  readonly mayHaveReachedServer: boolean;

  constructor(init: ServiceErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.messages = init.messages ?? [];
    this.errorId = init.errorId;
    this.code = init.code;
    this.params = init.params;
    this.fieldErrors = init.fieldErrors ?? {};
    this.permission = init.permission;
    this.retryAfterMs = init.retryAfterMs;
    this.location = init.location;
    this.url = init.url;
    this.mayHaveReachedServer = init.mayHaveReachedServer;
  }

  /** Plain data for logs, JSON output and IPC (no stack, no cause). */
  toJSON(): Record<string, unknown> {
    return {
      kind: this.kind,
      message: this.message,
      status: this.status,
      messages: this.messages,
      errorId: this.errorId,
      code: this.code,
      params: this.params,
      fieldErrors: this.fieldErrors,
      permission: this.permission,
      retryAfterMs: this.retryAfterMs,
      location: this.location,
      url: this.url,
      mayHaveReachedServer: this.mayHaveReachedServer,
    };
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

/** Network-level failures (no usable answer): the CLI maps these to exit 4, the outbox to queued/in-doubt. */
export function isUnreachable(error: unknown): error is ServiceError {
  return error instanceof ServiceError && (error.kind === 'network' || error.kind === 'timeout');
}

// ---- In words -----------------------------------------------------------------------------------

const WHY_BY_CODE: readonly [
  RegExp,
  'whyRefused' | 'whyUnknownHost' | 'whyNoRoute' | 'whyConnectionLost' | 'whyCertificate',
][] = [
  [/^ECONNREFUSED$/, 'whyRefused'],
  [/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)$/, 'whyUnknownHost'],
  [/^(EHOSTUNREACH|ENETUNREACH|ENETDOWN|EHOSTDOWN)$/, 'whyNoRoute'],
  [/^(ECONNRESET|EPIPE|ECONNABORTED|UND_ERR_SOCKET|UND_ERR_CLOSED)$/, 'whyConnectionLost'],
  [/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/, 'whyCertificate'],
];

/**
 * Why the instance could not be reached, as a sentence by key: timed out, refused, unknown name, no
 * route, connection lost, certificate; else the system's code as a value. Never the English message.
 */
export function unreachableWhy(error: ServiceError): Said {
  if (error.kind === 'timeout') return say('whyTimeout');
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string' || code === '') return say('whyUnknown');
  const known = WHY_BY_CODE.find(([re]) => re.test(code));
  return known === undefined ? say('whyCode', { code }) : say(known[1], { code });
}

/**
 * What went wrong with a call to the instance, in sentences by key for the screens' language: out of
 * reach (and why), credentials refused, a permission lacking, the status it answered and its own
 * words ("The instance says: ..."), an answer Counter cannot read, a feature it does not offer.
 */
export function serviceSaid(error: ServiceError): Said[] {
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return [say('offline'), unreachableWhy(error)];
    case 'invalid-response':
      return [say('instanceUnreadable')];
    case 'not-available':
      return [say('notOffered')];
    case 'aborted':
      return [say('stopped')];
    case 'http':
      break;
  }
  // A 401, or the token endpoint's 400 (the call itself never left): the credentials were refused.
  if (error.status === 401 || (error.status === 400 && !error.mayHaveReachedServer))
    return [say('credentialsRefused')];
  if (error.status === 403)
    return [
      error.permission === undefined
        ? say('lacksAPermission')
        : say('lacksPermission', { permission: error.permission }),
    ];
  return [...answeredSaid(error.status), ...instanceSays(error.messages)];
}

/** "The instance answered 500." */
function answeredSaid(status: number | undefined): Said[] {
  return status === undefined ? [] : [say('answeredStatus', { status })];
}

/** The instance's own words, as it wrote them, introduced as its ("The instance says: ..."). */
export function instanceSays(messages: readonly string[]): Said[] {
  const text = messages.join(' ').trim();
  return text === '' ? [] : [say('instanceSays', { text })];
}

// ---- Reading an ErrorResult --------------------------------------------------------------------

/**
 * A property path as an ASP.NET-style validator writes it: PascalCase segments, optional indexes.
 * `Items[0].Quantity`, `CustomerId`, `Card.Barcode`.
 */
const PROPERTY_PATH = /[A-Za-z][A-Za-z0-9]*(?:\[\d+\])*(?:\.[A-Za-z][A-Za-z0-9]*(?:\[\d+\])*)*/g;
const QUOTED = /['"`]([A-Za-z][A-Za-z0-9]*(?:\[\d+\])*(?:\.[A-Za-z][A-Za-z0-9]*(?:\[\d+\])*)*)['"`]/g;
const PERMISSION = /Permissions\.[A-Za-z0-9]+\.[A-Za-z0-9]+/;

/** 'Items[0].Quantity' -> 'items[0].quantity': lower-case the first letter of each segment. */
export function camelCasePath(path: string): string {
  return path
    .split('.')
    .map((segment) => segment.charAt(0).toLowerCase() + segment.slice(1))
    .join('.');
}

/**
 * Which property a validation message names. A word counts as a property when it is quoted, has an
 * index or a dot (`Items[0].Quantity`), has an inner capital (`CustomerId`), or - for one-word names
 * like `Name` or `Note` - when the caller lists it among the fields of the request it sent.
 * Permission names (`Permissions.X.Y`) are not properties.
 */
export function fieldsNamedIn(message: string, knownFields: ReadonlySet<string> = new Set()): string[] {
  const found = new Set<string>();
  const add = (raw: string): void => {
    if (raw.startsWith('Permissions.')) return;
    found.add(camelCasePath(raw));
  };
  // Quoted is how a validator names a property, and how it quotes a value ("The Barcode
  // 'VK000722402' is already used"): a quoted word is a property when it reads as one (a word in
  // PascalCase or camelCase, a path) or the request had such a field; a code or an id is a value.
  for (const m of message.matchAll(QUOTED)) {
    const raw = m[1];
    if (raw === undefined) continue;
    const first = raw.split(/[.[]/)[0] ?? raw;
    const named = /^[A-Z][a-z]|^[a-z]+[A-Z]/.test(first) || knownFields.has(camelCasePath(first));
    if (named) add(raw);
  }
  if (found.size > 0) return [...found];
  for (const m of message.matchAll(PROPERTY_PATH)) {
    const raw = m[0];
    const first = raw.split(/[.[]/)[0] ?? raw;
    const structured = raw.includes('.') || raw.includes('[');
    const pascalCompound = /^[A-Z][a-z0-9]+[A-Z]/.test(first);
    const known = knownFields.has(camelCasePath(first));
    if ((structured && /^[A-Z]/.test(raw)) || pascalCompound || known) add(raw);
  }
  return [...found];
}

/**
 * A map keyed by names from the network (field names, params): no prototype, so a key such as
 * `__proto__` or `constructor` is an entry like every other and cannot reach Object.prototype.
 */
export function safeMap<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** Groups messages under each field they name; a message naming two fields lands under both. */
export function fieldErrorsFrom(
  messages: readonly string[],
  knownFields?: ReadonlySet<string>,
): Record<string, string[]> {
  const map = safeMap<string[]>();
  for (const message of messages) {
    for (const field of fieldsNamedIn(message, knownFields)) (map[field] ??= []).push(message);
  }
  return map;
}

/**
 * Field errors of an ErrorResult: a coded entry's params.propertyName is taken at its word; the
 * messages not covered by such an entry are read for the property names they mention.
 */
function fieldErrorsOf(
  body: ErrorResult | undefined,
  messages: readonly string[],
  knownFields: ReadonlySet<string> | undefined,
): Record<string, string[]> {
  const map = safeMap<string[]>();
  const covered = new Set<string>();
  for (const entry of body?.errors ?? []) {
    const property = entry.params?.propertyName;
    if (typeof property !== 'string' || entry.message === undefined) continue;
    covered.add(entry.message);
    for (const name of property.split(/,\s*/)) {
      if (name !== '') (map[camelCasePath(name)] ??= []).push(entry.message);
    }
  }
  const rest = fieldErrorsFrom(
    messages.filter((m) => !covered.has(m)),
    knownFields,
  );
  for (const [field, list] of Object.entries(rest)) (map[field] ??= []).push(...list);
  return map;
}

export function permissionNamedIn(messages: readonly string[]): string | undefined {
  for (const message of messages) {
    const m = PERMISSION.exec(message);
    if (m) return m[0];
  }
  return undefined;
}

function stringParams(params: Record<string, unknown> | undefined): Record<string, string> | undefined {
  if (!params) return undefined;
  const out = safeMap<string>();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  return out;
}

export interface HttpErrorContext {
  method: string;
  /** Path with ids, never the query or headers. */
  path: string;
  status: number;
  body: ErrorResult | undefined;
  retryAfterMs?: number | undefined;
  /** Request body fields, so one-word property names ("Name") are recognised too. */
  knownFields?: ReadonlySet<string> | undefined;
  /** The URL the request went to (requestUrl), what a relative Location is resolved against. */
  url?: string | undefined;
  /** The answer's Location header as it came (a 3xx's), if any. */
  location?: string | undefined;
}

/** A Location longer than this is no address a server names a record by: it names nothing. */
const MAX_LOCATION_CHARS = 2_048;

/**
 * The URL a request went to, as a Location is read against it: the base URL's origin and path (its
 * prefix) + the request's path, without user, password, query or fragment; undefined when the base
 * is no URL.
 */
export function requestUrl(baseUrl: string, path: string): string | undefined {
  try {
    const base = new URL(baseUrl);
    return new URL(`${base.origin}${base.pathname.replace(/\/+$/, '')}${path}`).href;
  } catch {
    return undefined;
  }
}

/**
 * A Location header resolved against the request's URL (a relative one needs it): an absolute
 * http(s) URL without user or password, or undefined when there is none or it is not a URL (it then
 * names nothing). Only read, never followed.
 */
export function resolvedLocation(
  location: string | undefined,
  against: string | undefined,
): string | undefined {
  const text = location?.trim() ?? '';
  if (text === '' || text.length > MAX_LOCATION_CHARS) return undefined;
  try {
    const named = against === undefined ? new URL(text) : new URL(text, against);
    if (named.protocol !== 'http:' && named.protocol !== 'https:') return undefined;
    named.username = '';
    named.password = '';
    return named.href;
  } catch {
    return undefined;
  }
}

/** A ServiceError of kind 'http' from a status and its ErrorResult (if the body was one). */
export function httpError(ctx: HttpErrorContext): ServiceError {
  const body = ctx.body;
  const messages = [...(body?.messages ?? [])];
  for (const entry of body?.errors ?? []) {
    if (entry.message !== undefined && !messages.includes(entry.message)) messages.push(entry.message);
  }
  const permission = ctx.status === 403 ? permissionNamedIn(messages) : undefined;
  const detail = messages.length > 0 ? messages.join(' ') : (body?.exception ?? 'no details given');
  const suffix = permission ? ` (missing permission ${permission})` : '';
  return new ServiceError({
    kind: 'http',
    message: `${ctx.method} ${ctx.path} answered ${ctx.status}: ${detail}${suffix}`,
    status: ctx.status,
    messages,
    errorId: body?.errorId,
    code: body?.code,
    params: stringParams(body?.params),
    fieldErrors:
      ctx.status === 400 || ctx.status === 409 ? fieldErrorsOf(body, messages, ctx.knownFields) : {},
    permission,
    retryAfterMs: ctx.retryAfterMs,
    location: resolvedLocation(ctx.location, ctx.url),
    url: ctx.url,
    mayHaveReachedServer: true,
  });
}

// ---- Network failures --------------------------------------------------------------------------

/** Error codes that mean the request never left: nothing was written to a connected socket. */
const BEFORE_SEND_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_INVALID_ARG',
  'UND_ERR_DESTROYED',
  'UND_ERR_CLOSED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  socket?: unknown;
  errors?: unknown;
}

function asErrorLike(value: unknown): ErrorLike | undefined {
  return typeof value === 'object' && value !== null ? value : undefined;
}

/** The codes of an error, its cause chain and (for AggregateError from happy-eyeballs) its parts. */
function codesOf(error: unknown, depth = 0): string[] {
  const e = asErrorLike(error);
  if (!e || depth > 5) return [];
  const codes: string[] = [];
  if (typeof e.code === 'string') codes.push(e.code);
  if (typeof e.name === 'string' && e.name === 'AbortError') codes.push('ABORT_ERR');
  codes.push(...codesOf(e.cause, depth + 1));
  if (Array.isArray(e.errors)) for (const inner of e.errors) codes.push(...codesOf(inner, depth + 1));
  return codes;
}

function bytesWritten(error: unknown): number | undefined {
  const socket = asErrorLike(asErrorLike(error)?.socket) as { bytesWritten?: unknown } | undefined;
  return typeof socket?.bytesWritten === 'number' ? socket.bytesWritten : undefined;
}

export interface NetworkErrorContext {
  method: string;
  path: string;
  /** The caller's signal fired (as opposed to an internal timeout). */
  aborted: boolean;
  /** The request had been handed to the connection pool (a socket may have carried it). */
  dispatched: boolean;
}

/**
 * Turns a failure below HTTP (undici or node:net error) into a ServiceError. The cause kept on it is
 * a bare copy (name, code, message) so that nothing of the request - its headers in particular -
 * hangs off an error that someone logs.
 */
export function networkError(error: unknown, ctx: NetworkErrorContext): ServiceError {
  const codes = codesOf(error);
  const e = asErrorLike(error);
  const detail =
    typeof e?.message === 'string' && e.message !== '' ? e.message : (codes[0] ?? 'unknown error');
  const cause = Object.assign(new Error(detail), {
    code: codes[0],
    name: typeof e?.name === 'string' ? e.name : 'Error',
  });
  const where = `${ctx.method} ${ctx.path}`;
  if (ctx.aborted || codes.includes('UND_ERR_ABORTED') || codes.includes('ABORT_ERR')) {
    return new ServiceError({
      kind: 'aborted',
      message: `${where} was aborted`,
      mayHaveReachedServer: ctx.dispatched,
      cause,
    });
  }
  if (codes.includes('UND_ERR_RES_EXCEEDED_MAX_SIZE')) {
    return new ServiceError({
      kind: 'invalid-response',
      message: `${where} answered with a body larger than the client accepts`,
      mayHaveReachedServer: true,
      cause,
    });
  }
  const beforeSend = codes.some((c) => BEFORE_SEND_CODES.has(c)) || bytesWritten(error) === 0;
  const timeout = codes.find((c) => TIMEOUT_CODES.has(c));
  if (timeout) {
    const phase =
      timeout === 'UND_ERR_CONNECT_TIMEOUT'
        ? 'connecting'
        : timeout === 'UND_ERR_HEADERS_TIMEOUT'
          ? 'waiting for the answer'
          : 'reading the answer';
    return new ServiceError({
      kind: 'timeout',
      message: `${where} timed out ${phase}`,
      mayHaveReachedServer: !beforeSend,
      cause,
    });
  }
  return new ServiceError({
    kind: 'network',
    message: beforeSend
      ? `${where} could not reach the service (${codes[0] ?? detail})`
      : `${where} lost the connection after the request was sent (${codes[0] ?? detail})`,
    mayHaveReachedServer: !beforeSend,
    cause,
  });
}
