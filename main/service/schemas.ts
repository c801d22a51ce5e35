// zod schemas of the SPEC.md "Resources" Counter uses, plus the shapes chosen where SPEC.md says
// "not shown" (docs/assumptions.md). Responses are parsed leniently where SPEC.md allows it: every
// field is optional (SPEC.md: "optional unless marked required") and unknown fields are dropped
// (z.object strips them), so a newer instance with more fields still parses. Types stay strict: a
// string where a number belongs fails the parse, which the client reports as 'invalid-response'.
// Nulls never reach these schemas: SPEC.md rule 3 says a null property is omitted, and the client's
// JSON reader drops null properties before parsing (see http.ts), so null and absent mean the same.
import { z } from 'zod';
import { InternetOrderPayload } from '../../contract/order.ts';
import { lazy } from '../../common/lazy.ts';

export { InternetOrderPayload };

const int = lazy(() => z.number().int());
const num = lazy(() => z.number());
const str = lazy(() => z.string());
const bool = lazy(() => z.boolean());
/** Date-time without offset (SPEC.md rule 2), kept as the string the service sent. */
const dateTime = lazy(() => z.string());

/** Builds `{ name: schema.optional() }` for a list of field names that share one type. */
function group<const K extends string, S extends z.ZodType>(
  names: readonly K[],
  schema: S,
): { [P in K]: z.ZodOptional<S> } {
  // Object.fromEntries loses the key type; the mapped type above restores it exactly.
  return Object.fromEntries(names.map((n) => [n, schema.optional()])) as { [P in K]: z.ZodOptional<S> };
}

// ---- Token -------------------------------------------------------------------------------------

/**
 * Seconds as a number, or as the numeric string some token servers send ("3600"). A string must be
 * a plain decimal, finite and above zero; anything else ("soon", "-5", "1e999") is refused by name,
 * not read as 0 or NaN (a number is bounded later, token.ts tokenLifetimeMs).
 */
const seconds = lazy(() =>
  z.union([num, str]).transform((given, ctx) => {
    if (typeof given === 'number') return given;
    const value = /^\d+(\.\d+)?$/.test(given) ? Number(given) : Number.NaN;
    if (Number.isFinite(value) && value > 0) return value;
    ctx.addIssue({ code: 'custom', message: `not a positive number of seconds: ${JSON.stringify(given)}` });
    return z.NEVER;
  }),
);

export const TokenResponse = lazy(() =>
  z.object({
    access_token: z.string().min(1),
    token_type: str.optional(),
    expires_in: seconds.optional(),
  }),
);
export type TokenResponse = z.infer<typeof TokenResponse>;

// ---- Item lists --------------------------------------------------------------------------------

export const CompanyRepresentative = lazy(() =>
  z.object({
    ...group(
      [
        'address1',
        'address2',
        'city',
        'country',
        'email',
        'eshopRepresentativeId',
        'fax',
        'mobilePhone',
        'phone',
        'name',
        'surname',
        'note',
        'title',
        'zipCode',
      ],
      str,
    ),
    ...group(['companyId', 'functionId', 'id'], int),
    ...group(['dateOfBirth', 'dateOfNameDay'], dateTime),
    isInformEnabled: bool.optional(),
  }),
);
export type CompanyRepresentative = z.infer<typeof CompanyRepresentative>;

export const CompanyCard = lazy(() =>
  z.object({
    barcode: str.optional(),
    companyId: int.optional(),
    discount: num.optional(),
    discountAmount: num.optional(),
    discountGroupId: int.optional(),
    guid: str.optional(),
    id: int.optional(),
    isBillingEnabled: bool.optional(),
    isInvalid: bool.optional(),
    lastModify: dateTime.optional(),
    name: str.optional(),
    note: str.optional(),
    validFrom: dateTime.optional(),
    validTo: dateTime.optional(),
  }),
);
export type CompanyCard = z.infer<typeof CompanyCard>;

