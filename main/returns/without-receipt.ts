// A return without a receipt (issue 37, point 3): the customer brings goods but no receipt. The
// product is scanned (its barcode in the offline catalog) or named by its id; the manager confirms the
// unit price it comes back at (the catalog's by default) and always gives the PIN. The refund is the
// price x quantity exactly (common/money.ts), paid out in cash rounded to the cash step as any cash
// refund. It is numbered in the till's return series and stored in the same tables, naming no sale
// (migration 36); its document is a negative order naming no original, else the back office (route.ts).
import { randomUUID } from 'node:crypto';
import { decimal, lineTotal, minor, type Minor } from '../../common/money.ts';
import { joined, words, type Words } from '../../contract/core-words.ts';
import { durably, writeTransaction } from '../../db/database.ts';
import { insertReturn, type ReturnItem } from '../../db/returns.ts';
import { saleAttribution } from '../shift/index.ts';
import { splitRefund, type RefundSplit } from './plan.ts';
import { milli, ReturnError, type ApprovalReason, type MadeReturn, type ReturnsBasis } from './returns.ts';
import { formatReturnNumber } from '../../db/returns.ts';

/** One product coming back without a receipt. */
export interface GoodsBackRequest {
  /** The product's barcode as scanned (looked up in the offline catalog)… */
  readonly barcode?: string;
  /** …or its id (the catalog's product in this till's warehouse). */
  readonly productId?: number;
  /** How much comes back (pieces, or kg for a weighed product), above 0, at most three decimals. */
  readonly quantity: number;
  /** The gross unit price the manager confirms; absent: the catalog's. */
  readonly unitPrice?: number;
}

export interface WithoutReceiptRequest {
  /** The products the customer brings back, one line each (lineNo = index). */
  readonly items: readonly GoodsBackRequest[];
  /** Says whether the manager approved (the PIN given and right); false refuses the return. */
  readonly approve?: (reasons: readonly ApprovalReason[]) => boolean;
}

/** One line of a return without a receipt: the product as the catalog has it, its quantity and refund. */
export interface WithoutReceiptLine {
  readonly item: ReturnItem;
  readonly quantityMilli: number;
  readonly refund: Minor;
}

/** What a return without a receipt would take back and pay out, stored nowhere. */
export interface WithoutReceiptPlan {
  readonly lines: readonly WithoutReceiptLine[];
  readonly refund: Minor;
  readonly split: RefundSplit;
  /** One per line: the manager approves every return without a receipt, at the price of each. */
  readonly reasons: readonly ApprovalReason[];
}

/** The product as the offline catalog has it in this till's warehouse (main/areas looks it up). */
export interface GoodsBack {
  readonly productId: number;
  readonly productCode?: string;
  readonly productName?: string;
  readonly unitOfMeasure?: string;
  readonly vatRate?: number;
  /** The catalog's gross price, if it has one. */
  readonly price?: number;
  readonly warehouseId: number;
}

export type GoodsLookup = (
  by: { readonly barcode: string } | { readonly productId: number },
) => GoodsBack | undefined;

/** A return's basis (Returns.basis) and where goods without a receipt are looked up and booked to. */
export type WithoutReceiptContext = ReturnsBasis & {
  readonly product: GoodsLookup;
  /** The till's walk-in customer: whom its document is booked to. */
  readonly customerId: () => number | null;
};

/** The products, quantities, prices and cash refund of a return without a receipt; ReturnError when not. */
export function planWithoutReceipt(
  ctx: WithoutReceiptContext,
  request: Omit<WithoutReceiptRequest, 'approve'>,
): WithoutReceiptPlan {
  if (request.items.length === 0) throw new ReturnError('nothing-chosen', words('returnNothingChosen'));
  const lines = request.items.map((goods, lineNo) => planLine(ctx, goods, lineNo));
  const refund = minor(lines.reduce((sum, l) => sum + l.refund, 0));
  // No sale says which tender paid: the goods come back in cash, rounded as every cash refund.
  const split = splitRefund(refund, { cardPaid: 0, cardRefunded: 0 }, ctx.cashStep(), 'cash');
  const reasons = lines.map((l): ApprovalReason => ({
    kind: 'no-receipt',
    name: l.item.name,
    unitPrice: l.item.unitPrice,
  }));
  return { lines, refund, split, reasons };
}

