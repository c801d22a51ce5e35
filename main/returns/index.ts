// Returns at the till (issue 37): a return against a sale of this till, its refund, and its document.
export {
  quantityText,
  ReturnError,
  Returns,
  type ApprovalReason,
  type MadeReturn,
  type ReturnErrorCode,
  type ReturnPreview,
  type ReturnRequest,
  type ReturnableLine,
  type ReturnsBasis,
  type ReturnsOptions,
  type SaleForReturn,
} from './returns.ts';
export { lineRefund, planLines, splitRefund, type RefundSplit, type RefundTender } from './plan.ts';
export {
  chooseRoute,
  returnOrderPayload,
  ReturnRouter,
  type RouteOutbox,
  type RouteService,
  type RouterOptions,
} from './route.ts';
export { returnPaperOf, returnView, type ReturnState, type ReturnView } from './view.ts';
export { returnsHandlers, saleView, type ReturnsCalls, type ReturnsDeps } from './handlers.ts';
export { deleteInDoubt, markReturnBooked, settleReturn } from './settle.ts';
export { returnInStore, type ReturnClaims } from './store.ts';
export {
  makeWithoutReceipt,
  planWithoutReceipt,
  type GoodsBack,
  type GoodsLookup,
  type WithoutReceiptPlan,
  type WithoutReceiptRequest,
} from './without-receipt.ts';
export { exchange, type ExchangeRequest, type Exchanged } from './exchange.ts';
