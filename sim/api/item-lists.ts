// Item lists: warehouses, representatives, countries of origin, age limits and the id/name lists.
import { randomUUID } from 'node:crypto';
import { ApiError, errorResultSchema, notFound } from '../errors.ts';
import { empty, json, required, validateBody, type RouteDef, type SimContext } from '../routes.ts';
import {
  ageLimitSchema,
  companyRepresentativeSchema,
  countryOfOriginInputSchema,
  countryOfOriginSchema,
  itemListCreateSchema,
  itemListEntrySchema,
  itemListPutSchema,
  warehouseSchema,
} from '../schemas.ts';
import { itemLists } from '../seed.ts';
import { DocTable, type SimDb } from '../store.ts';
import { stripNulls } from './companies.ts';

const err = { description: 'Error', schema: errorResultSchema };
const P = {
  view: 'Permissions.ItemLists.View',
  create: 'Permissions.ItemLists.Create',
  update: 'Permissions.ItemLists.Update',
  delete: 'Permissions.ItemLists.Delete',
} as const;

export function listWarehouses(db: SimDb): Record<string, unknown>[] {
  const rows = db.prepare('SELECT id, name, number, isInactive FROM warehouse ORDER BY id').all() as {
    id: number;
    name: string;
    number: string | null;
    isInactive: number | null;
  }[];
  return rows.map((r) =>
    stripNulls({
      id: r.id,
      name: r.name,
      number: r.number,
      isInactive: r.isInactive === null ? null : r.isInactive === 1,
    }),
  );
}

