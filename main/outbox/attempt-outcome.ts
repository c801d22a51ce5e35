// What one attempt to send an order means for the order (its next state) and for the sender
// (carry on, pause everything until a time, or stop because the service is unreachable).
import { retryDelay, ServiceError, type BackoffPolicy, type OrderAcknowledgement } from '../service/index.ts';
import {
  DUPLICATE_REQUEST,
  MAX_AUTOMATIC_ATTEMPTS,
  REPEAT_CONFLICT,
  type OutboxOutcome,
} from '../../db/outbox.ts';
import { TILL_PRICES_NOT_TAKEN } from '../../contract/contract.ts';

export type SenderDirective =
  | { readonly kind: 'continue' }
  /**
   * Nothing is sent before `untilMs`: the whole client is over its rate (429), or the service does not
   * accept its credentials (`credentialsRefused`: every order would meet the same answer, and only the
   * operator can fix the settings).
   */
  | {
      readonly kind: 'pause';
      readonly untilMs: number;
      readonly credentialsRefused: boolean;
      /**
       * A redirect answered, not the instance (a load balancer's maintenance page): it says nothing of
       * whether the instance answers, so the connection monitor is not told either way.
       */
      readonly redirected?: boolean;
    }
  /**
   * No answer came (refused, reset, timed out): stop the pass; the connection monitor probes until the
   * instance is back, and its return wakes the sender. Nothing is tried on a timer meanwhile, so an
   * order in doubt does not spend its automatic attempts on an instance that is away.
   */
  | { readonly kind: 'offline' };

export interface AttemptOutcome {
  readonly outcome: OutboxOutcome;
  readonly directive: SenderDirective;
}

/** SPEC.md's 499: "Client closed the connection before the server finished". */
export const CLIENT_CLOSED = 499;

/**
 * The instance stored the order: its id (an answer without one never gets here: it proves nothing,
 * and the order is in doubt) and what it booked, if its answer said it.
 */
export function outcomeOfSuccess(ack: OrderAcknowledgement, tillPricesAtStake = false): AttemptOutcome {
  const sent = {
    state: 'sent',
    remoteId: ack.id,
    bookedMinor: ack.bookedMinor ?? null,
    instanceAcknowledgedAt: ack.instanceTime ?? null,
  } as const;
  // The till's prices or discounts were left out and the answer says no total: the instance may have
  // booked another one, and nothing else would show it.
  const unknown =
    tillPricesAtStake && ack.bookedMinor === undefined
      ? {
          code: TILL_PRICES_NOT_TAKEN,
          messages: [
            'The instance takes no till prices or discounts (its description shows no such item field, so they were left out), and its answer says no total: what it booked is unknown. Check the order there.',
          ],
        }
      : {};
  return { outcome: { ...sent, ...unknown }, directive: { kind: 'continue' } };
}

export interface AttemptContext {
  readonly nowMs: number;
  /** Attempts made so far, this one included. */
  readonly attempts: number;
  readonly clientReference: string;
  readonly backoff: BackoffPolicy;
  readonly random?: () => number;
}

/**
 * How long everything waits after a redirect: growing with the order's attempts up to 30 s (or the
 * Retry-After it carried), so the orders of a maintenance window go within half a minute of its end.
 */
export const REDIRECT_BACKOFF: BackoffPolicy = { baseMs: 1_000, maxMs: 30_000 };

