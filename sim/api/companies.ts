// Company cards and authorised persons. A card asked for under another company answers 404.
import { randomUUID } from 'node:crypto';
import { ApiError, errorResultSchema, notFound, type Violation } from '../errors.ts';
import {
  json,
  notFoundReference,
  required,
  validateBody,
  type RouteDef,
  type SimContext,
} from '../routes.ts';
import {
  authorizedPersonInputSchema,
  authorizedPersonSchema,
  companyCardInputSchema,
  companyCardSchema,
} from '../schemas.ts';
import { DocTable, type SimDb } from '../store.ts';
import { formatDateTime, nowDateTime, parseDateTime } from '../time.ts';

const err = { description: 'Error', schema: errorResultSchema };

export interface NewCompanyCard {
  readonly companyId: number;
  readonly barcode: string;
  readonly name?: string;
  readonly isInvalid?: boolean;
  readonly validFrom?: string;
  readonly validTo?: string;
  readonly discount?: number;
  readonly discountAmount?: number;
  readonly note?: string;
}

/** Stores a card; the caller has validated it (barcode unique, company exists). */
export function insertCompanyCard(
  db: SimDb,
  card: { readonly companyId: number; readonly barcode: string } & Record<string, unknown>,
): Record<string, unknown> {
  const cards = new DocTable(db, 'company_card');
  return db.transaction(() => {
    const stored = cards.insert(card.companyId, (id) => {
      const doc: Record<string, unknown> = { guid: randomUUID(), ...card, id, lastModify: nowDateTime() };
      for (const k of ['validFrom', 'validTo']) {
        const v = doc[k];
        const parsed = typeof v === 'string' ? parseDateTime(v) : undefined;
        if (parsed) doc[k] = formatDateTime(parsed);
      }
      return stripNulls(doc);
    });
    // A card without a code (stored by a lenient instance) has no code to be found by.
    if (card.barcode.trim() !== '')
      db.prepare('INSERT INTO company_card_barcode (barcode, cardId) VALUES (?, ?)').run(
        card.barcode,
        stored['id'],
      );
    return stored;
  })();
}

export function companyExists(db: SimDb, id: number): boolean {
  return new DocTable(db, 'company').get(id) !== undefined;
}

function requireCompany(db: SimDb, id: number): void {
  if (!companyExists(db, id)) throw notFound(`Company ${id}`);
}

export function companyRoutes(ctx: SimContext): RouteDef[] {
  const { db } = ctx;
  const cards = new DocTable(db, 'company_card');
  const persons = new DocTable(db, 'authorized_person');
  const barcodeTaken = db.prepare('SELECT 1 FROM company_card_barcode WHERE barcode = ?').pluck();
  return [
    {
      method: 'POST',
      path: '/api/companies/{companyId}/authorized-persons',
      operationId: 'createAuthorizedPerson',
      summary: 'Adds an authorised person to a company.',
      tag: 'Companies',
      auth: 'token',
      permission: 'Permissions.Companies.Create',
      body: authorizedPersonInputSchema,
      responses: { 201: { description: 'Stored row', schema: authorizedPersonSchema }, 400: err, 404: err },
      handler: ({ params, body }) => {
        const companyId = params['companyId'] ?? 0;
        requireCompany(db, companyId);
        const input = validateBody(authorizedPersonInputSchema, body, (raw) =>
          typeof raw['name'] === 'string' && raw['name'].trim() !== '' ? [] : [required('Name')],
        );
        const stored = persons.insert(companyId, (id) => stripNulls({ ...input, id, companyId }));
        return json(stored, 201);
      },
    },
    {
      method: 'GET',
      path: '/api/companies/{companyId}/cards',
      operationId: 'listCompanyCards',
      summary: 'Cards of a company.',
      tag: 'Companies',
      auth: 'token',
      permission: 'Permissions.Companies.View',
      responses: { 200: { description: 'Cards', schema: companyCardSchema.array() }, 404: err },
      handler: ({ params }) => {
        const companyId = params['companyId'] ?? 0;
        requireCompany(db, companyId);
        return json(cards.list(companyId));
      },
    },
    {
      method: 'POST',
      path: '/api/companies/{companyId}/cards',
      operationId: 'createCompanyCard',
      summary: 'Adds a card to a company (barcode required and unique).',
      tag: 'Companies',
      auth: 'token',
      permission: 'Permissions.Companies.Create',
      body: companyCardInputSchema,
      responses: { 201: { description: 'Stored card', schema: companyCardSchema }, 400: err },
      handler: ({ params, body }) => {
        const companyId = params['companyId'] ?? 0;
        const input = validateBody(companyCardInputSchema, body, (raw) => {
          // A card for a company the instance lacks is a request to fix (400 naming CompanyId), all
          // violations together (SPEC.md Errors rule 2). A lenient instance stores such a card, and
          // one without a code; a code another card has it still refuses (its index is unique).
          const lenient = ctx.storesAnyCard === true;
          const out: Violation[] =
            lenient || companyExists(db, companyId)
              ? []
              : [notFoundReference('CompanyId', 'company', companyId)];
          const barcode = raw['barcode'];
          if (typeof barcode !== 'string' || barcode.trim() === '') {
            if (!lenient) out.push(required('Barcode'));
          } else if (barcodeTaken.get(barcode) !== undefined) {
            out.push({
              property: 'Barcode',
              code: 'Duplicate',
              message: `The Barcode '${barcode}' is already used by another card.`,
            });
          }
          return out;
        });
        const stored = insertCompanyCard(db, {
          ...stripNulls({ ...input, id: undefined }),
          companyId,
          barcode: input.barcode ?? '',
        });
        return json(stored, 201);
      },
    },
    {
      method: 'GET',
      path: '/api/companies/{companyId}/cards/{cardId}',
      operationId: 'getCompanyCard',
      summary: 'One card of a company; 404 when the card belongs to another company.',
      tag: 'Companies',
      auth: 'token',
      permission: 'Permissions.Companies.View',
      responses: { 200: { description: 'Card', schema: companyCardSchema }, 404: err },
      handler: ({ params }) => {
        const card = cards.get(params['cardId'] ?? 0);
        if (!card || card['companyId'] !== params['companyId']) {
          throw new ApiError(404, {
            messages: [
              `Card ${String(params['cardId'])} of company ${String(params['companyId'])} was not found.`,
            ],
            code: 'NotFound',
          });
        }
        return json(card);
      },
    },
  ];
}

export function stripNulls<T extends Record<string, unknown>>(obj: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (v !== null && v !== undefined) out[k] = v;
  return out as T;
}
