// Internet orders (create with an optional Idempotency-Key, delete) and the point-of-sale card scan.
import { ApiError, errorResultSchema, notFound, type Violation } from '../errors.ts';
import {
  json,
  notFoundReference,
  required,
  validateBody,
  type ResponseDoc,
  type OrderVariant,
  type RouteDef,
  type SimContext,
} from '../routes.ts';
import {
  companyCardSchema,
  idempotencyKeySchema,
  internetOrderInputSchema,
  internetOrderInputWithout,
  internetOrderSchema,
  objectWithout,
  scanRequestSchema,
  scanResultSchema,
  type InternetOrder,
} from '../schemas.ts';
import { z } from 'zod';
import { DocTable, type SimDb } from '../store.ts';
import { nowDateTime } from '../time.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface StoredOrder {
  readonly order: InternetOrder;
  readonly hasDependents: boolean;
}

export function listOrders(db: SimDb): StoredOrder[] {
  const rows = db.prepare('SELECT data, hasDependents FROM internet_order ORDER BY id').all() as {
    data: string;
    hasDependents: number;
  }[];
  return rows.map((r) => ({
    order: internetOrderSchema.parse(JSON.parse(r.data)),
    hasDependents: r.hasDependents === 1,
  }));
}

/** Marks an order as having a dependent delivery note, so deleting it answers 400. */
export function markOrderDependent(db: SimDb, orderId: number, dependent = true): boolean {
  return (
    db.prepare('UPDATE internet_order SET hasDependents = ? WHERE id = ?').run(dependent ? 1 : 0, orderId)
      .changes > 0
  );
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** A stock item's price and VAT rate in a warehouse, where it has them. */
type CatalogPrice = (productId: number, warehouseId: number) => { price?: number; vatRate?: number };

function catalogPrices(db: SimDb): CatalogPrice {
  const row = db.prepare('SELECT price, vatRate FROM stock_item WHERE productId = ? AND warehouseId = ?');
  return (productId, warehouseId) => {
    const found = row.get(productId, warehouseId) as
      { price: number | null; vatRate: number | null } | undefined;
    return {
      ...(found?.price != null ? { price: found.price } : {}),
      ...(found?.vatRate != null ? { vatRate: found.vatRate } : {}),
    };
  };
}

/** A whole number as a bigint; undefined past what a double holds exactly (an absurd amount). */
function exact(n: number): bigint | undefined {
  const whole = Math.round(n);
  return Number.isSafeInteger(whole) ? BigInt(whole) : undefined;
}

const toCents = (amount: number): bigint | undefined => exact(amount * 100);

/** A finite number as the exact decimal it prints as (0.125: 125 / 10^3), as the JSON carried it. */
function decimalOf(n: number): { units: bigint; scale: number } | undefined {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(n));
  if (m === null) return undefined;
  const [, sign = '', whole = '0', fraction = '', exponent = '0'] = m;
  const shift = Number(exponent) - fraction.length;
  const units = BigInt(`${sign}${whole}${fraction}`);
  return shift >= 0 ? { units: units * 10n ** BigInt(shift), scale: 0 } : { units, scale: -shift };
}

/**
 * price x quantity in cents, exactly, then half up once, as a till rounds a line: a price of more
 * than two decimals is never rounded before it is multiplied (0.125 x 1000 = 125.00).
 */
function lineCents(price: number, quantity: number): bigint | undefined {
  const p = decimalOf(price);
  const q = decimalOf(quantity);
  if (p === undefined || q === undefined || p.units < 0n || q.units < 0n) return undefined;
  const digits = p.scale + q.scale;
  if (digits <= 2) return p.units * q.units * 10n ** BigInt(2 - digits);
  const scale = 10n ** BigInt(digits - 2);
  return (2n * p.units * q.units + scale) / (2n * scale);
}

/** A line's discount may take it to zero, never below. */
function discountRule(raw: Record<string, unknown>, catalog: CatalogPrice, readsPrice: boolean): Violation[] {
  const { items, warehouseId } = raw;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown, i): Violation[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { productId, quantity, price, discountAmount } = item as Record<string, unknown>;
    if (typeof discountAmount !== 'number' || typeof quantity !== 'number' || !isInt(productId)) return [];
    const unit =
      typeof price === 'number' && readsPrice
        ? price
        : isInt(warehouseId)
          ? catalog(productId, warehouseId).price
          : undefined;
    const line = unit === undefined ? undefined : lineCents(unit, quantity);
    const off = toCents(discountAmount);
    if (line === undefined || (off !== undefined && off <= line)) return [];
    const property = `Items[${i}].DiscountAmount`;
    return [
      {
        property,
        code: 'InvalidValue',
        message: `The ${property} field must not be more than what the line costs before it.`,
      },
    ];
  });
}