// ---- Products ----------------------------------------------------------------------------------

export const ProductUnit = lazy(() =>
  z.object({
    ...group(['id', 'productId', 'unitId', 'unit', 'unitOrder'], int),
    guid: str.optional(),
    isInvisible: bool.optional(),
    quantityCoefficient: num.optional(),
    ...group(['depth', 'diameter', 'height', 'weight', 'width'], num),
    ...group(
      [
        'depthUnitId',
        'diameterUnitId',
        'heightUnitId',
        'weightUnitId',
        'widthUnitId',
        'dimensionUnitId',
        'volumeUnitId',
      ],
      int,
    ),
    ...group(
      [
        'depthInPackaging',
        'diameterInPackaging',
        'heightInPackaging',
        'weightInPackaging',
        'widthInPackaging',
      ],
      num,
    ),
    ...group(
      [
        'depthInPackagingUnitId',
        'diameterInPackagingUnitId',
        'heightInPackagingUnitId',
        'weightInPackagingUnitId',
        'widthInPackagingUnitId',
        'volumeInPackagingUnitId',
      ],
      int,
    ),
    ...group(['dimension', 'volume', 'volumeInPackaging'], str),
  }),
);
export type ProductUnit = z.infer<typeof ProductUnit>;

// ---- Stock items and finance -------------------------------------------------------------------

export const StockItem = lazy(() =>
  z.object({
    ...group(
      [
        'barcode',
        'brand',
        'colorName',
        'commodity',
        'dimensionName',
        'groupCode',
        'lengthName',
        'locationText',
        'note',
        'priceListNote',
        'productCode',
        'productName',
        'seasonName',
        'sizeName',
        'subGroupCode',
        'supplierName',
        'supplierNumber',
        'supplierProductCode',
        'themeCode',
        'unitOfMeasure',
        'variantName',
        'warehouseName',
        'warehouseNumber',
      ],
      str,
    ),
    ...group(
      [
        'batch',
        'calculateDuringIntake',
        'doNotOrderItem',
        'dontCalculateDuringStockMovement',
        'isAvailableOnlyToOrder',
        'isBazaar',
        'isCalculated',
        'isColorAndSize',
        'isCommissionItem',
        'isEviscerating',
        'isExpirationRequired',
        'isExportedToEshop',
        'isInPromo',
        'isInactive',
        'isInactiveInWarehouse',
        'isLimitedSeries',
        'isNew',
        'isOnSaleOut',
        'isService',
        'isVariantExportedToEshop',
        'isVoucher',
        'prohibitionOfDiscounts',
        'prohibitionOfSale',
        'recommendedItem',
        'requiredItem',
        'trackedItem',
        'usesLocation',
      ],
      bool,
    ),
    ...group(
      ['createdAt', 'initialDate', 'lastModify', 'lastRepricingDate', 'nearestDeliveryDate'],
      dateTime,
    ),
    ...group(
      [
        'colorId',
        'dimensionId',
        'environmentalTax',
        'eshopSeasonId',
        'groupId',
        'id',
        'initialQuantity',
        'initialStockPrice',
        'lengthId',
        'manufacturersBrandId',
        'margin',
        'maxQuantity',
        'minQuantity',
        'modelId',
        'optQuantity',
        'price',
        'priceWoVat',
        'productId',
        'quantityAvailable',
        'quantityBlocked',
        'quantityInStock',
        'quantityOrdered',
        'quantityOrderedAllWarehouses',
        'referencePrice',
        'referenceQuantity',
        'royalty',
        'seasonId',
        'sizeId',
        'stockPrice',
        'subGroupId',
        'supplierId',
        'themeID',
        'totalQuantity',
        'variantId',
        'vatRate',
        'warehouseId',
      ],
      num,
    ),
  }),
);
export type StockItem = z.infer<typeof StockItem>;
/** The names a limitFields/orderBy entry may take for stock items (SPEC.md spelling). */
export type StockItemField = keyof StockItem;

