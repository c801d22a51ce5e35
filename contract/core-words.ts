// Counter's own words in the core's answers (scan outcomes, refusals, errors), said by key so the
// renderer speaks them in the cashier's language (renderer/i18n: the `core` namespace, whose English
// is this table). The English text still travels beside them (`message`) for the CLI, the log and
// any key a renderer does not know. Words that come from the instance are never here: they are shown
// as they came. Times and days travel as ISO text and are written where they are shown:
// `{{at, when}}` an instant (the screens: their locale, local time; the CLI: UTC), `{{day, day}}` a
// calendar date.
import { z } from 'zod';
import { lazy } from '../common/lazy.ts';

export const CORE_WORDS = {
  // scans
  scanEmpty: 'The scan was empty. Scan again.',
  unknownCode: '"{{code}}" is neither a product nor a customer card we know.',
  notStockedHere: '{{code}} is not stocked in this warehouse (it is in {{warehouses}}).',
  unknownProductNeverSynced:
    'Unknown product {{code}}: no product with this barcode in the offline catalog (never synced).',
  unknownProductSyncedAt:
    'Unknown product {{code}}: no product with this barcode in the offline catalog (synced {{at, when}}).',
  cardServiceNotAsked: 'The service could not be asked about customer cards just now.',
  stockItemNotCached: 'Stock item {{stockItemId}} is not in the offline catalog.',
  stockItemElsewhere:
    "{{name}} (stock item {{stockItemId}}) is stocked in warehouse {{warehouseId}}, not in this terminal's.",
  prohibitedSale: '{{name}} may not be sold (prohibition of sale).',
  priceMissing:
    '{{name}} has no price in the catalog, so it is not sold at 0.00. A manager can enter its price for this sale.',
  priceNoVatRate:
    '{{name}} has no VAT rate in the catalog (nor a price with VAT), so what it costs the customer is unknown: it is not sold until the catalog gives its VAT rate.',
  priceZero:
    '{{name}} costs 0.00 in the catalog, which is taken as no price: it is not sold for nothing. A manager can enter its price for this sale.',
  priceUnusable:
    "{{name}}'s price in the catalog ({{price}}) is no price to sell at. A manager can enter its price for this sale.",
  enteredPriceInvalid: 'A price is a number above 0 with at most two decimals, up to {{max}}.',
  labelWithQuantity: '{{name}} comes from a weight or price label: scan it without a quantity.',
  labelTyped:
    'A weight or price in a code is taken from the scanner only, never typed: scan the label of {{name}}, or pick it by name and type its quantity.',
  labelAmountZero: 'The label of {{name}} says 0.00: scan a label with its price.',
  labelAmountNoQuantity:
    'The label says {{amount, amount}}, which no quantity of {{name}} at {{price, amount}} per {{unit}} comes to: the label and the price disagree. Weigh it again, or pick it by name and type its quantity.',
  gtinCheckDigit:
    '{{code}} is not a valid {{format}}: the check digit should be {{expected}}, not {{actual}}. Scan it again.',
  gs1CheckDigit: 'GTIN {{value}} has a wrong check digit. Scan it again.',
  gs1Length: 'GS1 element ({{ai}}) must be {{digits}} digits.',
  gs1NotDate: 'GS1 element ({{ai}}) is not a date: {{value}}.',
  gs1NotDigits: 'GS1 element ({{ai}}) must be digits.',
  gs1Unreadable: 'Cannot read the GS1 code "{{code}}".',
  gs1UnknownAi: 'Unknown GS1 application identifier at "{{at}}".',
  gs1TooShort: 'GS1 element ({{ai}}) is too short.',
  gs1TooLong: 'GS1 element ({{ai}}) is longer than {{max}} characters.',
  cardBlocked: 'This card is blocked (marked invalid): it cannot be used.',
  cardNotYetValid: 'This card is valid only from {{day, day}}.',
  cardExpired: 'This card expired on {{day, day}}.',
  // quantities
  quantityAboveZero: 'The quantity must be a number above zero.',
  quantityWhole: '{{name}} is sold in whole {{unit}}: type a whole number.',
  quantityWholePieces: '{{name}} is sold in whole pieces: type a whole number.',
  quantityDecimals: 'At most three decimals.',
  quantityLooksLikeCode: '{{quantity}} looks like a code, not a quantity: scan products at the code field.',
  quantityMax: 'At most {{max}} of one line.',
  priceLabelLine: 'This line comes from a price label: remove it, or scan each label.',
  lineBadPrice:
    '{{name}}: its price {{price}} is no price the till can charge. Have it corrected on the instance.',
  lineBadVatRate:
    '{{name}}: its VAT rate {{rate}} % is no VAT rate (0 to {{max}} %). Have it corrected on the instance.',
  lineBadQuantity: '{{name}}: {{quantity}} is no quantity the till can sell.',
  lineTooLarge:
    '{{name}} would come to more than a sale can hold ({{max}}): its price or quantity is wrong. Have the price corrected on the instance.',
  saleTooLarge: 'With {{name}} the sale would come to more than it can hold ({{max}}).',
  unpricedLine: '{{name}} has no amount the till can charge: remove the line before placing the order.',
  // a line's own discount or price override
  adjustNoDiscount: '{{name}} takes no discount: the catalog prohibits discounts on it.',
  adjustPriceLabel:
    'The amount on the price label of {{name}} is its price: give it a discount in percent instead.',
  adjustPriceRange:
    'A new price for {{name}} is above 0 and below its price {{price, amount}}, with at most two decimals.',
  adjustPercentRange: 'A discount is a percent above 0 and below 100, with at most two decimals.',
  // stock: the offline catalog's figures as of the last sync
  stockInactive: '{{name}} is marked inactive in the catalog.',
  stockInactiveHere: '{{name}} is marked inactive in this warehouse.',
  stockOut: '{{name}} is out of stock in this warehouse (as of the last sync).',
  stockAbove:
    'This sale would take {{wanted}} {{unit}} of {{name}}, but the warehouse has only {{available}} {{unit}} (as of the last sync).',
  stockAboveNoUnit:
    'This sale would take {{wanted}} of {{name}}, but the warehouse has only {{available}} (as of the last sync).',
  stockOutSoldHere:
    '{{name}} is out of stock in this warehouse: the last sync showed {{cached}}, and {{sold}} of it were sold here since.',
  stockAboveSoldHere:
    'This sale would take {{wanted}} {{unit}} of {{name}}, but the warehouse has only {{available}} {{unit}} (the last sync showed {{cached}} {{unit}}; {{sold}} {{unit}} of it were sold here since).',
  stockAboveSoldHereNoUnit:
    'This sale would take {{wanted}} of {{name}}, but the warehouse has only {{available}} (the last sync showed {{cached}}; {{sold}} of it were sold here since).',
  stockOutSoldInStore:
    "{{name}} is out of stock in this warehouse: the last sync showed {{cached}}, and the store's tills sold {{sold}} of it since ({{here}} here).",
  stockAboveSoldInStore:
    "This sale would take {{wanted}} {{unit}} of {{name}}, but the warehouse has only {{available}} {{unit}} (the last sync showed {{cached}} {{unit}}; the store's tills sold {{sold}} {{unit}} of it since, {{here}} {{unit}} here).",
  stockAboveSoldInStoreNoUnit:
    "This sale would take {{wanted}} of {{name}}, but the warehouse has only {{available}} (the last sync showed {{cached}}; the store's tills sold {{sold}} of it since, {{here}} here).",
  stockBlocked: 'Settings allow no such sale: nothing was changed.',
  // the sale
  noSession: 'Shopping session {{sessionId}} does not exist.',
  noOpenSession: 'There is no open shopping session.',
  sessionNotOpen: 'Shopping session {{sessionId}} is {{state}}.',
  noLine: 'Line {{lineId}} is not in the open session.',
  lineNotRemoved: 'Line {{lineId}} was not removed from the open session.',
  emptySession: 'Scan at least one product before placing the order.',
  noCustomer:
    "Scan the customer's card first, or name a walk-in customer in Settings: the service needs a customer for every order.",
  noWarehouse: "Choose this terminal's warehouse in Settings first.",
  tenderNotANumber: 'The amount given must be a number, 0 or more.',
  tenderShort: 'The amount given ({{given}}) is less than the total ({{total}}).',
  nothingToPark: 'There is nothing to park: the sale has no items and no customer.',
  notParked: 'Sale {{sessionId}} is not parked (it was recalled, placed or voided already).',
  parkedTaken: 'This parked sale was recalled at till {{till}} first: it is on that till now.',
  parkedExchange:
    'This parked sale holds an exchange for goods of receipt {{receipt}}: finish it at till {{till}}, where the goods were taken back.',
  parkedStoreOffline:
    'A sale parked at another till can be recalled only with the store hub in reach, so that no other till recalls it at the same time.',
  tenderShortRest: 'The cash given ({{given}}) is less than the rest to pay in cash ({{total}}).',
  tenderSplitCard:
    'The card part ({{card}}) must be more than 0 and less than the total ({{total}}); the rest is paid in cash.',
  tenderSplitNoCash:
    'The card part ({{card}}) leaves {{rest}} of the total ({{total}}), which rounds to nothing in cash: charge the whole total to the card, or less to it.',
  // shifts and cashiers
  shiftClosed: 'No shift is open at this till: open one with the float counted into the drawer first.',
  shiftAlreadyOpen: 'Shift {{id}} is already open (since {{since}}): close it before opening another.',
  shiftNoneClosed: 'No shift has been closed at this till yet.',
  signedOut: 'Sign in with your cashier PIN first.',
  cashierPinWrong: 'Wrong PIN for {{name}}: {{tries}} tries left.',
  cashierLockedOut: 'Too many wrong PINs for {{name}}: try again in a minute.',
  cashierUnknown: 'There is no cashier {{id}} at this till.',
  cashierNameTaken: 'There is already a cashier named {{name}}.',
  // the core
  requestInvalid: 'Not done: a value given is not valid.',
  fieldInvalid: 'This value is not valid here.',
  notAUrl: 'Not a web address: type it whole, such as https://shop.example.com.',
  unknownCall: 'Unknown call.',
  serialScanTaken: 'This scan was taken already.',
  coreNoAnswer: 'The app core did not answer: it may or may not have done it. Check before you try again.',
  coreNotReached: 'The call did not reach the app core: nothing was done. Try again.',
  coreRefusedCall: "The app's core refused the call ({{status}}).",
  starting: 'The app is starting. Try again.',
  notConfigured: 'No instance is configured: set one in Settings.',
  orderNotInOutbox: 'Order {{id}} is not in the outbox.',
  // cards issued at the till
  cardBarcodeMissing: "Scan or type the new card's code.",
  cardBarcodeTooLong: "The card's code is {{length}} characters long; a card's code has at most {{max}}.",
  cardBarcodeTaken:
    'The code {{barcode}} is already the card "{{card}}" of company {{company}}: take another card from the stack.',
  cardBarcodeIsProduct:
    'The code {{barcode}} is the barcode of {{product}}, not a new card: take another card from the stack.',
  cardBarcodeInvalid: 'The code {{barcode}} is not a valid code for a card:',
  cardNameMissing: "Type the card's name (the customer's name).",
  cardNameTooLong: "The card's name is {{length}} characters long; a card's name has at most {{max}}.",
  cardCompanyUnknown: "Company {{companyId}} is not in this till's cache: pick it from the list.",
  cardValidToPast: 'The card would be valid only until {{day, day}}, which is before today.',
  cardPersonNameTooLong: "The person's name is {{length}} characters long; at most {{max}}.",
  cardPersonNeeded: "An e-mail or a phone goes with a person's name: type the name too.",
  cardEmailInvalid: '{{email}} is not an e-mail address (at most {{max}} characters).',
  cardPhoneInvalid:
    '{{phone}} is not a phone number (digits, spaces and + ( ) / -, at most {{max}} characters).',
  cardPermissionMissing:
    "This till cannot issue cards: the instance does not give its client the permission {{permission}}. The operator can add it to the client's role.",
  orderChanged:
    'Order {{id}} has changed meanwhile: this cannot be done to it now. Look at its state in the list.',
  orderSettling: 'Order {{id}} is being checked with the instance right now: try again in a moment.',
  orderOtherInstance: 'Order {{id}} belongs to {{instance}}, not to the instance in use: cancel it there.',
  orderDependents: 'Order {{id}} cannot be cancelled: other records on the instance depend on it.',
  orderNotCancelled: 'Order {{id}} could not be cancelled.',
  noOrder: 'No order {{id}}.',
  offline: 'The instance cannot be reached right now.',
  orderInvalid: 'The order is not valid.',
  lacksPermission: "This terminal's client lacks {{permission}}.",
  lacksAPermission: "This terminal's client lacks a permission.",
  credentialsRefused: 'The instance refused the client id or secret.',
  failed: 'Something went wrong. The details are in the log.',
  // A call to the instance: why it failed (main/service/errors.ts)
  whyTimeout: 'It did not answer in time.',
  whyRefused: 'Nothing answers at that address ({{code}}).',
  whyUnknownHost: 'The name of the server is not known ({{code}}).',
  whyNoRoute: 'The network does not reach it ({{code}}).',
  whyConnectionLost: 'The connection broke ({{code}}).',
  whyCertificate: 'Its certificate is not trusted ({{code}}).',
  whyCode: 'The system reported {{code}}.',
  whyUnknown: 'No reason was given.',
  instanceUnreadable: 'The instance answered with something Counter cannot read.',
  notOffered: 'The instance does not offer this.',
  stopped: 'Stopped before it was done.',
  answeredStatus: 'The instance answered {{status}}.',
  instanceSays: 'The instance says: {{text}}',
  // A sync's resource that failed (Settings' sync card)
  syncNotSynced: 'Not synced.',
  syncFailed: 'Sync failed.',
  syncRetrying: 'Trying again.',
  syncKeysFailed: 'Requests that failed: {{count}}.',
  syncThreadStopped:
    'The sync stopped while on this part ({{reason}}); the parts after it were synced without it.',
  syncPassDeadline:
    'The sync took longer than the {{seconds}} s a sync may take and stopped here; what was synced is kept, and the next sync resumes.',
  // the manager PIN
  lockedSettings: 'Changing Settings needs the manager PIN.',
  lockedDiscard: 'Discarding an order needs the manager PIN.',
  lockedCancel: 'Cancelling an order on the instance needs the manager PIN.',
  lockedMarkSent: 'Marking an order as sent needs the manager PIN.',
  lockedPrice: 'Entering a price needs the manager PIN.',
  lockedDiscount: 'A line discount or a price override needs the manager PIN.',
  lockedCashiers: 'Adding or removing cashiers needs the manager PIN.',
  lockedShiftDifference:
    'The cash counted differs from the expected by {{difference}}, more than the limit of {{limit}}: closing the shift needs the manager PIN.',
  // returns
  returnUnknownReceipt:
    'No sale of this till has the receipt "{{text}}": type its number as printed (P1-000123) or scan its QR code.',
  returnNotASale:
    'Receipt "{{text}}" is of no sale that was paid (it was voided or never closed): nothing can come back.',
  returnUnknownProduct: 'Product {{productId}} is not on receipt {{receipt}}.',
  returnLinesNotKept:
    'The lines of receipt "{{text}}" are no longer kept on this till (its history was compacted before returns existed): take it back through the back office.',
  returnNothingLeft: 'Everything on receipt {{receipt}} has come back already.',
  returnNothingChosen: 'Choose what comes back: a line and its quantity.',
  returnTooMuch:
    'Only {{left}} of {{name}} can come back: {{sold}} were sold and the rest came back already.',
  returnQuantity:
    '{{quantity}} is no quantity to take back: a number above zero with at most three decimals.',
  returnNeedsPinAmount:
    'A refund of {{refund, amount}} is more than the limit of {{limit, amount}}: it needs the manager PIN.',
  returnNeedsPinDays:
    'The sale was {{days}} days ago, more than the {{limit}} days a return may take: it needs the manager PIN.',
  returnNeedsPinNoReceipt:
    'A return without a receipt needs the manager PIN: the manager confirms the price of {{name}} ({{price, amount}} each).',
  returnNoReceiptAlso: 'And of {{name}} ({{price, amount}} each).',
  returnNoReceiptNoProduct:
    'No product with the code "{{code}}" is in the offline catalog of this warehouse.',
  returnNoReceiptNoPrice:
    '{{name}} has no price in the catalog: the manager enters the price it comes back at.',
  returnNoReceiptPrice:
    '{{price}} is no price to take {{name}} back at: a number above 0 with at most four decimals.',
  returnNeedsPinTender: 'Refunding to another tender than the sale was paid with needs the manager PIN.',
  returnNotFound: 'There is no return {{id}} at this till.',
  returnNotBackOffice: 'Return {{number}} is not waiting for the back office.',
  exchangeNoSale: 'An exchange needs the new sale on the counter first: scan what the customer takes.',
  returnNotInDoubt: 'Return {{number}} is not in doubt: there is nothing to settle.',
  lockedReturnBooked: 'Marking a return booked in the back office needs the manager PIN.',
  lockedReturnSettle: 'Settling a return in doubt needs the manager PIN.',
  returnCardNotRefunded:
    'Refund {{amount, amount}} to the card on the payment terminal first, then confirm it was done.',
  returnNeedsPinStore:
    "Receipt {{receipt}} was sold at till {{till}} and this till cannot reach the store's other tills, so it cannot make sure the goods have not come back there already: it needs the manager PIN.",
  returnReceiptAmbiguous:
    'Receipt "{{text}}" was issued by more than one till ({{tills}}): scan its QR code or type its reference.',
  returnClaimedInStore:
    "Only {{left}} of {{name}} can come back: {{sold}} were sold and the rest came back already at the store's tills.",
  // the serial scanner
  scannerBaudInvalid: '{{name}}={{value}} is not a baud rate: use one of {{rates}}.',
  scannerLineEndInvalid: '{{name}}={{value}}: a line ends with any, cr, lf, crlf or tab.',
  scannerPortOptionUnknown:
    '{{name}}: "{{option}}" is not an option of the port (or is given twice): use {{options}}.',
  scannerSetTwice: '{{port}} and {{name}}={{value}} say different things: give it in one place.',
  // the receipt printer and the cash drawer
  lockedDrawer: 'Opening the drawer without a sale needs the manager PIN.',
  noPrinter:
    'No receipt printer is set: enter its address in Settings (tcp://HOST:PORT) or choose a system printer.',
  printerAddressScheme:
    'A printer address starts with tcp:// (a network printer, such as tcp://192.168.1.50:9100) or printer: (a system printer by name, such as printer:Receipt).',
  printerAddressUnreadable: '"{{address}}" is not a printer address such as tcp://192.168.1.50:9100.',
  printerAddressNoHost: 'The printer address names no host (tcp://HOST:PORT).',
  printerAddressExtra:
    'A printer address is tcp://HOST:PORT only, without a user, password, path or #fragment.',
  printerAddressPort: 'The printer port is a number from 1 to 65535.',
  printerAddressColumns: 'columns={{value}}: a printed line is 32, 42 or 48 characters.',
  printerAddressModel: 'model={{value}} is not a printer model Counter knows (such as epson-tm-t20iii).',
  printerAddressOption: '"{{name}}" is not a printer setting (columns, model).',
  printerQueueNone: "printer: is followed by the system printer's name, such as printer:Receipt.",
  printerQueueDash: '"{{name}}" is not a system printer\'s name: it cannot start with "-".',
  printerQueueName:
    '"{{name}}" is not a system printer\'s name: at most 127 characters, without spaces, /, \\, ?, #, or quotes.',
  printerUnreachable: 'The receipt printer {{printer}} does not answer: is it on and connected?',
  printerPaperOut: 'The receipt printer {{printer}} is out of paper.',
  printerStalled: 'The receipt printer {{printer}} takes nothing: look for a paper jam or an open cover.',
  printerMaybe:
    'The connection to the receipt printer {{printer}} broke while printing: part of it may have printed.',
  // The scanner test pad: what the barcode reader made of a code ("kind, detail")
  describeGtin: '{{format}}, valid check digit',
  describeEmbeddedPrice: 'EAN-13 with embedded price, product {{product}}, price {{value}}',
  describeEmbeddedWeight: 'EAN-13 with embedded weight, product {{product}}, weight {{value}}',
  describeEmbeddedQuantity: 'EAN-13 with embedded quantity, product {{product}}, quantity {{value}}',
  describeGs1: 'GS1 element string, {{parts}}',
  describeMisread: 'misread,',
  describeOther: 'other code, not a GTIN: looked up as a customer card or an internal code',
  // What a sync found of the instance (Settings' "Found:", `pos sync`, `pos version`)
  foundPageSize: 'the instance serves pages of {{size}} rows',
  foundViewLacks: 'its view lacks {{fields}} (those fields stay empty)',
  foundSortRefused: 'it cannot sort by {{fields}}',
  foundSortInstead: 'it cannot sort by {{fields}}: Counter sorts by {{instead}} instead',
  foundSortCompleted:
    'it cannot sort by {{fields}}: no unique sort is left, so its pages are checked against its count and completed by id',
  foundFiltersLastModifyFrom: 'it filters changed rows only (lastModifyFrom)',
  foundFiltersIds: 'it filters rows by id (ids)',
  foundFiltersIsPaid: 'it filters open receivables only (isPaid)',
  foundIgnoresLastModifyFrom:
    'it ignores the filter for changed rows only (lastModifyFrom): every sync is a full pass',
  foundIgnoresIds: 'it ignores the filter for rows by id (ids): rows are picked from a walk of everything',
  foundIgnoresIsPaid:
    'it ignores the filter for open receivables only (isPaid): every receivable is read and the paid ones left out',
  foundRejectsLastModifyFrom:
    'it rejects the filter for changed rows only (lastModifyFrom): every sync is a full pass',
  foundRejectsIds: 'it rejects the filter for rows by id (ids): rows are picked from a walk of everything',
  foundRejectsIsPaid:
    'it rejects the filter for open receivables only (isPaid): every receivable is read and the paid ones left out',
  foundFiltersOther: 'it filters {{name}}',
  foundIgnoresOther: 'it ignores the filter for {{name}}: Counter does without it',
  foundRejectsOther: 'it rejects the filter for {{name}}: Counter does without it',
  foundSkipped: 'rows skipped: {{count}} (unreadable values: {{rows}})',
  foundCountDiffers: 'the instance counts {{total}}, the offline catalog holds {{count}}',
  foundMoreThanCounted:
    'the instance said more pages followed after the {{total}} rows it counts ({{sent}} read): the walk stopped at its count',
  foundRepeatedIds:
    'the instance sent {{sent}} rows but only {{distinct}} different ids: {{repeated}} repeat an id it sent before and were kept once',
  // The connection test: what Counter uses (features, and the permissions behind them), the token
  featureStockItems: 'Stock items',
  featureWarehouses: 'Warehouses',
  featureProductUnits: 'Product units',
  featureCompanyCards: 'Company cards',
  featureCompanyRepresentatives: 'Company representatives',
  featureFinancialReceivables: 'Financial receivables',
  featureInternetOrderCreate: 'Internet orders',
  featureInternetOrderDelete: 'Cancelling orders',
  featurePosScan: 'Card scan at the counter',
  featureClientReference: 'Safe order replay (Idempotency-Key)',
  tokenUnexpected: 'Token not obtained: something went wrong.',
  tokenRefused: 'Token refused: the instance did not accept client "{{clientId}}" with this secret.',
  instanceAnswered: 'It answered {{status}}: {{text}}',
  instanceAnsweredStatus: 'It answered {{status}}.',
  tokenUnreachable: 'Token not obtained: {{url}} could not be reached.',
  tokenRateLimited: 'Token not obtained: the token endpoint is rate-limiting this client; try again later.',
  tokenRateLimitedFor:
    'Token not obtained: the token endpoint is rate-limiting this client; try again in {{seconds}} s.',
  tokenNoEndpoint:
    'Token not obtained: {{url}} has no token endpoint (/connect/token answered 404). Is the instance URL right?',
  tokenOther: 'Token not obtained.',
  noInstance: 'No instance is configured.',
  permCheckUnexpected: 'The check failed unexpectedly.',
  permAnswered403: 'The instance answered 403.',
  permOperatorCanAdd: "The operator can add it to this client's role.",
  permEmptyRefused:
    'Checked with an empty request, which the instance refused as invalid (400): a request that fails validation writes nothing.',
  permEmptyAccepted: 'The instance accepted an empty request ({{status}}): look at what it stored.',
  permNotOnInstance: 'Its endpoint is not available on this instance.',
  permProbeUntold:
    'Not known: this instance refuses an empty request as invalid (400) even where the role lacks the permission, and an order of this till was refused for it (403). Send that order again from Orders once the operator has added it.',
  permNotChecked: 'Could not be checked.',
  permNeedsProductId:
    'Not checked: it needs a product id, and none is cached or could be read from the stock items.',
  permNeedsCompanyId:
    'Not checked: it needs a company id, and none is cached or could be read from the representatives.',
  missingClientId: 'The client id is missing.',
  missingClientSecret: 'The client secret is missing.',
  missingClientSecretFor:
    'The client secret for {{origin}} is missing: the one stored was entered for another instance.',
  missingHttps:
    'The instance needs https: plain http is allowed for loopback only, or with "allow insecure connection".',
  featureNotOnInstance: 'not available on this instance',
  // The disk (db/storage-failure.ts says the same in English)
  storageFull:
    'Cannot write to the data folder {{folder}}: the disk is full ({{code}}). The last change was not stored; what was stored before is kept. Free some space there, then try again.',
  storageReadOnly:
    'Cannot write to the data folder {{folder}}: it is read-only, missing, or this user may not write to it ({{code}}). The last change was not stored; what was stored before is kept. Make it writable, or choose another data folder, then try again.',
  storageIo:
    'Cannot write to the data folder {{folder}}: the disk reported an error ({{code}}: it may be full, a file size limit reached, or the disk failing). The last change was not stored; what was stored before is kept. Free some space or check the disk, then try again.',
  // Settings
  insecureUrl:
    '{{url}} is plain http: the client secret and tokens would travel readable. Use https, or turn on "allow insecure connection".',
  labelRuleInvalid:
    'The label rule {{type}} {{pattern}} is not valid: it describes the 12 digits before the check digit, such as 23.....{NNNDD}.',
  walkInUnknown:
    "Company {{companyId}} is not in this terminal's cache (no card or representative of it was synced): pick one from the list.",
  unsentBeforeSwitch:
    '{{count}} order(s) for the current instance are not sent yet. Send or discard them (Orders) before switching instances.',
} as const;

