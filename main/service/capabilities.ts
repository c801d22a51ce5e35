// What this instance offers, read at connect time: its version (/api/version) and its machine-
// readable description (/swagger, authoritative per SPEC.md "Versioning"). An endpoint an older
// release lacks turns its feature off with "... is not available on this instance" instead of
// failing later, and the internet-order operation declaring an Idempotency-Key header parameter is
// how the client learns that the instance recognises a replayed order.
import { ENDPOINTS, routeKey, type EndpointName } from './endpoints.ts';
import { OpenApiDocument, OpenApiOperation } from './schemas.ts';

export interface Capabilities {
  /** The instance's release as /api/version reports it; undefined when it does not say. */
  version: string | undefined;
  name: string | undefined;
  /** True when /swagger was read; when false every endpoint is assumed present until a call says 404. */
  described: boolean;
  /** Per named endpoint of SPEC.md: does the instance serve it. */
  endpoints: Record<EndpointName, boolean>;
  /** The internet-order POST declares the Idempotency-Key header: a replayed order is recognised (409). */
  recognisesClientReference: boolean;
  /**
   * The properties an internet order's item has in the description's request body; undefined when
   * it does not describe them (no description, a bare path, no body schema).
   */
  orderItemFields: ReadonlySet<string> | undefined;
  /**
   * The description gives an internet order item's quantity no minimum, so an order may carry
   * negative quantities (goods taken back, issue 37); false where it sets one or does not describe it.
   */
  orderQuantityMayBeNegative: boolean;
}

/** The parsed description: which routes exist and what the order operation declares. */
export interface Description {
  routes: ReadonlySet<string>;
  /**
   * Paths listed with no operation object under them (an ACL-trimmed or minimal description): the
   * path exists, its methods are not said, so every endpoint at it counts as offered.
   */
  barePaths: ReadonlySet<string>;
  recognisesClientReference: boolean;
  orderItemFields: ReadonlySet<string> | undefined;
  orderQuantityMayBeNegative: boolean;
}

/** Whether the description offers an endpoint: its operation is listed, or its path is, bare. */
export function offers(description: Description, endpoint: { method: string; path: string }): boolean {
  return (
    description.routes.has(routeKey(endpoint.method, endpoint.path)) ||
    description.barePaths.has(endpoint.path)
  );
}

const OPERATION_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Reads an OpenAPI 3 (or Swagger 2) document; undefined when it is not one. */
export function readDescription(json: unknown): Description | undefined {
  const doc = OpenApiDocument.safeParse(json);
  if (!doc.success) return undefined;
  const routes = new Set<string>();
  const barePaths = new Set<string>();
  let recognisesClientReference = false;
  let orderItemFields: ReadonlySet<string> | undefined;
  let orderQuantityMayBeNegative = false;
  const orderKey = routeKey(ENDPOINTS.internetOrderCreate.method, ENDPOINTS.internetOrderCreate.path);
  for (const [path, item] of Object.entries(doc.data.paths)) {
    const pathParameters = OpenApiOperation.safeParse(item);
    if (!Object.keys(item).some((k) => OPERATION_METHODS.has(k.toLowerCase()))) barePaths.add(path);
    for (const [method, operation] of Object.entries(item)) {
      if (!OPERATION_METHODS.has(method.toLowerCase())) continue;
      const key = routeKey(method, path);
      routes.add(key);
      if (key !== orderKey) continue;
      const op = OpenApiOperation.safeParse(operation);
      const parameters = [
        ...(op.success ? (op.data.parameters ?? []) : []),
        ...(pathParameters.success ? (pathParameters.data.parameters ?? []) : []),
      ].map((p) => resolveParameter(json, p));
      recognisesClientReference ||= parameters.some(
        (p) => p.in === 'header' && p.name?.toLowerCase() === IDEMPOTENCY_HEADER.toLowerCase(),
      );
      orderItemFields = itemFieldsOf(json, operation);
      orderQuantityMayBeNegative = quantityUnbounded(json, operation);
    }
  }
  return { routes, barePaths, recognisesClientReference, orderItemFields, orderQuantityMayBeNegative };
}

