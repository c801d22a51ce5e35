// zod schemas of everything the sim reads and writes over HTTP. The handlers validate with them and
// /swagger is generated from them, so the description cannot drift from the behaviour.
import { z } from 'zod';
import { financialReceivableColumns, stockItemColumns, type FieldDef } from './fields.ts';

/** The sim's own registry (not zod's global one), so the app's schemas in the same process never clash. */
export const simRegistry = z.registry<{ id: string; description?: string }>();

export function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  simRegistry.add(schema, description === undefined ? { id } : { id, description });
  return schema;
}

export const int32 = z.number().int().min(-2_147_483_648).max(2_147_483_647);
/** Date-time as the service writes it: no offset. */
export const dateTimeOut = z.iso.datetime({ local: true });
/** Date-time as the sim accepts it: with or without offset (without = the sim's UTC clock). */
export const dateTimeIn = z.iso.datetime({ local: true, offset: true });

/** Several properties of one type; the names stay literal so the inferred object type keeps them. */
function each<const K extends string, T extends z.ZodType>(names: readonly K[], type: T): Record<K, T> {
  return Object.fromEntries(names.map((k) => [k, type])) as Record<K, T>;
}

/**
 * A body a client sends: every property may be left out or null (ASP.NET reads null as absent). Built
 * from the same properties as the resource the service writes back (`z.object(fields).partial()`), so
 * the two descriptions cannot drift apart.
 */
function nullishObject<S extends Record<string, z.ZodType>>(
  fields: S,
): z.ZodObject<{ [K in keyof S]: z.ZodOptional<z.ZodNullable<S[K]>> }> {
  const shape = Object.fromEntries(Object.entries(fields).map(([k, type]) => [k, type.nullish()]));
  return z.object(shape) as z.ZodObject<{ [K in keyof S]: z.ZodOptional<z.ZodNullable<S[K]>> }>;
}

function fieldSchema(field: FieldDef): z.ZodType {
  switch (field.type) {
    case 'string':
      return z.string();
    case 'boolean':
      return z.boolean();
    case 'datetime':
      return dateTimeOut;
    case 'number':
      return z.number();
  }
}

function resourceFromFields(fields: readonly FieldDef[]): z.ZodObject {
  return z.object(Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f).optional()])));
}

export const stockItemSchema = named('StockItem', resourceFromFields(stockItemColumns));
export const financialReceivableSchema = named(
  'FinancialReceivable',
  resourceFromFields(financialReceivableColumns),
);

export const tokenRequestSchema = named(
  'TokenRequest',
  z.object({
    grant_type: z.literal('client_credentials'),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
  }),
);
export const tokenResponseSchema = named(
  'TokenResponse',
  z.object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: int32 }),
);

export const versionSchema = named(
  'VersionInfo',
  z.object({ version: z.string(), name: z.string().optional() }),
);
export const healthSchema = named('Health', z.object({ status: z.literal('ok') }));

export const warehouseSchema = named(
  'Warehouse',
  z.object({
    id: int32,
    name: z.string(),
    number: z.string().optional(),
    isInactive: z.boolean().optional(),
  }),
);

export const itemListEntrySchema = named('ItemListEntry', z.object({ id: int32, name: z.string() }));
export const itemListCreateSchema = named(
  'ItemListEntryCreate',
  z.object({ name: z.string().min(1).max(255) }),
);
export const itemListPutSchema = named(
  'ItemListEntryUpdate',
  z.object({ id: int32.nullish(), name: z.string().min(1).max(255) }),
);

const countryOfOriginFields = {
  countryLabel: z.string().max(3),
  guid: z.uuid(),
  id: int32,
  isoLabel: z.string().max(3),
  name: z.string().max(40),
};
export const countryOfOriginSchema = named('CountryOfOrigin', z.object(countryOfOriginFields).partial());
export const countryOfOriginInputSchema = named('CountryOfOriginInput', nullishObject(countryOfOriginFields));

