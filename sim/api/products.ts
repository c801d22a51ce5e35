// Products: repricing documents, units, attachments and suppliers' product codes.
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
  attachmentSchema,
  attachmentUploadSchema,
  productUnitSchema,
  repricingSchema,
  supplierProductCodeInputSchema,
  supplierProductCodeSchema,
} from '../schemas.ts';
import { DocTable } from '../store.ts';
import { nowDateTime } from '../time.ts';
import { companyExists, stripNulls } from './companies.ts';

const err = { description: 'Error', schema: errorResultSchema };
const P = {
  view: 'Permissions.Product.View',
  create: 'Permissions.Product.Create',
  update: 'Permissions.Product.Update',
} as const;

export function productRoutes(ctx: SimContext): RouteDef[] {
  const { db } = ctx;
  const products = new DocTable(db, 'product');
  const units = new DocTable(db, 'product_unit');
  const codes = new DocTable(db, 'supplier_product_code');
  const attachments = new DocTable(db, 'product_attachment');
  const repricing = new DocTable(db, 'repricing');
  const requireProduct = (id: number): void => {
    if (!products.get(id)) throw notFound(`Product ${id}`);
  };
  const codeRules =
    (productId: number) =>
    (raw: Record<string, unknown>): Violation[] => {
      const out: Violation[] = [];
      const supplierId = raw['supplierId'];
      if (supplierId === undefined || supplierId === null) out.push(required('SupplierId'));
      else if (
        typeof supplierId === 'number' &&
        Number.isInteger(supplierId) &&
        !companyExists(db, supplierId)
      ) {
        out.push(notFoundReference('SupplierId', 'supplier', supplierId));
      }
      const code = raw['supplierProductCode'];
      if (typeof code !== 'string' || code.trim() === '') out.push(required('SupplierProductCode'));
      const pid = raw['productId'];
      if (pid !== undefined && pid !== null && pid !== productId) {
        out.push({
          property: 'ProductId',
          code: 'Mismatch',
          message: `The ProductId field does not match the product in the path (${productId}).`,
        });
      }
      return out;
    };
  return [
    {
      method: 'GET',
      path: '/api/products/repricing/{documentId}',
      operationId: 'getRepricingDocument',
      summary: 'One repricing document with its items.',
      tag: 'Products',
      auth: 'token',
      permission: P.view,
      responses: { 200: { description: 'Repricing document', schema: repricingSchema }, 404: err },
      handler: ({ params }) => {
        const doc = repricing.get(params['documentId'] ?? 0);
        if (!doc) throw notFound(`Repricing document ${String(params['documentId'])}`);
        return json(doc);
      },
    },
    {
      method: 'GET',
      path: '/api/products/{productId}/units',
      operationId: 'listProductUnits',
      summary: 'Units of measure of a product with their conversion to the base unit.',
      tag: 'Products',
      auth: 'token',
      permission: P.view,
      responses: { 200: { description: 'Units', schema: productUnitSchema.array() }, 404: err },
      handler: ({ params }) => {
        const productId = params['productId'] ?? 0;
        requireProduct(productId);
        const many = ctx.manyUnits;
        if (many !== undefined && many.productId === productId)
          return json(generatedUnits(productId, many.count));
        return json(units.list(productId));
      },
    },
    {
      method: 'POST',
      path: '/api/products/{productId}/attachment',
      operationId: 'uploadProductAttachment',
      summary: 'Uploads an attachment (fileData base64). No JSON body; Location names the attachment.',
      tag: 'Products',
      auth: 'token',
      permission: P.update,
      body: attachmentUploadSchema,
      responses: {
        201: { description: 'Stored (empty body)', headers: { Location: 'URL of the attachment' } },
        400: err,
        404: err,
      },
      handler: ({ params, body }) => {
        const productId = params['productId'] ?? 0;
        requireProduct(productId);
        const input = validateBody(attachmentUploadSchema, body);
        const stored = attachments.insert(productId, (id) =>
          stripNulls({
            id,
            fileName: input.fileName,
            pathToFile: input.pathToFile,
            fileData: input.fileData,
          }),
        );
        return {
          status: 201,
          headers: { Location: `/api/products/${productId}/attachment/${String(stored['id'])}` },
        };
      },
    },
    {
      method: 'GET',
      path: '/api/products/{productId}/attachment/{attachmentId}',
      operationId: 'getProductAttachment',
      summary: 'One attachment of a product, with its fileData (base64).',
      tag: 'Products',
      auth: 'token',
      permission: P.view,
      responses: { 200: { description: 'Attachment', schema: attachmentSchema }, 404: err },
      handler: ({ params }) => {
        const productId = params['productId'] ?? 0;
        requireProduct(productId);
        const doc = attachments.get(params['attachmentId'] ?? 0);
        const owner = db
          .prepare('SELECT parentId FROM product_attachment WHERE id = ?')
          .pluck()
          .get(params['attachmentId'] ?? 0);
        if (!doc || owner !== productId)
          throw notFound(`Attachment ${String(params['attachmentId'])} of product ${productId}`);
        return json(doc);
      },
    },
    {
      method: 'GET',
      path: '/api/products/{productId}/suppliers-product-code',
      operationId: 'listSupplierProductCodes',
      summary: "Suppliers' codes and purchasing terms for a product.",
      tag: 'Products',
      auth: 'token',
      permission: P.view,
      responses: { 200: { description: 'Codes', schema: supplierProductCodeSchema.array() }, 404: err },
      handler: ({ params }) => {
        const productId = params['productId'] ?? 0;
        requireProduct(productId);
        return json(codes.list(productId));
      },
    },
    {
      method: 'POST',
      path: '/api/products/{productId}/suppliers-product-code',
      operationId: 'createSupplierProductCode',
      summary:
        "Adds a supplier's own code for the product (201 + Location). One code per supplier and product (else 409).",
      tag: 'Products',
      auth: 'token',
      permission: P.create,
      body: supplierProductCodeInputSchema,
      responses: {
        201: {
          description: 'Created row',
          schema: supplierProductCodeSchema,
          headers: { Location: 'URL of the row' },
        },
        400: err,
        404: err,
        409: err,
      },
      handler: ({ params, body }) => {
        const productId = params['productId'] ?? 0;
        requireProduct(productId);
        const input = validateBody(supplierProductCodeInputSchema, body, codeRules(productId));
        if (codes.list(productId).some((c) => c['supplierId'] === input.supplierId)) {
          throw new ApiError(409, {
            messages: [
              `Supplier ${String(input.supplierId)} already has a code for product ${productId}; change it with PUT.`,
            ],
            code: 'SupplierProductCodeExists',
            params: { supplierId: String(input.supplierId), productId: String(productId) },
          });
        }
        const now = nowDateTime();
        const stored = codes.insert(productId, (id) =>
          stripNulls({
            ...input,
            id,
            productId,
            createdAt: now,
            lastModify: now,
            isInvalid: input.isInvalid ?? false,
          }),
        );
        return {
          status: 201,
          body: stored,
          headers: { Location: `/api/products/${productId}/suppliers-product-code/${String(stored['id'])}` },
        };
      },
    },
    {
      method: 'PUT',
      path: '/api/products/{productId}/suppliers-product-code/{id}',
      operationId: 'replaceSupplierProductCode',
      summary: "Replaces one supplier's purchasing terms for the product; returns the stored row.",
      tag: 'Products',
      auth: 'token',
      permission: P.update,
      body: supplierProductCodeInputSchema,
      responses: {
        200: { description: 'Stored row', schema: supplierProductCodeSchema },
        400: err,
        404: err,
      },
      handler: ({ params, body }) => {
        const productId = params['productId'] ?? 0;
        const id = params['id'] ?? 0;
        requireProduct(productId);
        const current = codes.get(id);
        if (!current || current['productId'] !== productId)
          throw notFound(`Supplier product code ${id} of product ${productId}`);
        const input = validateBody(supplierProductCodeInputSchema, body, codeRules(productId));
        const stored = stripNulls({
          ...input,
          id,
          productId,
          createdAt: current['createdAt'],
          lastModify: nowDateTime(),
          isInvalid: input.isInvalid ?? false,
        });
        codes.put(id, stored);
        return json(stored);
      },
    },
  ];
}

/**
 * `count` units of one product, each with its dimensions and a guid (~165 bytes of JSON): the
 * answer of an instance whose one product lists far more units than any till could use.
 */
function generatedUnits(productId: number, count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => {
    const id = 9_000_000 + i;
    return {
      id,
      productId,
      unitId: 3,
      unit: 3,
      unitOrder: i + 1,
      guid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
      isInvisible: false,
      quantityCoefficient: i + 2,
      weight: 0.5,
      weightUnitId: 2,
    };
  });
}
