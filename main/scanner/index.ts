// The serial scanner (USB-COM or RS-232: one line per scan), read in the core.
export { DEFAULT_SERIAL_SCANNER, SCANNER_ENV, ScannerConfigError, serialScannerFromEnv } from './config.ts';
export { scannerHandlers } from './handlers.ts';
export { LineSplitter, type LineEnd } from './lines.ts';
export { SerialScanner, type SerialScannerDeps } from './service.ts';