export type CoreWord = keyof typeof CORE_WORDS;
export type WordValues = Readonly<Record<string, string | number>>;

/** One sentence of the core's: its key and the values its placeholders take. */
export interface Said {
  readonly key: CoreWord;
  readonly values?: WordValues;
}

/**
 * A Said as the contract carries it. The key is any string on the wire, so a renderer older or
 * newer than the core still parses the answer (an unknown key falls back to the English message).
 */
export const SaidSchema = lazy(() =>
  z.object({
    key: z.string().max(60),
    values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
);

export function say(key: CoreWord, values?: WordValues): Said {
  return values === undefined ? { key } : { key, values };
}

/** A message of Counter's: its English and its sentences by key, for objects that carry both. */
export interface Words {
  readonly message: string;
  readonly said: readonly Said[];
}

/**
 * A refusal of one of Counter's areas: its code, from that area's own list, and its words (English for
 * the log, by key for the screens' language). The counter's, the returns' and the shift's errors are
 * this with their own codes and name.
 */
export class WordedError<Code extends string> extends Error {
  readonly code: Code;
  readonly said: Words['said'];
  constructor(code: Code, why: Words) {
    super(why.message);
    this.code = code;
    this.said = why.said;
  }
}

export function words(key: CoreWord, values?: WordValues): Words {
  const said = [say(key, values)];
  return { message: english(said), said };
}

/**
 * Sentences said one after another. A part without a key (the instance's answer with no status, say)
 * keeps the whole in English: its words can be neither said in another language nor dropped.
 */
export function joined(...parts: readonly Words[]): Words {
  if (parts.some((p) => p.said.length === 0)) {
    return { message: parts.map((p) => p.message).join(' '), said: [] };
  }
  const said = parts.flatMap((p) => p.said);
  return { message: english(said), said };
}

/** The English of one or more sentences, as the CLI and the log show them. */
export function english(said: readonly Said[]): string {
  return said
    .map((s) =>
      CORE_WORDS[s.key].replace(/\{\{(\w+)(?:,\s*(\w+))?\}\}/g, (whole, name: string, format?: string) => {
        const value = s.values?.[name];
        if (value === undefined) return whole;
        return format === 'when' ? utcMinute(String(value)) : String(value);
      }),
    )
    .join(' ');
}

/** "2026-11-26 00:57 UTC": an instant as the CLI and the log write it; a text that is none as it is. */
function utcMinute(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
