import { describe, expect, it } from 'vitest';
import { minor } from '../../common/money.ts';
import { MAX_AUTOMATIC_ATTEMPTS } from '../../db/outbox.ts';
import { ServiceError, httpError, type ServiceErrorInit } from '../service/errors.ts';
import { DEFAULT_RETRY_BACKOFF, backoffDelay, retryDelay } from '../service/index.ts';
import { outcomeOfFailure, outcomeOfSuccess, type AttemptContext } from './attempt-outcome.ts';

const ctx: AttemptContext = {
  nowMs: 1_000_000,
  attempts: 1,
  clientReference: 'ref-1',
  backoff: { baseMs: 1_000, maxMs: 60_000 },
  random: () => 0.5,
};
const err = (init: Partial<ServiceErrorInit>): ServiceError =>
  new ServiceError({ kind: 'http', message: 'm', mayHaveReachedServer: true, ...init });

describe('outcomeOfFailure', () => {
  it('201 is sent with the id the service gave, and what it booked where it said', () => {
    expect(outcomeOfSuccess({ id: 42, bookedMinor: minor(38_590) }).outcome).toEqual({
      state: 'sent',
      remoteId: 42,
      bookedMinor: 38_590,
      instanceAcknowledgedAt: null,
    });
    expect(outcomeOfSuccess({ id: 7, bookedMinor: undefined }).outcome).toEqual({
      state: 'sent',
      remoteId: 7,
      bookedMinor: null,
      instanceAcknowledgedAt: null,
    });
    // When the instance's answer said its time, the order keeps it (retention's second clock).
    const at = '2026-11-28T10:00:00.000Z';
    expect(outcomeOfSuccess({ id: 8, bookedMinor: minor(1), instanceTime: at }).outcome).toMatchObject({
      state: 'sent',
      instanceAcknowledgedAt: at,
    });
  });

  it('a 2xx that names no order is in doubt, saying why', () => {
    const error = new ServiceError({
      kind: 'invalid-response',
      message: 'POST /api/documents/orders/internet answered 200 with no order id',
      status: 200,
      mayHaveReachedServer: true,
    });
    const { outcome } = outcomeOfFailure(error, {
      nowMs: 0,
      attempts: 1,
      clientReference: 'ref-1',
      backoff: { baseMs: 1000, maxMs: 60_000 },
    });
    expect(outcome.state).toBe('in-doubt');
    expect(outcome.messages?.[0]).toMatch(/answered 200 with no order id/);
  });

  it('400 is needs-fix with the messages and their fields', () => {
    const c = outcomeOfFailure(
      err({
        status: 400,
        messages: ['CustomerId is required.', 'WarehouseId is required.'],
        fieldErrors: { customerId: ['CustomerId is required.'], warehouseId: ['WarehouseId is required.'] },
        errorId: 'e1',
      }),
      ctx,
    );
    expect(c.outcome).toMatchObject({
      state: 'needs-fix',
      fieldErrors: { customerId: ['CustomerId is required.'], warehouseId: ['WarehouseId is required.'] },
      messages: ['CustomerId is required.', 'WarehouseId is required.'],
      errorId: 'e1',
    });
    expect(c.directive.kind).toBe('continue');
  });

  it("keeps only the instance's own words on a needs-fix or 403 order, never Counter's English line", () => {
    // The Orders screen shows these in the open as the instance's: an answer without messages has none.
    const bare = (status: number) =>
      outcomeOfFailure(err({ status, message: 'POST /api/x answered 400: Bad Request' }), ctx).outcome;
    expect(bare(400)).toMatchObject({ state: 'needs-fix', messages: null });
    expect(bare(403)).toMatchObject({ state: 'blocked', messages: null });
    expect(outcomeOfFailure(err({ status: 403, messages: ['Forbidden.'] }), ctx).outcome.messages).toEqual([
      'Forbidden.',
    ]);
  });

  it('403 is blocked naming the permission', () => {
    const c = outcomeOfFailure(err({ status: 403, permission: 'Permissions.Orders.Create' }), ctx);
    expect(c.outcome).toMatchObject({ state: 'blocked', permission: 'Permissions.Orders.Create' });
  });

  it('409 DuplicateRequest is sent as the first order', () => {
    const c = outcomeOfFailure(
      err({ status: 409, code: 'DuplicateRequest', params: { orderId: '17' } }),
      ctx,
    );
    expect(c.outcome).toMatchObject({ state: 'sent', remoteId: 17 });
  });

  it('409 DuplicateRequest naming no order number is in doubt, held for a person, never needs-fix', () => {
    // SPEC.md shows no codes nor params: the instance says it holds the order but not under which id.
    const paramsSaid: (Record<string, string> | undefined)[] = [
      undefined,
      {},
      { orderId: '' },
      { orderId: 'A-17' },
    ];
    for (const params of paramsSaid) {
      const c = outcomeOfFailure(
        err({ status: 409, code: 'DuplicateRequest', errorId: 'e2', ...(params ? { params } : {}) }),
        ctx,
      );
      expect(c.outcome).toMatchObject({
        state: 'in-doubt',
        code: 'DuplicateRequest',
        errorId: 'e2',
        nextAttemptAt: null,
      });
      expect(c.outcome.messages?.at(-1)).toBe(
        'The instance says it already holds this order (409 DuplicateRequest) but named no order number, so it is not sent again by itself. Look it up on the instance by client reference ref-1 and mark it sent with its number.',
      );
      expect(c.directive.kind).toBe('continue');
    }
  });

  it('any 5xx after the request was sent is in-doubt, its ErrorResult or not, and honours Retry-After', () => {
    // The instance may have stored the order and failed in a later step; a gateway may have answered.
    for (const e of [
      err({ status: 500, errorId: 'e6' }),
      err({ status: 503, errorId: 'e5' }),
      err({ status: 502, errorId: 'e8' }),
      err({ status: 504 }),
      err({ status: 500 }), // a proxy's error page, not the service's ErrorResult
    ]) {
      const c = outcomeOfFailure(e, ctx);
      expect(c.outcome.state).toBe('in-doubt');
      expect(c.outcome.messages?.at(-1)).toContain('ref-1');
      expect(c.directive.kind).toBe('continue');
    }
    const later = outcomeOfFailure(err({ status: 503, errorId: 'e7', retryAfterMs: 7_000 }), ctx);
    expect(later.outcome.nextAttemptAt).toBeGreaterThanOrEqual(ctx.nowMs + 7_000);
  });

  it('a 499 after the request was sent is in-doubt as a 5xx is, never needs-fix (the instance had the order)', () => {
    // SPEC.md: "Client closed the connection before the server finished": it may have stored it, and
    // needs-fix's only way on is a resend, a second order where the instance recognises no reference.
    const c = outcomeOfFailure(err({ status: 499, errorId: 'e9', retryAfterMs: 4_000 }), ctx);
    expect(c.outcome.state).toBe('in-doubt');
    expect(c.outcome.messages?.join(' ')).toContain('may have stored it');
    expect(c.outcome.messages?.at(-1)).toContain('ref-1');
    expect(c.outcome.nextAttemptAt).toBeGreaterThanOrEqual(ctx.nowMs + 4_000);
    expect(c.directive.kind).toBe('continue');
    // Any other 4xx is still the order to fix.
    expect(outcomeOfFailure(err({ status: 422 }), ctx).outcome.state).toBe('needs-fix');
    // A 499 from the token endpoint: the order never left.
    expect(outcomeOfFailure(err({ status: 499, mayHaveReachedServer: false }), ctx).outcome.state).toBe(
      'queued',
    );
  });

  it('an order still without a clear answer after the automatic attempts says a person must settle it', () => {
    const early = outcomeOfFailure(err({ status: 500, errorId: 'e1' }), {
      ...ctx,
      attempts: MAX_AUTOMATIC_ATTEMPTS - 1,
    });
    expect(early.outcome.messages?.join(' ')).not.toContain('no more automatic attempts');
    const last = outcomeOfFailure(err({ status: 500, errorId: 'e1' }), {
      ...ctx,
      attempts: MAX_AUTOMATIC_ATTEMPTS,
    });
    expect(last.outcome.state).toBe('in-doubt');
    expect(last.outcome.messages?.at(-1)).toContain(
      `Sent ${MAX_AUTOMATIC_ATTEMPTS} times without a clear answer`,
    );
  });

  it('a 400 naming fields such as __proto__ or constructor is needs-fix with those fields, nothing else', () => {
    const body = {
      messages: ['Bad proto.', 'Bad constructor.', 'Bad toString.'],
      errors: [
        { message: 'Bad proto.', params: { propertyName: '__proto__' } },
        { message: 'Bad constructor.', params: { propertyName: 'constructor' } },
        { message: 'Bad toString.', params: { propertyName: 'toString' } },
      ],
      params: JSON.parse('{"__proto__":"x","constructor":"y"}') as Record<string, unknown>,
    };
    const error = httpError({ method: 'POST', path: '/api/documents/orders/internet', status: 400, body });
    const c = outcomeOfFailure(error, ctx);
    expect(c.outcome.state).toBe('needs-fix');
    expect(Object.keys(c.outcome.fieldErrors ?? {}).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(c.outcome.fieldErrors?.['constructor']).toEqual(['Bad constructor.']);
    expect(error.params?.['constructor']).toBe('y');
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it('429 pauses every order until Retry-After', () => {
    const c = outcomeOfFailure(err({ status: 429, retryAfterMs: 2_000 }), ctx);
    expect(c.outcome.state).toBe('queued');
    expect(c.directive).toEqual({
      kind: 'pause',
      untilMs: c.outcome.nextAttemptAt,
      credentialsRefused: false,
    });
    expect(c.outcome.nextAttemptAt).toBeGreaterThanOrEqual(ctx.nowMs + 2_000);
  });

  it('a refused token (never sent) is queued and pauses as refused credentials, never needs-fix', () => {
    for (const status of [400, 401]) {
      const c = outcomeOfFailure(err({ status, mayHaveReachedServer: false }), ctx);
      expect(c.outcome.state).toBe('queued');
      expect(c.directive).toEqual({
        kind: 'pause',
        untilMs: c.outcome.nextAttemptAt,
        credentialsRefused: true,
      });
    }
    // A busy token endpoint is a pause too, but not the operator's settings.
    const busy = outcomeOfFailure(
      err({ status: 429, retryAfterMs: 1_000, mayHaveReachedServer: false }),
      ctx,
    );
    expect(busy.directive).toMatchObject({ kind: 'pause', credentialsRefused: false });
  });

  it('connection refused is queued and offline; a reset or timeout after sending is in-doubt and offline too', () => {
    const refused = outcomeOfFailure(err({ kind: 'network', mayHaveReachedServer: false }), ctx);
    expect(refused.outcome).toMatchObject({ state: 'queued', nextAttemptAt: null });
    expect(refused.directive.kind).toBe('offline');
    const reset = outcomeOfFailure(err({ kind: 'network', mayHaveReachedServer: true }), ctx);
    expect(reset.outcome.state).toBe('in-doubt');
    expect(reset.outcome.messages?.join(' ')).toContain('ref-1');
    const timeout = outcomeOfFailure(err({ kind: 'timeout', mayHaveReachedServer: true }), ctx);
    expect(timeout.outcome.state).toBe('in-doubt');
    // No answer came: the pass stops and the monitor waits for the instance, not the order's own timer.
    expect([reset.directive.kind, timeout.directive.kind]).toEqual(['offline', 'offline']);
    const garbled = outcomeOfFailure(err({ kind: 'invalid-response', mayHaveReachedServer: true }), ctx);
    expect(garbled.outcome.state).toBe('in-doubt');
  });

  it('a 3xx is no verdict: queued and everything waits, the monitor told nothing; a 303 after sending is in doubt', () => {
    for (const status of [301, 302, 307, 308]) {
      const c = outcomeOfFailure(err({ status }), ctx);
      expect(c.outcome.state).toBe('queued');
      expect(typeof c.outcome.nextAttemptAt).toBe('number');
      expect(c.outcome.messages?.join(' ')).toContain(`answered ${status}, a redirect`);
      expect(c.directive).toEqual({
        kind: 'pause',
        untilMs: c.outcome.nextAttemptAt,
        credentialsRefused: false,
        redirected: true,
      });
    }
    // The token endpoint redirected: the order never left, even on a 303.
    const token = outcomeOfFailure(err({ status: 303, mayHaveReachedServer: false }), ctx);
    expect(token.outcome.state).toBe('queued');
    const seeOther = outcomeOfFailure(err({ status: 303 }), ctx);
    expect(seeOther.outcome.state).toBe('in-doubt');
    expect(seeOther.directive.kind).toBe('continue');
  });

  it('a 3xx after sending whose Location names an order on the instance is in doubt (Post/Redirect/Get), never resent as queued', () => {
    const url = 'https://shop.example/shop1/api/documents/orders/internet';
    const redirect = (status: number, location: string | undefined, reached = true): ServiceError => {
      const e = httpError({
        method: 'POST',
        path: '/api/documents/orders/internet',
        status,
        body: undefined,
        url,
        location,
      });
      return reached ? e : err({ status, location: e.location, url, mayHaveReachedServer: false });
    };
    const stored: [number, string, string][] = [
      // Relative, resolved against the request's URL (the instance's prefix kept).
      [
        302,
        '/shop1/api/documents/orders/internet/123',
        'https://shop.example/shop1/api/documents/orders/internet/123',
      ],
      [302, 'internet/123', 'https://shop.example/shop1/api/documents/orders/internet/123'],
      // Absolute, on the same instance; case, a trailing slash and a query do not matter.
      [
        307,
        'https://shop.example/shop1/api/documents/orders/internet/77',
        'https://shop.example/shop1/api/documents/orders/internet/77',
      ],
      [
        301,
        '/shop1/API/Documents/Orders/Internet/5/',
        'https://shop.example/shop1/API/Documents/Orders/Internet/5/',
      ],
      [
        308,
        '/shop1/api/documents/orders/internet/9?created=1',
        'https://shop.example/shop1/api/documents/orders/internet/9?created=1',
      ],
    ];
    for (const [status, location, resolved] of stored) {
      const c = outcomeOfFailure(redirect(status, location), ctx);
      expect(c.outcome.state, `${status} ${location}`).toBe('in-doubt');
      expect(c.directive).toEqual({ kind: 'continue' });
      expect(c.outcome.nextAttemptAt).toBe(ctx.nowMs + retryDelay(ctx.backoff, 1, undefined, ctx.random));
      const said = c.outcome.messages?.join(' ') ?? '';
      expect(said).toContain(`answered ${status} with Location ${resolved}`);
      expect(said).toContain('not followed');
      expect(said).toContain(ctx.clientReference);
    }
    // Naming anything else, or nothing readable: no verdict, queued and everything waits, as before.
    const elsewhere = [
      'https://lb.example/maintenance',
      '/maintenance',
      '/shop1/api/documents/orders/internet',
      '/shop1/api/documents/orders/internet/',
      '/shop1/api/documents/orders/internet/new',
      '/shop1/api/documents/orders/internet/0',
      '/shop1/api/documents/orders/internet/12/items',
      '/shop1/api/documents/orders/internetx/12',
      '/api/documents/orders/internet/12',
      'https://other.example/shop1/api/documents/orders/internet/12',
      'ftp://shop.example/shop1/api/documents/orders/internet/12',
      'http://[not a url/12',
      '',
      undefined,
    ];
    for (const status of [301, 302, 307, 308]) {
      for (const location of elsewhere) {
        const c = outcomeOfFailure(redirect(status, location), ctx);
        expect(c.outcome.state, `${status} ${location}`).toBe('queued');
        expect(c.outcome.messages?.join(' ')).toContain(`answered ${status}, a redirect`);
        expect(c.directive).toMatchObject({ kind: 'pause', redirected: true });
      }
      // The request never left (a redirected token request): nothing was stored, whatever it names.
      const token = outcomeOfFailure(
        redirect(status, '/shop1/api/documents/orders/internet/123', false),
        ctx,
      );
      expect(token.outcome.state).toBe('queued');
    }
    // The same for a card: a Location naming the card under the address it was posted to.
    const card = httpError({
      method: 'POST',
      path: '/api/companies/5/cards',
      status: 302,
      body: undefined,
      url: 'https://shop.example/api/companies/5/cards',
      location: '/api/companies/5/cards/17',
    });
    expect(outcomeOfFailure(card, ctx).outcome.state).toBe('in-doubt');
  });

  it('a 401 after the client renewed its token pauses everything; a missing endpoint blocks', () => {
    // A different random draw on every call: the order must fall due exactly when the pause ends.
    let draw = 0;
    const refused = outcomeOfFailure(err({ status: 401 }), { ...ctx, random: () => (draw += 0.3) % 1 });
    expect(refused.outcome.state).toBe('queued');
    expect(refused.directive).toEqual({
      kind: 'pause',
      untilMs: refused.outcome.nextAttemptAt,
      credentialsRefused: true,
    });
    expect(outcomeOfFailure(err({ status: 404 }), ctx).outcome.state).toBe('blocked');
    expect(
      outcomeOfFailure(err({ kind: 'not-available', mayHaveReachedServer: false }), ctx).outcome.state,
    ).toBe('blocked');
  });

  it('a 409 that is not DuplicateRequest to a first attempt is the order to fix, not sent', () => {
    expect(ctx.attempts).toBe(1);
    expect(outcomeOfFailure(err({ status: 409, code: 'Conflict' }), ctx).outcome.state).toBe('needs-fix');
  });

  it('a 409 that is not DuplicateRequest to an order sent before is in doubt, held for a person', () => {
    for (const code of ['Conflict', undefined]) {
      const again = { ...ctx, attempts: 2 };
      const { outcome, directive } = outcomeOfFailure(
        err({ status: 409, errorId: 'e9', ...(code === undefined ? {} : { code }) }),
        again,
      );
      expect(directive).toEqual({ kind: 'continue' });
      expect(outcome).toMatchObject({
        state: 'in-doubt',
        nextAttemptAt: null,
        code: 'RepeatConflict',
        errorId: 'e9',
      });
      const said = outcome.messages?.join(' ') ?? '';
      expect(said).toContain(
        `answered ${code === undefined ? '409' : `409 ${code}`} when this was sent again`,
      );
      expect(said).toContain('client reference ref-1');
    }
  });

  it('an unexpected throw is in-doubt, never queued', () => {
    expect(outcomeOfFailure(new TypeError('boom'), ctx).outcome.state).toBe('in-doubt');
  });
});

describe('backoff', () => {
  it('grows exponentially with jitter between half and full, capped', () => {
    const p = DEFAULT_RETRY_BACKOFF;
    expect(backoffDelay(p, 1, () => 0)).toBe(500);
    expect(backoffDelay(p, 1, () => 1)).toBe(1_000);
    expect(backoffDelay(p, 3, () => 1)).toBe(4_000);
    expect(backoffDelay(p, 100, () => 1)).toBe(p.maxMs);
    expect(retryDelay(p, 1, 3_000, () => 1)).toBe(3_300);
    expect(retryDelay(p, 1, 30_000, () => 1)).toBe(31_000);
  });
});