/** One product's line: the catalog's product, the price (the manager's, else the catalog's), price x quantity exactly. */
function planLine(ctx: WithoutReceiptContext, request: GoodsBackRequest, lineNo: number): WithoutReceiptLine {
  const found = lookup(ctx, request);
  const name = found.productName ?? found.productCode ?? `product ${found.productId}`;
  const quantityMilli = milli(request.quantity);
  const price = request.unitPrice ?? found.price;
  const exact = price === undefined ? undefined : decimal(price);
  if (price === undefined || exact === undefined || !(price > 0) || exact.scale > 4)
    throw new ReturnError(
      'price',
      price === undefined
        ? words('returnNoReceiptNoPrice', { name })
        : words('returnNoReceiptPrice', { name, price: String(price) }),
    );
  const quantity = decimal(quantityMilli / 1000);
  const refund = minor(Number(lineTotal(exact, quantity ?? { units: 0n, scale: 0 })));
  const item: ReturnItem = {
    lineNo,
    productId: found.productId,
    productCode: found.productCode ?? null,
    name,
    kind: found.unitOfMeasure?.toLowerCase() === 'kg' ? 'weight' : 'unit',
    unitOfMeasure: found.unitOfMeasure ?? null,
    vatRate: found.vatRate ?? 0,
    unitPrice: price,
    warehouseId: found.warehouseId,
    customerId: ctx.customerId(),
  };
  return { item, quantityMilli, refund };
}

/** Makes it: the manager's approval first, then stored in one write transaction. */
export function makeWithoutReceipt(ctx: WithoutReceiptContext, request: WithoutReceiptRequest): MadeReturn {
  const now = ctx.now();
  const made = durably(ctx.db, () =>
    writeTransaction(ctx.db, () => {
      const plan = planWithoutReceipt(ctx, request);
      if (request.approve?.(plan.reasons) !== true) throw new ReturnError('approval', noReceiptWords(plan));
      const who = saleAttribution(ctx.db, ctx.shiftPolicy?.() ?? 'off', now);
      const row = insertReturn(ctx.db, {
        prefix: ctx.prefix(),
        saleSessionId: null,
        saleOrderId: null,
        createdAt: now.toISOString(),
        shiftId: who.shiftId,
        cashierId: who.cashierId,
        refundMinor: plan.refund,
        managerApproved: true,
        clientReference: randomUUID(),
        lines: plan.lines.map((l) => ({
          lineNo: l.item.lineNo,
          quantityMilli: l.quantityMilli,
          refundMinor: l.refund,
        })),
        refunds:
          plan.split.cashShare > 0
            ? [{ method: 'cash', amountMinor: plan.split.cash, roundingMinor: plan.split.cashRounding }]
            : [],
        items: plan.lines.map((l) => l.item),
      });
      ctx.alongside?.(row);
      return row;
    }),
  );
  ctx.stored?.(made);
  return { row: made, number: formatReturnNumber(made.prefix, made.number) };
}

/** The manager's words for the PIN: each product and the price it comes back at. */
export function noReceiptWords(plan: WithoutReceiptPlan): Words {
  // The first product says why the PIN is asked; each further one only its name and price.
  return joined(
    ...plan.lines.map((l, i) =>
      words(i === 0 ? 'returnNeedsPinNoReceipt' : 'returnNoReceiptAlso', {
        name: l.item.name,
        price: l.item.unitPrice,
      }),
    ),
  );
}

function lookup(ctx: WithoutReceiptContext, request: GoodsBackRequest): GoodsBack {
  const code = request.barcode?.trim();
  const found =
    code !== undefined && code !== ''
      ? ctx.product({ barcode: code })
      : request.productId === undefined
        ? undefined
        : ctx.product({ productId: request.productId });
  if (found !== undefined) return found;
  throw new ReturnError(
    'no-product',
    words('returnNoReceiptNoProduct', { code: code ?? String(request.productId ?? '') }),
  );
}
