// Companies, products, item lists, the scan and /swagger over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { call, errorOf, token, VIEWER } from '../../../sim/testing.ts';
import {
  companyCardSchema,
  companyRepresentativeSchema,
  productUnitSchema,
  supplierProductCodeSchema,
} from '../../../sim/schemas.ts';

let sim: RunningSim;
let demo: string;

beforeAll(async () => {
  sim = await startSim({ size: 'small' });
  demo = await token(sim.url);
});
afterAll(async () => {
  await sim.close();
});

const api = (path: string): string => `${sim.url}${path}`;
const cards = z.array(companyCardSchema.strict());

describe('companies and cards', () => {
  it('lists the cards of a company and gets one; a card of another company is 404', async () => {
    const list = cards.parse((await call(api('/api/companies/3/cards'), { token: demo })).json);
    expect(list.length).toBeGreaterThan(0);
    const card = list[0];
    expect(card?.companyId).toBe(3);
    const one = await call(api(`/api/companies/3/cards/${String(card?.id)}`), { token: demo });
    expect(one.json).toEqual(card);
    const other = await call(api(`/api/companies/4/cards/${String(card?.id)}`), { token: demo });
    expect(other.status).toBe(404);
    errorOf(other);
    expect((await call(api('/api/companies/99999/cards'), { token: demo })).status).toBe(404);
  });

  it('creates a card (201), refuses a duplicate barcode and over-long fields naming them, writing nothing', async () => {
    const created = await call(api('/api/companies/2/cards'), {
      token: demo,
      body: { barcode: 'TEST-CARD-1', name: 'Karta Šťastný', validTo: '2031-01-01T00:00:00' },
    });
    expect(created.status).toBe(201);
    expect(companyCardSchema.parse(created.json)).toMatchObject({ companyId: 2, barcode: 'TEST-CARD-1' });
    const before = cards.parse((await call(api('/api/companies/2/cards'), { token: demo })).json).length;
    const bad = await call(api('/api/companies/2/cards'), {
      token: demo,
      body: { barcode: 'TEST-CARD-1', name: 'x'.repeat(81) },
    });
    expect(bad.status).toBe(400);
    const messages = errorOf(bad).messages.join('\n');
    expect(messages).toContain('Barcode');
    expect(messages).toContain('The field Name must be a string with a maximum length of 80.');
    const long = await call(api('/api/companies/2/cards'), {
      token: demo,
      body: { barcode: '9'.repeat(256) },
    });
    expect(errorOf(long).messages[0]).toContain('Barcode');
    expect(cards.parse((await call(api('/api/companies/2/cards'), { token: demo })).json)).toHaveLength(
      before,
    );
  });

  it('adds an authorised person, enforcing the SPEC bounds with every violation at once', async () => {
    const ok = await call(api('/api/companies/1/authorized-persons'), {
      token: demo,
      body: { name: 'Jiřina Nováková', email: 'jirina@example.cz', phone: '+420 777 123 456' },
    });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({ companyId: 1, name: 'Jiřina Nováková' });
    const bad = await call(api('/api/companies/1/authorized-persons'), {
      token: demo,
      body: { name: 'n'.repeat(51), email: 'e'.repeat(51), number: 'x'.repeat(81), phone: '1'.repeat(21) },
    });
    expect(bad.status).toBe(400);
    const error = errorOf(bad);
    expect(error.messages).toHaveLength(4);
    for (const field of ['Name', 'Email', 'Number', 'Phone'])
      expect(error.messages.join()).toContain(`field ${field} `);
    expect(error.errors).toHaveLength(4);
  });

  it('checks the Create permission separately from View', async () => {
    const viewer = await token(sim.url, VIEWER);
    expect((await call(api('/api/companies/1/cards'), { token: viewer })).status).toBe(200);
    const refused = await call(api('/api/companies/1/cards'), { token: viewer, body: { barcode: 'V-1' } });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).messages[0]).toBe('Permission Permissions.Companies.Create is required.');
  });
});

describe('point-of-sale scan', () => {
  it('resolves a card barcode to its company and card; unknown barcode 404', async () => {
    const card = cards.parse((await call(api('/api/companies/5/cards'), { token: demo })).json)[0];
    const reply = await call(api('/api/documents/pos/shopping-session/1/scan'), {
      token: demo,
      body: { barcode: card?.barcode },
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ companyId: 5, card });
    const unknown = await call(api('/api/documents/pos/shopping-session/1/scan'), {
      token: demo,
      body: { barcode: '0000' },
    });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('CardNotFound');
  });
});

