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

/** Item lists with id and name only (SPEC.md), one set of endpoints per base path. */
export const ID_NAME_ITEM_LISTS = {
  helmetSkeletons: '/api/item-lists/sport/accessories/helmet-skeletons',
  paletteDimensions: '/api/item-lists/building-materials/palette-dimensions',
  dateDisplays: '/api/item-lists/jewellery/watches/date-displays',
  watchFaceShapes: '/api/item-lists/jewellery/watches/watch-face-shapes',
  watchCaseSizes: '/api/item-lists/jewellery/watches/watch-case-sizes',
  materials: '/api/item-lists/building-materials/materials',
  tyreTypes: '/api/item-lists/sport/tyre-types',
  damageTypes: '/api/item-lists/damage-types',
} as const;
export type IdNameItemList = keyof typeof ID_NAME_ITEM_LISTS;

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
  repricingDocument: ep('GET', '/api/products/repricing/{documentId}', 'Repricing documents'),
  productAttachmentCreate: ep(
    'POST',
    '/api/products/{productId}/attachment',
    'Uploading product attachments',
  ),
  productAttachment: ep('GET', '/api/products/{productId}/attachment/{attachmentId}', 'Product attachments'),
  supplierProductCodes: ep(
    'GET',
    '/api/products/{productId}/suppliers-product-code',
    'Supplier product codes',
  ),
  supplierProductCodeCreate: ep(
    'POST',
    '/api/products/{productId}/suppliers-product-code',
    'Adding supplier product codes',
  ),
  supplierProductCodeUpdate: ep(
    'PUT',
    '/api/products/{productId}/suppliers-product-code/{id}',
    'Changing supplier product codes',
  ),
  companyCards: ep('GET', '/api/companies/{companyId}/cards', 'Company cards'),
  companyCardCreate: ep('POST', '/api/companies/{companyId}/cards', 'Adding company cards'),
  companyCard: ep('GET', '/api/companies/{companyId}/cards/{cardId}', 'Reading one company card'),
  authorisedPersonCreate: ep(
    'POST',
    '/api/companies/{companyId}/authorized-persons',
    'Adding authorised persons',
  ),
  companyRepresentatives: ep('GET', '/api/item-lists/companies/representatives', 'Company representatives'),
  companyRepresentative: ep(
    'GET',
    '/api/item-lists/companies/representatives/{id}',
    'Reading one company representative',
  ),
  countriesOfOrigin: ep('GET', '/api/item-lists/countries-of-origin', 'Countries of origin'),
  countryOfOriginCreate: ep('POST', '/api/item-lists/countries-of-origin', 'Adding countries of origin'),
  countryOfOrigin: ep('GET', '/api/item-lists/countries-of-origin/{id}', 'Reading one country of origin'),
  countryOfOriginUpdate: ep(
    'PATCH',
    '/api/item-lists/countries-of-origin/{id}',
    'Changing countries of origin',
  ),
  countryOfOriginDelete: ep(
    'DELETE',
    '/api/item-lists/countries-of-origin/{id}',
    'Deleting countries of origin',
  ),
  ageLimits: ep('GET', '/api/item-lists/age-limits', 'Age limits'),
  ageLimit: ep('GET', '/api/item-lists/age-limits/{id}', 'Reading one age limit'),
  ageLimitDelete: ep('DELETE', '/api/item-lists/age-limits/{id}', 'Deleting age limits'),
  internetOrderCreate: ep('POST', '/api/documents/orders/internet', 'Creating internet orders'),
  internetOrderDelete: ep('DELETE', '/api/documents/orders/internet/{id}', 'Deleting internet orders'),
  posScan: ep('POST', '/api/documents/pos/shopping-session/{sessionId}/scan', 'Point-of-sale card scan'),
} as const satisfies Record<string, Endpoint>;
export type EndpointName = keyof typeof ENDPOINTS;

/** The endpoints of one id-and-name item list (damage types alone also has DELETE). */
export function idNameItemListEndpoints(list: IdNameItemList): {
  list: Endpoint;
  create: Endpoint;
  get: Endpoint;
  update: Endpoint;
  remove: Endpoint;
} {
  const base = ID_NAME_ITEM_LISTS[list];
  return {
    list: ep('GET', base, `The ${list} list`),
    create: ep('POST', base, `Adding to the ${list} list`),
    get: ep('GET', `${base}/{id}`, `Reading one ${list} entry`),
    update: ep('PUT', `${base}/{id}`, `Changing ${list} entries`),
    remove: ep('DELETE', `${base}/{id}`, `Deleting ${list} entries`),
  };
}

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
