// Token endpoint, version and health.
import { z } from 'zod';
import { ApiError, errorResultSchema } from '../errors.ts';
import { json, type RouteDef, type SimContext } from '../routes.ts';
import { healthSchema, tokenRequestSchema, tokenResponseSchema, versionSchema } from '../schemas.ts';

const formField = z.union([z.string(), z.array(z.string())]).optional();
const tokenFormSchema = z.looseObject({
  grant_type: formField,
  client_id: formField,
  client_secret: formField,
  scope: formField,
});

function badRequest(message: string, code: string): ApiError {
  return new ApiError(400, { messages: [message], code });
}

function single(value: string | string[] | undefined, name: string): string | undefined {
  if (Array.isArray(value))
    throw badRequest(`The ${name} parameter was given more than once.`, 'InvalidRequest');
  return value;
}

export function sysRoutes(ctx: SimContext): RouteDef[] {
  return [
    {
      method: 'POST',
      path: '/connect/token',
      operationId: 'token',
      summary: 'OAuth 2.0 client credentials token (form-encoded; no scope).',
      tag: 'Auth',
      auth: 'none',
      body: tokenRequestSchema,
      bodyContentType: 'application/x-www-form-urlencoded',
      responses: {
        200: { description: 'Token', schema: tokenResponseSchema },
        400: {
          description: 'Invalid request (not form-encoded, scope given, other grant)',
          schema: errorResultSchema,
        },
        401: { description: 'Unknown client or wrong secret', schema: errorResultSchema },
        429: {
          description: 'More than the rate limit per minute',
          schema: errorResultSchema,
          headers: { 'Retry-After': 'seconds' },
        },
      },
      handler: ({ headers, body }) => {
        const type = headers['content-type'] ?? '';
        if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
          throw badRequest(
            'The token request must be form-encoded (application/x-www-form-urlencoded).',
            'InvalidRequest',
          );
        }
        const form = tokenFormSchema.safeParse(body ?? {});
        if (!form.success) throw badRequest('The token request is not valid.', 'InvalidRequest');
        const clientId = single(form.data.client_id, 'client_id');
        if (clientId !== undefined) {
          const retryAfter = ctx.auth.registerTokenRequest(clientId);
          if (retryAfter !== undefined) {
            throw new ApiError(429, {
              messages: [
                `Too many token requests: at most ${ctx.auth.rateLimitPerMinute} a minute per client.`,
              ],
              code: 'TooManyRequests',
              params: { retryAfter: String(retryAfter) },
              headers: { 'Retry-After': String(retryAfter) },
            });
          }
        }
        if (form.data.scope !== undefined) {
          throw badRequest(
            'The scope parameter is not supported: this service defines no scopes.',
            'InvalidScope',
          );
        }
        const grantType = single(form.data.grant_type, 'grant_type');
        if (grantType !== 'client_credentials') {
          throw badRequest('Only grant_type client_credentials is supported.', 'UnsupportedGrantType');
        }
        const secret = single(form.data.client_secret, 'client_secret');
        if (clientId === undefined || clientId === '' || secret === undefined || secret === '') {
          throw badRequest('client_id and client_secret are required.', 'InvalidRequest');
        }
        const client = ctx.auth.authenticate(clientId, secret);
        if (!client && ctx.echoTokenRequest) throw echoedRefusal(clientId, secret, form.data);
        if (!client) {
          throw new ApiError(401, {
            messages: ['The client credentials are not valid.'],
            code: 'InvalidClient',
          });
        }
        const token = ctx.auth.issueToken(client);
        return {
          status: 200,
          headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
          body: { access_token: token.accessToken, token_type: 'Bearer', expires_in: token.expiresIn },
        };
      },
    },
    {
      method: 'GET',
      path: '/api/version',
      operationId: 'getVersion',
      summary: 'Release of this instance.',
      tag: 'Sys',
      auth: 'token',
      responses: { 200: { description: 'Version', schema: versionSchema } },
      handler: () => json({ version: ctx.version, name: 'Business Operations Service (Counter sim)' }),
    },
    {
      method: 'GET',
      path: '/api/health',
      operationId: 'getHealth',
      summary: 'Health check (no token).',
      tag: 'Sys',
      auth: 'none',
      undocumented: true,
      responses: { 200: { description: 'Healthy', schema: healthSchema } },
      handler: () => json({ status: 'ok' }),
    },
  ];
}

/**
 * The echoing variant's refusal: a 400 that repeats the token request as the form was sent (spaces
 * as `+`), field by field percent-encoded (spaces as `%20`), as JSON, and as HTTP Basic credentials.
 */
function echoedRefusal(clientId: string, secret: string, form: Record<string, unknown>): ApiError {
  const fields = Object.entries(form).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as const] : []));
  const asForm = new URLSearchParams(fields.map(([k, v]): [string, string] => [k, v])).toString();
  const asPercent = fields.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  const basic = Buffer.from(`${clientId}:${secret}`, 'utf8').toString('base64');
  return new ApiError(400, {
    messages: [
      `The token request is not valid: ${asForm}`,
      `Received (percent-encoded): ${asPercent}`,
      `Received (JSON): ${JSON.stringify(Object.fromEntries(fields))}`,
    ],
    code: 'InvalidClient',
    params: { request: asForm, basic: `Basic ${basic}` },
  });
}