function idNameRoutes(db: SimDb, list: string): RouteDef[] {
  const base = `/api/item-lists/${list}`;
  const op = list
    .split(/[/-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
  const get = (id: number): { id: number; name: string } | undefined =>
    db.prepare('SELECT id, name FROM item_list_entry WHERE list = ? AND id = ?').get(list, id) as
      { id: number; name: string } | undefined;
  const routes: RouteDef[] = [
    {
      method: 'GET',
      path: base,
      operationId: `list${op}`,
      summary: `Entries of ${list}.`,
      tag: 'ItemLists',
      auth: 'token',
      permission: P.view,
      responses: { 200: { description: 'Entries', schema: itemListEntrySchema.array() } },
      handler: () =>
        json(db.prepare('SELECT id, name FROM item_list_entry WHERE list = ? ORDER BY id').all(list)),
    },
    {
      method: 'POST',
      path: base,
      operationId: `create${op}`,
      summary: `Adds an entry to ${list} (empty response; Location names the new entry).`,
      tag: 'ItemLists',
      auth: 'token',
      permission: P.create,
      body: itemListCreateSchema,
      responses: {
        201: { description: 'Created (empty body)', headers: { Location: 'URL of the entry' } },
        400: err,
      },
      handler: ({ body }) => {
        const input = validateBody(itemListCreateSchema, body);
        const id = Number(
          db.prepare('INSERT INTO item_list_entry (list, name) VALUES (?, ?)').run(list, input.name)
            .lastInsertRowid,
        );
        return { status: 201, headers: { Location: `${base}/${id}` } };
      },
    },
    {
      method: 'GET',
      path: `${base}/{id}`,
      operationId: `get${op}`,
      summary: `One entry of ${list}.`,
      tag: 'ItemLists',
      auth: 'token',
      permission: P.view,
      responses: { 200: { description: 'Entry', schema: itemListEntrySchema }, 404: err },
      handler: ({ params }) => {
        const row = get(params['id'] ?? 0);
        if (!row) throw notFound(`Entry ${String(params['id'])} of ${list}`);
        return json(row);
      },
    },
    {
      method: 'PUT',
      path: `${base}/{id}`,
      operationId: `update${op}`,
      summary: `Replaces an entry of ${list}.`,
      tag: 'ItemLists',
      auth: 'token',
      permission: P.update,
      body: itemListPutSchema,
      responses: { 200: { description: 'Entry', schema: itemListEntrySchema }, 400: err, 404: err },
      handler: ({ params, body }) => {
        const id = params['id'] ?? 0;
        if (!get(id)) throw notFound(`Entry ${id} of ${list}`);
        const input = validateBody(itemListPutSchema, body, (raw) =>
          raw['id'] === undefined || raw['id'] === null || raw['id'] === id
            ? []
            : [
                {
                  property: 'Id',
                  code: 'Mismatch',
                  message: `The Id field does not match the id in the path (${id}).`,
                },
              ],
        );
        db.prepare('UPDATE item_list_entry SET name = ? WHERE id = ?').run(input.name, id);
        return json({ id, name: input.name });
      },
    },
  ];
  if (list === 'damage-types') {
    routes.push({
      method: 'DELETE',
      path: `${base}/{id}`,
      operationId: `delete${op}`,
      summary: `Deletes an entry of ${list}.`,
      tag: 'ItemLists',
      auth: 'token',
      permission: P.delete,
      responses: { 204: { description: 'Deleted' }, 404: err },
      handler: ({ params }) => {
        const id = params['id'] ?? 0;
        if (!get(id)) throw notFound(`Entry ${id} of ${list}`);
        db.prepare('DELETE FROM item_list_entry WHERE id = ?').run(id);
        return empty();
      },
    });
  }
  return routes;
}

export function itemListRoutes(ctx: SimContext): RouteDef[] {
  const { db } = ctx;
  const reps = new DocTable(db, 'representative');
  const countries = new DocTable(db, 'country_of_origin');
  const ages = new DocTable(db, 'age_limit');
  const one = (table: DocTable, what: string, id: number): Record<string, unknown> => {
    const doc = table.get(id);
    if (!doc) throw notFound(`${what} ${id}`);
    return doc;
  };
  return [
    {
      method: 'GET',
      path: '/api/item-lists/warehouses',
      operationId: 'listWarehouses',
      summary: 'Warehouses.',
      tag: 'ItemLists',
      auth: 'token',
      permission: P.view,
      responses: { 200: { description: 'Warehouses', schema: warehouseSchema.array() } },
      handler: () => json(listWarehouses(db)),
    },
    {
      method: 'GET',
      path: '/api/item-lists/companies/representatives',
      operationId: 'listCompanyRepresentatives',
      summary: 'Company representatives (each names its company).',
      tag: 'ItemLists',
      auth: 'token',
      permission: P.view,
      responses: { 200: { description: 'Representatives', schema: companyRepresentativeSchema.array() } },
      handler: () => json(reps.list()),
    },
    {
      method: 'GET',
      path: '/api/item-lists/companies/representatives/{id}',
      operationId: 'getCompanyRepresentative',
      summary: 'One company representative.',
      tag: 'ItemLists',
      auth: 'token',
      permission: P.view,
      responses: { 200: { description: 'Representative', schema: companyRepresentativeSchema }, 404: err },
      handler: ({ params }) => json(one(reps, 'Representative', params['id'] ?? 0)),
    },
    {
      method: 'GET',
      path: '/api/item-lists/countries-of-origin',
      operationId: 'listCountriesOfOrigin',
      summary: 'Countries of origin.',
      tag: 'ItemLists',
      auth: 'token',
      permission: P.view,
      responses: { 200: { description: 'Countries', schema: countryOfOriginSchema.array() } },
      handler: () => json(countries.list()),
    },
    {
      method: 'POST',
      path: '/api/item-lists/countries-of-origin',
      operationId: 'createCountryOfOrigin',
      summary: 'Adds a country of origin (name required).',
      tag: 'ItemLists',
      auth: 'token',
      permission: P.create,
      body: countryOfOriginInputSchema,
      responses: { 201: { description: 'Stored country', schema: countryOfOriginSchema }, 400: err },
      handler: ({ body }) => {
        const input = validateBody(countryOfOriginInputSchema, body, (raw) =>
          typeof raw['name'] === 'string' && raw['name'] !== '' ? [] : [required('Name')],
        );
        return json(
          countries.insert(null, (id) => stripNulls({ guid: randomUUID(), ...input, id })),
          201,
        );
      },
    },
    {
      method: 'GET',
      path: '/api/item-lists/countries-of-origin/{id}',
      operationId: 'getCountryOfOrigin',
      summary: 'One country of origin.',
      tag: 'ItemLists',
      auth: 'token',
      permission: P.view,
      responses: { 200: { description: 'Country', schema: countryOfOriginSchema }, 404: err },
      handler: ({ params }) => json(one(countries, 'Country of origin', params['id'] ?? 0)),
    },
    {
      method: 'PATCH',
      path: '/api/item-lists/countries-of-origin/{id}',
      operationId: 'patchCountryOfOrigin',
      summary: 'Changes the given fields of a country of origin (null removes a field).',
      tag: 'ItemLists',
      auth: 'token',
      permission: P.update,
      body: countryOfOriginInputSchema,
      responses: { 200: { description: 'Country', schema: countryOfOriginSchema }, 400: err, 404: err },
      handler: ({ params, body }) => {
        const id = params['id'] ?? 0;
        const current = one(countries, 'Country of origin', id);
        const input = validateBody(countryOfOriginInputSchema, body, (raw) =>
          raw['id'] === undefined || raw['id'] === null || raw['id'] === id
            ? []
            : [
                {
                  property: 'Id',
                  code: 'Mismatch',
                  message: `The Id field does not match the id in the path (${id}).`,
                },
              ],
        );
        const next = stripNulls({ ...current, ...input, id });
        if (typeof next['name'] !== 'string')
          throw new ApiError(400, { messages: ['The Name field is required.'], code: 'ValidationFailed' });
        countries.put(id, next);
        return json(next);
      },
    },
    {
      method: 'DELETE',
      path: '/api/item-lists/countries-of-origin/{id}',
      operationId: 'deleteCountryOfOrigin',
      summary: 'Deletes a country of origin.',
      tag: 'ItemLists',
      auth: 'token',
      permission: P.delete,
      responses: { 204: { description: 'Deleted' }, 404: err },
      handler: ({ params }) => {
        if (!countries.delete(params['id'] ?? 0)) throw notFound(`Country of origin ${String(params['id'])}`);
        return empty();
      },
    },
    {
      method: 'GET',
      path: '/api/item-lists/age-limits',
      operationId: 'listAgeLimits',
      summary: 'Age limits.',
      tag: 'ItemLists',
      auth: 'token',
      permission: P.view,
      responses: { 200: { description: 'Age limits', schema: ageLimitSchema.array() } },
      handler: () => json(ages.list()),
    },
    {
      method: 'GET',
      path: '/api/item-lists/age-limits/{id}',
      operationId: 'getAgeLimit',
      summary: 'One age limit.',
      tag: 'ItemLists',
      auth: 'token',
      permission: P.view,
      responses: { 200: { description: 'Age limit', schema: ageLimitSchema }, 404: err },
      handler: ({ params }) => json(one(ages, 'Age limit', params['id'] ?? 0)),
    },
    {
      method: 'DELETE',
      path: '/api/item-lists/age-limits/{id}',
      operationId: 'deleteAgeLimit',
      summary: 'Deletes an age limit.',
      tag: 'ItemLists',
      auth: 'token',
      permission: P.delete,
      responses: { 204: { description: 'Deleted' }, 404: err },
      handler: ({ params }) => {
        if (!ages.delete(params['id'] ?? 0)) throw notFound(`Age limit ${String(params['id'])}`);
        return empty();
      },
    },
    ...Object.keys(itemLists).flatMap((list) => idNameRoutes(db, list)),
  ];
}