export function outcomeOfFailure(error: unknown, ctx: AttemptContext): AttemptOutcome {
  const go = { kind: 'continue' } as const;
  const later = (retryAfterMs?: number): number =>
    ctx.nowMs + retryDelay(ctx.backoff, ctx.attempts, retryAfterMs, ctx.random);
  if (!(error instanceof ServiceError)) {
    // A bug or an unexpected throw after the request may have left: never guess "not sent".
    const message = error instanceof Error ? error.message : String(error);
    return {
      outcome: inDoubt(ctx, later(), [`Unexpected failure while sending: ${message}`]),
      directive: go,
    };
  }
  const fromService = {
    messages: error.messages.length > 0 ? error.messages : [error.message],
    errorId: error.errorId ?? null,
    code: error.code ?? null,
  };
  // An answer to the order itself (400, 403): its messages are the instance's words, which the Orders
  // screen shows as the instance's; Counter's English line is the log's, not the order's.
  const answered = { ...fromService, messages: error.messages.length > 0 ? error.messages : null };
  if (error.kind === 'http' && isRedirect(error.status)) return outcomeOfRedirect(error, ctx);
  if (error.kind === 'http' && !error.mayHaveReachedServer) {
    // The token endpoint answered (refused credentials, 429, 5xx): the order itself was never sent,
    // so it is not the order's fault. Every order would meet the same answer: pause them all.
    const until = later(error.retryAfterMs);
    return {
      outcome: { state: 'queued', nextAttemptAt: until, ...fromService },
      directive: {
        kind: 'pause',
        untilMs: until,
        credentialsRefused: error.status === 400 || error.status === 401,
      },
    };
  }
  if (error.kind === 'http' && error.status !== undefined) {
    const status = error.status;
    const orderId = error.params?.orderId;
    if (status === 409 && error.code === DUPLICATE_REQUEST) {
      // The service already holds this client reference: the first attempt was stored.
      if (orderId !== undefined && /^\d+$/.test(orderId))
        return { outcome: { state: 'sent', remoteId: Number(orderId), code: error.code }, directive: go };
      // It says so but names no order (SPEC.md shows no codes nor params): stored, under a number
      // Counter does not know. Never needs-fix (a resend meets the same 409, and only discard would
      // be left); in doubt, held for a person at once by its code (db/outbox.ts DUPLICATE_REQUEST):
      // an automatic resend would only be answered the same, and would wear out its attempts.
      return heldForPerson(
        fromService,
        DUPLICATE_REQUEST,
        `The instance says it already holds this order (409 ${DUPLICATE_REQUEST}) but named no order number, so it is not sent again by itself. Look it up on the instance by client reference ${ctx.clientReference} and mark it sent with its number.`,
      );
    }
    if (status === 409 && ctx.attempts > 1) {
      // Any other 409 to an entry sent before: SPEC.md names neither codes nor params, so an instance
      // may answer a repeated client reference with a plain 409 (its ConflictException) as well as
      // any other conflict. The first attempt may have stored it: in doubt, held at once
      // (db/outbox.ts REPEAT_CONFLICT), never the entry to fix, which would leave only discard.
      const said = fromService.code === null ? '409' : `409 ${fromService.code}`;
      return heldForPerson(
        fromService,
        REPEAT_CONFLICT,
        `The instance answered ${said} when this was sent again: it may hold it from an earlier attempt, so it is not sent again by itself. Look it up on the instance by client reference ${ctx.clientReference}; mark it sent with its number, or send it again if it is not there.`,
      );
    }
    if (status === 429) {
      const until = later(error.retryAfterMs);
      return {
        outcome: { state: 'queued', nextAttemptAt: until, ...fromService },
        directive: { kind: 'pause', untilMs: until, credentialsRefused: false },
      };
    }
    if (answerLeavesDoubt(error)) {
      // In doubt, always; it is resent automatically only where the instance recognises the client
      // reference (the in-doubt rule), and a person settles it everywhere else. A 499 is never the
      // order to fix either (whose only way on is a resend).
      const note =
        status === CLIENT_CLOSED
          ? [
              `The instance answered ${CLIENT_CLOSED}: the connection closed before it finished the order, so it may have stored it.`,
            ]
          : [];
      return {
        outcome: inDoubt(ctx, later(error.retryAfterMs), [...fromService.messages, ...note]),
        directive: go,
      };
    }
    if (status === 403) {
      return {
        outcome: { state: 'blocked', permission: error.permission ?? null, ...answered },
        directive: go,
      };
    }
    if (status === 401) {
      // The client already took a new token and repeated once: the credentials are refused. Every
      // order would fail the same way, so stop and let the operator fix the settings. One instant
      // for both: the order falls due exactly when the pause ends.
      const until = later();
      return {
        outcome: { state: 'queued', nextAttemptAt: until, ...fromService },
        directive: { kind: 'pause', untilMs: until, credentialsRefused: true },
      };
    }
    if (status === 404) {
      return {
        outcome: {
          state: 'blocked',
          ...fromService,
          messages: [
            'This instance does not offer internet orders (404); resend once it does.',
            ...fromService.messages,
          ],
        },
        directive: go,
      };
    }
    // 400 and any other 4xx (but 499, above): the service refused this order as it is; the operator
    // edits it.
    return {
      outcome: {
        state: 'needs-fix',
        fieldErrors: Object.keys(error.fieldErrors).length > 0 ? error.fieldErrors : null,
        ...answered,
      },
      directive: go,
    };
  }
  if (error.kind === 'not-available') {
    return { outcome: { state: 'blocked', ...fromService }, directive: go };
  }
  if (!error.mayHaveReachedServer) {
    // Certainly not received (refused, DNS, token not obtained): plain queued, due when back.
    return {
      outcome: { state: 'queued', nextAttemptAt: null, ...fromService },
      directive: { kind: 'offline' },
    };
  }
  // Reset after sending, timed out waiting for the answer: in doubt, and the instance did not answer,
  // so the pass stops and the order waits for the monitor to hear it again (not its own timer).
  if (error.kind === 'network' || error.kind === 'timeout')
    return { outcome: inDoubt(ctx, later(), fromService.messages), directive: { kind: 'offline' } };
  // A 2xx that did not parse, abort in flight.
  return { outcome: inDoubt(ctx, later(), fromService.messages), directive: go };
}