/** Item fields the instance does not know and refuses, as a strict JSON reader does: each one named. */
function unknownItemFields(raw: Record<string, unknown>, rejected: ReadonlySet<string>): Violation[] {
  const { items } = raw;
  if (rejected.size === 0 || !Array.isArray(items)) return [];
  return items.flatMap((item: unknown, i): Violation[] => {
    if (typeof item !== 'object' || item === null) return [];
    return Object.keys(item)
      .filter((name) => rejected.has(name))
      .map((name) => {
        const property = `Items[${i}].${name.charAt(0).toUpperCase()}${name.slice(1)}`;
        return {
          property,
          code: 'UnknownField',
          message: `The ${property} field is not known to this instance.`,
          params: { field: name },
        };
      });
  });
}

function orderRules(
  db: SimDb,
  catalog: CatalogPrice,
  variant: OrderVariant,
): (raw: Record<string, unknown>) => Violation[] {
  const companies = new DocTable(db, 'company');
  const products = new DocTable(db, 'product');
  const warehouseExists = db.prepare('SELECT 1 FROM warehouse WHERE id = ?').pluck();
  return (raw) => {
    const out: Violation[] = [];
    const { customerId, warehouseId, items } = raw;
    if (customerId === undefined || customerId === null) out.push(required('CustomerId'));
    else if (isInt(customerId) && !companies.get(customerId))
      out.push(notFoundReference('CustomerId', 'customer', customerId));
    if (warehouseId === undefined || warehouseId === null) out.push(required('WarehouseId'));
    else if (isInt(warehouseId) && warehouseExists.get(warehouseId) === undefined) {
      out.push(notFoundReference('WarehouseId', 'warehouse', warehouseId));
    }
    if (Array.isArray(items)) {
      if (items.length === 0)
        out.push({
          property: 'Items',
          code: 'Required',
          message: 'The Items field must contain at least one item.',
        });
      items.forEach((item: unknown, i) => {
        if (typeof item !== 'object' || item === null) return;
        const productId = (item as Record<string, unknown>)['productId'];
        if (isInt(productId) && !products.get(productId)) {
          out.push(notFoundReference(`Items[${i}].ProductId`, 'product', productId));
        }
      });
    }
    // An instance that does not know the discount does not check it either.
    const discounts = variant.ignoredItemFields.has('discountAmount')
      ? []
      : discountRule(raw, catalog, !variant.ignoredItemFields.has('price'));
    return [...out, ...unknownItemFields(raw, variant.rejectedItemFields), ...discounts];
  };
}

type OrderInput = z.infer<typeof internetOrderInputSchema>;
type StoredLine = InternetOrder['items'][number];

/**
 * An order line as the instance books it: the price the seller charged, else the warehouse's; the
 * discount given; and what the line comes to after it (absent without a price).
 */
function bookedLine(
  id: number,
  item: OrderInput['items'][number],
  warehouseId: number,
  catalog: CatalogPrice,
): StoredLine {
  const listed = catalog(item.productId, warehouseId);
  const price = item.price ?? listed.price;
  const discount = item.discountAmount ?? undefined;
  // A negative line (goods taken back) books the mirror of a sale's line: -(price x |q| - discount).
  const sign = item.quantity < 0 ? -1n : 1n;
  const gross = price === undefined ? undefined : lineCents(price, Math.abs(item.quantity));
  const off = toCents(discount ?? 0);
  const total = gross === undefined || off === undefined ? undefined : Number(sign * (gross - off)) / 100;
  return {
    id,
    productId: item.productId,
    quantity: item.quantity,
    ...(price !== undefined ? { price } : {}),
    ...(listed.vatRate !== undefined ? { vatRate: listed.vatRate } : {}),
    ...(discount !== undefined ? { discountAmount: discount } : {}),
    ...(total !== undefined ? { total } : {}),
  };
}

/** The order's total: its lines' summed in cents, when every line has one. */
function orderTotal(lines: readonly StoredLine[]): number | undefined {
  if (lines.some((l) => l.total === undefined)) return undefined;
  return Number(lines.reduce((sum, l) => sum + (toCents(l.total ?? 0) ?? 0n), 0n)) / 100;
}

function nextLineId(db: SimDb): number {
  const current = Number(db.prepare("SELECT value FROM meta WHERE key = 'orderLineSeq'").pluck().get() ?? 0);
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('orderLineSeq', ?)").run(String(current + 1));
  return current + 1;
}

