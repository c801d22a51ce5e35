// The receipt namespace's English source (see ../catalogue.ts for keys, placeholders and plurals):
// the receipt as printed, the placed order's receipt on Sale, the reprint dialog from Orders.
export const receipt = {
  receipt: 'Receipt',
  storeDefault: 'Counter',
  receiptNumber: 'Receipt no.',
  copy: 'COPY',
  sellerRegistration: 'Company ID: {{value}}',
  sellerVat: 'VAT ID: {{value}}',
  premises: 'Store: {{name}}',
  reference: 'Reference',
  confirmed: 'Sent: order {{id}} is on the instance.',
  // A sent order whose answer did not say it all, or booked another amount than the receipt's.
  confirmedNoNumber:
    'Sent: the instance stored the order without saying its number. Find it there by this reference.',
  confirmedBookedUnsaid: 'Sent: order {{id}} is on the instance. Its answer did not say what it booked.',
  confirmedBookedOther:
    'Sent as order {{id}}, but the instance booked {{booked}}, not the {{total}} of this receipt. Check the order there.',
  voidCancelled: 'Order cancelled: this receipt is void.',
  voidDiscarded: 'Order discarded: this receipt is void.',
  notConfirmed: 'NOT CONFIRMED YET: the order is {{state}} and goes out by itself. Keep this reference.',
  // Orders that wait for a person: what that person does.
  notSentNeedsFix:
    'NOT SENT: the instance refused the order as it is. Correct it in Orders (F3) and send it again. Keep this reference.',
  notSentBlocked:
    'NOT SENT: the instance does not let this till place the order. Ask the administrator, then send it again from Orders (F3). Keep this reference.',
  notConfirmedInDoubt:
    'NOT CONFIRMED: no clear answer came back, the order may be on the instance. Look it up there by this reference before sending it again (Orders, F3).',
  notConfirmedOther: 'NOT CONFIRMED: the order is {{state}}. See Orders (F3). Keep this reference.',
  // An order's state, inside a sentence ("the order is queued").
  stateQueued: 'queued',
  stateSending: 'sending',
  stateSent: 'sent',
  stateNeedsFix: 'waiting for a fix',
  stateBlocked: 'not allowed',
  stateInDoubt: 'maybe sent',
  stateDiscarded: 'discarded',
  stateCancelled: 'cancelled',
  lineUnitPrice: '×\u00a0{{price}}',
  lineDiscount: '(−{{amount}})',
  minusAmount: '−{{amount}}',
  linePercent: '·\u00a0{{value, number}}\u00a0%',
  discount: 'Discount',
  total: 'TOTAL',
  cashGiven: 'Cash given',
  change: 'Change',
  paidByCard: 'Paid by card',
  paidInCash: 'Paid in cash',
  cashRounding: 'Rounding',
  walkInCustomer: 'Walk-in customer: {{name}}',
  customer: 'Customer: {{name}}',
  pricedFromCatalog: "From an order file: priced from the store's price list when this receipt was made.",
  // A receipt reprinted after the retention period: its lines are no longer kept.
  linesRemoved_one: '{{count, number}} line: no longer kept in detail after the retention period.',
  linesRemoved_other: '{{count, number}} lines: no longer kept in detail after the retention period.',
  thankYou: 'Thank you',
  // On Sale, in the dialog, on Orders
  receiptError: 'Receipt: {{error}}',
  printReceipt: 'Print receipt',
  printHint: 'Prints through the system print dialog; choose "Save as PDF" there for a PDF.',
  printHintPrinter: 'Prints on the receipt printer {{printer}}.',
  dialogTitle: 'Receipt · order #{{id}}',
  print: 'Print',
  close: 'Close',
  receiptOfOrder: 'Receipt of order {{id}}',
} as const;
