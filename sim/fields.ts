// The instance's columns of the two paginated resources (every field SPEC.md "Resources" lists, with
// its type), spelled as SPEC.md spells them. One list drives the SQL table, the JSON rows, the
// zod/OpenAPI schema and the allowed limitFields/orderBy. (db/catalog's stockItemFields is the other
// side: the fields Counter keeps.)

export type FieldType = 'string' | 'boolean' | 'datetime' | 'number';

export interface FieldDef {
  readonly name: string;
  readonly type: FieldType;
}

function defs(type: FieldType, names: string): FieldDef[] {
  return names
    .split(/[\s,]+/)
    .filter((n) => n.length > 0)
    .map((name) => ({ name, type }));
}

export const stockItemColumns: readonly FieldDef[] = [
  ...defs('number', 'id'),
  ...defs(
    'string',
    `barcode, brand, colorName, commodity, dimensionName, groupCode, lengthName, locationText, note,
     priceListNote, productCode, productName, seasonName, sizeName, subGroupCode, supplierName,
     supplierNumber, supplierProductCode, themeCode, unitOfMeasure, variantName, warehouseName, warehouseNumber`,
  ),
  ...defs(
    'boolean',
    `batch, calculateDuringIntake, doNotOrderItem, dontCalculateDuringStockMovement, isAvailableOnlyToOrder,
     isBazaar, isCalculated, isColorAndSize, isCommissionItem, isEviscerating, isExpirationRequired,
     isExportedToEshop, isInPromo, isInactive, isInactiveInWarehouse, isLimitedSeries, isNew, isOnSaleOut,
     isService, isVariantExportedToEshop, isVoucher, prohibitionOfDiscounts, prohibitionOfSale,
     recommendedItem, requiredItem, trackedItem, usesLocation`,
  ),
  ...defs('datetime', 'createdAt, initialDate, lastModify, lastRepricingDate, nearestDeliveryDate'),
  ...defs(
    'number',
    `colorId, dimensionId, environmentalTax, eshopSeasonId, groupId, initialQuantity, initialStockPrice,
     lengthId, manufacturersBrandId, margin, maxQuantity, minQuantity, modelId, optQuantity, price,
     priceWoVat, productId, quantityAvailable, quantityBlocked, quantityInStock, quantityOrdered,
     quantityOrderedAllWarehouses, referencePrice, referenceQuantity, royalty, seasonId, sizeId, stockPrice,
     subGroupId, supplierId, themeID, totalQuantity, variantId, vatRate, warehouseId`,
  ),
];

export const financialReceivableColumns: readonly FieldDef[] = [
  ...defs('number', 'id'),
  ...defs(
    'string',
    `address1, address2, address3, city, companyIdentificationNumber, contactPersonFullName, currency,
     customerName, documentType, note, paymentType, type, userFullName, variableSymbol,
     vatRegistrationNumber, zipCode`,
  ),
  ...defs(
    'number',
    `alreadyPaid, amount, cashRegisterId, contactUserId, currencyId, customerId, documentSeries,
     headerInternalId, internalNumber, paymentTypeId, vatAmountBasicRate, vatAmountReducedRate,
     vatAmountSuperReducedRate, vatBasisBasicRate, vatBasisExempt, vatBasisReducedRate,
     vatBasisSuperReducedRate`,
  ),
  ...defs('datetime', 'date, dueDate, paidOnDate'),
];

/** Raw SQLite rows (arrays in `fields` order) as JSON: nulls left out, 0/1 back to booleans. */
export function rawRowsToJson(
  fields: readonly FieldDef[],
  rows: readonly (readonly unknown[])[],
): Record<string, unknown>[] {
  const names = fields.map((f) => f.name);
  const bools = fields.map((f) => f.type === 'boolean');
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const v = row[i];
      if (v === null || v === undefined) continue;
      out[names[i] ?? ''] = bools[i] ? v === 1 : v;
    }
    return out;
  });
}

/** SQLite column declaration for a field (columns are named exactly like the JSON properties). */
export function columnSql(field: FieldDef): string {
  if (field.name === 'id') return '"id" INTEGER PRIMARY KEY';
  const type = field.type === 'boolean' ? 'INTEGER' : field.type === 'number' ? 'NUMERIC' : 'TEXT';
  return `"${field.name}" ${type}`;
}

/** A stored row as JSON: nulls left out (SPEC rule 3), 0/1 back to booleans. */
export function rowToJson(
  fields: readonly FieldDef[],
  row: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = row[f.name];
    if (v === null || v === undefined) continue;
    out[f.name] = f.type === 'boolean' ? v === 1 || v === true : v;
  }
  return out;
}

/** A JSON value as stored: booleans to 0/1, absent to null. */
export function jsonToColumn(field: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (field.type === 'boolean') return value === true ? 1 : 0;
  return value;
}