export const ageLimitSchema = named(
  'AgeLimit',
  z.object({ id: int32.optional(), minimalAge: int32.optional(), name: z.string().max(40).optional() }),
);

export const companyRepresentativeSchema = named(
  'CompanyRepresentative',
  z.object({
    address1: z.string().max(80).optional(),
    address2: z.string().max(80).optional(),
    city: z.string().max(50).optional(),
    companyId: int32.optional(),
    country: z.string().max(80).optional(),
    dateOfBirth: dateTimeOut.optional(),
    dateOfNameDay: dateTimeOut.optional(),
    email: z.string().max(80).optional(),
    eshopRepresentativeId: z.string().optional(),
    fax: z.string().max(20).optional(),
    functionId: int32.optional(),
    id: int32.optional(),
    isInformEnabled: z.boolean().optional(),
    mobilePhone: z.string().max(20).optional(),
    phone: z.string().max(20).optional(),
    name: z.string().max(50).optional(),
    surname: z.string().max(50).optional(),
    note: z.string().optional(),
    title: z.string().max(10).optional(),
    zipCode: z.string().max(6).optional(),
  }),
);

const authorizedPersonFields = {
  companyId: int32,
  email: z.string().max(50),
  id: int32,
  isInactive: z.boolean(),
  name: z.string().max(50),
  number: z.string().max(80),
  phone: z.string().max(20),
  shouldSendMailTo: z.boolean(),
};
export const authorizedPersonSchema = named('AuthorizedPerson', z.object(authorizedPersonFields).partial());
export const authorizedPersonInputSchema = named(
  'AuthorizedPersonInput',
  nullishObject(authorizedPersonFields),
);

/** A card's properties but its validity dates (written without offset, read with or without one). */
const companyCardFields = {
  barcode: z.string().max(255),
  companyId: int32,
  discount: z.number(),
  discountAmount: z.number(),
  discountGroupId: int32,
  guid: z.uuid(),
  id: int32,
  isBillingEnabled: z.boolean(),
  isInvalid: z.boolean(),
  name: z.string().max(80),
  note: z.string(),
};
export const companyCardSchema = named(
  'CompanyCard',
  z
    .object({
      ...companyCardFields,
      lastModify: dateTimeOut,
      validFrom: dateTimeOut,
      validTo: dateTimeOut,
    })
    .partial(),
);
export const companyCardInputSchema = named(
  'CompanyCardInput',
  nullishObject({ ...companyCardFields, validFrom: dateTimeIn, validTo: dateTimeIn }),
);

const repricingItemSchema = z.object({
  ...each(
    [
      'batchId',
      'colorId',
      'dimensionId',
      'documentInternalNumber',
      'id',
      'internalNumber',
      'item',
      'lengthId',
      'priceId',
      'productId',
      'sizeId',
      'userId',
      'variantId',
    ],
    int32.optional(),
  ),
  ...each(['dateOfAccountingPosting', 'dateOfCreation', 'dateOfTransfer'], dateTimeOut.optional()),
  documentType: z.string().optional(),
  ...each(
    [
      'newPrice',
      'newPriceWoVat',
      'originalPrice',
      'originalPriceWoVat',
      'quantity',
      'setPrice',
      'stockPrice',
      'vatRate',
    ],
    z.number().optional(),
  ),
});
export const repricingSchema = named(
  'RepricingDocument',
  z.object({
    commissionStockIntakeInternalNumber: int32.optional(),
    dateOfCreation: dateTimeOut.optional(),
    endDate: dateTimeOut.optional(),
    startDate: dateTimeOut.optional(),
    id: int32.optional(),
    internalNumber: int32.optional(),
    stockIntakeInternalNumber: int32.optional(),
    userId: int32.optional(),
    isApplied: z.boolean().optional(),
    isApproved: z.boolean().optional(),
    isEnded: z.boolean().optional(),
    items: z.array(repricingItemSchema),
  }),
);

