// ErrorResult exactly as SPEC.md "Errors": every failure of the sim answers with this body.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { named } from './schemas.ts';

export const errorResultSchema = named(
  'ErrorResult',
  z.object({
    messages: z.array(z.string()),
    exception: z.string().optional(),
    source: z.string().optional(),
    errorId: z.string(),
    supportMessage: z.string(),
    statusCode: z.number(),
    code: z.string().optional(),
    params: z.record(z.string(), z.string()).optional(),
    errors: z
      .array(
        z.object({
          code: z.string(),
          message: z.string(),
          params: z.record(z.string(), z.string()).optional(),
        }),
      )
      .optional(),
  }),
);

export type ErrorResult = z.infer<typeof errorResultSchema>;

/** One violation of a validated request; `property` is the path as the service names it (Items[0].Quantity). */
export interface Violation {
  readonly property: string;
  readonly message: string;
  readonly code: string;
  readonly params?: Record<string, string>;
}

export interface ApiErrorInit {
  readonly messages: readonly string[];
  readonly code?: string;
  readonly params?: Record<string, string>;
  readonly violations?: readonly Violation[];
  readonly exception?: string;
  readonly headers?: Record<string, string>;
}

/** Thrown by handlers; the server turns it into an ErrorResult with this status. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly init: ApiErrorInit;
  constructor(status: number, init: ApiErrorInit) {
    super(init.messages.join(' '));
    this.status = status;
    this.init = init;
  }
}

const exceptionByStatus: Record<number, string> = {
  400: 'BadRequestException',
  401: 'UnauthorizedException',
  403: 'ForbiddenException',
  404: 'NotFoundException',
  409: 'ConflictException',
  429: 'TooManyRequestsException',
  500: 'InternalServerErrorException',
  503: 'ServiceUnavailableException',
};

export function toErrorResult(status: number, init: ApiErrorInit): ErrorResult {
  const errorId = randomUUID();
  const result: ErrorResult = {
    messages: [...init.messages],
    exception: init.exception ?? exceptionByStatus[status] ?? 'Exception',
    errorId,
    supportMessage: `If the problem persists, contact support and quote error id ${errorId}.`,
    statusCode: status,
  };
  if (init.code !== undefined) result.code = init.code;
  if (init.params !== undefined) result.params = init.params;
  // SPEC: `errors` accompanies coded validation failures with several violations.
  if (init.code !== undefined && init.violations && init.violations.length > 1) {
    result.errors = init.violations.map((v) => ({
      code: v.code,
      message: v.message,
      params: { propertyName: v.property, ...v.params },
    }));
  }
  return result;
}

export function validationError(violations: readonly Violation[]): ApiError {
  return new ApiError(400, {
    messages: violations.map((v) => v.message),
    code: 'ValidationFailed',
    violations,
    exception: 'ValidationException',
  });
}

export function notFound(what: string): ApiError {
  return new ApiError(404, { messages: [`${what} was not found.`], code: 'NotFound' });
}

/** The property path as the service spells it in messages: items.0.quantity -> Items[0].Quantity. */
export function propertyPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else {
      const name = String(part);
      const pascal = name.charAt(0).toUpperCase() + name.slice(1);
      out += out.length === 0 ? pascal : `.${pascal}`;
    }
  }
  return out;
}

/** Violations from a failed zod parse, worded like the service's model validation. */
export function zodViolations(error: z.ZodError, prefix: readonly PropertyKey[] = []): Violation[] {
  return error.issues.map((issue) => {
    const property = propertyPath([...prefix, ...issue.path]) || 'Body';
    switch (issue.code) {
      case 'too_big':
        if (issue.origin === 'string') {
          return {
            property,
            code: 'MaxLength',
            message: `The field ${property} must be a string with a maximum length of ${String(issue.maximum)}.`,
            params: { maxLength: String(issue.maximum) },
          };
        }
        return {
          property,
          code: 'Range',
          message: `The field ${property} must be at most ${String(issue.maximum)}.`,
        };
      case 'too_small':
        if (issue.origin === 'string' && issue.minimum === 1) {
          return { property, code: 'Required', message: `The ${property} field is required.` };
        }
        return {
          property,
          code: 'Range',
          message: `The field ${property} must be ${issue.inclusive ? 'at least' : 'greater than'} ${String(issue.minimum)}.`,
        };
      case 'invalid_type':
        if (issue.input === undefined) {
          return { property, code: 'Required', message: `The ${property} field is required.` };
        }
        return {
          property,
          code: 'InvalidValue',
          message: `The value of ${property} is not valid: expected ${issue.expected}.`,
        };
      case 'unrecognized_keys':
        return {
          property: issue.keys.map((k) => propertyPath([...prefix, ...issue.path, k])).join(', '),
          code: 'UnknownProperty',
          message: `Unknown field ${issue.keys.map((k) => propertyPath([...prefix, ...issue.path, k])).join(', ')}.`,
        };
      default:
        return {
          property,
          code: 'InvalidValue',
          message: `The value of ${property} is not valid: ${issue.message}.`,
        };
    }
  });
}
