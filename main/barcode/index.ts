// What a scanned code is, before any lookup: a GTIN (with the forms a catalog may store it under),
// a price/weight-embedded EAN-13, a GS1 element string, a misread (GTIN-shaped, wrong check
// digit), or another code (an internal code, a customer card).
export { BarcodeReader, type BarcodeReading } from './reader.ts';
export { describeCode } from './describe.ts';
export * from './gtin.ts';
export * from './gs1.ts';
export * from './nomenclature.ts';