/**
 * An answer that says nothing sure of a request that reached the instance: a 5xx (the service may
 * have stored or deleted it and failed in a later step, or a gateway answered for it), or SPEC.md's
 * 499 (the connection closed before the server finished: it had the request).
 */
export function answerLeavesDoubt(error: ServiceError): boolean {
  if (error.kind !== 'http' || !error.mayHaveReachedServer || error.status === undefined) return false;
  return error.status >= 500 || error.status === CLIENT_CLOSED;
}

function isRedirect(status: number | undefined): boolean {
  return status !== undefined && status >= 300 && status < 400;
}

/**
 * A 3xx is no verdict on the order when something in front of the instance (a load balancer's
 * maintenance page, a moved address) answered instead. A redirect says the request was not handled
 * where it was sent (RFC 9110 15.4), so the order waits, queued, and everything waits with it (every
 * order would meet the same answer). But a 303 See Other is how a server answers a POST it carried
 * out, and so is any 3xx after the request went whose Location names a record under the address it
 * was posted to on that instance (`.../orders/internet/123`: Post/Redirect/Get, often a 302): that
 * order is in doubt, never resent on the guess that it was not taken. The client follows no
 * redirect: the bearer token and the secret never go where a Location points.
 */
function outcomeOfRedirect(error: ServiceError, ctx: AttemptContext): AttemptOutcome {
  const status = error.status ?? 300;
  const named = error.mayHaveReachedServer ? recordNamedBy(error) : undefined;
  if ((status === 303 && error.mayHaveReachedServer) || named !== undefined) {
    const note =
      named === undefined
        ? 'The instance answered 303 See Other, as a server answers an order it has stored.'
        : `The instance answered ${status} with Location ${named.location}, which names number ${named.id} where the order was posted: as a server answers an order it has stored. The Location was not followed.`;
    const next = ctx.nowMs + retryDelay(ctx.backoff, ctx.attempts, error.retryAfterMs, ctx.random);
    return {
      outcome: inDoubt(ctx, next, [...error.messages, note]),
      directive: { kind: 'continue' },
    };
  }
  const until = ctx.nowMs + retryDelay(REDIRECT_BACKOFF, ctx.attempts, error.retryAfterMs, ctx.random);
  const note = `The instance's address answered ${status}, a redirect (a maintenance page, a moved address), not an answer to the order: it was not taken, and goes by itself once the instance answers.`;
  return {
    outcome: {
      state: 'queued',
      nextAttemptAt: until,
      messages: [...error.messages, note],
      errorId: null,
      code: null,
    },
    directive: { kind: 'pause', untilMs: until, credentialsRefused: false, redirected: true },
  };
}

/**
 * The record a redirect's Location names: one on the host the request went to whose path is the
 * posted path + `/{positive id}` (a trailing slash, letter case, a query or a fragment do not
 * matter: reading too much here only holds an order for a person, reading too little sends it
 * twice). Anything else, a Location that is not a URL included, names nothing.
 */
function recordNamedBy(error: ServiceError): { location: string; id: number } | undefined {
  if (error.location === undefined || error.url === undefined) return undefined;
  try {
    const posted = new URL(error.url);
    const named = new URL(error.location);
    if (named.hostname !== posted.hostname) return undefined;
    const collection = `${posted.pathname.replace(/\/+$/, '')}/`.toLowerCase();
    const path = named.pathname.toLowerCase();
    if (!path.startsWith(collection)) return undefined;
    const match = /^([1-9]\d{0,15})\/?$/.exec(path.slice(collection.length));
    if (match === null) return undefined;
    return { location: error.location, id: Number(match[1]) };
  } catch {
    return undefined;
  }
}

/**
 * In doubt and held for a person at once by its code (never resent automatically): the instance's
 * answer says a resend would be answered the same.
 */
function heldForPerson(
  fromService: { readonly messages: string[]; readonly errorId: string | null },
  code: string,
  message: string,
): AttemptOutcome {
  return {
    outcome: {
      state: 'in-doubt',
      nextAttemptAt: null,
      messages: [...fromService.messages, message],
      errorId: fromService.errorId,
      code,
    },
    directive: { kind: 'continue' },
  };
}

/**
 * In doubt, due again at `nextAttemptAt`, with the client reference; past the automatic attempts,
 * saying a person settles it.
 */
export function inDoubt(ctx: AttemptContext, nextAttemptAt: number, messages: string[]): OutboxOutcome {
  const held =
    ctx.attempts >= MAX_AUTOMATIC_ATTEMPTS
      ? [
          `Sent ${ctx.attempts} times without a clear answer: no more automatic attempts. Look the order up on the instance, then mark it sent or send it again.`,
        ]
      : [];
  return {
    state: 'in-doubt',
    nextAttemptAt,
    messages: [
      ...messages,
      `The order may have reached the service. Client reference ${ctx.clientReference}.`,
      ...held,
    ],
  };
}