describe('products', () => {
  it('lists product units with a base unit of coefficient 1; unknown product 404', async () => {
    const units = z
      .array(productUnitSchema.strict())
      .parse((await call(api('/api/products/2/units'), { token: demo })).json);
    expect(units.find((u) => u.unitOrder === 1)?.quantityCoefficient).toBe(1);
    expect((await call(api('/api/products/424242/units'), { token: demo })).status).toBe(404);
  });

  it('adds a supplier code: 201 with Location; a second for the same supplier 409; PUT replaces', async () => {
    const base = '/api/products/3/suppliers-product-code';
    const created = await call(api(base), {
      token: demo,
      body: { supplierId: 7, supplierProductCode: 'ŽK-77', price: 10.5 },
    });
    expect(created.status).toBe(201);
    const row = supplierProductCodeSchema.parse(created.json);
    expect(created.headers.get('location')).toBe(`${base}/${String(row.id)}`);
    expect(row).toMatchObject({ productId: 3, supplierId: 7, supplierProductCode: 'ŽK-77' });
    const again = await call(api(base), {
      token: demo,
      body: { supplierId: 7, supplierProductCode: 'other' },
    });
    expect(again.status).toBe(409);
    const put = await call(api(`${base}/${String(row.id)}`), {
      method: 'PUT',
      token: demo,
      body: { supplierId: 7, supplierProductCode: 'ŽK-78', price: 11 },
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ id: row.id, supplierProductCode: 'ŽK-78', price: 11 });
    const list = z.array(supplierProductCodeSchema).parse((await call(api(base), { token: demo })).json);
    expect(list.find((c) => c.id === row.id)?.supplierProductCode).toBe('ŽK-78');
    const missing = await call(api(base), { token: demo, body: { price: 1 } });
    expect(errorOf(missing).messages.join()).toMatch(
      /SupplierId[\s\S]*SupplierProductCode|SupplierProductCode[\s\S]*SupplierId/,
    );
  });

  it('stores an attachment (201 + Location) and returns it with fileData', async () => {
    const fileData = Buffer.from('Žluťoučký kůň').toString('base64');
    const posted = await call(api('/api/products/4/attachment'), {
      token: demo,
      body: { fileData, fileName: 'kůň.txt' },
    });
    expect(posted.status).toBe(201);
    expect(posted.text).toBe('');
    const location = posted.headers.get('location') ?? '';
    const got = await call(api(location), { token: demo });
    expect(got.json).toMatchObject({ fileName: 'kůň.txt', fileData });
    expect(
      (await call(api('/api/products/5' + location.slice('/api/products/4'.length)), { token: demo })).status,
    ).toBe(404);
    const noData = await call(api('/api/products/4/attachment'), { token: demo, body: { fileName: 'x' } });
    expect(errorOf(noData).messages[0]).toContain('FileData');
  });

  it('reads a repricing document; a missing one is 404', async () => {
    const doc = await call(api('/api/products/repricing/1'), { token: demo });
    expect(doc.status).toBe(200);
    expect(z.object({ items: z.array(z.unknown()).min(1) }).parse(doc.json).items.length).toBeGreaterThan(0);
    expect((await call(api('/api/products/repricing/777'), { token: demo })).status).toBe(404);
  });
});

