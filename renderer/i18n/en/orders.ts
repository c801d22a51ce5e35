// The orders namespace's English source (see ../catalogue.ts for keys, placeholders and plurals): the
// Orders screen, its tickets and filter, what an order's state means (order-words.ts) and the
// confirmations its destructive actions ask.
export const orders = {
  // The screen
  ordersLabel: 'Orders',
  sendQueuedNow: 'Send queued now',
  noOrdersYet: 'No orders yet.',
  noOrderMatches: 'No order matches.',
  reference: 'Reference:',
  sendAgainInDoubt: 'Not on the instance: send again',
  sendAgainBlocked: 'Permission granted: send again',
  discard: 'Discard',
  cancelOnInstance: 'Cancel on the instance',
  foundAsOrderId: 'Found on the instance as order id',
  markFoundAsSent: 'Found: mark as sent',
  // The fix form of a needs-fix order
  fieldCustomerId: 'Customer id',
  fieldWarehouseId: 'Warehouse id',
  fieldItemProductId: 'Item {{index, number}} product id',
  fieldQuantity: 'Quantity',
  fieldNote: 'Note',
  resend: 'Resend',
  // A ticket (a row of the list)
  stateQueued: 'Waiting',
  stateSending: 'Sending',
  stateSent: 'Sent',
  stateNeedsFix: 'Needs a fix',
  stateBlocked: 'Not allowed',
  stateInDoubt: 'Maybe sent',
  stateDiscarded: 'Discarded',
  stateCancelled: 'Cancelled',
  lines_one: '{{count, number}} line',
  lines_other: '{{count, number}} lines',
  company: 'Company {{id}}',
  noCustomer: 'No customer',
  walkIn: '(walk-in)',
  instanceId: 'instance id {{id}}',
  technicalDetail: 'Technical detail',
  attempts: 'Attempts: {{attempts, number}}',
  // The filter and the search
  showOrders: 'Show orders',
  filterAll: 'All',
  filterAttention: 'Needs attention',
  filterWaiting: 'Waiting',
  filterSent: 'Sent',
  filterClosed: 'Closed',
  findByReference: 'Find by reference',
  referenceOrOrderId: 'reference or order id',
  // What an order's state means (headlines), and its technical detail
  queuedUnreachable:
    'Waiting to be sent: the service cannot be reached. It goes out by itself when the connection is back.',
  queuedTimedOut: 'Waiting to be sent: the service answers too slowly. It is tried again by itself.',
  queuedCredentials:
    "Waiting to be sent: the service refuses this terminal's sign-in. A manager checks the client id and secret in Settings.",
  queuedBusy: 'Waiting to be sent: the service is busy. It is tried again by itself.',
  queued: 'Waiting to be sent. It goes out by itself when the service answers.',
  nextTryAt: 'Next try at {{time}}.',
  sending: 'Being sent now.',
  sent: 'Sent: the service accepted it.',
  needsFix: 'Not sent: the service refused it as it is. Correct it below and send it again.',
  needsFixFields_one: 'Not sent: the service refused one field. Correct it below and send it again.',
  needsFixFields_other:
    'Not sent: the service refused {{count, number}} fields. Correct them below and send it again.',
  blockedPermission:
    'Not sent: this terminal is not allowed to place orders. Ask the administrator to grant the permission, then send it again.',
  blockedNotOffered:
    'Not sent: the service does not take orders from the counter. Send it again once it does.',
  blocked: 'Not sent: the service does not allow it. Ask the administrator, then send it again.',
  inDoubt:
    'Maybe sent: no clear answer came back. Look the order up on the instance by its reference before sending it again.',
  discarded: 'Discarded: never sent. Kept for the record.',
  cancelled: 'Cancelled on the instance.',
  detailCode: 'Code: {{code}}',
  detailPermission: 'Missing permission: {{permission}}',
  // The confirmations
  discardTitle: 'Discard order #{{id}}?',
  discardBody: 'It will never be sent. The record is kept, but the sale is gone.',
  discardConfirm: 'Discard order',
  cancelTitle: 'Cancel order #{{id}} on the instance?',
  cancelBody: 'The instance is told to cancel the order. This cannot be undone from the counter.',
  cancelConfirm: 'Cancel the order',
  keepOrder: 'Keep the order',
  markSentTitle: 'Mark order #{{id}} as sent?',
  markSentBody: 'Only if you found it on the instance as order id {{remoteId}}: it will never be sent again.',
  markSentConfirm: 'Mark as sent',
  notYet: 'Not yet',
} as const;
