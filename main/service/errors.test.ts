import { describe, expect, it } from 'vitest';
import {
  camelCasePath,
  fieldErrorsFrom,
  fieldsNamedIn,
  httpError,
  networkError,
  permissionNamedIn,
  requestUrl,
} from './errors.ts';

const where = { method: 'POST', path: '/api/documents/orders/internet' };

describe('field names in validation messages', () => {
  it('camel-cases every segment of a property path', () => {
    expect(camelCasePath('CustomerId')).toBe('customerId');
    expect(camelCasePath('Items[0].Quantity')).toBe('items[0].quantity');
    expect(camelCasePath('Items[12].ProductId')).toBe('items[12].productId');
  });

  it('finds compound, indexed and quoted names but not ordinary words', () => {
    expect(fieldsNamedIn('The CustomerId field is required.')).toEqual(['customerId']);
    expect(fieldsNamedIn('The value of Items[0].Quantity is not valid: expected number.')).toEqual([
      'items[0].quantity',
    ]);
    expect(fieldsNamedIn("'Warehouse Id' must not be empty.")).toEqual([]);
    expect(fieldsNamedIn("'WarehouseId' must not be empty.")).toEqual(['warehouseId']);
    expect(fieldsNamedIn('Something went wrong on the server.')).toEqual([]);
  });

  it('takes one-word names only when the request had such a field', () => {
    const msg = 'The field Name must be a string with a maximum length of 50.';
    expect(fieldsNamedIn(msg)).toEqual([]);
    expect(fieldsNamedIn(msg, new Set(['name', 'email']))).toEqual(['name']);
  });

  it("never takes a quoted value for a field: a card's code in its duplicate message names no property", () => {
    const msg = "The Barcode 'VK000722402' is already used by another card.";
    expect(fieldsNamedIn(msg, new Set(['barcode', 'name']))).toEqual(['barcode']);
    expect(
      fieldsNamedIn("The Barcode 'ABC123' is already used by another card.", new Set(['barcode'])),
    ).toEqual(['barcode']);
    // A quoted property still counts, known or PascalCase.
    expect(fieldsNamedIn("'Name' must not be empty.", new Set(['name']))).toEqual(['name']);
  });

  it('never takes a permission name for a field', () => {
    expect(fieldsNamedIn('Permission Permissions.Orders.Create is required.')).toEqual([]);
  });

  it('groups messages by field, one message under every field it names', () => {
    const map = fieldErrorsFrom([
      'The CustomerId field is required.',
      'The WarehouseId field is required.',
      'Items[0].Quantity must be greater than 0.',
      'CustomerId and WarehouseId belong together.',
    ]);
    expect(map).toEqual({
      customerId: ['The CustomerId field is required.', 'CustomerId and WarehouseId belong together.'],
      warehouseId: ['The WarehouseId field is required.', 'CustomerId and WarehouseId belong together.'],
      'items[0].quantity': ['Items[0].Quantity must be greater than 0.'],
    });
  });
});

describe('httpError', () => {
  it('maps a 400 ErrorResult to messages, code, params and fieldErrors', () => {
    const error = httpError({
      ...where,
      status: 400,
      body: {
        messages: ['The CustomerId field is required.', 'The WarehouseId field is required.'],
        errorId: 'e-1',
        code: 'ValidationFailed',
        params: { count: 2 },
      },
    });
    expect(error.kind).toBe('http');
    expect(error.status).toBe(400);
    expect(error.errorId).toBe('e-1');
    expect(error.code).toBe('ValidationFailed');
    expect(error.params).toEqual({ count: '2' });
    expect(Object.keys(error.fieldErrors).sort()).toEqual(['customerId', 'warehouseId']);
    expect(error.mayHaveReachedServer).toBe(true);
    expect(error.message).toContain('400');
    expect(error.message).toContain('The CustomerId field is required.');
  });

  it('prefers the propertyName of coded entries over reading the text', () => {
    const error = httpError({
      ...where,
      status: 400,
      body: {
        messages: ['Must be positive.', 'The WarehouseId field is required.'],
        errors: [
          { code: 'Range', message: 'Must be positive.', params: { propertyName: 'Items[0].Quantity' } },
        ],
      },
    });
    expect(error.fieldErrors).toEqual({
      'items[0].quantity': ['Must be positive.'],
      warehouseId: ['The WarehouseId field is required.'],
    });
  });

  it('extracts the permission a 403 names and leaves fieldErrors empty', () => {
    const error = httpError({
      ...where,
      status: 403,
      body: { messages: ['Permission Permissions.Orders.Create is required.'] },
    });
    expect(error.permission).toBe('Permissions.Orders.Create');
    expect(error.fieldErrors).toEqual({});
    expect(error.message).toContain('Permissions.Orders.Create');
    expect(permissionNamedIn(['nothing here'])).toBeUndefined();
  });

  it('keeps going without a body', () => {
    const error = httpError({ ...where, status: 500, body: undefined, retryAfterMs: 2000 });
    expect(error.messages).toEqual([]);
    expect(error.retryAfterMs).toBe(2000);
    expect(error.message).toContain('500');
  });
});

