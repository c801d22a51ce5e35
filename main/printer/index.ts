// The receipt printer: ESC/POS receipts to a network printer or a system printer (the print spooler),
// a queue that keeps every receipt until it printed, and the cash drawer on the printer's port. Import from
// here, not the files behind it.
export {
  COLUMN_CHOICES,
  DEFAULT_PRINTER_PORT,
  displayPrinter,
  parsePrinterAddress,
  PrinterAddressError,
  SPOOLER_SCHEME,
  type Columns,
  type NetworkPrinterAddress,
  type PrinterAddress,
  type SpoolerPrinterAddress,
} from './address.ts';
export { printerHandlers, type PrinterDeps } from './handlers.ts';
export { printerStatus, queueStatus, type QueueStatus } from './status.ts';
export { drawerKickBytes, receiptBytes, testPageBytes, type PrintOptions } from './layout.ts';
export { returnReceiptBytes, type ReturnPaper } from './return-paper.ts';
export {
  KICK_WINDOW_MS,
  paidInCash,
  queueReprint,
  queueReturnReceipt,
  queueReturnReprint,
  queueSale,
  queueSaleReceipt,
} from './queue.ts';
export { listSystemPrinters, sendToSpooler, spoolerEnvironment, type SpoolerOptions } from './spooler.ts';
export { DEFAULT_TIMEOUTS, sendToPrinter, type SendOutcome, type Timeouts } from './transport.ts';
export { fill, printLanguage, PRINT_WORDS, type PrintLanguage } from './words.ts';
export { DEFAULT_PRINT_RETRY, PrintWorker, type PrinterSetup, type PrintWorkerOptions } from './worker.ts';
