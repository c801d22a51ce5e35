// /swagger: the OpenAPI 3.0 description of exactly the routes this instance serves, generated from
// the same zod schemas the handlers validate with. With `barePaths` every path is listed with an
// empty path item (no operations), as an ACL-trimmed or minimal description lists them.
import { z } from 'zod';
import { pathParamNames, type RouteDef } from './routes.ts';
import { simRegistry } from './schemas.ts';

type Json = Record<string, unknown>;

/** Moves zod's extracted definitions into components and points the refs there. */
function toOpenApiSchema(schema: z.ZodType, io: 'input' | 'output', components: Json): Json {
  const generated = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    metadata: simRegistry,
    unrepresentable: 'any',
  }) as Json;
  const { $defs, definitions, ...rest } = generated as Json & { $defs?: Json; definitions?: Json };
  delete rest['$schema'];
  const defs = { ...(definitions ?? {}), ...($defs ?? {}) };
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (typeof value !== 'object' || value === null) return value;
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] =
        k === '$ref' && typeof v === 'string'
          ? v.replace(/^#\/(\$defs|definitions)\//, '#/components/schemas/')
          : rewrite(v);
    }
    return out;
  };
  for (const [name, def] of Object.entries(defs)) components[name] ??= rewrite(def);
  const top = rewrite(rest) as Json;
  // A registered top-level schema is emitted inline with its id: reference it instead.
  const id = simRegistry.get(schema)?.id;
  if (id !== undefined) {
    components[id] ??= top;
    return { $ref: `#/components/schemas/${id}` };
  }
  return top;
}

export function buildOpenApi(
  routes: readonly RouteDef[],
  version: string,
  options: { barePaths?: boolean } = {},
): Json {
  const components: Json = {};
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    if (route.undocumented) continue;
    const parameters: Json[] = pathParamNames(route.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'integer', format: 'int32' },
    }));
    for (const h of route.headers ?? []) {
      parameters.push({
        name: h.name,
        in: 'header',
        required: h.required,
        description: h.description,
        schema: toOpenApiSchema(h.schema, 'input', components),
      });
    }
    const responses: Json = {};
    for (const [status, doc] of Object.entries(route.responses)) {
      const response: Json = { description: doc.description };
      if (doc.schema)
        response['content'] = {
          'application/json': { schema: toOpenApiSchema(doc.schema, 'output', components) },
        };
      if (doc.headers) {
        response['headers'] = Object.fromEntries(
          Object.entries(doc.headers).map(([name, description]) => [
            name,
            { description, schema: { type: 'string' } },
          ]),
        );
      }
      responses[status] = response;
    }
    if (route.auth === 'token') {
      responses['401'] ??= {
        description: 'Token missing, malformed or expired',
        content: errorContent(components),
      };
      if (route.permission)
        responses['403'] ??= {
          description: `Requires ${route.permission}`,
          content: errorContent(components),
        };
    }
    const operation: Json = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      parameters,
      responses,
    };
    if (route.permission) operation['x-permission'] = route.permission;
    if (route.auth === 'token') operation['security'] = [{ bearer: [] }];
    else operation['security'] = [];
    if (route.body) {
      operation['requestBody'] = {
        required: true,
        content: {
          [route.bodyContentType ?? 'application/json']: {
            schema: toOpenApiSchema(route.body, 'input', components),
          },
        },
      };
    }
    const pathItem = (paths[route.path] ??= {});
    pathItem[route.method.toLowerCase()] = operation;
  }
  // The paths stay, what is under them goes (the components they referenced may stay).
  if (options.barePaths === true) for (const path of Object.keys(paths)) paths[path] = {};
  return {
    openapi: '3.0.3',
    // Like the reference description, the document's own version is 0.0.0; /api/version reports the release.
    info: {
      title: 'Business Operations Service',
      version: '0.0.0',
      description: `Counter sim, release ${version}`,
    },
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        clientCredentials: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: '/connect/token', scopes: {} } },
        },
      },
    },
  };
}

function errorContent(components: Json): Json {
  return components['ErrorResult'] !== undefined
    ? { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResult' } } }
    : {};
}
