// Every endpoint of SPEC.md the client calls, by name: one table so that capability detection, the
// "not available on this instance" message and the calls themselves agree on method and path.
// Path templates name their parameters the way SPEC.md does; matching against /swagger ignores names.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  /** What a person calls it, for "... is not available on this instance". */
  readonly title: string;
}

function ep(method: HttpMethod, path: string, title: string): Endpoint {
  return { method, path, title };
}

export const ENDPOINTS = {
  version: ep('GET', '/api/version', 'The instance version'),
  warehouses: ep('GET', '/api/item-lists/warehouses', 'The warehouse list'),
  stockItems: ep('POST', '/api/stock-items/filter-paginated', 'Stock items'),
  financialReceivables: ep(
    'POST',
    '/api/finances/financial-receivables/filter-paginated',
    'Financial receivables',
  ),
  productUnits: ep('GET', '/api/products/{productId}/units', 'Product units'),
  companyCards: ep('GET', '/api/companies/{companyId}/cards', 'Company cards'),
  companyCard: ep('GET', '/api/companies/{companyId}/cards/{cardId}', 'Reading one company card'),
  companyCardCreate: ep('POST', '/api/companies/{companyId}/cards', 'Issuing company cards'),
  authorizedPersonCreate: ep(
    'POST',
    '/api/companies/{companyId}/authorized-persons',
    'Adding authorised persons',
  ),
  companyRepresentatives: ep('GET', '/api/item-lists/companies/representatives', 'Company representatives'),
  internetOrderCreate: ep('POST', '/api/documents/orders/internet', 'Creating internet orders'),
  internetOrderDelete: ep('DELETE', '/api/documents/orders/internet/{id}', 'Deleting internet orders'),
  posScan: ep('POST', '/api/documents/pos/shopping-session/{sessionId}/scan', 'Point-of-sale card scan'),
} as const satisfies Record<string, Endpoint>;
export type EndpointName = keyof typeof ENDPOINTS;

/** Fills `{name}` placeholders in order; ids are encoded so a path can never be bent. */
export function fillPath(template: string, params: readonly (number | string)[]): string {
  let i = 0;
  return template.replace(/\{[^}]+\}/g, () => {
    const value = params[i++];
    if (value === undefined) throw new Error(`Missing path parameter ${i} for ${template}`);
    return encodeURIComponent(String(value));
  });
}

/** "GET /api/products/{}/units": the key a route is matched by, parameter names ignored, case-insensitive. */
export function routeKey(method: string, template: string): string {
  return `${method.toUpperCase()} ${template
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\/+$/, '')
    .toLowerCase()}`;
}