/** The stored order as this instance's answer carries it: without the fields it leaves out. */
function answerOf(order: InternetOrder, exclude: ReadonlySet<string>): Record<string, unknown> {
  if (exclude.size === 0) return order;
  const lineOf = (line: StoredLine): Record<string, unknown> =>
    Object.fromEntries(Object.entries(line).filter(([k]) => !exclude.has(`items.${k}`)));
  return Object.fromEntries(
    Object.entries(order)
      .filter(([k]) => !exclude.has(k))
      .map(([k, v]) => [k, k === 'items' ? order.items.map(lineOf) : v]),
  );
}

/** The 201 answer's schema as /swagger describes it: the stored order less what the answer leaves out. */
function answerSchema(variant: OrderVariant): z.ZodType {
  const exclude = variant.answerExclude;
  if (exclude.size === 0) return internetOrderSchema;
  const lineFields = new Set([...exclude].flatMap((k) => (k.startsWith('items.') ? [k.slice(6)] : [])));
  const line = objectWithout(internetOrderSchema.shape.items.element, lineFields);
  return objectWithout(internetOrderSchema.extend({ items: z.array(line) }), exclude);
}

/**
 * An instance that reserves what is ordered: each line's quantity is blocked in the order's
 * warehouse (quantityBlocked up, quantityAvailable down), and the stock item is modified now.
 */
function reserve(db: SimDb, warehouseId: number, lines: readonly StoredLine[]): void {
  const update = db.prepare(
    `UPDATE stock_item SET quantityBlocked = coalesce(quantityBlocked, 0) + @q,
       quantityAvailable = CASE WHEN quantityAvailable IS NULL THEN NULL ELSE quantityAvailable - @q END,
       lastModify = @now
     WHERE productId = @productId AND warehouseId = @warehouseId`,
  );
  const now = nowDateTime();
  for (const l of lines) update.run({ q: l.quantity, now, productId: l.productId, warehouseId });
}

/** The summary's words on an item's price and discount, as far as this instance reads them. */
function itemFieldsSaid(variant: OrderVariant): string {
  const unknown = (f: string) => variant.ignoredItemFields.has(f) || variant.rejectedItemFields.has(f);
  const reads = [
    ...(unknown('price') ? [] : ['the gross unit price charged (price)']),
    ...(unknown('discountAmount') ? [] : ['what came off it (discountAmount)']),
  ];
  return reads.length === 0
    ? "Creates an internet order, each line at the stock item's price."
    : `Creates an internet order. An item may carry ${reads.join(' and ')}; without a price the stock item's is taken.`;
}

/** How this instance answers a repeated Idempotency-Key, as its description says it. */
function repeatAnswer(ctx: SimContext): string {
  return ctx.plainDuplicateAnswer ? '409, no code' : '409 DuplicateRequest, params.orderId the first order';
}

/** The 409 of a repeated Idempotency-Key, described only where the instance detects repeats. */
function duplicateResponse(ctx: SimContext): Record<number, ResponseDoc> {
  if (!ctx.detectsDuplicateOrders) return {};
  return {
    409: {
      description: `The Idempotency-Key was seen before: ${repeatAnswer(ctx)}`,
      schema: errorResultSchema,
    },
  };
}