export const FinancialReceivable = lazy(() =>
  z.object({
    ...group(
      [
        'address1',
        'address2',
        'address3',
        'city',
        'companyIdentificationNumber',
        'contactPersonFullName',
        'currency',
        'customerName',
        'documentType',
        'note',
        'paymentType',
        'type',
        'userFullName',
        'variableSymbol',
        'vatRegistrationNumber',
        'zipCode',
      ],
      str,
    ),
    ...group(
      [
        'alreadyPaid',
        'amount',
        'cashRegisterId',
        'contactUserId',
        'currencyId',
        'customerId',
        'documentSeries',
        'headerInternalId',
        'id',
        'internalNumber',
        'paymentTypeId',
        'vatAmountBasicRate',
        'vatAmountReducedRate',
        'vatAmountSuperReducedRate',
        'vatBasisBasicRate',
        'vatBasisExempt',
        'vatBasisReducedRate',
        'vatBasisSuperReducedRate',
      ],
      num,
    ),
    ...group(['date', 'dueDate', 'paidOnDate'], dateTime),
  }),
);
export type FinancialReceivable = z.infer<typeof FinancialReceivable>;
export type FinancialReceivableField = keyof FinancialReceivable;

// ---- Pagination --------------------------------------------------------------------------------

/** Stock items filter fields (docs/assumptions.md); every one optional, set ones AND-ed. */
export const StockItemFilter = lazy(() =>
  z.object({
    warehouseId: int.optional(),
    productId: int.optional(),
    barcode: str.optional(),
    productCode: str.optional(),
    supplierProductCode: str.optional(),
    /** Rows with lastModify >= this date-time (no offset). */
    lastModifyFrom: dateTime.optional(),
    ids: z.array(int).optional(),
  }),
);
export type StockItemFilter = z.infer<typeof StockItemFilter>;

export const FinancialReceivableFilter = lazy(() =>
  z.object({
    customerId: int.optional(),
    isPaid: bool.optional(),
  }),
);
export type FinancialReceivableFilter = z.infer<typeof FinancialReceivableFilter>;

export interface PaginationRequest<F = Record<string, unknown>> {
  filter?: F;
  limitFields?: string[];
  orderBy?: string[];
  pageNumber?: number;
  pageSize?: number;
}

/** What a caller of a `...Pages` iterator passes; the iterator walks pageNumber itself. */
export interface PageQuery<F = Record<string, unknown>, Field extends string = string> {
  filter?: F;
  /** Only these fields per row (SPEC.md spelling); omitted = all. */
  limitFields?: readonly Field[];
  /** One entry per sort level, `Field` or `Field desc`. */
  orderBy?: readonly (Field | `${Field} desc`)[];
  /** Rows per page; default 500. */
  pageSize?: number;
  /** 1-based page to start at (resuming an interrupted walk); default 1. */
  startPage?: number;
}

/**
 * A row of a page that did not match its schema (a string or a non-finite number where a number
 * belongs): left out of `data` and reported, so one bad row costs that row, never the whole page.
 * It names the field, never the value (a row may carry anything; the id finds it on the instance).
 */
export interface SkippedRow {
  /** The row's id, when it carries a readable one. */
  id?: number;
  /** The first field that did not match ('(row)' when the row is not even an object). */
  field: string;
  /** Why, in zod's words ("expected number, received string"). */
  problem: string;
}