export const productUnitSchema = named(
  'ProductUnit',
  z.object({
    ...each(
      [
        'id',
        'productId',
        'unitId',
        'unit',
        'unitOrder',
        'depthUnitId',
        'diameterUnitId',
        'heightUnitId',
        'weightUnitId',
        'widthUnitId',
        'dimensionUnitId',
        'volumeUnitId',
        'depthInPackagingUnitId',
        'diameterInPackagingUnitId',
        'heightInPackagingUnitId',
        'weightInPackagingUnitId',
        'widthInPackagingUnitId',
        'volumeInPackagingUnitId',
      ],
      int32.optional(),
    ),
    guid: z.string().optional(),
    isInvisible: z.boolean().optional(),
    ...each(
      [
        'quantityCoefficient',
        'depth',
        'diameter',
        'height',
        'weight',
        'width',
        'depthInPackaging',
        'diameterInPackaging',
        'heightInPackaging',
        'weightInPackaging',
        'widthInPackaging',
      ],
      z.number().optional(),
    ),
    dimension: z.string().optional(),
    volume: z.string().optional(),
    volumeInPackaging: z.string().optional(),
  }),
);

/** A supplier's code's properties but the code itself (only a client's is limited in length) and its times. */
const supplierProductCodeFields = {
  ...each(
    [
      'allowedWarehouseId',
      'colorId',
      'dimensionId',
      'id',
      'lengthId',
      'productId',
      'sizeId',
      'supplierId',
      'unitId',
      'userId',
      'variantId',
    ],
    int32,
  ),
  isInvalid: z.boolean(),
  price: z.number(),
  priceCoefficient: z.number(),
  quantityCoefficient: z.number(),
};
export const supplierProductCodeSchema = named(
  'SupplierProductCode',
  z
    .object({
      ...supplierProductCodeFields,
      createdAt: dateTimeOut,
      lastModify: dateTimeOut,
      supplierProductCode: z.string(),
    })
    .partial(),
);
/** Body of POST (add) and PUT (replace) of a supplier's code; supplierId and supplierProductCode are required by the rules. */
export const supplierProductCodeInputSchema = named(
  'SupplierProductCodeInput',
  nullishObject({ ...supplierProductCodeFields, supplierProductCode: z.string().max(100) }),
);

export const attachmentUploadSchema = named(
  'ProductAttachmentUpload',
  z.object({
    fileData: z.base64(),
    fileName: z.string().max(255).nullish(),
    pathToFile: z.string().max(1000).nullish(),
    level1Id: int32.nullish(),
    level2Id: int32.nullish(),
    level3Id: int32.nullish(),
    productId: int32.nullish(),
  }),
);
export const attachmentSchema = named(
  'ProductAttachment',
  z.object({
    id: int32.optional(),
    fileName: z.string().optional(),
    pathToFile: z.string().optional(),
    fileData: z.string().optional(),
  }),
);

export function paginationRequestSchema<F extends z.ZodObject>(id: string, filter: F) {
  return named(
    id,
    z.object({
      filter: filter.nullish(),
      limitFields: z.array(z.string()).nullish(),
      orderBy: z.array(z.string()).nullish(),
      pageNumber: int32.min(0).nullish(),
      pageSize: int32.nullish(),
    }),
  );
}

export function paginatedSchema<R extends z.ZodType>(id: string, row: R) {
  return named(
    id,
    z.object({
      currentPage: int32,
      data: z.array(row),
      hasNextPage: z.boolean(),
      hasPreviousPage: z.boolean(),
      pageSize: int32,
      totalCount: int32,
      totalPages: int32,
    }),
  );
}

/** Unknown filter fields are refused (400 naming them) rather than ignored: a typo must not mean "everything". */
export const stockItemFilterSchema = named(
  'StockItemFilter',
  z
    .object({
      warehouseId: int32.nullish(),
      productId: int32.nullish(),
      barcode: z.string().nullish(),
      productCode: z.string().nullish(),
      supplierProductCode: z.string().nullish(),
      lastModifyFrom: dateTimeIn.nullish(),
      ids: z.array(int32).nullish(),
    })
    .strict(),
);
export const financialReceivableFilterSchema = named(
  'FinancialReceivableFilter',
  z.object({ customerId: int32.nullish(), isPaid: z.boolean().nullish() }).strict(),
);

