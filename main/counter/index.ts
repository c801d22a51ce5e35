export {
  Counter,
  CounterError,
  type ClosedSale,
  type CounterScan,
  type PricedLine,
  type SessionCustomer,
  type ScanOutcome,
  type PricedSession,
  type ReceiptIssue,
} from './counter.ts';
export {
  DEFAULT_CARD_TIMEOUT_MS,
  ScanResolver,
  type CardService,
  type CustomerResolution,
  type Resolution,
  type ResolveContext,
  type ResolverOptions,
} from './resolve.ts';
export { counterHandlers, type CounterDeps } from './handlers.ts';
export { recallInStore, type ParkedClaims, type Recalled } from './store-parked.ts';
export { receiptOf, type Receipt } from './receipt.ts';
export { receiptSummary, saleSummary } from './summary.ts';
export { sessionTotals, type SessionTotals } from './totals.ts';
export { cardValidity } from './validity.ts';
export { customerDisplay, type PaidSale } from './display.ts';
export { keepSoldLines, soldLinesOf } from './sold-lines.ts';
