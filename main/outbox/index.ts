// The outbox of internet orders: store first, then send; see outbox.ts for the state machine.
export {
  Outbox,
  OutboxActionError,
  type OrderService,
  type OutboxEvent,
  type OutboxOptions,
  type OutboxStatus,
  type ReplayReport,
} from './outbox.ts';
export { entryView, OutboxEntry, toOutboxEntry } from './entry.ts';
export { outboxCounts, unsentCount } from './counts.ts';
export { outboxHandlers, type OutboxDeps } from './handlers.ts';
export {
  compactHistory,
  CompactionSchedule,
  DEFAULT_RETENTION_DAYS,
  type CompactionHold,
  type CompactionOptions,
  type CompactionReport,
} from './compaction.ts';
export {
  changedEvent,
  DEFAULT_PAGE_SIZE,
  orderView,
  outboxPage,
  type SummarySource,
  type WorkedSummary,
} from './views.ts';
export { OrderValidationError, placeOrder, type OrderSender, type PlacedOrder } from './place.ts';
export { cardChannel, cardFields, type CardChannelOptions, type CardIssueService } from './card-channel.ts';
export { type DocumentChannel, type DocumentChannels, type EntryOf } from './documents.ts';
// A document of another kind (a card issued at the till) is stored through here too.
export { insertOutboxDocument } from '../../db/outbox.ts';
export { InternetOrderPayload } from '../../contract/order.ts';
// The order as stored, read only through here: db/outbox.ts owns the table (layers.ts ONLY_IN).
export {
  getOutboxInternetOrder,
  getOutboxOrder,
  isInternetOrder,
  ordersCancelledInShift,
  ordersNow,
  waitingElsewhere,
  type OrderNow,
  type OutboxInternetOrder,
  type OutboxOrder,
  type StoredOrderSummary,
} from '../../db/outbox.ts';
export { OUTBOX_STATES, type OutboxState } from '../../contract/order.ts';
export { soldHere, soldInStore, type SoldAtTill } from './sold-here.ts';
export { recordDeletedByHand } from './by-hand.ts';
