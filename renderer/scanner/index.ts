export {
  DEFAULT_SCANNER_CONFIG,
  ScannerMachine,
  type Decision,
  type KeyInput,
  type ReleaseEffect,
  type ScanEffect,
  type ScannerConfig,
  type ScannerEffect,
  type ScanDelivery,
  type ScanSuffix,
} from './machine.ts';
export { attachScanner, isTextTarget, type AttachOptions, type ScannerHandle } from './dom.ts';
export { GS, usLayoutChar } from './us-layout.ts';
export { keysFor, layoutChar, SCANNER_LAYOUTS, type ScannerLayout } from './layouts.ts';
export { SilenceTimer, windowClock, type Clock } from './silence.ts';
export {
  deliverScan,
  scanQueue,
  ScanQueue,
  type DeliveredScan,
  type ScanMade,
  type ScanSink,
  type ScanSource,
  type SinkAnswer,
} from './queue.ts';
export { isValidGtin } from './gtin.ts';
