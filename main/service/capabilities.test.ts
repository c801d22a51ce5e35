// What the description says of the internet order's item: its properties, through $refs, in an
// OpenAPI 3 request body or a Swagger 2 body parameter; nothing where it does not describe them.
import { describe, expect, it } from 'vitest';
import { readDescription } from './capabilities.ts';

const ORDERS = '/api/documents/orders/internet';

describe('the order item fields a description shows', () => {
  it('follows $refs through an OpenAPI 3 request body', () => {
    const doc = {
      paths: {
        [ORDERS]: {
          post: {
            requestBody: {
              content: {
                'application/json; charset=utf-8': { schema: { $ref: '#/components/schemas/Order' } },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Order: { properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } },
          Item: { properties: { productId: {}, quantity: {}, price: {} } },
        },
      },
    };
    expect(readDescription(doc)?.orderItemFields).toEqual(new Set(['productId', 'quantity', 'price']));
  });

  it('reads a Swagger 2 body parameter', () => {
    const item = { properties: { productId: {}, quantity: {} } };
    const doc = {
      paths: {
        [ORDERS]: {
          post: {
            parameters: [{ in: 'body', name: 'order', schema: { properties: { items: { items: item } } } }],
          },
        },
      },
    };
    expect(readDescription(doc)?.orderItemFields).toEqual(new Set(['productId', 'quantity']));
  });

  it('says nothing where the operation, its body or the item is not described', () => {
    expect(readDescription({ paths: { [ORDERS]: {} } })?.orderItemFields).toBeUndefined();
    expect(readDescription({ paths: { [ORDERS]: { post: {} } } })?.orderItemFields).toBeUndefined();
    const noItem = { requestBody: { content: { 'application/json': { schema: { properties: {} } } } } };
    expect(readDescription({ paths: { [ORDERS]: { post: noItem } } })?.orderItemFields).toBeUndefined();
  });
});
