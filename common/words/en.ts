// The words of paper in English, the source language: one source per language for what the screens
// and the receipt printer both say (cs.ts, sk.ts translate it; catalogue.ts says what a catalogue
// is). The screens take `receipt` as their receipt namespace and spread `vatTable` and `report` into
// sale and shift (renderer/i18n); the printer prints from all four (main/printer/words.ts).

/** The receipt: as printed, the placed order's receipt on Sale, the reprint dialog from Orders. */
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
  returnTitle: 'Return no. {{number}} of receipt {{receipt}}',
  returnTitleNoReceipt: 'Return no. {{number}} without a receipt',
  returnNoReceiptNote: 'The customer had no receipt: the manager confirmed the price.',
  returnSaleDate: 'Sale of {{date}}',
  returnTotal: 'REFUNDED',
  returnRefundCash: 'Refunded in cash',
  returnRefundCard: 'Refunded to the card',
  returnBy: 'Taken back by: {{name}}',
  returnExchange: 'Exchange: receipt {{receipt}}',
  saleExchange: 'Exchange for return {{number}}: {{credit}} credited',
  returnSignature: "Customer's signature:",
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

/** The VAT table's head: Sale's totals, the receipt on screen and on paper. */
export const vatTable = {
  vatRate: 'Rate',
  vatBase: 'Base',
  vatAmount: 'VAT',
  vatGross: 'Gross',
} as const;

/** The shift's report as the Shift screen shows it and the printer prints it. */
export const report = {
  cashierLine: '{{sales, number}} sales, {{voids, number}} voided',
  move_in: 'In: {{reason}}',
  move_out: 'Out: {{reason}}',
  drawerOpenings: 'Drawer opened without a sale: {{count, number}}',
  drawerOpening_manager: '{{at, when}}, manager PIN',
  drawerOpening_till: '{{at, when}}, no PIN',
  followUp: 'Since the close ({{at, when}})',
  saleNumber: 'No. {{number}}',
  state_sent: 'on the instance, no. {{id}}',
  state_queued: 'waiting',
  state_sending: 'being sent',
  'state_in-doubt': 'in doubt',
  'state_needs-fix': 'to fix',
  state_blocked: 'blocked',
  state_cancelled: 'cancelled',
  state_discarded: 'discarded',
  acknowledgedAt: 'acknowledged {{at, when}}',
  returnsTitle: 'Goods taken back',
  returnsCount: 'Returns: {{count, number}}',
  returnsCashierLine: '{{name}}: {{count, number}} returns',
  returnsCashOut: 'Cash paid back for returns',
  returnNumber: 'Return {{number}} of receipt {{receipt}}',
  returnNumberNoReceipt: 'Return {{number}} without a receipt',
  'state_back-office': 'to book in the back office',
  state_booked: 'booked in the back office',
  returnOnInstance: 'on the instance',
} as const;

/** What only paper says: the printer's own receipt words (a copy, the test page) and the printed report's. */
export const paper = {
  copyInterrupted: 'COPY: the first printing was interrupted and may have printed.',
  testPage: 'Test page',
  testPrinter: 'Printer: {{printer}}',
  testPaper: 'Paper {{paper}}, {{columns}} characters a line',
  testEnd: 'If all of the above reads right, receipts will too.',
  reportX: 'X REPORT (SO FAR)',
  reportZ: 'Z REPORT (SHIFT CLOSED)',
  shiftNumber: 'Shift {{id}}',
  opened: 'Opened {{at}}',
  closed: 'Closed {{at}}',
  taken: 'Figures as at {{at}}',
  float: 'Float',
  sales: 'Sales: {{count}}',
  salesGross: 'Sales total',
  byMethod: 'By payment',
  methodCash: 'Cash',
  methodCard: 'Card',
  methodUnsaid: 'Not said',
  rounding: 'Cash rounding',
  byCashier: 'By cashier',
  noCashier: 'No cashier',
  voids: 'Voided sales: {{count}}',
  cancelled: 'Cancelled on the instance: {{count}}',
  cashRefunded: 'Cash refunded',
  cashTaken: 'Cash taken',
  changeGiven: 'Change given',
  paidIn: 'Paid in',
  paidOut: 'Paid out',
  expected: 'Expected cash',
  counted: 'Counted cash',
  difference: 'Difference',
  overLimitApproved: 'Over the limit of {{limit}}: approved by the manager.',
  overLimit: 'Over the limit of {{limit}}.',
  receiptNumbers: 'Receipt numbers {{first}} to {{last}}',
  orders: 'Orders on the instance: {{placed}}',
  ordersAcknowledged: 'acknowledged: {{count}}',
  ordersQueued: 'waiting to be sent: {{count}}',
  ordersInDoubt: 'in doubt: {{count}}',
  ordersNeedsFix: 'to fix: {{count}}',
  ordersBlocked: 'not allowed: {{count}}',
  ordersNotAll: 'Not every sale of this shift is on the instance yet: see Orders.',
  saleList: 'Sale by sale',
} as const;

/** Said before any screen exists (the desktop app's error box): the data folder is another app's. */
export const startup = {
  folderInUse:
    'Counter is already running on the data folder {{folder}} ({{who}}). Only one app may use a data folder at a time, or their sales mix: use the one running, or close it first.',
  holderUnknown: 'another program holds it and has not said which',
  holder: 'process {{pid}}, {{app}}, started {{startedAt}}',
  holderElsewhere: 'process {{pid}} on {{host}}, {{app}}, started {{startedAt}}',
  appWeb: 'the web shell',
  appElectron: 'the Counter app',
} as const;
