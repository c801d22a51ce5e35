// The receipt printer's light entry (layers.ts): what a restarted till's start path needs of the
// printer — its address read from Settings or POS_RECEIPT_PRINTER, the language paper is printed in,
// the status bar's figure, the queue a sale's receipt is stored in — without the layouts, the
// transport, the spooler or the worker behind index.ts, which load with the background work.
export {
  COLUMN_CHOICES,
  displayPrinter,
  parsePrinterAddress,
  PrinterAddressError,
  type PrinterAddress,
} from './address.ts';
export { queueSale } from './queue.ts';
export { printerStatus, queueStatus, type QueueStatus } from './status.ts';
export { fill, printLanguage, type PrintLanguage } from './words.ts';
export type { Timeouts } from './transport.ts';
export type { PrinterSetup } from './worker.ts';