export function orderRoutes(ctx: SimContext): RouteDef[] {
  const { db } = ctx;
  const variant = ctx.orders;
  const catalog = catalogPrices(db);
  const rules = orderRules(db, catalog, variant);
  // What it reads of an order: the fields it does not know are not in its schema.
  const input = internetOrderInputWithout(
    new Set([...variant.ignoredItemFields, ...variant.rejectedItemFields]),
    variant.negativeQuantities,
  );
  const cards = new DocTable(db, 'company_card');
  return [
    {
      method: 'POST',
      path: '/api/documents/orders/internet',
      operationId: 'createInternetOrder',
      summary:
        itemFieldsSaid(variant) +
        (ctx.detectsDuplicateOrders ? ` A repeated Idempotency-Key answers ${repeatAnswer(ctx)}.` : ''),
      tag: 'Documents',
      auth: 'token',
      permission: 'Permissions.Orders.Create',
      body: input,
      headers: ctx.detectsDuplicateOrders
        ? [
            {
              name: IDEMPOTENCY_HEADER,
              required: false,
              description: `Client reference (a UUID made before the first attempt). A replay answers ${repeatAnswer(ctx)}.`,
              schema: idempotencyKeySchema,
            },
          ]
        : [],
      responses: {
        201: variant.answerEmpty
          ? { description: 'Stored; no body', headers: { Location: 'URL of the order' } }
          : {
              description: 'The stored order',
              schema: answerSchema(variant),
              headers: { Location: 'URL of the order' },
            },
        400: {
          description:
            'Validation failed (CustomerId, WarehouseId, Items[i].ProductId, Items[i].Quantity, Items[i].DiscountAmount ...)',
          schema: errorResultSchema,
        },
        ...duplicateResponse(ctx),
      },
      handler: ({ body, headers }) => {
        const rawKey = headers[IDEMPOTENCY_HEADER.toLowerCase()];
        const key = Array.isArray(rawKey) ? rawKey[0] : rawKey;
        // Without duplicate detection the header is not read; the sim still keeps its text on the
        // order (clientReference, the admin's view) so a test can count what arrived twice.
        if (key !== undefined && ctx.detectsDuplicateOrders) {
          if (!idempotencyKeySchema.safeParse(key).success) {
            throw new ApiError(400, {
              messages: ['The Idempotency-Key header must be 1 to 200 characters.'],
              code: 'ValidationFailed',
            });
          }
          const first = db.prepare('SELECT orderId FROM idempotency_key WHERE key = ?').pluck().get(key) as
            number | undefined;
          if (first !== undefined) {
            throw new ApiError(
              409,
              ctx.plainDuplicateAnswer
                ? { messages: ['The request conflicts with the current state of the resource.'] }
                : {
                    messages: [
                      `An order with this Idempotency-Key was already created (order ${String(first)}).`,
                    ],
                    code: 'DuplicateRequest',
                    params: { orderId: String(first) },
                  },
            );
          }
        }
        const order: OrderInput = validateBody(input, body, rules);
        const customerId = order.customerId;
        const warehouseId = order.warehouseId;
        if (customerId == null || warehouseId == null) throw new Error('validated above');
        const stored = db.transaction((): InternetOrder => {
          const info = db.prepare("INSERT INTO internet_order (data) VALUES ('{}')").run();
          const id = Number(info.lastInsertRowid);
          const items = order.items.map((item) => bookedLine(nextLineId(db), item, warehouseId, catalog));
          const total = orderTotal(items);
          const written: InternetOrder = {
            id,
            customerId,
            warehouseId,
            items,
            ...(order.note != null ? { note: order.note } : {}),
            ...(total !== undefined ? { total } : {}),
            createdAt: nowDateTime(),
            ...(key !== undefined ? { clientReference: key } : {}),
          };
          db.prepare('UPDATE internet_order SET data = ? WHERE id = ?').run(JSON.stringify(written), id);
          if (key !== undefined && ctx.detectsDuplicateOrders)
            db.prepare('INSERT INTO idempotency_key (key, orderId) VALUES (?, ?)').run(key, id);
          if (variant.reservesStock) reserve(db, warehouseId, items);
          return written;
        })();
        const location = { Location: `/api/documents/orders/internet/${stored.id}` };
        if (variant.answerEmpty) return { status: 201, headers: location };
        return { status: 201, body: answerOf(stored, variant.answerExclude), headers: location };
      },
    },
    {
      method: 'DELETE',
      path: '/api/documents/orders/internet/{id}',
      operationId: 'deleteInternetOrder',
      summary: 'Deletes an internet order; 400 when other records (a delivery note) depend on it.',
      tag: 'Documents',
      auth: 'token',
      permission: 'Permissions.Orders.Delete',
      responses: {
        204: { description: 'Deleted' },
        400: { description: 'Other records depend on the order', schema: errorResultSchema },
        404: { description: 'No such order', schema: errorResultSchema },
      },
      handler: ({ params }) => {
        const id = params['id'] ?? 0;
        const row = db.prepare('SELECT hasDependents FROM internet_order WHERE id = ?').get(id) as
          { hasDependents: number } | undefined;
        if (!row) throw notFound(`Internet order ${id}`);
        if (row.hasDependents === 1) {
          throw new ApiError(400, {
            messages: [`The order ${id} cannot be deleted: a delivery note depends on it.`],
            code: 'HasDependents',
            params: { orderId: String(id) },
          });
        }
        db.prepare('DELETE FROM internet_order WHERE id = ?').run(id);
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      path: '/api/documents/pos/shopping-session/{sessionId}/scan',
      operationId: 'scanShoppingSession',
      summary: 'Resolves a scanned company card barcode to its company and card.',
      tag: 'Documents',
      auth: 'token',
      permission: 'Permissions.PointOfSale.View',
      body: scanRequestSchema,
      responses: {
        200: { description: 'The card and its company', schema: scanResultSchema },
        404: { description: 'No card has this barcode', schema: errorResultSchema },
      },
      handler: ({ body }) => {
        const input = validateBody(scanRequestSchema, body);
        const cardId = db
          .prepare('SELECT cardId FROM company_card_barcode WHERE barcode = ?')
          .pluck()
          .get(input.barcode);
        const card = typeof cardId === 'number' ? cards.get(cardId) : undefined;
        if (!card) {
          throw new ApiError(404, { messages: ['No company card has this barcode.'], code: 'CardNotFound' });
        }
        return json({ companyId: companyCardSchema.parse(card).companyId, card });
      },
    },
  ];
}
