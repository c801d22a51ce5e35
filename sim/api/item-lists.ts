// Item lists: warehouses, representatives, countries of origin, age limits and the id/name lists.
import { randomUUID } from 'node:crypto';
import { ApiError, errorResultSchema, notFound, type Violation } from '../errors.ts';
import type { z } from 'zod';
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

/** A body naming an id names the path's (absent or null: the path's): else a 400 saying so. */
function idOfPath(id: number): (raw: Record<string, unknown>) => Violation[] {
  return (raw) =>
    raw['id'] === undefined || raw['id'] === null || raw['id'] === id
      ? []
      : [
          {
            property: 'Id',
            code: 'Mismatch',
            message: `The Id field does not match the id in the path (${id}).`,
          },
        ];
}

/** An item list kept as documents (a DocTable): its path, its name in operation ids, its rows. */
interface DocList {
  readonly path: string;
  /** "CountryOfOrigin": getCountryOfOrigin, deleteCountryOfOrigin. */
  readonly name: string;
  /** "CountriesOfOrigin": listCountriesOfOrigin. */
  readonly plural: string;
  /** "Country of origin": a 404 says which. */
  readonly what: string;
  readonly table: DocTable;
  readonly schema: z.ZodType;
}

/** A document by id, or a 404 naming it. */
function oneDoc(list: DocList, id: number): Record<string, unknown> {
  const doc = list.table.get(id);
  if (!doc) throw notFound(`${list.what} ${id}`);
  return doc;
}

/**
 * A route of a document list: GET {path} lists every document, GET {path}/{id} gives one and DELETE
 * {path}/{id} removes one (a 404 naming it when absent). `description`: its answer's, in /swagger.
 */
function docRoute(
  list: DocList,
  op: 'list' | 'get' | 'delete',
  summary: string,
  description: string,
): RouteDef {
  return {
    method: op === 'delete' ? 'DELETE' : 'GET',
    path: op === 'list' ? list.path : `${list.path}/{id}`,
    operationId: op === 'list' ? `list${list.plural}` : `${op}${list.name}`,
    summary,
    tag: 'ItemLists',
    auth: 'token',
    permission: op === 'delete' ? P.delete : P.view,
    responses:
      op === 'list'
        ? { 200: { description, schema: list.schema.array() } }
        : op === 'get'
          ? { 200: { description, schema: list.schema }, 404: err }
          : { 204: { description }, 404: err },
    handler: docHandler(list, op),
  };
}

function docHandler(list: DocList, op: 'list' | 'get' | 'delete'): RouteDef['handler'] {
  if (op === 'list') return () => json(list.table.list());
  if (op === 'get') return ({ params }) => json(oneDoc(list, params['id'] ?? 0));
  return ({ params }) => {
    if (!list.table.delete(params['id'] ?? 0)) throw notFound(`${list.what} ${String(params['id'])}`);
    return empty();
  };
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
        const input = validateBody(itemListPutSchema, body, idOfPath(id));
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
  const reps: DocList = {
    path: '/api/item-lists/companies/representatives',
    name: 'CompanyRepresentative',
    plural: 'CompanyRepresentatives',
    what: 'Representative',
    table: new DocTable(db, 'representative'),
    schema: companyRepresentativeSchema,
  };
  const countries: DocList = {
    path: '/api/item-lists/countries-of-origin',
    name: 'CountryOfOrigin',
    plural: 'CountriesOfOrigin',
    what: 'Country of origin',
    table: new DocTable(db, 'country_of_origin'),
    schema: countryOfOriginSchema,
  };
  const ages: DocList = {
    path: '/api/item-lists/age-limits',
    name: 'AgeLimit',
    plural: 'AgeLimits',
    what: 'Age limit',
    table: new DocTable(db, 'age_limit'),
    schema: ageLimitSchema,
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
    docRoute(reps, 'list', 'Company representatives (each names its company).', 'Representatives'),
    docRoute(reps, 'get', 'One company representative.', 'Representative'),
    docRoute(countries, 'list', 'Countries of origin.', 'Countries'),
    {
      method: 'POST',
      path: countries.path,
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
          countries.table.insert(null, (id) => stripNulls({ guid: randomUUID(), ...input, id })),
          201,
        );
      },
    },
    docRoute(countries, 'get', 'One country of origin.', 'Country'),
    {
      method: 'PATCH',
      path: `${countries.path}/{id}`,
      operationId: 'patchCountryOfOrigin',
      summary: 'Changes the given fields of a country of origin (null removes a field).',
      tag: 'ItemLists',
      auth: 'token',
      permission: P.update,
      body: countryOfOriginInputSchema,
      responses: { 200: { description: 'Country', schema: countryOfOriginSchema }, 400: err, 404: err },
      handler: ({ params, body }) => {
        const id = params['id'] ?? 0;
        const current = oneDoc(countries, id);
        const input = validateBody(countryOfOriginInputSchema, body, idOfPath(id));
        const next = stripNulls({ ...current, ...input, id });
        if (typeof next['name'] !== 'string')
          throw new ApiError(400, { messages: ['The Name field is required.'], code: 'ValidationFailed' });
        countries.table.put(id, next);
        return json(next);
      },
    },
    docRoute(countries, 'delete', 'Deletes a country of origin.', 'Deleted'),
    docRoute(ages, 'list', 'Age limits.', 'Age limits'),
    docRoute(ages, 'get', 'One age limit.', 'Age limit'),
    docRoute(ages, 'delete', 'Deletes an age limit.', 'Deleted'),
    ...Object.keys(itemLists).flatMap((list) => idNameRoutes(db, list)),
  ];
}