describe('item lists', () => {
  it('serves warehouses and representatives that name companies', async () => {
    const warehouses = (await call(api('/api/item-lists/warehouses'), { token: demo })).json;
    expect(warehouses).toHaveLength(3);
    const reps = z
      .array(companyRepresentativeSchema)
      .parse((await call(api('/api/item-lists/companies/representatives'), { token: demo })).json);
    expect(new Set(reps.map((r) => r.companyId)).size).toBe(20);
    const one = await call(api(`/api/item-lists/companies/representatives/${String(reps[0]?.id)}`), {
      token: demo,
    });
    expect(one.json).toEqual(reps[0]);
  });

  it('creates, reads and replaces id/name entries; only damage types can be deleted', async () => {
    const base = '/api/item-lists/sport/tyre-types';
    const created = await call(api(base), { token: demo, body: { name: 'Zimní – lamelové' } });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^${base}/\\d+$`));
    expect((await call(api(location), { token: demo })).json).toMatchObject({ name: 'Zimní – lamelové' });
    const put = await call(api(location), {
      method: 'PUT',
      token: demo,
      body: { name: 'Letní – sportovní' },
    });
    expect(put.json).toMatchObject({ name: 'Letní – sportovní' });
    const entryId = Number(location.split('/').pop());
    const putOther = await call(api(location), {
      method: 'PUT',
      token: demo,
      body: { id: entryId + 1, name: 'Jiná' },
    });
    expect(putOther.status).toBe(400);
    expect(JSON.stringify(putOther.json)).toContain(
      `The Id field does not match the id in the path (${entryId}).`,
    );
    expect((await call(api(location), { method: 'DELETE', token: demo })).status).toBe(404);
    const damage = await call(api('/api/item-lists/damage-types'), {
      token: demo,
      body: { name: 'Promáčknutí' },
    });
    const damageUrl = damage.headers.get('location') ?? '';
    expect((await call(api(damageUrl), { method: 'DELETE', token: demo })).status).toBe(204);
    expect((await call(api(damageUrl), { token: demo })).status).toBe(404);
  });

  it('bounds countries of origin and patches them partially', async () => {
    const bad = await call(api('/api/item-lists/countries-of-origin'), {
      token: demo,
      body: { countryLabel: 'CZEC', isoLabel: 'CZEC', name: 'x'.repeat(41) },
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).messages).toHaveLength(3);
    const created = await call(api('/api/item-lists/countries-of-origin'), {
      token: demo,
      body: { countryLabel: 'SI', name: 'Slovinsko' },
    });
    expect(created.status).toBe(201);
    const id = z.object({ id: z.number() }).parse(created.json).id;
    const patched = await call(api(`/api/item-lists/countries-of-origin/${id}`), {
      method: 'PATCH',
      token: demo,
      body: { isoLabel: 'SVN' },
    });
    expect(patched.json).toMatchObject({ countryLabel: 'SI', isoLabel: 'SVN', name: 'Slovinsko' });
    const otherId = await call(api(`/api/item-lists/countries-of-origin/${id}`), {
      method: 'PATCH',
      token: demo,
      body: { id: id + 1, isoLabel: 'XXX' },
    });
    expect(otherId.status).toBe(400);
    expect(JSON.stringify(otherId.json)).toContain(`The Id field does not match the id in the path (${id}).`);
    expect(
      (await call(api(`/api/item-lists/countries-of-origin/${id}`), { method: 'DELETE', token: demo }))
        .status,
    ).toBe(204);
    expect((await call(api(`/api/item-lists/countries-of-origin/${id}`), { token: demo })).status).toBe(404);
  });

  it('reads and deletes age limits', async () => {
    const raw = (await call(api('/api/item-lists/age-limits'), { token: demo })).json;
    const list = z.array(z.looseObject({ id: z.number(), name: z.string() })).parse(raw);
    const last = list.at(-1);
    expect(last).toMatchObject({ name: 'Od 18 let', minimalAge: 18 });
    expect((await call(api(`/api/item-lists/age-limits/${String(last?.id)}`), { token: demo })).json).toEqual(
      last,
    );
    expect(
      (await call(api(`/api/item-lists/age-limits/${String(last?.id)}`), { method: 'DELETE', token: demo }))
        .status,
    ).toBe(204);
    expect((await call(api(`/api/item-lists/age-limits/${String(last?.id)}`), { token: demo })).status).toBe(
      404,
    );
  });
});

describe('/swagger', () => {
  const operationSchema = z.object({
    operationId: z.string(),
    parameters: z.array(z.object({ name: z.string(), in: z.string() })),
  });
  const docSchema = z.object({
    openapi: z.string(),
    paths: z.record(z.string(), z.record(z.string(), operationSchema)),
  });

  it('describes every served operation, declares Idempotency-Key on the order POST, leaves health out', async () => {
    const doc = docSchema.parse((await call(api('/swagger'))).json);
    expect(doc.openapi).toMatch(/^3\./);
    const order = doc.paths['/api/documents/orders/internet']?.['post'];
    expect(order?.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
    );
    expect(doc.paths['/api/health']).toBeUndefined();
    // Every $ref points at a schema the document defines.
    const text = (await call(api('/swagger'))).text;
    const schemas = z
      .object({ components: z.object({ schemas: z.record(z.string(), z.unknown()) }) })
      .parse(JSON.parse(text));
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(refs.length).toBeGreaterThan(20);
    expect(refs.filter((r) => !(r in schemas.components.schemas))).toEqual([]);
    for (const path of [
      '/api/stock-items/filter-paginated',
      '/api/companies/{companyId}/cards/{cardId}',
      '/api/products/{productId}/suppliers-product-code/{id}',
      '/api/item-lists/damage-types/{id}',
      '/api/documents/pos/shopping-session/{sessionId}/scan',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it('on an older release leaves a missing operation out and answers it 404', async () => {
    const old = await startSim({
      size: 'small',
      version: '1.2.0',
      missingOperations: ['scanShoppingSession'],
    });
    try {
      const doc = docSchema.parse((await call(`${old.url}/swagger`)).json);
      expect(doc.paths['/api/documents/pos/shopping-session/{sessionId}/scan']).toBeUndefined();
      const t = await token(old.url);
      const reply = await call(`${old.url}/api/documents/pos/shopping-session/1/scan`, {
        token: t,
        body: { barcode: 'x' },
      });
      expect(reply.status).toBe(404);
      expect((await call(`${old.url}/api/version`, { token: t })).json).toMatchObject({ version: '1.2.0' });
    } finally {
      await old.close();
    }
  });
});