export const stockItemPageRequestSchema = paginationRequestSchema(
  'StockItemPaginationRequest',
  stockItemFilterSchema,
);
export const stockItemPageSchema = paginatedSchema('StockItemPaginatedResult', stockItemSchema);
export const receivablePageRequestSchema = paginationRequestSchema(
  'FinancialReceivablePaginationRequest',
  financialReceivableFilterSchema,
);
export const receivablePageSchema = paginatedSchema(
  'FinancialReceivablePaginatedResult',
  financialReceivableSchema,
);

/** An order line as a client sends it. */
const internetOrderItemInput = z.object({
  productId: int32,
  quantity: z.number().positive(),
  // Optional: the gross unit price the seller charged, and what came off the line; without a
  // price the warehouse's stock-item price is taken.
  price: z.number().nonnegative().nullish(),
  discountAmount: z.number().nonnegative().nullish(),
});
export type InternetOrderItemField = keyof typeof internetOrderItemInput.shape;

function internetOrderInput<T extends z.ZodType>(item: T) {
  return z.object({
    customerId: int32.nullish(),
    warehouseId: int32.nullish(),
    items: z.array(item),
    note: z.string().max(1000).nullish(),
  });
}

export const internetOrderInputSchema = named(
  'InternetOrderInput',
  internetOrderInput(internetOrderItemInput),
);

/**
 * The body an instance that does not know some item fields (price, discountAmount) describes and
 * reads: they are not in its schema, so zod drops them as ASP.NET drops unknown properties. Not
 * registered: it is described inline, and another sim in the process may narrow it otherwise.
 */
export function internetOrderInputWithout(
  unknown: ReadonlySet<string>,
  negativeQuantities = false,
): z.ZodType<z.infer<typeof internetOrderInputSchema>> {
  // An instance that takes goods back by an order with negative quantities (a return naming the
  // original in its note): any quantity but 0, so its description shows no minimum.
  const item = negativeQuantities
    ? internetOrderItemInput.extend({
        quantity: z.number().refine((q) => q !== 0, 'The quantity must not be 0.'),
      })
    : internetOrderItemInput;
  if (negativeQuantities && unknown.size === 0) return internetOrderInput(item);
  if (unknown.size === 0) return internetOrderInputSchema;
  const mask: { price?: true; discountAmount?: true } = {
    ...(unknown.has('price') ? { price: true } : {}),
    ...(unknown.has('discountAmount') ? { discountAmount: true } : {}),
  };
  // Both are optional, so what the narrower schema reads is an order of the full one.
  return internetOrderInput(item.omit(mask));
}

/** The object schema without the named properties (an instance that lacks them). */
export function objectWithout(schema: z.ZodObject, names: ReadonlySet<string>): z.ZodObject {
  return z.object(Object.fromEntries(Object.entries(schema.shape).filter(([k]) => !names.has(k))));
}

export const internetOrderSchema = named(
  'InternetOrder',
  z.object({
    id: int32,
    customerId: int32,
    warehouseId: int32,
    items: z.array(
      z.object({
        id: int32,
        productId: int32,
        quantity: z.number(),
        price: z.number().optional(),
        vatRate: z.number().optional(),
        discountAmount: z.number().optional(),
        /** Gross after the discount: price x quantity (half up to cents) - discountAmount. */
        total: z.number().optional(),
      }),
    ),
    note: z.string().optional(),
    /** The items' totals summed; absent while an item has no price. */
    total: z.number().optional(),
    createdAt: dateTimeOut,
    clientReference: z.string().optional(),
  }),
);
export type InternetOrder = z.infer<typeof internetOrderSchema>;

export const scanRequestSchema = named('ScanRequest', z.object({ barcode: z.string().min(1).max(255) }));
export const scanResultSchema = named('ScanResult', z.object({ companyId: int32, card: companyCardSchema }));
export const idempotencyKeySchema = z.string().min(1).max(200);