export function paginated<T extends z.ZodType>(row: T) {
  return z
    .object({
      currentPage: int.optional(),
      // Lenient: a page without data is an empty page, not a broken one. Rows are checked one by one.
      data: z.array(z.unknown()).default([]),
      hasNextPage: bool.optional(),
      hasPreviousPage: bool.optional(),
      pageSize: int.optional(),
      totalCount: int.optional(),
      totalPages: int.optional(),
    })
    .transform((page): Paginated<z.infer<T>> => {
      const data: z.infer<T>[] = [];
      const skipped: SkippedRow[] = [];
      for (const raw of page.data) {
        const parsed = row.safeParse(raw);
        if (parsed.success) data.push(parsed.data);
        else skipped.push(skippedRow(raw, parsed.error));
      }
      return { ...page, data, ...(skipped.length > 0 ? { skipped } : {}) };
    });
}
export interface Paginated<T> {
  currentPage?: number | undefined;
  data: T[];
  /** Rows of the page left out of `data` because they did not parse; absent when none. */
  skipped?: SkippedRow[] | undefined;
  hasNextPage?: boolean | undefined;
  hasPreviousPage?: boolean | undefined;
  pageSize?: number | undefined;
  totalCount?: number | undefined;
  totalPages?: number | undefined;
  /**
   * Set by the walk (consumePages), never sent: this page said another followed, but the walk had
   * reached the instance's own count (`counted` rows; `walked` rows read) and stops here.
   */
  stoppedAtCount?: { counted: number; walked: number } | undefined;
}

/** Rows the instance sent on a page: those that parsed and those skipped. */
export function rowsSent(page: Pick<Paginated<unknown>, 'data' | 'skipped'>): number {
  return page.data.length + (page.skipped?.length ?? 0);
}

function skippedRow(raw: unknown, error: z.ZodError): SkippedRow {
  const issue = error.issues[0];
  const field = issue === undefined || issue.path.length === 0 ? '(row)' : issue.path.join('.');
  const id = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)['id'] : undefined;
  return {
    ...(typeof id === 'number' && Number.isSafeInteger(id) ? { id } : {}),
    field,
    problem: (issue?.message ?? 'does not match').replace(/^Invalid input: /, ''),
  };
}

// ---- Errors ------------------------------------------------------------------------------------

export const ErrorResultEntry = lazy(() =>
  z.object({
    code: str.optional(),
    message: str.optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
);

export const ErrorResult = lazy(() =>
  z.object({
    messages: z.array(str).optional(),
    exception: str.optional(),
    source: str.optional(),
    errorId: str.optional(),
    supportMessage: str.optional(),
    statusCode: num.optional(),
    code: str.optional(),
    // SPEC.md says string-to-string; a number or boolean value is kept as its text rather than failing.
    params: z.record(z.string(), z.unknown()).optional(),
    errors: z.array(ErrorResultEntry).optional(),
  }),
);
export type ErrorResult = z.infer<typeof ErrorResult>;

// ---- Shapes SPEC.md does not show (docs/assumptions.md) ----------------------------------------

export const Warehouse = lazy(() =>
  z.object({
    id: int.optional(),
    name: str.optional(),
    number: str.optional(),
    isInactive: bool.optional(),
  }),
);
export type Warehouse = z.infer<typeof Warehouse>;

export const VersionInfo = lazy(() => z.object({ version: str.optional(), name: str.optional() }));
export type VersionInfo = z.infer<typeof VersionInfo>;

export const Health = lazy(() => z.object({ status: str.optional() }));

/** The request body: the order file's one schema (contract/order.ts), checked again before it is sent. */

export const ScanResult = lazy(() => z.object({ companyId: int, card: CompanyCard }));
export type ScanResult = z.infer<typeof ScanResult>;

/** The part of an OpenAPI document capability detection reads: paths, methods, parameters. */
export const OpenApiDocument = lazy(() =>
  z.object({
    info: z.object({ version: str.optional(), title: str.optional() }).optional(),
    paths: z.record(
      z.string(),
      z.record(
        z.string(),
        z.unknown(), // path-level keys like "parameters" are not operations; operations parsed below
      ),
    ),
  }),
);
export const OpenApiOperation = lazy(() =>
  z.object({
    parameters: z
      .array(z.object({ name: str.optional(), in: str.optional(), $ref: str.optional() }))
      .optional(),
  }),
);