/**
 * The property names of an order item in the operation's JSON request body (OpenAPI 3
 * requestBody, or a Swagger 2 body parameter), following local $refs; undefined where the path
 * there is not described.
 */
function itemFieldsOf(root: unknown, operation: unknown): ReadonlySet<string> | undefined {
  const properties = field(itemSchemaOf(root, operation), 'properties');
  if (typeof properties !== 'object' || properties === null) return undefined;
  return new Set(Object.keys(properties));
}

/** The item's `quantity` is described as a number with no minimum (nor an exclusive one). */
function quantityUnbounded(root: unknown, operation: unknown): boolean {
  const quantity = resolve(root, field(field(itemSchemaOf(root, operation), 'properties'), 'quantity'));
  if (typeof quantity !== 'object' || quantity === null) return false;
  const type = field(quantity, 'type');
  if (type !== 'number' && type !== 'integer') return false;
  return field(quantity, 'minimum') === undefined && field(quantity, 'exclusiveMinimum') === undefined;
}

/** The order item's schema in the operation's JSON request body (OpenAPI 3 or Swagger 2), followed through $refs. */
function itemSchemaOf(root: unknown, operation: unknown): unknown {
  const bodyParameter = asArray(field(operation, 'parameters'))?.find(
    (p) => field(resolve(root, p), 'in') === 'body',
  );
  const content = field(resolve(root, field(operation, 'requestBody')), 'content');
  const json =
    content === undefined
      ? resolve(root, bodyParameter)
      : Object.entries(content as Record<string, unknown>).find(([type]) => /json/i.test(type))?.[1];
  const order = resolve(root, field(json, 'schema'));
  return resolve(root, field(resolve(root, field(field(order, 'properties'), 'items')), 'items'));
}

function field(node: unknown, name: string): unknown {
  return typeof node === 'object' && node !== null && !Array.isArray(node)
    ? (node as Record<string, unknown>)[name]
    : undefined;
}

function asArray(node: unknown): unknown[] | undefined {
  return Array.isArray(node) ? node : undefined;
}

/** Follows local `#/...` references (a few levels, as generators nest them). */
function resolve(root: unknown, node: unknown): unknown {
  let current = node;
  for (let depth = 0; depth < 8; depth++) {
    const ref = field(current, '$ref');
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return current;
    current = root;
    for (const part of ref.slice(2).split('/'))
      current = field(current, part.replaceAll('~1', '/').replaceAll('~0', '~'));
  }
  return current;
}

interface Parameter {
  name?: string | undefined;
  in?: string | undefined;
  $ref?: string | undefined;
}

/** Follows a local `#/components/parameters/X` reference (one level, as generators write them). */
function resolveParameter(root: unknown, parameter: Parameter): Parameter {
  const ref = parameter.$ref;
  if (ref?.startsWith('#/') !== true) return parameter;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    if (typeof node !== 'object' || node === null) return parameter;
    node = (node as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  const resolved = OpenApiOperation.shape.parameters.unwrap().element.safeParse(node);
  return resolved.success ? resolved.data : parameter;
}

export function buildCapabilities(
  version: { version?: string | undefined; name?: string | undefined } | undefined,
  description: Description | undefined,
): Capabilities {
  const endpoints = {} as Record<EndpointName, boolean>;
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as [
    EndpointName,
    (typeof ENDPOINTS)[EndpointName],
  ][]) {
    endpoints[name] = description ? offers(description, endpoint) : true;
  }
  // /api/version answered, so it exists whatever the description says.
  if (version) endpoints.version = true;
  return {
    version: version?.version,
    name: version?.name,
    described: description !== undefined,
    endpoints,
    recognisesClientReference: description?.recognisesClientReference ?? false,
    orderItemFields: description?.orderItemFields,
    orderQuantityMayBeNegative: description?.orderQuantityMayBeNegative ?? false,
  };
}

export function notAvailableMessage(title: string, version: string | undefined): string {
  return `${title} is not available on this instance${version ? ` (version ${version})` : ''}`;
}
