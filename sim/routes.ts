// One table of routes: each entry carries its method, path, permission and zod schemas. The server
// binds the handlers from it and /swagger is generated from it, so both always agree.
import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import type { AuthState, SimClient } from './auth.ts';
import { ApiError, validationError, zodViolations, type Violation } from './errors.ts';
import type { FaultController } from './faults.ts';
import type { SimDb } from './store.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SimContext {
  readonly db: SimDb;
  readonly auth: AuthState;
  readonly faults: FaultController;
  readonly version: string;
  /** Stock-item fields this instance's data-grid view leaves out (a narrower view than the sim's). */
  readonly stockItemViewExclude: ReadonlySet<string>;
  /**
   * The instance recognises a repeated client reference (the Idempotency-Key header: 409
   * DuplicateRequest). false plays an instance without duplicate detection: the header is neither
   * described nor honoured, so a repeat is a second order.
   */
  readonly detectsDuplicateOrders: boolean;
  /** It answers a repeat with a plain 409: no DuplicateRequest code, no order number. */
  readonly plainDuplicateAnswer: boolean;
  /** The largest page this instance serves (pageSize -1 or omitted included); undefined: no cap. */
  readonly maxPageSize: number | undefined;
  /** Financial-receivable fields this instance's view leaves out. */
  readonly receivableViewExclude: ReadonlySet<string>;
  /** Lower-case names of fields this instance refuses in orderBy (400 NotSortable). */
  readonly unsortableFields: ReadonlySet<string>;
  /** Filter fields this instance ignores: it answers as if they were not set. */
  readonly ignoredFilters: ReadonlySet<string>;
  /** Filter fields this instance does not know: 400 UnknownField naming them. */
  readonly rejectedFilters: ReadonlySet<string>;
  /** A write endpoint checks its body before the role's permission: a bad body is a 400 for anyone. */
  readonly validatesBeforePermission: boolean;
  /** A refused token request is a 400 echoing the request in every spelling (sim/api/sys.ts). */
  readonly echoTokenRequest: boolean;
  /** One product whose units answer lists this many generated units instead of its own. */
  readonly manyUnits?: { readonly productId: number; readonly count: number } | undefined;
  /** How this instance takes and answers internet orders (sim/api/orders.ts). */
  readonly orders: OrderVariant;
  /** It stores a card POSTed to a company, then drops the connection (no answer arrives). */
  readonly dropsCardAnswer?: boolean;
  /** It stores every card POSTed to a company as sent, unchecked (no barcode, a company it lacks). */
  readonly storesAnyCard?: boolean;
}

/** Where an instance's internet orders differ from the sim's own (SPEC.md shows neither payload nor answer). */
export interface OrderVariant {
  /** Item fields (price, discountAmount) it does not know and drops: it books its own price, no discount. */
  readonly ignoredItemFields: ReadonlySet<string>;
  /** Item fields it does not know and refuses: 400 UnknownField naming Items[i].Field. */
  readonly rejectedItemFields: ReadonlySet<string>;
  /** Fields its 201 answer leaves out of the stored order: `total`, `id`, or a line's as `items.total`. */
  readonly answerExclude: ReadonlySet<string>;
  /** Its 201 answer has no body, only the Location header. */
  readonly answerEmpty: boolean;
  /** It blocks an order's quantities in the warehouse's stock item (quantityBlocked up, available down). */
  readonly reservesStock: boolean;
  /**
   * It takes goods back as an order with negative quantities: its description gives the quantity no
   * minimum, and a negative line books price x |quantity| less its discountAmount, negative.
   */
  readonly negativeQuantities: boolean;
}

export interface RouteInput {
  /** Path parameters, already checked to be int32. */
  readonly params: Readonly<Record<string, number>>;
  readonly body: unknown;
  readonly headers: IncomingHttpHeaders;
  readonly client: SimClient | undefined;
}

export interface RouteResult {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface HeaderParam {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
  readonly schema: z.ZodType;
}

export interface ResponseDoc {
  readonly description: string;
  readonly schema?: z.ZodType;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface RouteDef {
  readonly method: Method;
  /** OpenAPI style: /api/products/{productId}/units. Every path parameter is an int32. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly tag: string;
  /** 'none': no token (health, token endpoint); otherwise a token, and the permission when set. */
  readonly auth: 'none' | 'token';
  readonly permission?: string;
  readonly body?: z.ZodType;
  readonly bodyContentType?: 'application/json' | 'application/x-www-form-urlencoded';
  readonly headers?: readonly HeaderParam[];
  readonly responses: Readonly<Record<number, ResponseDoc>>;
  /** Left out of /swagger (SPEC: health is outside the machine-readable description). */
  readonly undocumented?: boolean;
  handler(input: RouteInput): RouteResult | Promise<RouteResult>;
}

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
}

export function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

const INT32 = /^-?\d{1,10}$/;

/** Path ids must be int32 (SPEC: otherwise 400); every bad one is named in the same answer. */
export function parsePathParams(
  path: string,
  raw: Readonly<Record<string, string | undefined>>,
): Record<string, number> {
  const out: Record<string, number> = {};
  const violations: Violation[] = [];
  for (const name of pathParamNames(path)) {
    const text = raw[name] ?? '';
    const value = Number(text);
    if (!INT32.test(text) || value < -2_147_483_648 || value > 2_147_483_647) {
      const property = name.charAt(0).toUpperCase() + name.slice(1);
      violations.push({
        property,
        code: 'InvalidValue',
        message: `The value '${text}' is not valid for ${property}: it must be a 32-bit integer.`,
      });
    } else out[name] = value;
  }
  if (violations.length > 0) throw validationError(violations);
  return out;
}

/**
 * Validates a body as a whole: the schema's violations and the endpoint's own rules together, so a
 * client sees every problem in one 400 and nothing is written.
 */
export function validateBody<T extends z.ZodType>(
  schema: T,
  body: unknown,
  rules?: (raw: Record<string, unknown>, parsed: z.infer<T> | undefined) => Violation[],
): z.infer<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationError([
      { property: 'Body', code: 'Required', message: 'A JSON object body is required.' },
    ]);
  }
  const result = schema.safeParse(body);
  const violations = result.success ? [] : zodViolations(result.error);
  const extra = rules ? rules(body as Record<string, unknown>, result.success ? result.data : undefined) : [];
  // A rule and the schema may both flag one property (e.g. a missing value); report it once.
  const seen = new Set(violations.map((v) => v.property));
  for (const v of extra) if (!seen.has(v.property)) violations.push(v);
  if (violations.length > 0 || !result.success) throw validationError(violations);
  return result.data;
}

export function required(property: string): Violation {
  return { property, code: 'Required', message: `The ${property} field is required.` };
}

export function notFoundReference(property: string, what: string, id: unknown): Violation {
  return {
    property,
    code: 'NotFound',
    message: `The ${property} field refers to ${what} ${String(id)}, which does not exist.`,
    params: { value: String(id) },
  };
}

export function unauthorized(reason: string): ApiError {
  return new ApiError(401, {
    messages: [reason],
    code: 'Unauthorized',
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  });
}

export function forbidden(permission: string): ApiError {
  return new ApiError(403, {
    messages: [`Permission ${permission} is required.`],
    code: 'PermissionRequired',
    params: { permission },
  });
}

export const json = (body: unknown, status = 200): RouteResult => ({ status, body });
export const empty = (status = 204): RouteResult => ({ status });