describe("a 3xx's Location, carried to be read (never followed)", () => {
  const url = requestUrl('https://shop.example/shop1/', '/api/documents/orders/internet');
  const answered = (location: string | undefined) =>
    httpError({ ...where, status: 302, body: undefined, url, location });

  it('carries where the request went (origin, prefix, path) and the Location resolved against it', () => {
    expect(url).toBe('https://shop.example/shop1/api/documents/orders/internet');
    expect(requestUrl('https://user:pw@shop.example/shop1?x=1#y', '/a')).toBe('https://shop.example/shop1/a');
    expect(requestUrl('not a url', '/a')).toBeUndefined();
    const e = answered(' /shop1/api/documents/orders/internet/123 ');
    expect(e.location).toBe('https://shop.example/shop1/api/documents/orders/internet/123');
    expect(e.url).toBe(url);
    expect(e.toJSON()).toMatchObject({ location: e.location, url });
    expect(answered('https://lb.example/maintenance').location).toBe('https://lb.example/maintenance');
    // No user or password is kept (it is named in the order's messages).
    expect(answered('https://u:secret@lb.example/x').location).toBe('https://lb.example/x');
  });

  it('a Location that is not an http(s) URL names nothing', () => {
    for (const location of [
      undefined,
      '',
      '   ',
      'http://[oops/1',
      'javascript:alert(1)',
      `/${'a'.repeat(3000)}`,
    ])
      expect(answered(location).location, String(location).slice(0, 20)).toBeUndefined();
    // Without the request's URL, only an absolute Location can be read.
    const bare = httpError({ ...where, status: 302, body: undefined, location: '/orders/1' });
    expect(bare.location).toBeUndefined();
  });
});

describe('networkError: did the request maybe reach the server?', () => {
  const ctx = { ...where, aborted: false, dispatched: true };
  const withCode = (code: string, extra: object = {}): Error =>
    Object.assign(new Error(code), { code }, extra);

  it('is false when the connection never came up', () => {
    for (const code of [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'UND_ERR_CONNECT_TIMEOUT',
      'CERT_HAS_EXPIRED',
    ]) {
      expect(networkError(withCode(code), ctx).mayHaveReachedServer, code).toBe(false);
    }
    // Happy eyeballs wraps each address's failure in an AggregateError.
    const aggregate = new AggregateError(
      [withCode('ECONNREFUSED'), withCode('ECONNREFUSED')],
      'connect failed',
    );
    expect(networkError(aggregate, ctx).mayHaveReachedServer).toBe(false);
    expect(networkError(withCode('UND_ERR_CONNECT_TIMEOUT'), ctx).kind).toBe('timeout');
  });

  it('is true when the connection broke or timed out after the request was written', () => {
    const reset = withCode('UND_ERR_SOCKET', { socket: { bytesWritten: 312, bytesRead: 0 } });
    expect(networkError(reset, ctx)).toMatchObject({ kind: 'network', mayHaveReachedServer: true });
    expect(networkError(withCode('ECONNRESET'), ctx).mayHaveReachedServer).toBe(true);
    expect(networkError(withCode('UND_ERR_HEADERS_TIMEOUT'), ctx)).toMatchObject({
      kind: 'timeout',
      mayHaveReachedServer: true,
    });
    expect(networkError(withCode('UND_ERR_BODY_TIMEOUT'), ctx).mayHaveReachedServer).toBe(true);
  });

  it('is false for a socket closed before a byte was written', () => {
    const closed = withCode('UND_ERR_SOCKET', { socket: { bytesWritten: 0 } });
    expect(networkError(closed, ctx).mayHaveReachedServer).toBe(false);
  });

  it('reports an abort as aborted, reached only if it had been dispatched', () => {
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    expect(networkError(abort, { ...ctx, aborted: true })).toMatchObject({
      kind: 'aborted',
      mayHaveReachedServer: true,
    });
    expect(networkError(abort, { ...ctx, aborted: true, dispatched: false }).mayHaveReachedServer).toBe(
      false,
    );
  });

  it('keeps only a bare copy of the cause', () => {
    const original = Object.assign(new Error('connect ECONNREFUSED'), {
      code: 'ECONNREFUSED',
      headers: { authorization: 'Bearer s3cr3t-token' },
    });
    const error = networkError(original, ctx);
    expect(error.cause).toBeInstanceOf(Error);
    expect(error.cause).not.toBe(original);
    expect(JSON.stringify(error.cause)).not.toContain('s3cr3t');
    expect(Object.keys(error.cause as object)).not.toContain('headers');
  });
});
